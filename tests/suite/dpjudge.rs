//! The DPjudge map reader on DPjudge's own boards. The standard board as the shared reference
//! data holds it (`../shared/maps/diplomacy-standard`, MIT; skipped with a message when
//! `../shared` is absent): every location, centre, power and unit read, and the adjacency it
//! gives is the board's — symmetric for armies and for fleets, coasts for fleets only. And
//! the 44 maps and trials DPjudge ships (`tests/fixtures/dpjudge-maps`, MIT): each read as
//! DPjudge's own `Map.py` reads it (its readings kept beside them), and each imported,
//! checked, built and adjudicated.

use std::collections::BTreeSet;
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
    // Armies cross from the province, fleets from its coast (an army never stands on a coast).
    assert_eq!(crossing("bul/sc", "con"), Some((false, true)));
    assert_eq!(crossing("bul", "con"), Some((true, false)));
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

/// The 44 boards DPjudge ships (`tests/fixtures/dpjudge-maps`, MIT): the board file of each.
fn dpjudge_boards() -> Vec<std::path::PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/dpjudge-maps");
    let mut out = Vec::new();
    for folder in ["maps", "trials"] {
        let mut files: Vec<_> = std::fs::read_dir(root.join(folder))
            .expect("fixture folder")
            .map(|e| e.expect("entry").path())
            .filter(|p| p.extension().is_some_and(|e| e == "map"))
            .collect();
        files.sort();
        out.extend(files);
    }
    out
}

/// Space-separated words in lower case, as a set.
fn words(v: &serde_json::Value) -> BTreeSet<String> {
    v.as_str()
        .unwrap_or("")
        .split_whitespace()
        .map(str::to_lowercase)
        .collect()
}

/// Ids in lower case, latin-1 letters too: Python 2's `lower()` on DPjudge's latin-1 bytes
/// leaves `Ü` and `É` in capitals (`tÜn`), sandtable's ids are `tün`.
fn folded(set: BTreeSet<String>) -> BTreeSet<String> {
    set.iter().map(|s| s.to_lowercase()).collect()
}

