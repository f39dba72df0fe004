//! Checks of province boards, the area maps of games of written orders: the moves armies
//! and fleets make from each area and coast, the changes a variant makes to the board it
//! uses (`amend = true` and `[[map.change]]`), the sides' home centres and the supply
//! centres each side owns when a scenario starts.
//!
//! Moves go both ways: a move listed on either end is made symmetric here, as borders are.
//! A variant's changes are applied in order once its base's areas are resolved; each change
//! that does not apply (an area that is not there, a move that does not exist) is an error
//! at its own line.
//!
//! This file resolves the moves and finishes the board; a variant's changes are in
//! `changes.rs`, home and owned centres in `centres.rs`.

use crate::load::schema::Spanned;

use super::names::Names;
use super::{gather, Cx, Registry};
use crate::diag::{suggest, Diagnostic};
use crate::load::schema::{self, GameFile};
use crate::load::source::FileId;
use crate::model::{Area, Coast, Game, MapId, MapKind, Route, Site, TerrainKind};

mod centres;
mod changes;

pub(crate) use centres::{homes, owners};
pub(crate) use changes::changes;

/// Report maps that amend nothing, and changes in a map that is not amending.
pub(crate) fn unamended(cx: &mut Cx, all: &[(FileId, &schema::Map)]) {
    for (file, m) in all {
        if m.amend {
            if !all
                .iter()
                .any(|(_, b)| !b.amend && b.id.get_ref() == m.id.get_ref())
            {
                let known = all
                    .iter()
                    .filter(|(_, b)| !b.amend)
                    .map(|(_, b)| b.id.get_ref().as_str());
                cx.push(
                    Diagnostic::error(
                        "unknown-reference",
                        format!("map `{}` amends no map: none has this id", m.id.get_ref()),
                    )
                    .at(Cx::span(*file, &m.id))
                    .hint_opt(suggest::did_you_mean(m.id.get_ref(), known).or_else(|| {
                        Some("name the board's file in `use = [\"../base/board.toml\"]` so its map is read first".into())
                    })),
                );
            }
            for (what, given) in [
                ("[map.hex]", m.hex.is_some()),
                ("[map.terrain]", m.terrain.is_some()),
                ("[map.country]", m.country.is_some()),
                ("[map.region]", m.region.is_some()),
                ("[[map.feature]]", !m.feature.is_empty()),
                ("[[map.place]]", !m.place.is_empty()),
                ("[[map.hexside]]", !m.hexside.is_empty()),
                ("[[map.rail]]", !m.rail.is_empty()),
                ("[[map.edge]]", !m.edge.is_empty()),
                ("[[map.hex-set]]", !m.hex_set.is_empty()),
                ("[map.geography]", m.geography.is_some()),
            ] {
                if given {
                    cx.push(
                        Diagnostic::error(
                            "not-amendable",
                            format!("`{what}` cannot amend map `{}`", m.id.get_ref()),
                        )
                        .at(Cx::span(*file, &m.id))
                        .hint("an amending map adds areas and routes, changes areas with `[[map.change]]`, and may give a new `title`, `size` or `image`"),
                    );
                }
            }
        } else if let Some(c) = m.change.first() {
            cx.push(
                Diagnostic::error(
                    "not-amending",
                    format!("map `{}` lists changes but amends nothing", m.id.get_ref()),
                )
                .at_opt(change_span(*file, c))
                .hint("changes apply to a board read from another file: set `amend = true` in a `[[map]]` of the same id, and `use` the board's file"),
            );
        }
    }
}

/// Report amendments of a hex map (only area maps are amended).
pub(crate) fn not_amendable(cx: &mut Cx, amends: &[(FileId, &schema::Map)]) {
    for (file, m) in amends {
        cx.push(
            Diagnostic::error(
                "not-amendable",
                format!(
                    "map `{}` is a hex map; only area maps are amended",
                    m.id.get_ref()
                ),
            )
            .at(Cx::span(*file, &m.id)),
        );
    }
}

