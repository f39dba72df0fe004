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

use crate::support::dpjudge_boards;

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

/// One game year on every DPjudge board, played as a designer would through position files:
/// each board imported, then spring's movement, its retreats, autumn's movement, its
/// retreats and the adjustments, each phase `adjudicate … --apply -o NEXT.toml` with random
/// legal orders (a fixed seed per board: holds, army and fleet moves to every place and coast
/// next to the unit, supports of holds and of the moves ordered, convoys by a fleet at sea,
/// retreats and disbands, builds on vacant home centres and the disbands owed), and the
/// position written read again, through the library, for the next phase's orders. Every
/// phase exits 0 and every position file is accepted (armies on islands among them). The
/// boards are played two at a time.
#[test]
fn every_dpjudge_board_plays_a_year_of_random_legal_orders_through_position_files() {
    let tmp = tempfile::tempdir().expect("temp");
    let boards = dpjudge_boards();
    let next = std::sync::atomic::AtomicUsize::new(0);
    let failed = std::sync::Mutex::new(Vec::new());
    let played = std::sync::Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| loop {
                let k = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                let Some(path) = boards.get(k) else { break };
                match play_a_year(path, tmp.path(), k as u64) {
                    Ok(phases) => played.lock().expect("lock").extend(phases),
                    Err(e) => failed.lock().expect("lock").push(e),
                }
            });
        }
    });
    let failed = failed.into_inner().expect("lock");
    assert!(
        failed.is_empty(),
        "{} of {} fail:\n{}",
        failed.len(),
        boards.len(),
        failed.join("\n")
    );
    // Every board played its two movement phases; retreats and adjustments were played too.
    let played = played.into_inner().expect("lock");
    let count = |kind| played.iter().filter(|k| **k == Some(kind)).count();
    use sandtable::model::OrderPhase;
    assert_eq!(count(OrderPhase::Movement), 2 * boards.len());
    assert!(count(OrderPhase::Retreat) > 0 && count(OrderPhase::Adjustment) > 0);
}

/// Import one board and play its first year: the kinds of phase played, or what went wrong,
/// named after the board.
fn play_a_year(
    path: &Path,
    tmp: &Path,
    seed: u64,
) -> Result<Vec<Option<sandtable::model::OrderPhase>>, String> {
    use rand::SeedableRng;
    use sandtable::diplomacy::board::ProvinceBoard;
    use sandtable::diplomacy::position;
    use sandtable::model::OrderPhase;

    let name = path.file_stem().and_then(|s| s.to_str()).unwrap_or("?");
    let dir = tmp.join(name);
    let game_dir = dir.to_str().expect("path");
    let run = |args: &[&str]| -> Result<(), String> {
        let (code, out, err) = crate::support::run(args);
        (code == 0)
            .then_some(())
            .ok_or_else(|| format!("{name}: `{}`: {out}{err}", args.join(" ")))
    };
    run(&["import", path.to_str().expect("path"), "-o", game_dir])?;
    let game = sandtable::check::check_dir(&dir)
        .map_err(|e| format!("{name}: {e}"))?
        .game
        .ok_or_else(|| format!("{name}: the imported game does not check"))?;
    let board = ProvinceBoard::first(&game).ok_or_else(|| format!("{name}: no province board"))?;
    let scenario = game
        .scenarios
        .first()
        .ok_or_else(|| format!("{name}: no scenario"))?;
    let (mut position, _) = position::from_positions(
        &board,
        &sandtable::helpers::Positions::from_scenario(scenario),
        None,
        None,
    );
    let mut rng = rand_pcg::Pcg64::seed_from_u64(seed);
    let mut from: Vec<String> = vec!["--scenario".into(), scenario.id.clone()];
    let mut played = Vec::new();
    for step in 0..8 {
        let kind = position.orders(&game);
        let movements = played
            .iter()
            .filter(|k| **k == Some(OrderPhase::Movement))
            .count();
        if movements == 2
            && kind != Some(OrderPhase::Retreat)
            && kind != Some(OrderPhase::Adjustment)
        {
            return Ok(played);
        }
        played.push(kind);
        let orders = match kind {
            Some(OrderPhase::Retreat) => retreat_orders(&board, &position, &mut rng),
            Some(OrderPhase::Adjustment) => adjustment_orders(&board, &position, &mut rng),
            _ => movement_orders(&board, &position, &mut rng),
        };
        let orders_file = dir.join(format!("orders-{step}.txt"));
        std::fs::write(&orders_file, orders.join("\n")).expect("orders");
        let written = tmp.join(format!("{name}-{step}.toml"));
        let mut args: Vec<&str> = vec!["adjudicate", game_dir];
        args.extend(from.iter().map(String::as_str));
        args.extend([
            "--orders",
            orders_file.to_str().expect("path"),
            "--apply",
            "-o",
            written.to_str().expect("path"),
        ]);
        run(&args).map_err(|e| format!("{e}\norders:\n{}", orders.join("\n")))?;
        let mut sources = SourceMap::default();
        let (id, parsed) = sandtable::load::position::read(&written, &mut sources)
            .map_err(|e| format!("{name}: {e}"))?;
        let parsed = parsed.map_err(|d| format!("{name}: {}: {d:?}", written.display()))?;
        let text = sources.text(id).to_string();
        position = position::resolve(&board, id, &text, &parsed)
            .map_err(|d| format!("{name}: the position written is not accepted: {d:?}\n{text}"))?;
        from = vec!["--position".into(), written.to_str().expect("path").into()];
    }
    Err(format!("{name}: no year played in eight phases"))
}

