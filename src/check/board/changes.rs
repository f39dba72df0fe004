//! A variant's changes to the board it uses (`[[map.change]]`): areas added, removed or
//! renamed, moves added and taken away, applied in order, each that does not apply an error
//! at its own line.

use super::*;

/// The kinds a `connect` or `disconnect` names: (armies, fleets).
fn kinds(cx: &mut Cx, file: FileId, c: &schema::map::Change, default: bool) -> (bool, bool) {
    if c.kinds.is_empty() {
        return (default, default);
    }
    let mut out = (false, false);
    for k in &c.kinds {
        match crate::check::word(
            cx,
            file,
            k,
            "unit kind",
            crate::load::schema::words::UNIT_KINDS,
        ) {
            Some("army") => out.0 = true,
            Some(_) => out.1 = true,
            None => {}
        }
    }
    out
}

/// Apply a variant's changes in order; the areas it removes are flagged (by index).
pub(crate) fn changes(
    cx: &mut Cx,
    g: &Game,
    names: &Names,
    amends: &[(FileId, &schema::Map)],
    reg: &Registry,
    areas: &mut [Area],
) -> Vec<bool> {
    let mut removed = vec![false; areas.len()];
    let coasts: Vec<Vec<String>> = areas
        .iter()
        .map(|a| a.coasts.iter().map(|c| c.id.clone()).collect())
        .collect();
    for (file, m) in amends {
        let file = *file;
        for c in &m.change {
            let what = [
                c.remove.is_some(),
                c.rename.is_some(),
                c.set.is_some(),
                c.connect.is_some(),
                c.disconnect.is_some(),
            ]
            .iter()
            .filter(|x| **x)
            .count();
            if what != 1 {
                cx.push(
                    Diagnostic::error(
                        "bad-change",
                        "a change does exactly one of `remove`, `rename`, `set`, `connect` and `disconnect`",
                    )
                    .at_opt(change_span(file, c).or_else(|| Some(Cx::span(file, &m.id))))
                    .hint("write each change as its own `[[map.change]]`"),
                );
                continue;
            }
            let misplaced = [
                ("to", c.to.is_some() && c.rename.is_none(), "rename"),
                ("terrain", c.terrain.is_some() && c.set.is_none(), "set"),
                (
                    "supply-centre",
                    c.supply_centre.is_some() && c.set.is_none(),
                    "set",
                ),
                (
                    "kinds",
                    !c.kinds.is_empty() && c.connect.is_none() && c.disconnect.is_none(),
                    "connect",
                ),
                (
                    "name",
                    c.name.is_some() && c.rename.is_none() && c.set.is_none(),
                    "rename",
                ),
            ];
            for (key, bad, goes) in misplaced {
                if bad {
                    cx.push(
                        Diagnostic::error(
                            "bad-change",
                            format!("`{key}` does nothing in this change"),
                        )
                        .at_opt(change_span(file, c))
                        .hint(format!("`{key}` goes with `{goes}`")),
                    );
                }
            }
            let area = |cx: &mut Cx, r: &Spanned<String>, removed: &[bool]| -> Option<usize> {
                let a = reg.resolve(file, r, &mut cx.diags)?;
                if removed[a] {
                    cx.push(
                        Diagnostic::error(
                            "bad-change",
                            format!("area `{}` is already removed", r.get_ref()),
                        )
                        .at(Cx::span(file, r)),
                    );
                    return None;
                }
                Some(a)
            };
            if let Some(r) = &c.remove {
                if let Some(a) = area(cx, r, &removed) {
                    removed[a] = true;
                }
            } else if let Some(r) = &c.rename {
                let Some(a) = area(cx, r, &removed) else {
                    continue;
                };
                if c.to.is_none() && c.name.is_none() {
                    cx.push(
                        Diagnostic::error("bad-change", "the rename gives neither `to` nor `name`")
                            .at(Cx::span(file, r))
                            .hint("give the new id as `to`, the new name as `name`, or both"),
                    );
                }
                if let Some(to) = &c.to {
                    let old = std::mem::replace(&mut areas[a].id, to.get_ref().clone());
                    areas[a].aliases.push(old.to_ascii_lowercase());
                }
                if let Some(n) = &c.name {
                    areas[a].name = n.clone();
                }
                areas[a]
                    .aliases
                    .extend(c.aliases.iter().map(|x| x.to_ascii_lowercase()));
            } else if let Some(r) = &c.set {
                let Some(a) = area(cx, r, &removed) else {
                    continue;
                };
                if c.terrain.is_none()
                    && c.supply_centre.is_none()
                    && c.name.is_none()
                    && c.aliases.is_empty()
                {
                    cx.push(
                        Diagnostic::error(
                            "bad-change",
                            format!("the change sets nothing of `{}`", r.get_ref()),
                        )
                        .at(Cx::span(file, r))
                        .hint("give `terrain`, `supply-centre`, `name` or `aliases`"),
                    );
                }
                if let Some(t) = &c.terrain {
                    if let Some(t) = names.terrain.resolve(file, t, &mut cx.diags) {
                        areas[a].terrain = t;
                    }
                }
                if let Some(sc) = c.supply_centre {
                    areas[a].supply_centre = sc;
                }
                if let Some(n) = &c.name {
                    areas[a].name = n.clone();
                }
                areas[a]
                    .aliases
                    .extend(c.aliases.iter().map(|x| x.to_ascii_lowercase()));
            } else {
                let (pair, connect) = match (&c.connect, &c.disconnect) {
                    (Some(p), _) => (p, true),
                    (_, Some(p)) => (p, false),
                    _ => continue,
                };
                if pair.get_ref().len() != 2 {
                    cx.push(
                        Diagnostic::error(
                            "bad-change",
                            format!(
                                "a {} names two locations",
                                if connect {
                                    "connection"
                                } else {
                                    "disconnection"
                                }
                            ),
                        )
                        .at(Cx::span(file, pair))
                        .hint("e.g. `connect = [\"swi\", \"mar\"]`"),
                    );
                    continue;
                }
                let (armies, fleets) = kinds(cx, file, c, !connect);
                if connect && !armies && !fleets {
                    cx.push(
                        Diagnostic::error("bad-change", "a connection says which units may cross")
                            .at(Cx::span(file, pair))
                            .hint("add `kinds = [\"army\"]`, `[\"fleet\"]` or both"),
                    );
                    continue;
                }
                let ends: Vec<Site> = pair
                    .get_ref()
                    .iter()
                    .filter_map(|r| {
                        let s = site(cx, file, reg, areas, &coasts, r)?;
                        if removed[s.area] {
                            cx.push(
                                Diagnostic::error(
                                    "bad-change",
                                    format!("area `{}` is already removed", areas[s.area].id),
                                )
                                .at(Cx::span(file, r)),
                            );
                            return None;
                        }
                        Some(s)
                    })
                    .collect();
                let [a, b] = ends[..] else {
                    continue;
                };
                let label = format!(
                    "`{}` and `{}`",
                    pair.get_ref()[0].get_ref(),
                    pair.get_ref()[1].get_ref()
                );
                let mut changed = false;
                if armies {
                    if connect && (a.coast.is_some() || b.coast.is_some()) {
                        cx.push(
                            Diagnostic::error(
                                "bad-change",
                                "armies move between provinces, not coasts",
                            )
                            .at(Cx::span(file, pair)),
                        );
                    } else if connect
                        && (is_water(g, &areas[a.area]) || is_water(g, &areas[b.area]))
                    {
                        cx.push(
                            Diagnostic::error(
                                "bad-change",
                                format!("armies do not enter water: {label}"),
                            )
                            .at(Cx::span(file, pair)),
                        );
                    } else if connect {
                        changed |= connect_army(areas, a.area, b.area);
                    } else {
                        let one = take(&mut areas[a.area].army, &b.area);
                        let two = take(&mut areas[b.area].army, &a.area);
                        changed |= one || two;
                    }
                }
                if fleets {
                    if connect {
                        changed |= connect_fleet(areas, a, b);
                    } else {
                        for (x, y) in [(a, b), (b, a)] {
                            // A province named without a coast means each of its coasts.
                            let xs = if x.coast.is_none() {
                                all_sites(areas, x.area)
                            } else {
                                vec![x]
                            };
                            let ys = if y.coast.is_none() {
                                all_sites(areas, y.area)
                            } else {
                                vec![y]
                            };
                            for xx in &xs {
                                for yy in &ys {
                                    changed |= fleet_list(areas, *xx).is_some_and(|l| take(l, yy));
                                }
                            }
                        }
                    }
                }
                if !changed {
                    let (msg, hint) = if connect {
                        (format!("{label} are already connected"), "drop this change")
                    } else {
                        (
                            format!("{label} are not connected"),
                            "check the ids: a fleet move names the coast (`spa/nc`)",
                        )
                    };
                    cx.push(
                        Diagnostic::error("bad-change", msg)
                            .at(Cx::span(file, pair))
                            .hint(hint),
                    );
                }
            }
        }
    }
    removed
}

/// A province and each of its coasts.
fn all_sites(areas: &[Area], area: usize) -> Vec<Site> {
    std::iter::once(Site { area, coast: None })
        .chain((0..areas[area].coasts.len()).map(|c| Site {
            area,
            coast: Some(c),
        }))
        .collect()
}
