//! The standard Diplomacy board for tests and benchmarks: DPjudge's files in
//! `tests/fixtures/dpjudge-standard` read by the DPjudge reader, answering the adjudicator's
//! questions ([`Board`]). A stand-in until province boards are part of the game language.

use std::path::Path;

use crate::diag::source::SourceMap;
use crate::helpers::diplomacy::orders::{parse, Order};
use crate::helpers::diplomacy::{Board, Unit};
use crate::load::dpjudge::{self, Terrain};

/// The standard board, as the adjudicator asks for it.
pub struct Standard(pub dpjudge::Board);

impl Board for Standard {
    fn army_move(&self, from: &str, to: &str) -> bool {
        self.0.army_moves(from).contains(to)
    }
    fn fleet_move(&self, from: &str, to: &str) -> bool {
        self.0.fleet_moves(from).contains(to)
    }
    fn army_moves_from(&self, province: &str) -> Vec<String> {
        self.0.army_moves(province).into_iter().collect()
    }
    fn fleet_moves_from(&self, location: &str) -> Vec<String> {
        self.0.fleet_moves(location).into_iter().collect()
    }
    fn fleet_locations(&self, province: &str) -> Vec<String> {
        let coasts: Vec<String> = self
            .0
            .locations
            .iter()
            .filter(|l| l.province() == province && l.id.contains('/'))
            .map(|l| l.id.clone())
            .collect();
        if !coasts.is_empty() {
            return coasts;
        }
        match self.0.location(province) {
            Some(l) if l.fleets && matches!(l.terrain, Terrain::Coast | Terrain::Water) => {
                vec![l.id.clone()]
            }
            _ => Vec::new(),
        }
    }
    fn is_sea(&self, province: &str) -> bool {
        self.0
            .location(province)
            .is_some_and(|l| l.terrain == Terrain::Water)
    }
    fn resolve_name(&self, name: &str) -> Option<String> {
        let n = name.trim().to_ascii_lowercase();
        let n = match n.strip_suffix(')').and_then(|x| x.split_once('(')) {
            Some((p, c)) if c.len() == 2 => format!("{}/{c}", p.trim()),
            _ => n,
        };
        self.0
            .locations
            .iter()
            .find(|l| {
                l.id == n
                    || l.aliases.contains(&n)
                    || l.name
                        .as_deref()
                        .is_some_and(|f| f.eq_ignore_ascii_case(&n))
            })
            .map(|l| l.id.clone())
    }
}

impl Standard {
    /// The supply centres of the start of the game: every power owns its home centres.
    pub fn centres(&self) -> crate::helpers::diplomacy::adjust::Centres {
        let mut c = crate::helpers::diplomacy::adjust::Centres::default();
        for p in &self.0.powers {
            c.home.insert(p.name.clone(), p.home.clone());
            for h in &p.home {
                c.owner.insert(h.clone(), p.name.clone());
            }
        }
        c
    }

    /// Whether a province is a supply centre.
    pub fn is_centre(&self, province: &str) -> bool {
        self.0.supply_centres().contains(&province)
    }
}

/// The standard board, read from the fixture (panics when it is missing: test use only).
pub fn standard() -> Standard {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/dpjudge-standard/standard.map");
    let mut sources = SourceMap::default();
    let (board, diags) = dpjudge::read(&path, &mut sources);
    assert!(diags.is_empty(), "{diags:?}");
    Standard(board.expect("the standard board"))
}

/// A typical opening: all 22 units of spring 1901 ordered, with a supported attack on
/// Burgundy and standoffs in Galicia and the Black Sea.
pub const SPRING_1901: &[&str] = &[
    "AUS: A vie - gal",
    "AUS: A bud - ser",
    "AUS: F tri - alb",
    "ENG: F lon - nth",
    "ENG: F edi - nwg",
    "ENG: A lvp - yor",
    "FRA: F bre - mao",
    "FRA: A par - bur",
    "FRA: A mar S A par - bur",
    "GER: F kie - den",
    "GER: A ber - kie",
    "GER: A mun - bur",
    "ITA: F nap - ion",
    "ITA: A rom - apu",
    "ITA: A ven H",
    "RUS: A war - gal",
    "RUS: A mos - ukr",
    "RUS: F sev - bla",
    "RUS: F stp/sc - bot",
    "TUR: F ank - bla",
    "TUR: A con - bul",
    "TUR: A smy - arm",
];

/// Orders parsed on the board, and a unit for each (of the order's power, kind and place).
pub fn units_and_orders(board: &Standard, orders: &[&str]) -> (Vec<Unit>, Vec<Order>) {
    let orders: Vec<Order> = orders
        .iter()
        .map(|o| parse(o, board).unwrap_or_else(|e| panic!("{o}: {e}")))
        .collect();
    let units = orders
        .iter()
        .map(|o| Unit::new(o.power.as_deref().unwrap_or(""), o.kind, &o.unit))
        .collect();
    (units, orders)
}
