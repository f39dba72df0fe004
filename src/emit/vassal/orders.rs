//! How a game of written orders (a province board: Diplomacy and its variants) is played
//! in the module, for the players: the help page's section (sides and the referee, the
//! board's locations and supply-centre markers, a phase step by step — orders written as
//! Delayed notes in VASSAL's Notes window, revealed together, resolved with `sandtable
//! adjudicate`, carried out —, the phases, centres changing hands, builds, and the order
//! notation with examples taken from the game's own board and first scenario), and the
//! short version every predefined setup carries as the Notes window's scenario notes.
//!
//! VASSAL 3.7 has no sealed-orders component; its Notes window's Delayed notes are the
//! closest: a note is listed to everyone with its writer and time as soon as it is saved,
//! its text is hidden until its writer reveals it, and it can never be edited. Private
//! windows per power would hide orders too, but nothing would show that a power has
//! committed to them, nor stop it changing them after seeing another's.

use crate::model::scenario::AreaSlot;
use crate::model::{AreaMap, Game, Location, MapKind, Scenario, Site, UnitKind};
use crate::vassal::encoder::encode_or_empty;

use super::counters::REFEREE;
use super::pieces::{key_name, KEY_CLONE, KEY_DELETE};
use super::plan::Plan;
use super::xml::Node;
use crate::emit::charts::html::Page;

/// One unit of a scenario as orders name it.
#[derive(Debug, Clone)]
struct Unit {
    /// Its counter's name (`Austrian Army`).
    name: String,
    /// `A`, `F`.
    letter: String,
    /// Army or fleet.
    kind: UnitKind,
    /// Where it stands.
    site: Site,
}

/// `vie` → `Vie`, `stp/sc` → `Stp/sc`: a site id as orders are usually written.
fn written(board: &AreaMap, site: Site) -> String {
    let id = board.site_id(site);
    let mut chars = id.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().collect::<String>() + chars.as_str())
        .unwrap_or_default()
}

/// The sites a unit may move to.
fn moves(board: &AreaMap, u: &Unit) -> Vec<Site> {
    match u.kind {
        UnitKind::Army => board.areas[u.site.area]
            .army
            .iter()
            .map(|a| Site {
                area: *a,
                coast: None,
            })
            .collect(),
        UnitKind::Fleet => board.fleet_moves(u.site).to_vec(),
    }
}

/// The first scenario's board, its first side with units on it, and those units.
fn first_units(game: &Game) -> Option<(&AreaMap, usize, Vec<Unit>)> {
    let scenario = game.scenarios.first()?;
    let mut board = None;
    let mut by_side: Vec<Vec<Unit>> = vec![Vec::new(); game.sides.len()];
    for p in &scenario.placements {
        let Location::Area { map, area, slot } = p.location else {
            continue;
        };
        let MapKind::Area(a) = &game.maps[map].kind else {
            continue;
        };
        if !a.is_board() || board.is_some_and(|b| b != map) {
            continue;
        }
        let ty = game.type_of(p.counter);
        let (Some(kind), Some(side)) = (ty.moves_as, game.side_of(p.counter)) else {
            continue;
        };
        board = Some(map);
        let coast = match slot {
            AreaSlot::Coast(c) => Some(c as usize),
            _ => None,
        };
        by_side[side].push(Unit {
            name: game.counters[p.counter].name.clone(),
            letter: ty.letter.clone(),
            kind,
            site: Site { area, coast },
        });
    }
    let MapKind::Area(a) = &game.maps[board?].kind else {
        return None;
    };
    let side = by_side.iter().position(|u| !u.is_empty())?;
    Some((a, side, by_side.swap_remove(side)))
}