/// A random element of a list.
fn pick<'a, T>(rng: &mut rand_pcg::Pcg64, list: &'a [T]) -> Option<&'a T> {
    use rand::Rng;
    (!list.is_empty()).then(|| &list[rng.gen_range(0..list.len())])
}

/// Where a unit may move: an army to the provinces next to it, a fleet to the places and
/// coasts next to its own.
fn moves_of(
    board: &sandtable::diplomacy::board::ProvinceBoard,
    unit: &sandtable::diplomacy::Unit,
) -> Vec<String> {
    use sandtable::diplomacy::{Board, UnitKind};
    match unit.kind {
        UnitKind::Army => board.army_moves_from(board.province(&unit.location)),
        UnitKind::Fleet => board.fleet_moves_from(&unit.location),
    }
}

/// `A lon`, as the orders write a unit.
fn unit_text(unit: &sandtable::diplomacy::Unit) -> String {
    use sandtable::diplomacy::UnitKind;
    let kind = match unit.kind {
        UnitKind::Army => "A",
        UnitKind::Fleet => "F",
    };
    format!("{kind} {}", unit.location)
}

/// Movement orders for every unit: a third hold, a third move, a third support a hold or a
/// move ordered, or (a fleet at sea) convoy an army next to its sea to a coast of it.
fn movement_orders(
    board: &sandtable::diplomacy::board::ProvinceBoard,
    position: &sandtable::diplomacy::position::Position,
    rng: &mut rand_pcg::Pcg64,
) -> Vec<String> {
    use rand::Rng;
    use sandtable::diplomacy::{Board, UnitKind};
    let units = &position.units;
    // First the holds and moves: (order, destination province).
    let mut orders: Vec<(String, Option<String>)> = Vec::new();
    let mut helpers = Vec::new();
    for (i, u) in units.iter().enumerate() {
        let roll = rng.gen_range(0..3);
        let moves = moves_of(board, u);
        match (roll, pick(rng, &moves)) {
            (1, Some(to)) => orders.push((
                format!("{} - {to}", unit_text(u)),
                Some(board.province(to).to_string()),
            )),
            (2, _) => {
                helpers.push(i);
                orders.push((format!("{} H", unit_text(u)), None));
            }
            _ => orders.push((format!("{} H", unit_text(u)), None)),
        }
    }
    // Then the supports and convoys.
    for i in helpers {
        let u = &units[i];
        let reach: Vec<String> = moves_of(board, u)
            .iter()
            .map(|l| board.province(l).to_string())
            .collect();
        let here = board.province(&u.location).to_string();
        let sea = u.kind == UnitKind::Fleet && board.is_sea(&here);
        if sea && rng.gen_bool(0.5) {
            // An army on a coast of this sea, to another coast of it.
            let armies: Vec<usize> = (0..units.len())
                .filter(|&j| units[j].kind == UnitKind::Army && reach.contains(&units[j].location))
                .collect();
            if let Some(&j) = pick(rng, &armies) {
                let shores: Vec<&String> = reach
                    .iter()
                    .filter(|p| !board.is_sea(p) && **p != units[j].location)
                    .collect();
                if let Some(to) = pick(rng, &shores) {
                    orders[i].0 = format!("{} C {} - {to}", unit_text(u), unit_text(&units[j]));
                    orders[j] = (
                        format!("{} - {to}", unit_text(&units[j])),
                        Some(to.to_string()),
                    );
                    continue;
                }
            }
        }
        // A support of a hold next to it, or of a move into a province it reaches.
        let supported: Vec<usize> = (0..units.len())
            .filter(|&j| j != i)
            .filter(|&j| match &orders[j].1 {
                Some(to) => reach.contains(to) && *to != here,
                None => reach.contains(&board.province(&units[j].location).to_string()),
            })
            .collect();
        if let Some(&j) = pick(rng, &supported) {
            let other = &units[j];
            orders[i].0 = match &orders[j].1 {
                Some(to) => format!("{} S {} - {to}", unit_text(u), unit_text(other)),
                None => format!("{} S {}", unit_text(u), unit_text(other)),
            };
        }
    }
    units
        .iter()
        .zip(orders)
        .map(|(u, (o, _))| format!("{}: {o}", u.power))
        .collect()
}

