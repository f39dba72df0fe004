//! The counter palette (`PieceWindow`): a tab per side and, inside, a list with one panel per
//! nation (every counter of the mix, once) and one per pool of that side (the counters any
//! scenario puts there), a long one split into numbered panels the docked palette shows
//! whole; counters of no side go to a last tab. Each counter's slot in its
//! nation panel is its canonical slot, whose id setups keep in their pieces.
//!
//! Counters of a class only its own side sees have a panel of their own after their
//! nation's, `Austrian (hidden)`: VASSAL draws a slot whose piece is invisible to the player
//! as a "No Image" box, which there at least says what it stands for.
//!
//! A game imported from a VASSAL module gets that module's palettes back instead, as its
//! designer laid them out (tabs, panels, lists, slot names and sizes), each slot holding
//! the piece of the counter made from it — so an edit of the counter shows there — and the
//! palette above only for counters added since the import.

use std::collections::{BTreeMap, BTreeSet};

use crate::model::{Game, Location, SideId};
use crate::vassal::buildfile::Element;

use super::counters::{hidden_by, Counters};
use super::kept::piece_type;
use super::plan::Plan;
use super::xml::Node;

const W: &str = "VASSAL.build.widget.";

/// The palettes and the next free slot id.
pub struct Palette {
    /// The `PieceWindow` elements.
    pub nodes: Vec<Node>,
    /// One more than the highest slot id used.
    pub next_gpid: u32,
    /// Number of slots.
    pub slots: usize,
}

fn slot(plan: &Plan<'_>, counters: &Counters, counter: usize, gpid: u32) -> Node {
    let size = plan.game.art.counter_size;
    Node::new(format!("{W}PieceSlot"))
        .attr("entryName", &plan.game.counters[counter].name)
        .attr("gpid", gpid)
        .attr("width", size)
        .attr("height", size)
        .text(
            counters
                .piece(plan, counter, gpid, false)
                .add_command("null"),
        )
}

/// Height (pixels) of the counter pane when VASSAL 3.7 docks the palette beside the chat
/// log: the chat's preferred height less the tabs, about 126 (seen in VASSAL 3.7.26).
const DOCKED_HEIGHT: u32 = 120;
/// Columns of every panel's grid.
const COLUMNS: usize = 6;
/// Width of the counter pane of each tab (the list of panels is to its right).
const LIST_DIVIDER: u32 = 480;

/// How many counters one panel holds: as many rows of [`COLUMNS`] as the docked pane shows.
/// VASSAL neither scrolls a panel nor keeps a slot's size: a taller grid squeezes every row
/// (seen in VASSAL 3.7.26: 105 counters in 18 rows of 7 pixels), so longer lists are split.
fn per_panel(counter_size: u32) -> usize {
    COLUMNS * (DOCKED_HEIGHT / counter_size.max(1)).max(1) as usize
}

/// `slots` as panels of at most `per` counters, numbered `Name 1/3`… when there are several.
fn split_panels(name: &str, slots: Vec<Node>, per: usize) -> Vec<Node> {
    let n = slots.len().div_ceil(per.max(1));
    if n <= 1 {
        return vec![panel(name, slots)];
    }
    let mut out = Vec::new();
    let mut rest = slots.into_iter().peekable();
    let mut k = 1;
    while rest.peek().is_some() {
        let chunk: Vec<Node> = rest.by_ref().take(per).collect();
        out.push(panel(&format!("{name} {k}/{n}"), chunk));
        k += 1;
    }
    out
}

fn panel(name: &str, slots: Vec<Node>) -> Node {
    Node::new(format!("{W}PanelWidget"))
        .attr("entryName", name)
        .attr("description", "")
        // `fixed = true` makes VASSAL lay slots out in an `nColumns` grid; with `false` it
        // squeezes a whole panel into one row (seen in VASSAL 3.7.26).
        .attr("fixed", true)
        .attr("nColumns", COLUMNS)
        .attr("vert", false)
        .attr("scale", "1.0")
        .children(slots)
}

/// The counters scenarios put in a pool, each once, in first-seen order.
fn pool_counters(game: &Game, pool: usize) -> Vec<usize> {
    let mut out = Vec::new();
    for s in &game.scenarios {
        for p in &s.placements {
            if p.location == Location::Pool(pool) && !out.contains(&p.counter) {
                out.push(p.counter);
            }
        }
    }
    out
}

/// A kept palette built again: each slot with the piece of the counter made from it (the
/// first slot of a counter takes its canonical id, `shown` then holds it), a slot of no
/// counter as the module wrote it; each slot numbered anew.
fn kept_palette(
    plan: &Plan<'_>,
    counters: &Counters,
    by_id: &BTreeMap<&str, usize>,
    element: &Element,
    shown: &mut BTreeSet<usize>,
    next: &mut u32,
    slots: &mut usize,
) -> Node {
    let kept = &plan.kept;
    let mut out = Node::new(element.name.clone());
    for (k, v) in &element.attributes {
        out = out.attr(k, v);
    }
    if element.is_class("PieceSlot") || element.is_class("CardSlot") {
        *slots += 1;
        let counter = element
            .attr("gpid")
            .and_then(|g| kept.slot_counters.get(g))
            .or_else(|| piece_type(&element.text).and_then(|t| kept.type_counters.get(&t)))
            .and_then(|id| by_id.get(id.as_str()).copied());
        let gpid = match counter {
            Some(c) if shown.insert(c) => plan.gpids[c],
            _ => {
                *next += 1;
                *next - 1
            }
        };
        out = out.attr("gpid", gpid);
        return match counter {
            Some(c) => out.text(counters.piece(plan, c, gpid, false).add_command("null")),
            None => out.text(element.text.clone()),
        };
    }
    if !element.text.trim().is_empty() {
        out = out.text(element.text.clone());
    }
    out.children(
        element
            .children
            .iter()
            .map(|child| kept_palette(plan, counters, by_id, child, shown, next, slots)),
    )
}