/// The notation of orders to parts of multi-factor forces (`[rules.multi-factor]`), with
/// the examples the rules of such games use.
fn force_notation(game: &Game) -> Vec<Vec<String>> {
    let row = |a: &str, b: &str, c: &str| vec![a.to_string(), b.to_string(), c.to_string()];
    let mut rows = vec![
        row("Attack", "force (its factors, or all), place, \u{201c}a\u{201d}, province: a battle, no move", "A3 Vie a Bud"),
        row("Move", "\u{201c}M\u{201d}: a move after the battles, by size", "A2 Vie M Bud"),
        row("Attack and move", "\u{201c}aM\u{201d} (or \u{201c}-\u{201d})", "A2 Vie aM Bud"),
        row("Hold", "force, place, \u{201c}H\u{201d}; a force without an order holds", "A5 Mun H"),
        row("Support against attacks", "force, place, \u{201c}S\u{201d}, the supported force's place", "A Vie S F Tri"),
        row("Support an attack", "\u{201c}S\u{201d}, the force, \u{201c}a\u{201d} or \u{201c}aM\u{201d}, the province", "A Ser S F Tri aM Alb"),
        row("Convoy", "a fleet of one factor or more in each sea, \u{201c}C\u{201d}, the army's attack or move", "F1 Nth C A Yor a Den"),
        row("No retreat", "\u{201c}NR\u{201d} after any order: defeated, the force loses two more factors and stays", "A2 War H NR"),
        row("Retreat", "the defeated force, \u{201c}M\u{201d}, an empty neighbouring province", "A2 Ser M Alb"),
    ];
    if game.rules.industry.is_some() {
        rows.extend([
            row("Air attack or defence", "squadrons, \u{201c}a\u{201d} or \u{201c}d\u{201d}, a power (not a neutral)", "P3 a Germany, P2 d England"),
            row("Winter: supply", "\u{201c}supply\u{201d}, factors, place; a power naming none supplies all it can pay for", "supply A2 Bel"),
            row("Winter: build", "\u{201c}build\u{201d}, factors, a vacant home centre it controls; squadrons as P", "build A3 Lon, build P1"),
            row("Winter: factory, gift", "\u{201c}factory\u{201d} IPs; \u{201c}give\u{201d} IPs, a power", "factory 1, give 3 France"),
        ]);
    }
    rows
}

/// The order notation: (order, how it is written, an example from the game's board).
fn notation(game: &Game) -> Vec<Vec<String>> {
    if game.rules.multi_factor.is_some() {
        return force_notation(game);
    }
    let examples = first_units(game);
    let unit = |u: &Unit, board: &AreaMap| format!("{} {}", u.letter, written(board, u.site));
    let mut hold = String::new();
    let mut step = String::new();
    let mut support_hold = String::new();
    let mut support_move = String::new();
    let mut build = String::new();
    let mut disband = String::new();
    if let Some((board, _, units)) = &examples {
        if let Some(u) = units.first() {
            hold = format!("{} H", unit(u, board));
            build = format!("{} B", unit(u, board));
        }
        if let Some(u) = units.last() {
            disband = format!("{} D", unit(u, board));
        }
        if let Some((u, to)) = units
            .iter()
            .find_map(|u| moves(board, u).first().map(|t| (u, *t)))
        {
            step = format!("{} - {}", unit(u, board), written(board, to));
        }
        // One unit supporting another's move into a province both reach, and its hold.
        'found: for v in units {
            for to in moves(board, v) {
                for u in units.iter().filter(|u| u.site != v.site) {
                    if moves(board, u).iter().any(|s| s.area == to.area) {
                        support_move = format!(
                            "{} S {} - {}",
                            unit(u, board),
                            unit(v, board),
                            written(board, to)
                        );
                        break 'found;
                    }
                }
            }
        }
        'hold: for v in units {
            for u in units.iter().filter(|u| u.site != v.site) {
                if moves(board, u).iter().any(|s| s.area == v.site.area) {
                    support_hold = format!("{} S {}", unit(u, board), unit(v, board));
                    break 'hold;
                }
            }
        }
    }
    vec![
        vec![
            "Move (or retreat)".into(),
            "unit, place, \u{201c}-\u{201d}, destination; a fleet bound for a split-coast \
             province names the coast"
                .into(),
            step,
        ],
        vec!["Hold".into(), "unit, place, \u{201c}H\u{201d}".into(), hold],
        vec![
            "Support a move".into(),
            "unit, place, \u{201c}S\u{201d}, then the supported move".into(),
            support_move,
        ],
        vec![
            "Support a hold".into(),
            "unit, place, \u{201c}S\u{201d}, then the supported unit".into(),
            support_hold,
        ],
        vec![
            "Convoy".into(),
            "fleet at sea, \u{201c}C\u{201d}, then the army\u{2019}s move; the army\u{2019}s \
             own order adds \u{201c}via convoy\u{201d}"
                .into(),
            "F <sea> C A <from> - <to>, A <from> - <to> via convoy".into(),
        ],
        vec![
            "Build (adjustments)".into(),
            "unit, home centre, \u{201c}B\u{201d} (or \u{201c}Build\u{201d} first)".into(),
            build,
        ],
        vec![
            "Disband (retreats, adjustments)".into(),
            "unit, place, \u{201c}D\u{201d} (or \u{201c}Disband\u{201d} first)".into(),
            disband,
        ],
    ]
}

