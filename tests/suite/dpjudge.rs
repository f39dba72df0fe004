//! The DPjudge map reader on the standard Diplomacy board as DPjudge ships it
//! (`../shared/maps/diplomacy-standard`, MIT; skipped with a message when `../shared` is
//! absent): every location, centre, power and unit read, and the adjacency it gives is the
//! board's — symmetric for armies and for fleets, coasts for fleets only.

use std::path::Path;

use sandtable::diag::source::SourceMap;
use sandtable::load::dpjudge::{self, Terrain};

#[test]
fn the_standard_board_is_read_whole() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/maps/diplomacy-standard/standard.map");
    if !path.exists() {
        eprintln!("skipped: ../shared is absent");
        return;
    }
    let mut sources = SourceMap::default();
    let (board, diags) = dpjudge::read(&path, &mut sources);
    assert!(diags.is_empty(), "{diags:?}");
    let b = board.expect("read");
    let provinces = b.locations.iter().filter(|l| !l.id.contains('/'));
    let count = |t: Terrain| provinces.clone().filter(|l| l.terrain == t).count();
    // 75 playable provinces (19 sea, 42 coastal, 14 inland) and impassable Switzerland.
    assert_eq!(count(Terrain::Water), 19);
    assert_eq!(count(Terrain::Coast), 42);
    assert_eq!(count(Terrain::Land), 14);
    assert_eq!(count(Terrain::Shut), 1);
    let coasts: Vec<&str> = b
        .locations
        .iter()
        .filter(|l| l.id.contains('/'))
        .map(|l| l.id.as_str())
        .collect();
    assert_eq!(
        coasts,
        ["bul/ec", "bul/sc", "spa/nc", "spa/sc", "stp/nc", "stp/sc"]
    );
    assert_eq!(b.supply_centres().len(), 34);
    assert_eq!(b.powers.len(), 7);
    assert_eq!(b.units.len(), 22);
    assert!(b
        .units
        .iter()
        .any(|u| u.power == "RUSSIA" && u.kind == 'F' && u.at == "stp/sc"));
    assert_eq!(
        b.location("eas").expect("eas").name.as_deref(),
        Some("Eastern Mediterranean")
    );
    // Every move goes both ways: armies between provinces, fleets between locations.
    for l in &b.locations {
        for to in b.army_moves(l.province()) {
            assert!(
                b.army_moves(&to).contains(l.province()),
                "army {} to {to} but not back",
                l.province()
            );
        }
        for to in b.fleet_moves(&l.id) {
            assert!(
                b.fleet_moves(&to).contains(&l.id),
                "fleet {} to {to} but not back",
                l.id
            );
        }
    }
    assert!(
        b.army_moves("con").contains("bul"),
        "through Bulgaria's coasts"
    );
    assert!(!b.army_moves("mar").contains("swi"), "Switzerland is shut");
    assert_eq!(b.army_moves("lvp").len(), 4, "cly edi wal yor");
    assert!(b.fleet_moves("con").contains("bul/ec") && !b.fleet_moves("con").contains("bul"));
    let crossing = |a: &str, b_: &str| {
        let l = b.location(a).expect("location");
        l.abuts
            .iter()
            .find(|x| x.to == b_)
            .map(|x| (x.armies, x.fleets))
    };
    assert_eq!(
        crossing("ank", "smy"),
        Some((true, false)),
        "no shared coast"
    );
    assert_eq!(crossing("rom", "ven"), Some((true, false)));
    assert_eq!(crossing("bul/sc", "aeg"), Some((false, true)));
    assert_eq!(crossing("bul/sc", "con"), Some((true, true)));
    assert_eq!(
        crossing("bul", "aeg"),
        Some((false, false)),
        "a fleet names its coast"
    );
    assert_eq!(
        crossing("mar", "swi"),
        Some((false, false)),
        "Switzerland is shut"
    );
}