/// Retreat orders: each dislodged unit retreats to a place it may reach, or disbands.
fn retreat_orders(
    board: &sandtable::diplomacy::board::ProvinceBoard,
    position: &sandtable::diplomacy::position::Position,
    rng: &mut rand_pcg::Pcg64,
) -> Vec<String> {
    use rand::Rng;
    use sandtable::diplomacy::Board;
    let taken: Vec<&str> = position
        .units
        .iter()
        .map(|u| board.province(&u.location))
        .collect();
    position
        .dislodged
        .iter()
        .map(|d| {
            let open: Vec<String> = moves_of(board, &d.unit)
                .into_iter()
                .filter(|l| {
                    let p = board.province(l);
                    !taken.contains(&p)
                        && !position.standoffs.iter().any(|s| s == p)
                        && (d.convoyed || p != d.from)
                })
                .collect();
            let order = match pick(rng, &open) {
                Some(to) if rng.gen_bool(0.8) => format!("{} - {to}", unit_text(&d.unit)),
                _ => format!("{} D", unit_text(&d.unit)),
            };
            format!("{}: {order}", d.unit.power)
        })
        .collect()
}

/// Adjustment orders: every power builds on vacant home centres it owns as far as it may
/// (an army, or a fleet on a coast, at random), and disbands at random what it owes.
fn adjustment_orders(
    board: &sandtable::diplomacy::board::ProvinceBoard,
    position: &sandtable::diplomacy::position::Position,
    rng: &mut rand_pcg::Pcg64,
) -> Vec<String> {
    use rand::Rng;
    use sandtable::diplomacy::adjudicate::{centres, standings};
    use sandtable::diplomacy::Board;
    let homes = centres(board, position).home;
    let mut out = Vec::new();
    for s in standings(board, position) {
        let mine: Vec<&sandtable::diplomacy::Unit> = position
            .units
            .iter()
            .filter(|u| u.power == s.power)
            .collect();
        let mut vacant: Vec<String> = homes
            .get(&s.power)
            .into_iter()
            .flatten()
            .filter(|h| position.owners.get(*h) == Some(&s.power))
            .filter(|h| {
                !position
                    .units
                    .iter()
                    .any(|u| board.province(&u.location) == h.as_str())
            })
            .cloned()
            .collect();
        for _ in 0..s.builds_possible {
            if vacant.is_empty() {
                break;
            }
            let h = vacant.remove(rng.gen_range(0..vacant.len()));
            let coasts = board.fleet_locations(&h);
            let army = !board.is_sea(&h);
            let order = match pick(rng, &coasts) {
                Some(c) if !army || rng.gen_bool(0.5) => format!("Build F {c}"),
                _ => format!("Build A {h}"),
            };
            out.push(format!("{}: {order}", s.power));
        }
        let mut left = mine;
        for _ in 0..s.disbands_owed.min(left.len()) {
            let u = left.remove(rng.gen_range(0..left.len()));
            out.push(format!("{}: {} D", s.power, unit_text(u)));
        }
    }
    out
}