/// The name a power's orders note takes for a phase: `Spring 1901 — Movement — Austria`.
fn note_name(game: &Game, scenario: &Scenario) -> String {
    let steps = super::turns::step_labels(game).unwrap_or_default();
    let first = crate::layout::vassal::tracker_index(game, scenario.start);
    let step = steps.get(first).cloned().unwrap_or_default();
    let power = first_units(game)
        .map(|(_, s, _)| game.sides[s].name.clone())
        .or_else(|| game.sides.first().map(|s| s.name.clone()))
        .unwrap_or_default();
    format!("{step} — {power}")
}

/// Two example orders of the first scenario's first power, one per line, after its name.
fn note_text(game: &Game) -> Vec<String> {
    let Some((board, side, units)) = first_units(game) else {
        return Vec::new();
    };
    let mut lines = vec![format!("{}:", game.sides[side].name)];
    for u in units.iter().take(2) {
        let order = match moves(board, u).first() {
            Some(to) => format!(
                "{} {} - {}",
                u.letter,
                written(board, u.site),
                written(board, *to)
            ),
            None => format!("{} {} H", u.letter, written(board, u.site)),
        };
        lines.push(order);
    }
    lines
}

/// The Notes window's scenario notes of a game of written orders (`NOTES\t` + the lines,
/// joined with `|` as VASSAL's text configurer joins them): the scenario, and how each power
/// writes and reveals its orders.
pub fn scenario_notes(game: &Game, scenario: &Scenario) -> String {
    let mut lines = vec![scenario.title.trim().to_string()];
    if !scenario.description.trim().is_empty() {
        lines.push(scenario.description.trim().to_string());
    }
    lines.extend([
        String::new(),
        format!(
            "Orders: press {NOTES_BUTTON} (Alt+N), open the Delayed tab and press New; name the \
             note with the phase and your power, begin it with your power's name and a colon, \
             then write one order per line, OK and Save. Everyone sees that you have written \
             it; nobody can read or change it. When every power has written, each reveals its \
             own (select it, Reveal, Save)."
        ),
        format!(
            "For example a note named \u{201c}{}\u{201d}:",
            note_name(game, scenario)
        ),
    ]);
    lines.extend(note_text(game));
    lines.push(String::new());
    lines.push("The help (Help menu) tells the whole procedure.".into());
    format!("NOTES\t{}", encode_or_empty(&lines, '|'))
}

/// The turns after which supply centres change hands, in words.
fn control_turns(game: &Game) -> Option<String> {
    let turns = &game.rules.control.as_ref()?.turns;
    let name = |t: &usize| game.turns.get(*t).map_or("?", |t| t.name.as_str());
    match turns.as_slice() {
        [] => None,
        [one] => Some(name(one).to_string()),
        [first, second] => Some(format!("{} and {}", name(first), name(second))),
        [first, second, .., last] => Some(format!(
            "{}, {}, … {} ({} turns)",
            name(first),
            name(second),
            name(last),
            turns.len()
        )),
    }
}

