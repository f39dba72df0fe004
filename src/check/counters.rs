//! Checks of factors, unit types, classes and the counter mix.

use std::collections::BTreeSet;

use indexmap::IndexMap;
use toml::Spanned;

use super::game::Names;
use super::{gather, Cx};
use crate::diag::Diagnostic;
use crate::load::schema::GameFile;
use crate::load::source::FileId;
use crate::model::{Class, Counter, Faces, Factor, Game, UnitType};

/// Unit symbols the art knows how to draw.
pub(crate) const SYMBOLS: &[&str] = &[
    "infantry",
    "armour",
    "mechanized",
    "cavalry",
    "mountain",
    "airborne",
    "partisan",
    "artillery",
    "headquarters",
    "leader",
    "fighter",
    "bomber",
    "marker",
    "army",
    "fleet",
    "police",
    "guerrilla",
    "none",
];

/// Unit sizes designers may name (stacking points).
pub(crate) const SIZES: &[&str] = &[
    "team",
    "squad",
    "section",
    "platoon",
    "company",
    "battalion",
    "regiment",
    "brigade",
    "division",
    "corps",
    "army",
    "front",
    "region",
];

/// Most copies of one counter a mix may have; more is surely a typo.
const MAX_COPIES: u32 = 10_000;

pub(crate) fn check_counters(
    cx: &mut Cx,
    files: &[(FileId, GameFile)],
    names: &mut Names,
    g: &mut Game,
) {
    for (file, f) in gather(files, |f| &f.factor) {
        if names.factor.define(file, &f.id, &mut cx.diags).is_some() {
            g.factors.push(Factor {
                id: f.id.get_ref().clone(),
                name: f.name.clone(),
                abbreviation: f.abbreviation.clone(),
            });
        }
    }
    let types = gather(files, |f| &f.unit_type);
    for (file, t) in &types {
        if names
            .unit_type
            .define(*file, &t.id, &mut cx.diags)
            .is_some()
        {
            if !SYMBOLS.contains(&t.symbol.get_ref().as_str()) {
                cx.push(
                    Diagnostic::error(
                        "unknown-value",
                        format!("unknown unit symbol `{}`", t.symbol.get_ref()),
                    )
                    .at(Cx::span(*file, &t.symbol))
                    .hint_opt(
                        super::suggest::did_you_mean(t.symbol.get_ref(), SYMBOLS.iter().copied())
                            .or_else(|| Some(format!("symbols: {}", SYMBOLS.join(", ")))),
                    ),
                );
            }
            g.unit_types.push(UnitType {
                id: t.id.get_ref().clone(),
                name: t.name.clone(),
                symbol: t.symbol.get_ref().clone(),
                combat: t.combat,
                counts_as: None,
            });
        }
    }
    // `counts-as` may point forwards, so resolve after all types are known.
    for (file, t) in &types {
        if let (Some(i), Some(up)) = (names.unit_type.get(t.id.get_ref()), &t.counts_as) {
            g.unit_types[i].counts_as = names.unit_type.resolve(*file, up, &mut cx.diags);
        }
    }

    for (file, c) in gather(files, |f| &f.class) {
        if names.class.define(file, &c.id, &mut cx.diags).is_none() {
            continue;
        }
        let nation = c
            .nation
            .as_ref()
            .and_then(|n| names.nation.resolve(file, n, &mut cx.diags));
        let side = c
            .side
            .as_ref()
            .and_then(|s| names.side.resolve(file, s, &mut cx.diags));
        let unit_type = names.unit_type.resolve(file, &c.unit_type, &mut cx.diags);
        if nation.is_none() && side.is_none() && c.nation.is_none() && c.side.is_none() {
            let is_marker = unit_type.is_some_and(|t| !g.unit_types[t].combat);
            if !is_marker {
                cx.push(
                    Diagnostic::warning(
                        "no-owner",
                        format!("class `{}` has neither a nation nor a side", c.id.get_ref()),
                    )
                    .at(Cx::span(file, &c.id))
                    .hint("add `nation = \"…\"` so its counters belong to a side"),
                );
            }
        }
        let front = c
            .factors
            .as_ref()
            .map(|f| factors(cx, file, names, f))
            .unwrap_or_default();
        let back = c.reduced.as_ref().map(|f| factors(cx, file, names, f));
        if let (Some(b), Some(spanned)) = (&back, &c.reduced) {
            let front_ids: BTreeSet<_> = front.iter().map(|(f, _)| *f).collect();
            let back_ids: BTreeSet<_> = b.iter().map(|(f, _)| *f).collect();
            if front_ids != back_ids {
                cx.push(
                    Diagnostic::error("mismatched-faces", format!("class `{}`: the reduced face does not list the same factors as the front", c.id.get_ref()))
                        .at(Cx::span(file, spanned))
                        .hint("give the back the same factor names as `factors`"),
                );
            }
        }
        if c.level.is_some() != c.line.is_some() {
            let at = c
                .level
                .as_ref()
                .map(|l| Cx::span(file, l))
                .or_else(|| c.line.as_ref().map(|l| Cx::span(file, l)));
            cx.push(
                Diagnostic::error("incomplete-level", format!("class `{}` needs both `level` and `line`", c.id.get_ref()))
                    .at_opt(at)
                    .hint("a levelled unit names its line (e.g. `line = \"gov-division\"`) and its level (1–4)"),
            );
        }
        let image = c
            .image
            .as_ref()
            .and_then(|p| super::tables::art_path(cx, file, &g.root, p));
        let back_image = c
            .back_image
            .as_ref()
            .and_then(|p| super::tables::art_path(cx, file, &g.root, p));
        g.classes.push(Class {
            id: c.id.get_ref().clone(),
            name: c.name.clone(),
            nation,
            side,
            unit_type: unit_type.unwrap_or(0),
            size: c.size.as_ref().map(|s| *s.get_ref()),
            faces: Faces { front, back },
            level: c.level.as_ref().map(|l| *l.get_ref()),
            line: c.line.as_ref().map(|l| l.get_ref().clone()),
            flags: c.flags.iter().map(|f| f.get_ref().clone()).collect(),
            hidden: c.hidden.clone(),
            image,
            back_image,
        });
    }

    for (file, c) in gather(files, |f| &f.counter) {
        if names.counter.define(file, &c.id, &mut cx.diags).is_none() {
            continue;
        }
        let class = names.class.resolve(file, &c.class, &mut cx.diags);
        let count = c.count.as_ref().map_or(1, |n| *n.get_ref());
        if let Some(n) = &c.count {
            if *n.get_ref() == 0 || *n.get_ref() > MAX_COPIES {
                cx.push(
                    Diagnostic::error(
                        "out-of-range",
                        format!("counter `{}` has {} copies", c.id.get_ref(), n.get_ref()),
                    )
                    .at(Cx::span(file, n))
                    .hint("a counter of the mix exists between 1 and 10000 times"),
                );
            }
        }
        let image = c
            .image
            .as_ref()
            .and_then(|p| super::tables::art_path(cx, file, &g.root, p));
        let name = c
            .name
            .clone()
            .or_else(|| class.map(|k| g.classes[k].name.clone()))
            .unwrap_or_else(|| c.id.get_ref().clone());
        g.counters.push(Counter {
            id: c.id.get_ref().clone(),
            name,
            class: class.unwrap_or(0),
            designation: c.designation.clone(),
            count,
            image,
        });
    }
    if !g.classes.is_empty() && g.unit_types.is_empty() {
        cx.push(
            Diagnostic::error(
                "no-unit-types",
                "classes are defined but no `[[unit-type]]`",
            )
            .hint("define the unit types your classes use"),
        );
    }
}

fn factors(
    cx: &mut Cx,
    file: FileId,
    names: &Names,
    map: &Spanned<IndexMap<Spanned<String>, i64>>,
) -> Vec<(usize, i64)> {
    let mut out = Vec::new();
    for (k, v) in map.get_ref() {
        if let Some(f) = names.factor.resolve(file, k, &mut cx.diags) {
            if *v < 0 {
                cx.push(
                    Diagnostic::error(
                        "out-of-range",
                        format!("factor `{}` is negative", k.get_ref()),
                    )
                    .at(Cx::span(file, k))
                    .hint("factors are printed numbers, 0 or more"),
                );
            }
            out.push((f, *v));
        }
    }
    out.sort_by_key(|(f, _)| *f);
    out
}
