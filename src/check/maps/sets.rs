//! Hex sets: those a map lists, one per country, `include` lists resolved once
//! regions, countries and edges exist; and the last step of assembling a map.

use super::*;

/// The hex sets a map lists itself, each member resolved by `member` (a hex number on a hex
/// map, an area id on an area map); `include` lists are resolved later by [`finish_map`].
pub(super) fn explicit_sets(
    cx: &mut Cx,
    file: FileId,
    m: &schema::Map,
    sets: &mut Registry,
    mut member: impl FnMut(&mut Cx, &Spanned<String>) -> Option<PlaceAt>,
) -> Vec<HexSet> {
    let mut hex_sets = Vec::new();
    for s in &m.hex_set {
        let Some(claim) = sets.define(file, &s.id, &mut cx.diags) else {
            continue;
        };
        let members = s.hexes.iter().filter_map(|h| member(cx, h)).collect();
        let line = s
            .line
            .as_ref()
            .map(|c| crate::check::game::colour(cx, file, c));
        if let (Some(c), false) = (&s.line, m.area.is_empty()) {
            cx.push(
                Diagnostic::warning("ignored-key", "`line` draws a hex set on a hex map only")
                    .at(Cx::span(file, c))
                    .hint("an area map's picture is drawn from its areas"),
            );
        }
        let set = HexSet {
            id: s.id.get_ref().clone(),
            name: s.name.clone(),
            members,
            line,
        };
        sets.admit(claim, &mut hex_sets, set);
    }
    hex_sets
}

/// One set per country with ground on the map (`members_of` gives a country's hexes or
/// areas), unless the map already defines a set of that id.
pub(super) fn country_sets(
    cx: &mut Cx,
    file: FileId,
    g: &Game,
    sets: &mut Registry,
    hex_sets: &mut Vec<HexSet>,
    members_of: impl Fn(usize) -> BTreeSet<PlaceAt>,
) {
    for (ci, c) in g.countries.iter().enumerate() {
        if sets.get(&c.id).is_some() {
            continue;
        }
        let members = members_of(ci);
        if members.is_empty() {
            continue;
        }
        if let Some(claim) = sets.define(file, &Spanned::new(0..0, c.id.clone()), &mut cx.diags) {
            let set = HexSet {
                id: c.id.clone(),
                name: c.name.clone(),
                members,
                line: None,
            };
            sets.admit(claim, hex_sets, set);
        }
    }
}

/// Assemble a map and finish it: `include` lists and edges become sets, and the supplied
/// picture is located.
pub(super) fn finish_map(
    cx: &mut Cx,
    file: FileId,
    g: &Game,
    m: &schema::Map,
    sets: &mut Registry,
    parts: (MapKind, Vec<Place>, Vec<HexSet>, Vec<Edge>),
) -> Map {
    let (kind, places, mut hex_sets, edges) = parts;
    include_sets(cx, file, m, &mut hex_sets, sets, &edges);
    let image = m
        .image
        .as_ref()
        .and_then(|p| crate::check::tables::art_path(cx, file, &g.root, p));
    Map {
        id: m.id.get_ref().clone(),
        title: m.title.clone().unwrap_or_else(|| m.id.get_ref().clone()),
        kind,
        places,
        hex_sets,
        edges,
        image,
    }
}

/// Resolve `include` lists of hex sets (after regions, countries and edges exist), and make
/// every map edge usable as a set too (e.g. the area of a pool entering from an edge).
fn include_sets(
    cx: &mut Cx,
    file: FileId,
    m: &schema::Map,
    hex_sets: &mut Vec<HexSet>,
    sets: &mut Registry,
    edges: &[Edge],
) {
    for e in edges {
        if sets.is_defined(&e.id) {
            continue;
        }
        if let Some(claim) = sets.define(file, &Spanned::new(0..0, e.id.clone()), &mut cx.diags) {
            let set = HexSet {
                id: e.id.clone(),
                name: e.name.clone(),
                members: e.members.clone(),
                line: None,
            };
            sets.admit(claim, hex_sets, set);
        }
    }
    for s in &m.hex_set {
        let Some(target) = sets.get(s.id.get_ref()) else {
            continue;
        };
        for inc in &s.include {
            let Some(i) = sets.resolve(file, inc, &mut cx.diags) else {
                continue;
            };
            if i == target {
                cx.push(
                    Diagnostic::error(
                        "bad-include",
                        format!("hex set `{}` includes itself", inc.get_ref()),
                    )
                    .at(Cx::span(file, inc)),
                );
                continue;
            }
            let members = hex_sets[i].members.clone();
            hex_sets[target].members.extend(members);
        }
    }
}