/// The help page's section on playing a game of written orders.
pub fn help(plan: &Plan<'_>, p: &mut Page) {
    let g = plan.game;
    let powers: Vec<&str> = g
        .sides
        .iter()
        .enumerate()
        .filter(|(i, _)| !g.is_neutral(*i))
        .map(|(_, s)| s.name.as_str())
        .collect();
    p.heading(2, "How to play: written orders");
    p.para(
        "Every power writes its orders for a phase in secret; all are revealed together, then \
         resolved by the rules and carried out on the board. The module keeps the position on \
         the map and the orders in VASSAL\u{2019}s Notes window; sandtable adjudicate resolves \
         a phase.",
    );
    p.heading(3, "Sides");
    p.list(&[
        format!(
            "One side per power ({}): its armies and fleets can be moved, and their commands \
             used, only by its player.",
            powers.join(", ")
        ),
        format!(
            "{REFEREE}: may move every unit. A referee sets up, carries out the results and \
             deletes units; without one each power carries out its own units\u{2019} results."
        ),
        "Anyone else joins as an observer and watches.".into(),
    ]);
    p.heading(3, "The board");
    let markers: Vec<String> = g
        .sides
        .iter()
        .filter_map(|s| {
            let m = s.control_marker?;
            Some(format!("{}: {}", s.name, g.counters[m.counter].name))
        })
        .collect();
    let examples = first_units(g);
    // A split coast of the board, and a move of the first scenario, as VASSAL names them.
    let coast = examples.as_ref().and_then(|(board, _, _)| {
        let area = board.areas.iter().position(|a| !a.coasts.is_empty())?;
        Some(format!(
            " (\u{201c}{}\u{201d})",
            board.site_name(Site {
                area,
                coast: Some(0)
            })
        ))
    });
    let reported = examples.as_ref().and_then(|(board, _, units)| {
        units.iter().find_map(|u| {
            let to = *moves(board, u).first()?;
            Some(format!(
                " (\u{201c}{} moves {} \u{2192} {}\u{201d})",
                u.name,
                board.site_name(u.site),
                board.site_name(to)
            ))
        })
    });
    p.para(&format!(
        "Each province is a location named as the province; a province with split coasts has \
         one more location per coast, where a fleet stands{}. Drag a unit onto a province or \
         a coast: it snaps to its box, and the chat log reports the move{}. Hover over a \
         stack to see where it stands.",
        coast.unwrap_or_default(),
        reported.unwrap_or_default()
    ));
    if !markers.is_empty() {
        p.para(&format!(
            "Beside each supply centre stands, small, the marker of the power that owns it (a \
             setup puts them on the centres each power owns at the start); anyone may move \
             them. Markers, in each power\u{2019}s tab of the Counters palette: {}.",
            markers.join(", ")
        ));
    }
    p.heading(3, "A phase, step by step");
    p.list(&[
        "1. Negotiate. The chat log is public; talk privately by other means (the VASSAL \
         server lets you send a player a private message)."
            .to_string(),
        format!(
            "2. Write. Press {NOTES_BUTTON} (Alt+N), open the Delayed tab and press New. Name \
             the note with the phase on the turn tracker and your power (\u{201c}{}\u{201d}); \
             begin its text with your power\u{2019}s name and a colon, then one order per \
             line; press OK, then Save. The chat announces the note; its text stays hidden, \
             and nobody, you included, can change it. To change your orders, write another \
             note named the same with \u{201c}(2)\u{201d} after it: the last note a power \
             wrote for the phase counts.",
            g.scenarios
                .first()
                .map_or(String::new(), |s| note_name(g, s))
        ),
        "3. Reveal. When the Delayed tab lists every power\u{2019}s note, each player selects \
         their own notes for the phase, presses Reveal, then Save. The chat announces each; \
         everyone reads them in the Delayed tab."
            .into(),
        "4. Resolve. Save the game (File \u{2192} Save). sandtable adjudicate, run on the \
         saved game with the same save as its orders (--orders game.vsav: it reads each \
         power\u{2019}s last note named for the phase, and refuses a note its roster says \
         another power\u{2019}s player wrote), or with the revealed notes pasted into a text \
         file (a line naming a power heads its orders), gives every order\u{2019}s result \
         and why, the dislodged units and where they may retreat, builds and disbands, and \
         the supply centres that change hands (sandtable adjudicate --help tells its \
         options). Or resolve the orders by the rules by hand."
            .into(),
        format!(
            "5. Carry out. The {REFEREE}, or each power for its own units, moves the units as \
             the result says; a disbanded unit is deleted ({}).",
            key_name(KEY_DELETE)
        ),
        "6. Advance. Turn (Alt+T) steps to the next phase; step again over a phase nobody \
         needs (retreats with nothing dislodged, adjustments with nothing to build or \
         disband)."
            .into(),
    ]);
    p.heading(3, "Playing by mail, with a referee");
    p.para(&format!(
        "The {REFEREE} keeps the one save that holds everything and sends each player a save \
         of their own, which holds what their power may see and nothing else (what the rules \
         hide from a power is absent from its file, not merely hidden on the map)."
    ));
    p.list(&[
        "A player: open the save you received (yours alone, named after your power) and join \
         as your power; read your report (the .txt file beside it); write your orders as \
         above, in a Delayed note named for the phase and your power and not revealed, save \
         the game and send the file to the referee alone (or send a text file, one order per \
         line under your power\u{2019}s name). Your note stays in your file and the \
         referee\u{2019}s: the saves sent to the others never hold it."
            .to_string(),
        format!(
            "The {REFEREE}: once, sandtable referee start GAME --save SETUP.vsav --deadline \
             TIME -o FOLDER: the game folder, whose first phase folder holds each \
             player\u{2019}s save to send. As each player\u{2019}s file comes in, sandtable \
             referee receive FOLDER FILE --from POWER: it is checked at once (a file of \
             another game or phase, a note written by another power\u{2019}s player, a line \
             that is not an order is refused, nothing kept, so you can ask again) and marked \
             late after the deadline. sandtable referee status FOLDER says whose orders are \
             in, late or missing. sandtable referee run FOLDER --deadline NEXT-TIME resolves \
             the phase when every power\u{2019}s orders are in, or after the deadline (a \
             power without orders holds; late orders are left out unless you add \
             --accept-late), and opens the next phase\u{2019}s folder: referee.vsav, which \
             you keep; public.vsav and public.txt for observers and the public report; and \
             for each power its save and report (france.vsav, france.txt). Send each player \
             their own two files and never referee.vsav: VASSAL hides the others\u{2019} \
             secrets on the map, but that file holds them. (sandtable adjudicate GAME --save \
             referee.vsav --orders FILE… --views NEXT does one phase without a folder.)"
        ),
    ]);
    p.heading(3, "Phases");
    let rows: Vec<Vec<String>> = g
        .phases
        .iter()
        .filter(|ph| ph.orders.is_some())
        .map(|ph| vec![ph.name.clone(), ph.description.clone()])
        .collect();
    p.table(&["Phase", "What happens"], &rows);
    if let Some(first) = super::turns::step_labels(g).and_then(|s| s.into_iter().next()) {
        p.para(&format!(
            "The turn tracker steps through each turn\u{2019}s own phases, the turn then the \
             phase: \u{201c}{first}\u{201d}."
        ));
    }
    p.heading(3, "Supply centres, builds and disbands");
    let when = control_turns(g).map_or_else(
        || "When the game says supply centres change hands".to_string(),
        |t| format!("After the movement and retreats of {t}"),
    );
    p.para(&format!(
        "{when}, a power whose unit stands in a supply centre owns it: put its marker there \
         (select one and Clone it, {}, then drag the copy onto the centre; or drag one from \
         the palette) and delete the previous owner\u{2019}s ({}).",
        key_name(KEY_CLONE),
        key_name(KEY_DELETE)
    ));
    p.para(
        "In an adjustment phase a power with more centres than units builds: drag a new army \
         or fleet from its tab of the Counters palette onto a vacant home centre it owns (a \
         fleet onto the coast it is built on); a power with fewer centres than units deletes \
         units.",
    );
    hidden_help(g, p);
    ice_help(g, p);
    p.heading(3, "Order notation");
    p.para(
        "One order per line, as in the examples (taken from this board and the first \
         scenario); names are the provinces\u{2019} abbreviations or names in any case, a \
         coast after a slash or in brackets (spa/nc, spa(nc), Spain (north coast)); a line \
         may start with the power and a colon.",
    );
    p.table(&["Order", "Written as", "Example"], &notation(g));
}