/// The span of a change: the key that says what it does.
fn change_span(file: FileId, c: &schema::map::Change) -> Option<crate::diag::Span> {
    c.remove
        .as_ref()
        .or(c.rename.as_ref())
        .or(c.set.as_ref())
        .map(|s| Cx::span(file, s))
        .or_else(|| c.connect.as_ref().map(|s| Cx::span(file, s)))
        .or_else(|| c.disconnect.as_ref().map(|s| Cx::span(file, s)))
}

/// A renamed area's new id names it too, from the start: the variant's own areas and
/// changes may use it.
pub(crate) fn renames(cx: &mut Cx, amends: &[(FileId, &schema::Map)], reg: &mut Registry) {
    for (file, m) in amends {
        for c in &m.change {
            let (Some(old), Some(to)) = (&c.rename, &c.to) else {
                continue;
            };
            let Some(index) = reg.get(old.get_ref()) else {
                continue; // reported when the change is applied
            };
            if let Some(claim) = reg.define(*file, to, &mut cx.diags) {
                reg.admit_alias(claim, index);
            }
        }
    }
}

/// The site a reference names (`spa`, `spa/nc`), reporting an unknown area or coast.
fn site(
    cx: &mut Cx,
    file: FileId,
    reg: &Registry,
    areas: &[Area],
    coasts: &[Vec<String>],
    r: &Spanned<String>,
) -> Option<Site> {
    let text = r.get_ref();
    let (area, coast) = match text.split_once('/') {
        Some((a, c)) => (a, Some(c)),
        None => (text.as_str(), None),
    };
    let a = reg.resolve(
        file,
        &Spanned::new(r.span(), area.to_string()),
        &mut cx.diags,
    )?;
    let Some(coast) = coast else {
        return Some(Site {
            area: a,
            coast: None,
        });
    };
    let known = coasts.get(a).map_or(&[][..], Vec::as_slice);
    match known.iter().position(|c| c == coast) {
        Some(c) => Some(Site {
            area: a,
            coast: Some(c),
        }),
        None => {
            let hint = if known.is_empty() {
                format!("`{area}` has no coasts: write `{area}`")
            } else {
                suggest::did_you_mean(coast, known.iter().map(String::as_str))
                    .unwrap_or_else(|| format!("its coasts: {}", known.join(", ")))
            };
            cx.push(
                Diagnostic::error(
                    "unknown-reference",
                    format!("`{}` has no coast `{coast}`", areas[a].id),
                )
                .at(Cx::span(file, r))
                .hint(hint),
            );
            None
        }
    }
}

fn is_water(g: &Game, a: &Area) -> bool {
    g.terrain
        .get(a.terrain)
        .is_some_and(|t| t.kind == TerrainKind::Water)
}