/// Every DPjudge board reads as DPjudge's own `Map.py` reads it (its readings are kept in
/// `tests/fixtures/dpjudge-maps/reference`): army moves per province and fleet moves per
/// location (those DPjudge allows both ways: a one-way crossing is a warning), supply
/// centres, home centres, owned centres, starting units, the victory count and the first
/// phase; and none is refused.
#[test]
fn every_dpjudge_board_reads_as_dpjudges_map_py_reads_it() {
    let boards = dpjudge_boards();
    assert_eq!(boards.len(), 44);
    let mut problems = Vec::new();
    for path in &boards {
        let name = path.file_stem().and_then(|s| s.to_str()).unwrap_or("?");
        let reference: serde_json::Value = serde_json::from_str(
            &std::fs::read_to_string(
                path.parent()
                    .and_then(Path::parent)
                    .expect("root")
                    .join("reference")
                    .join(format!("{name}.json")),
            )
            .expect("reference"),
        )
        .expect("JSON");
        let mut sources = SourceMap::default();
        let (board, diags) = dpjudge::read(path, &mut sources);
        if diags.has_errors() {
            problems.push(format!(
                "{name}: {}",
                sandtable::diag::render::to_text(&diags, &sources)
            ));
            continue;
        }
        let b = board.expect("board");
        let mut differ = |what: String| problems.push(format!("{name}: {what}"));
        // Moves both ways in DPjudge.
        for (kind, table) in [("army", &reference["army"]), ("fleet", &reference["fleet"])] {
            let table = table.as_object().expect("moves");
            let one_way = |from: &str, to: &str| {
                !table
                    .iter()
                    .find(|(k, _)| k.to_lowercase() == to)
                    .is_some_and(|(_, back)| words(back).contains(from))
            };
            for (from, to) in table {
                let from = from.to_lowercase();
                let expected: BTreeSet<String> = words(to)
                    .into_iter()
                    .filter(|t| !one_way(&from, t))
                    .collect();
                // The board's own id for it (`Édi` or `tün`, as the file writes it).
                let id = b
                    .locations
                    .iter()
                    .map(|l| l.id.clone())
                    .find(|id| id.to_lowercase() == from)
                    .unwrap_or_else(|| from.clone());
                let got = folded(if kind == "army" {
                    b.army_moves(&id)
                } else {
                    b.fleet_moves(&id)
                });
                if got != expected {
                    differ(format!(
                        "{kind} moves from {from}: {got:?}, DPjudge {expected:?}"
                    ));
                }
            }
        }
        let scs: BTreeSet<String> = b
            .supply_centres()
            .iter()
            .map(|s| s.to_lowercase())
            .collect();
        let mut expected = words(&reference["scs"]);
        expected.retain(|c| c != "sc!" && c != "sc?");
        if scs != expected {
            differ(format!("centres {scs:?}, DPjudge {expected:?}"));
        }
        for p in &b.powers {
            let homes: BTreeSet<String> = p.home.iter().map(|h| h.to_lowercase()).collect();
            // A home centre DPjudge lets two powers share stays the first's (a warning).
            let expected: BTreeSet<String> = words(&reference["homes"][&p.name])
                .into_iter()
                .filter(|h| h != "&sc")
                .filter(|h| {
                    homes.contains(h)
                        || !b.powers.iter().any(|o| {
                            o.name != p.name && o.home.iter().any(|x| x.to_lowercase() == *h)
                        })
                })
                .collect();
            if homes != expected {
                differ(format!("{} homes {homes:?}, DPjudge {expected:?}", p.name));
            }
            if let Some(owned) = &b.owned {
                let got: BTreeSet<String> =
                    owned[&p.name].iter().map(|c| c.to_lowercase()).collect();
                let expected: BTreeSet<String> = words(&reference["centers"][&p.name])
                    .into_iter()
                    .filter(|c| c != "sc!" && c != "sc?")
                    .collect();
                if got != expected {
                    differ(format!("{} owns {got:?}, DPjudge {expected:?}", p.name));
                }
            }
            let units: BTreeSet<String> = b
                .units
                .iter()
                .filter(|u| u.power == p.name)
                .map(|u| format!("{}{}", u.kind.to_ascii_lowercase(), u.at.to_lowercase()))
                .collect();
            if units != words(&reference["units"][&p.name]) {
                differ(format!(
                    "{} units {units:?}, DPjudge {:?}",
                    p.name,
                    words(&reference["units"][&p.name])
                ));
            }
        }
        let powers: BTreeSet<&str> = b.powers.iter().map(|p| p.name.as_str()).collect();
        let expected: BTreeSet<&str> = reference["homes"]
            .as_object()
            .expect("homes")
            .keys()
            .map(String::as_str)
            .collect();
        if powers != expected {
            differ(format!("powers {powers:?}, DPjudge {expected:?}"));
        }
        let victory = reference["victory"][0].as_u64().map(|v| v as u32);
        if b.victory != victory {
            differ(format!("victory {:?}, DPjudge {victory:?}", b.victory));
        }
        let phase = reference["phase"]
            .as_str()
            .unwrap_or("SPRING 1901 MOVEMENT");
        if let Some(begin) = &b.begin {
            let ours = format!("{} {}", begin.season, begin.year);
            if !phase.starts_with(&ours) {
                differ(format!("first phase {ours}, DPjudge {phase}"));
            }
        }
    }
    // Every board reads as Map.py reads it. (standard_french's Liverpool–Édimbourg army
    // crossing once differed: the reader changed case in ASCII only, where Map.py, reading
    // latin-1 text, changes `É` too.)
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The goal: every DPjudge board as shipped imports (warnings allowed), checks clean, builds,
/// and its first phase adjudicates with no orders.
#[test]
fn every_dpjudge_board_imports_checks_builds_and_adjudicates() {
    let tmp = tempfile::tempdir().expect("temp");
    let orders = tmp.path().join("none.orders");
    std::fs::write(&orders, "").expect("orders");
    let mut failed = Vec::new();
    for path in dpjudge_boards() {
        let name = path
            .file_stem()
            .and_then(|s| s.to_str())
            .unwrap_or("?")
            .to_string();
        let dir = tmp.path().join(&name);
        let step = |args: &[&str]| -> Option<String> {
            let (code, out, err) = crate::support::run(args);
            (code != 0).then(|| format!("{name}: `{}`: {out}{err}", args[0]))
        };
        let game = dir.to_str().expect("path");
        let vmod = tmp.path().join(format!("{name}.vmod"));
        let scenario = |dir: &Path| -> String {
            let text = std::fs::read_to_string(dir.join("scenario.toml")).unwrap_or_default();
            let doc: toml::Table = text.parse().unwrap_or_default();
            doc["scenario"][0]["id"].as_str().unwrap_or("").to_string()
        };
        let result = step(&["import", path.to_str().expect("path"), "-o", game])
            .or_else(|| step(&["check", game]))
            .or_else(|| step(&["build", game, "-o", vmod.to_str().expect("path")]))
            .or_else(|| {
                step(&[
                    "adjudicate",
                    game,
                    "--scenario",
                    &scenario(&dir),
                    "--orders",
                    orders.to_str().expect("path"),
                ])
            });
        failed.extend(result);
    }
    assert!(
        failed.is_empty(),
        "{} of 44 fail:\n{}",
        failed.len(),
        failed.join("\n")
    );
}