/// Builds the palettes; canonical slots take ids `plan.gpids`, other slots the ids after.
/// A game imported from a VASSAL module gets the module's palettes back, each slot holding
/// its counter's piece, and sandtable's own only for the counters added since (none when
/// there are none); any other game, sandtable's.
pub fn palette(plan: &Plan<'_>, counters: &Counters) -> Palette {
    let g = plan.game;
    let mut next = plan.gpids.iter().copied().max().unwrap_or(0) + 1;
    let mut slots = 0;
    let per = per_panel(g.art.counter_size);
    let mut nodes = Vec::new();
    let mut shown = BTreeSet::new();
    let by_id: BTreeMap<&str, usize> = g
        .counters
        .iter()
        .enumerate()
        .map(|(i, c)| (c.id.as_str(), i))
        .collect();
    for element in &plan.kept.palettes {
        nodes.push(kept_palette(
            plan, counters, &by_id, element, &mut shown, &mut next, &mut slots,
        ));
    }
    // With the module's palettes, sandtable's offers only what the import did not make.
    let imported = !plan.kept.palettes.is_empty();
    let offered = |c: usize| !imported || !plan.kept.pieces.contains_key(&g.counters[c].id);
    // Panels of one owner (a side, or None): nations, nationless counters, pools.
    let tab_for = |owner: Option<SideId>, next: &mut u32, slots: &mut usize| -> Vec<Node> {
        let mut panels = Vec::new();
        for (n, nation) in g.nations.iter().enumerate() {
            if nation.side != owner {
                continue;
            }
            // Counters every player sees, then those only their side sees, apart.
            for hidden in [false, true] {
                let items: Vec<Node> = (0..g.counters.len())
                    .filter(|&c| offered(c))
                    .filter(|c| g.class_of(*c).nation == Some(n))
                    .filter(|c| hidden_by(g, *c).is_some() == hidden)
                    .map(|c| slot(plan, counters, c, plan.gpids[c]))
                    .collect();
                if !items.is_empty() {
                    *slots += items.len();
                    let name = if hidden {
                        format!("{} (hidden)", nation.name)
                    } else {
                        nation.name.clone()
                    };
                    panels.extend(split_panels(&name, items, per));
                }
            }
        }
        let loose: Vec<Node> = (0..g.counters.len())
            .filter(|&c| offered(c))
            .filter(|c| {
                let k = g.class_of(*c);
                k.nation.is_none() && k.side == owner
            })
            .map(|c| slot(plan, counters, c, plan.gpids[c]))
            .collect();
        if !loose.is_empty() {
            *slots += loose.len();
            let name = match owner {
                Some(s) => format!("{} (no nation)", g.sides[s].name),
                None => "Markers".to_string(),
            };
            panels.extend(split_panels(&name, loose, per));
        }
        for (i, pool) in g.pools.iter().enumerate() {
            if pool.side != owner {
                continue;
            }
            let items: Vec<Node> = pool_counters(g, i)
                .into_iter()
                .filter(|&c| offered(c))
                .map(|c| {
                    let id = *next;
                    *next += 1;
                    slot(plan, counters, c, id)
                })
                .collect();
            if !items.is_empty() {
                *slots += items.len();
                panels.extend(split_panels(&format!("Box: {}", pool.name), items, per));
            }
        }
        panels
    };
    let mut tabs = Vec::new();
    let owners: Vec<Option<SideId>> = (0..g.sides.len()).map(Some).chain([None]).collect();
    for owner in owners {
        let panels = tab_for(owner, &mut next, &mut slots);
        if panels.is_empty() {
            continue;
        }
        let name = owner.map_or("Other".to_string(), |s| g.sides[s].name.clone());
        tabs.push(
            Node::new(format!("{W}ListWidget"))
                .attr("entryName", name)
                .attr("description", "")
                .attr("scale", "1.0")
                .attr("width", 640)
                .attr("height", 320)
                // The divider is the width of the counter pane (VASSAL puts the list on the
                // right), so the counters get most of the window.
                .attr("divider", LIST_DIVIDER)
                .children(panels),
        );
    }
    if tabs.is_empty() && imported {
        return Palette {
            nodes,
            next_gpid: next,
            slots,
        };
    }
    let node = Node::new("VASSAL.build.module.PieceWindow")
        .attr("name", "Counters")
        .attr("description", "Every counter of the mix")
        .attr("text", "Counters")
        .attr("tooltip", "Show or hide the counter palette")
        .attr("icon", "")
        .attr("hotkey", "67,520")
        .attr("hidden", false)
        .attr("scale", "1.0")
        // The docked palette's width: the counter pane (the divider) and room for the panel
        // names in the list beside it (VASSAL 3.7.26 otherwise leaves the list ~150 pixels).
        .attr("defaultWidth", LIST_DIVIDER + 240)
        .child(
            Node::new(format!("{W}TabWidget"))
                .attr("entryName", "Counters")
                .attr("description", "")
                .children(tabs),
        );
    nodes.push(node);
    Palette {
        nodes,
        next_gpid: next,
        slots,
    }
}
