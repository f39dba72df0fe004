//! The pieces rule checks share: a unit selector (`units = { … }`) resolved against the
//! game, unit sizes, hex sets, place tags, map edges and a zone of control's reach.

use super::*;

pub(super) fn reach(cx: &mut Cx, file: FileId, s: &Spanned<String>) -> ZocReach {
    match s.get_ref().as_str() {
        "adjacent" => ZocReach::Adjacent,
        "own" => ZocReach::Own,
        "none" => ZocReach::None,
        other => {
            cx.push(
                Diagnostic::error(
                    "unknown-value",
                    format!("unknown zone of control `{other}`"),
                )
                .at(Cx::span(file, s))
                .hint("use `adjacent`, `own` or `none`"),
            );
            ZocReach::Adjacent
        }
    }
}

pub(super) fn selector(
    cx: &mut Cx,
    file: FileId,
    names: &Names,
    g: &Game,
    s: &schema::Selector,
) -> Selector {
    let known_flags: std::collections::BTreeSet<&str> = g
        .classes
        .iter()
        .flat_map(|c| c.flags.iter().map(String::as_str))
        .collect();
    for f in s.flags.iter().chain(&s.except_flags) {
        if !known_flags.contains(f.get_ref().as_str()) {
            let hint =
                crate::check::suggest::did_you_mean(f.get_ref(), known_flags.iter().copied())
                    .or_else(|| {
                        (!known_flags.is_empty()).then(|| {
                            let all: Vec<&str> = known_flags.iter().copied().collect();
                            format!("flags the classes carry: {}", all.join(", "))
                        })
                    });
            cx.push(
                Diagnostic::error(
                    "unknown-reference",
                    format!("no class has the flag `{}`", f.get_ref()),
                )
                .at(Cx::span(file, f))
                .label("no `[[class]]` lists this in `flags`")
                .hint_opt(hint),
            );
        }
    }
    Selector {
        classes: s
            .classes
            .iter()
            .filter_map(|c| names.class.resolve(file, c, &mut cx.diags))
            .collect(),
        flags: s.flags.iter().map(|f| f.get_ref().clone()).collect(),
        except_flags: s.except_flags.iter().map(|f| f.get_ref().clone()).collect(),
        sizes: sizes(cx, file, &s.sizes),
        except_sizes: sizes(cx, file, &s.except_sizes),
        types: s
            .types
            .iter()
            .filter_map(|t| names.unit_type.resolve(file, t, &mut cx.diags))
            .collect(),
        except_types: s
            .except_types
            .iter()
            .filter_map(|t| names.unit_type.resolve(file, t, &mut cx.diags))
            .collect(),
        combat: s.combat,
        nations: s
            .nations
            .iter()
            .filter_map(|n| names.nation.resolve(file, n, &mut cx.diags))
            .collect(),
    }
}

/// Unit sizes as written, each checked against the sizes a class may have.
pub(super) fn sizes(cx: &mut Cx, file: FileId, list: &[Spanned<String>]) -> Vec<String> {
    for k in list {
        if !crate::check::counters::SIZES.contains(&k.get_ref().as_str()) {
            cx.push(
                Diagnostic::error(
                    "unknown-value",
                    format!("unknown unit size `{}`", k.get_ref()),
                )
                .at(Cx::span(file, k))
                .hint_opt(crate::check::suggest::did_you_mean(
                    k.get_ref(),
                    crate::check::counters::SIZES.iter().copied(),
                )),
            );
        }
    }
    list.iter().map(|k| k.get_ref().clone()).collect()
}

/// Hex set ids → (map, index), each unknown one reported.
pub(super) fn hex_sets(
    cx: &mut Cx,
    file: FileId,
    g: &Game,
    list: &[Spanned<String>],
) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for h in list {
        match find_set(g, h.get_ref()) {
            Some(x) => out.push(x),
            None => {
                let all: Vec<&str> = g
                    .maps
                    .iter()
                    .flat_map(|m| m.hex_sets.iter().map(|s| s.id.as_str()))
                    .collect();
                cx.push_map_miss(
                    Diagnostic::error(
                        "unknown-reference",
                        format!("unknown hex set `{}`", h.get_ref()),
                    )
                    .at(Cx::span(file, h))
                    .hint_opt(crate::check::suggest::did_you_mean(h.get_ref(), all)),
                );
            }
        }
    }
    out
}

/// Place names or tags, each reported when no place has it.
pub(super) fn place_tags(
    cx: &mut Cx,
    file: FileId,
    g: &Game,
    list: &[Spanned<String>],
) -> Vec<String> {
    for p in list {
        let known = g.maps.iter().any(|m| {
            m.places
                .iter()
                .any(|x| x.name == *p.get_ref() || x.tags.contains(p.get_ref()))
        });
        if !known {
            cx.push_map_miss(
                Diagnostic::error(
                    "unknown-reference",
                    format!("no place is named or tagged `{}`", p.get_ref()),
                )
                .at(Cx::span(file, p)),
            );
        }
    }
    list.iter().map(|p| p.get_ref().clone()).collect()
}

/// A map edge or hex set id → (map, index), searching every map.
pub(super) fn find_edge(g: &Game, id: &str) -> Option<(usize, usize)> {
    g.maps
        .iter()
        .enumerate()
        .find_map(|(mi, m)| m.edges.iter().position(|e| e.id == id).map(|i| (mi, i)))
}

pub(super) fn find_set(g: &Game, id: &str) -> Option<(usize, usize)> {
    g.maps
        .iter()
        .enumerate()
        .find_map(|(mi, m)| m.hex_sets.iter().position(|e| e.id == id).map(|i| (mi, i)))
}