/// The help on hidden parts of units (`[rules.fractions]`), when the game has them.
fn hidden_help(g: &Game, p: &mut Page) {
    let Some(f) = &g.rules.fractions else {
        return;
    };
    let most = format!("1/{}", f.parts);
    p.heading(3, "Hidden parts of units");
    let mut items = vec![
        format!(
            "A unit may disperse into at least {} parts, none larger than {most} of a unit, \
             each to a different province it could move to: \u{201c}A Vie disperses - {most} \
             A Boh, {most} A Gal, {most} A Bud\u{201d}. Everyone sees it stand for the phase; \
             then it leaves the board and its parts are yours alone.",
            f.parts
        ),
        "Your parts are in your power\u{2019}s \u{201c}(hidden)\u{201d} tab of the Counters \
         palette; on the map only you (and the Referee) see them, drawn half transparent. \
         Their moves are not reported in the chat; VASSAL does announce \u{201c}* created in \
         ? *\u{201d} when one is dragged from the palette."
            .to_string(),
        format!(
            "A part moves like a unit of its kind but through any unit and is never attacked \
             (\u{201c}{most} A Boh - Sil\u{201d}); every move into a province fails when \
             it would hold more than a whole unit of parts."
        ),
        format!(
            "Parts of your power and kind in a province or next to it may form a unit there: \
             \u{201c}A Boh forms from {most} A Boh, {most} A Gal, {most} A Sil\u{201d}. It \
             arrives like a unit moving in, may be supported (\u{201c}A Vie S A Boh \
             forms\u{201d}) and is announced only when it forms."
        ),
        "Parts never take supply centres and never count as units for victory; for \
         adjustments they count as the units they add up to, rounded up."
            .to_string(),
    ];
    if f.boarding {
        items.push(format!(
            "Army parts in a coastal province may board a fleet in a sea next to it as a \
             phase begins (\u{201c}{most} A Pic - Eng\u{201d}), ride it unseen (fewer \
             than a whole unit aboard one fleet) and disembark at the end of a phase into a \
             coast or onto another fleet next to it (\u{201c}{most} A Eng - Bel\u{201d}); \
             a fleet moving into a coast sets its riders down there, and riders of a \
             dislodged fleet are lost."
        ));
    }
    if let Some((units, until)) = f.limit {
        items.push(format!(
            "Before {}, a power may have at most {units} units dispersed.",
            g.turns.get(until).map_or("?", |t| t.name.as_str())
        ));
    }
    items.push(format!(
        "Orders to parts are never revealed: when playing together, do not write them in the \
         Delayed notes everyone reads once revealed, send them to the {REFEREE} alone (a \
         private message); by mail, write them in the note of the save you send the referee \
         alone. The referee resolves the phase (sandtable referee run, or adjudicate --views \
         NEXT; its report for the referee has everything) and sends each power its own save \
         and report: a power\u{2019}s save \
         holds its own parts and none of the others\u{2019}, which are absent from the file, \
         not merely hidden; the public report (a dispersing unit stands, a unit formed \
         appears) goes to everyone. Never send anyone the referee\u{2019}s save: VASSAL hides \
         the other powers\u{2019} parts on the map, but the file holds them."
    ));
    p.list(&items);
}