/// Resolve every area's army and fleet moves and coasts, and make them symmetric.
/// `defined[i]` is the entry `areas[i]` was made from.
pub(crate) fn moves(
    cx: &mut Cx,
    g: &Game,
    defined: &[(FileId, &schema::Area)],
    reg: &Registry,
    areas: &mut [Area],
) {
    let coasts: Vec<Vec<String>> = defined
        .iter()
        .map(|(_, a)| a.coast.iter().map(|c| c.id.get_ref().clone()).collect())
        .collect();
    // Coasts first: a fleet move names them.
    for (k, (file, a)) in defined.iter().enumerate() {
        let mut seen: Vec<&str> = Vec::new();
        for c in &a.coast {
            if seen.contains(&c.id.get_ref().as_str()) {
                cx.push(
                    Diagnostic::error(
                        "duplicate",
                        format!("`{}` has two coasts `{}`", a.id.get_ref(), c.id.get_ref()),
                    )
                    .at(Cx::span(*file, &c.id)),
                );
            } else if c.id.get_ref().is_empty() || c.id.get_ref().contains(['/', ' ']) {
                cx.push(
                    Diagnostic::error(
                        "bad-id",
                        format!("`{}` cannot name a coast", c.id.get_ref()),
                    )
                    .at(Cx::span(*file, &c.id))
                    .hint("use a short id such as `nc` or `sc`"),
                );
            }
            seen.push(c.id.get_ref());
            areas[k].coasts.push(Coast {
                id: c.id.get_ref().clone(),
                name: c.name.clone(),
                fleet: Vec::new(),
                position: c
                    .position
                    .as_ref()
                    .map(|p| (p.get_ref()[0], p.get_ref()[1])),
            });
        }
        if a.coast.len() == 1 {
            cx.push(
                Diagnostic::error(
                    "one-coast",
                    format!("`{}` has a single coast", a.id.get_ref()),
                )
                .at(Cx::span(*file, &a.coast[0].id))
                .hint("coasts are for provinces whose shores fleets cannot sail between; a province with one coast lists its `fleet` moves itself"),
            );
        }
        if !a.coast.is_empty() {
            if let Some(f) = a.fleet.first() {
                cx.push(
                    Diagnostic::error(
                        "split-coast",
                        format!(
                            "`{}` has coasts, so its fleet moves go on each coast",
                            a.id.get_ref()
                        ),
                    )
                    .at(Cx::span(*file, f))
                    .hint("move them into the `[[map.area.coast]]` they sail from"),
                );
            }
        }
    }
    let mut army_pairs = Vec::new();
    let mut fleet_pairs = Vec::new();
    for (k, (file, a)) in defined.iter().enumerate() {
        if !a.army.is_empty() && is_water(g, &areas[k]) {
            cx.push(
                Diagnostic::error(
                    "army-at-sea",
                    format!("`{}` is water: armies do not move from it", a.id.get_ref()),
                )
                .at(Cx::span(*file, &a.army[0]))
                .hint("a sea lists `fleet` moves only"),
            );
            continue;
        }
        for r in &a.army {
            let Some(t) = site(cx, *file, reg, areas, &coasts, r) else {
                continue;
            };
            if let Some(problem) = if t.coast.is_some() {
                Some("an army moves to a province, not to one of its coasts".to_string())
            } else if t.area == k {
                Some(format!("`{}` cannot move to itself", a.id.get_ref()))
            } else if is_water(g, &areas[t.area]) {
                Some(format!(
                    "`{}` is water: armies do not enter it",
                    areas[t.area].id
                ))
            } else {
                None
            } {
                cx.push(Diagnostic::error("bad-move", problem).at(Cx::span(*file, r)));
                continue;
            }
            army_pairs.push((k, t.area));
        }
        let from_sites: Vec<(Site, &Vec<Spanned<String>>)> = std::iter::once((
            Site {
                area: k,
                coast: None,
            },
            &a.fleet,
        ))
        .chain(a.coast.iter().enumerate().map(|(c, coast)| {
            (
                Site {
                    area: k,
                    coast: Some(c),
                },
                &coast.fleet,
            )
        }))
        .collect();
        for (from, list) in from_sites {
            if from.coast.is_none() && !a.coast.is_empty() {
                continue; // reported above
            }
            for r in list {
                let Some(t) = site(cx, *file, reg, areas, &coasts, r) else {
                    continue;
                };
                let problem = if t.area == k {
                    Some(format!("`{}` cannot move to itself", r.get_ref()))
                } else if t.coast.is_none() && !areas[t.area].coasts.is_empty() {
                    let ids: Vec<String> = areas[t.area]
                        .coasts
                        .iter()
                        .map(|c| format!("`{}/{}`", areas[t.area].id, c.id))
                        .collect();
                    Some(format!(
                        "`{}` has coasts: a fleet moves to one of them ({})",
                        areas[t.area].id,
                        ids.join(", ")
                    ))
                } else {
                    None
                };
                if let Some(problem) = problem {
                    cx.push(Diagnostic::error("bad-move", problem).at(Cx::span(*file, r)));
                    continue;
                }
                fleet_pairs.push((from, t));
            }
        }
    }
    for (a, b) in army_pairs {
        connect_army(areas, a, b);
    }
    for (a, b) in fleet_pairs {
        connect_fleet(areas, a, b);
    }
}

