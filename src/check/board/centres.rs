//! Centres: the sides' home centres and the supply centres each side owns when a scenario
//! starts.

use super::*;

/// The area a side's home centre or a scenario's centre names, on the game's province
/// boards (the first map that has it).
fn centre(cx: &mut Cx, file: FileId, g: &Game, r: &Spanned<String>) -> Option<(MapId, usize)> {
    let boards = || {
        g.maps
            .iter()
            .enumerate()
            .filter_map(|(i, m)| match &m.kind {
                MapKind::Area(a) => Some((i, a)),
                MapKind::Hex(_) => None,
            })
    };
    for (mi, am) in boards() {
        // By id, else by the id an area was renamed from.
        let found = am
            .areas
            .iter()
            .position(|a| a.id == *r.get_ref())
            .or_else(|| {
                am.areas
                    .iter()
                    .position(|a| a.aliases.contains(r.get_ref()))
            });
        if let Some(ai) = found {
            if !am.areas[ai].supply_centre {
                cx.push(
                    Diagnostic::error(
                        "not-a-centre",
                        format!("`{}` is not a supply centre", r.get_ref()),
                    )
                    .at(Cx::span(file, r))
                    .hint("set `supply-centre = true` on the area, or name another"),
                );
                return None;
            }
            return Some((mi, ai));
        }
    }
    let ids: Vec<&str> = boards()
        .flat_map(|(_, a)| a.areas.iter().map(|x| x.id.as_str()))
        .collect();
    cx.push_map_miss(
        Diagnostic::error(
            "unknown-reference",
            format!("unknown area `{}`", r.get_ref()),
        )
        .at(Cx::span(file, r))
        .hint_opt(suggest::did_you_mean(r.get_ref(), ids.iter().copied())),
    );
    None
}

/// Each side's home centres, once the maps are known; a centre is home to one side.
pub(crate) fn homes(cx: &mut Cx, files: &[(FileId, GameFile)], g: &mut Game) {
    let mut owner: Vec<((MapId, usize), usize)> = Vec::new();
    for (file, s) in gather(files, |f| &f.side) {
        let Some(si) = g.side_index(s.id.get_ref()) else {
            continue;
        };
        for h in &s.home {
            let Some(c) = centre(cx, file, g, h) else {
                continue;
            };
            if let Some((_, other)) = owner.iter().find(|(x, _)| *x == c) {
                cx.push(
                    Diagnostic::error(
                        "conflict",
                        format!(
                            "`{}` is already a home centre of `{}`",
                            h.get_ref(),
                            g.sides[*other].id
                        ),
                    )
                    .at(Cx::span(file, h)),
                );
                continue;
            }
            owner.push((c, si));
            g.sides[si].home.push(c);
        }
    }
}

/// Who owns each supply centre when a scenario starts: its `centres`, else every side its
/// home centres.
pub(crate) fn owners(
    cx: &mut Cx,
    file: FileId,
    names: &Names,
    g: &Game,
    s: &schema::Scenario,
) -> Vec<(MapId, usize, usize)> {
    let mut out: Vec<(MapId, usize, usize)> = Vec::new();
    if s.centres.is_empty() {
        for (si, side) in g.sides.iter().enumerate() {
            out.extend(side.home.iter().map(|(m, a)| (*m, *a, si)));
        }
    }
    for (side, list) in &s.centres {
        let Some(si) = names.side.resolve(file, side, &mut cx.diags) else {
            continue;
        };
        for r in list {
            let Some((m, a)) = centre(cx, file, g, r) else {
                continue;
            };
            if let Some((_, _, other)) = out.iter().find(|(om, oa, _)| (*om, *oa) == (m, a)) {
                cx.push(
                    Diagnostic::error(
                        "conflict",
                        format!(
                            "`{}` is already owned by `{}`",
                            r.get_ref(),
                            g.sides[*other].id
                        ),
                    )
                    .at(Cx::span(file, r)),
                );
                continue;
            }
            out.push((m, a, si));
        }
    }
    out.sort_unstable();
    out
}