/// The help on provinces frozen in some turns (`[[rules.frozen]]`), when the game has them.
fn ice_help(g: &Game, p: &mut Page) {
    if g.rules.frozen.is_empty() {
        return;
    }
    p.heading(3, "Ice");
    for r in &g.rules.frozen {
        let names = |ids: &[String]| {
            ids.iter()
                .map(|id| {
                    g.maps
                        .iter()
                        .find_map(|m| match &m.kind {
                            crate::model::MapKind::Area(a) => {
                                a.areas.iter().find(|x| x.id == *id).map(|x| x.name.clone())
                            }
                            crate::model::MapKind::Hex(_) => None,
                        })
                        .unwrap_or_else(|| id.clone())
                })
                .collect::<Vec<_>>()
                .join(", ")
        };
        let turns: Vec<&str> = r
            .turns
            .iter()
            .filter_map(|t| g.turns.get(*t).map(|t| t.name.as_str()))
            .collect();
        // Seasons of a calendar (`January 1915`, `January 1916`): named once, every year.
        let mut seasons: Vec<&str> = Vec::new();
        for t in &turns {
            let season = t.split_whitespace().next().unwrap_or(t);
            if !seasons.contains(&season) {
                seasons.push(season);
            }
        }
        let when = if seasons.len() < turns.len() {
            format!("{} of every year", seasons.join(", "))
        } else {
            turns.join(", ")
        };
        let mut items = vec![
            format!("Frozen ({}): {}; in {when}.", r.name, names(&r.provinces)),
            "While frozen, a fleet there may not move or support; no fleet may move in, \
             support a unit there or support a move there; an army may move in only when no \
             unit stands there (and may always leave); no fleet retreats there."
                .to_string(),
        ];
        if !r.no_convoy_to.is_empty() {
            items.push(format!(
                "No army is convoyed to {} while it is frozen.",
                names(&r.no_convoy_to)
            ));
        }
        items.push(if r.builds.is_empty() {
            "Nothing is built in a frozen province.".to_string()
        } else {
            format!(
                "Units are built in a frozen province only in {}.",
                names(&r.builds)
            )
        });
        if g.rules.fractions.is_some() {
            items.push("Hidden parts of units are not held by the ice.".to_string());
        }
        p.list(&items);
    }
}

/// Text of the Notes window's toolbar button.
pub const NOTES_BUTTON: &str = "Orders";

/// VASSAL's Notes window (Alt+N): its Delayed tab holds notes each player writes under a
/// name, visible to all as written (with the time) but not read until their writer reveals
/// them, and never changed once saved — the orders of a game of written orders.
pub fn notes_window() -> Node {
    Node::new("VASSAL.build.module.NotesWindow")
        .attr("buttonText", NOTES_BUTTON)
        .attr(
            "tooltip",
            "Write your orders as a Delayed note; reveal it when every power has written",
        )
        .attr("icon", "/images/notes.gif")
        .attr("hotkey", "78,520")
}