fn fleet_list(areas: &mut [Area], s: Site) -> Option<&mut Vec<Site>> {
    let a = areas.get_mut(s.area)?;
    match s.coast {
        Some(c) => a.coasts.get_mut(c).map(|c| &mut c.fleet),
        None => Some(&mut a.fleet),
    }
}

fn add<T: Ord>(list: &mut Vec<T>, x: T) -> bool {
    match list.binary_search(&x) {
        Ok(_) => false,
        Err(i) => {
            list.insert(i, x);
            true
        }
    }
}

fn take<T: Ord>(list: &mut Vec<T>, x: &T) -> bool {
    match list.binary_search(x) {
        Ok(i) => {
            list.remove(i);
            true
        }
        Err(_) => false,
    }
}

/// Armies may move between two areas (both ways); whether anything was added.
fn connect_army(areas: &mut [Area], a: usize, b: usize) -> bool {
    let one = add(&mut areas[a].army, b);
    let two = add(&mut areas[b].army, a);
    one || two
}

/// Fleets may move between two sites (both ways); whether anything was added.
fn connect_fleet(areas: &mut [Area], a: Site, b: Site) -> bool {
    let one = fleet_list(areas, a).is_some_and(|l| add(l, b));
    let two = fleet_list(areas, b).is_some_and(|l| add(l, a));
    one || two
}

/// Take the removed areas out, remap every index, and add the moves to the borders
/// (two areas a unit moves between share one). Returns each old index's new one.
pub(crate) fn finish(
    areas: &mut Vec<Area>,
    routes: &mut Vec<Route>,
    removed: &[bool],
) -> Vec<Option<usize>> {
    let mut keep = Vec::with_capacity(areas.len());
    let mut n = 0;
    for r in removed
        .iter()
        .chain(std::iter::repeat(&false))
        .take(areas.len())
    {
        keep.push((!r).then(|| {
            n += 1;
            n - 1
        }));
    }
    let map = |i: usize| keep.get(i).copied().flatten();
    let map_site = |s: Site| {
        map(s.area).map(|area| Site {
            area,
            coast: s.coast,
        })
    };
    let old = std::mem::take(areas);
    for (i, mut a) in old.into_iter().enumerate() {
        if keep[i].is_none() {
            continue;
        }
        a.adjacent = a.adjacent.iter().filter_map(|x| map(*x)).collect();
        a.within = a.within.and_then(map);
        a.army = a.army.iter().filter_map(|x| map(*x)).collect();
        a.fleet = a.fleet.iter().filter_map(|s| map_site(*s)).collect();
        for c in &mut a.coasts {
            c.fleet = c.fleet.iter().filter_map(|s| map_site(*s)).collect();
        }
        areas.push(a);
    }
    routes.retain_mut(|r| match (map(r.from), map(r.to)) {
        (Some(f), Some(t)) => {
            r.from = f;
            r.to = t;
            true
        }
        _ => false,
    });
    let borders: Vec<(usize, usize)> = areas
        .iter()
        .enumerate()
        .flat_map(|(i, a)| {
            a.army
                .iter()
                .copied()
                .chain(a.fleet.iter().map(|s| s.area))
                .chain(a.coasts.iter().flat_map(|c| c.fleet.iter().map(|s| s.area)))
                .map(move |j| (i, j))
                .collect::<Vec<_>>()
        })
        .collect();
    for (i, j) in borders {
        areas[i].adjacent.push(j);
        areas[j].adjacent.push(i);
    }
    for a in areas.iter_mut() {
        a.adjacent.sort_unstable();
        a.adjacent.dedup();
    }
    keep
}
