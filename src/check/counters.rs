//! Checks of factors, unit types, classes and the counter mix, including two-level counters
//! (a counter whose `back` names the class printed on its other face): both faces adjacent
//! Levels of one line, of one unit type and owner, neither a two-step class, and every
//! Level of a line printed on one kind of counter.

use std::collections::{BTreeMap, BTreeSet};

use crate::load::schema::Spanned;
use indexmap::IndexMap;

use super::names::Names;
use super::{gather, Cx};
use crate::diag::{Diagnostic, Span};
use crate::load::schema::GameFile;
use crate::load::source::FileId;
use crate::model::counter::Visibility;
use crate::model::{Class, Counter, Faces, Factor, Game, UnitKind, UnitType};

pub(crate) use crate::load::schema::words::{SIZES, SYMBOLS};

/// The classes a counter prints: (front, back of a two-level counter).
type FacePair = (usize, Option<usize>);

/// Most copies of one counter a mix may have; more is surely a typo.
const MAX_COPIES: u32 = 10_000;

pub(crate) fn check_counters(
    cx: &mut Cx,
    files: &[(FileId, GameFile)],
    names: &mut Names,
    g: &mut Game,
) {
    for (file, f) in gather(files, |f| &f.factor) {
        if let Some(claim) = names.factor.define(file, &f.id, &mut cx.diags) {
            let factor = Factor {
                id: f.id.get_ref().clone(),
                name: f.name.clone(),
                abbreviation: f.abbreviation.clone(),
            };
            names.factor.admit(claim, &mut g.factors, factor);
        }
    }
    let types = gather(files, |f| &f.unit_type);
    for (file, t) in &types {
        if let Some(claim) = names.unit_type.define(*file, &t.id, &mut cx.diags) {
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
            let moves_as = t.moves_as.as_ref().and_then(|m| {
                super::word(
                    cx,
                    *file,
                    m,
                    "unit kind",
                    crate::load::schema::words::UNIT_KINDS,
                )
                .map(|w| match w {
                    "army" => UnitKind::Army,
                    _ => UnitKind::Fleet,
                })
            });
            let letter = match (&t.letter, moves_as) {
                (Some(l), _) => {
                    let ok = l.get_ref().len() <= 3
                        && !l.get_ref().is_empty()
                        && l.get_ref().chars().all(|c| c.is_ascii_alphabetic());
                    if !ok {
                        cx.push(
                            Diagnostic::error(
                                "bad-letter",
                                format!("`{}` cannot name a unit in orders", l.get_ref()),
                            )
                            .at(Cx::span(*file, l))
                            .hint("use one to three letters, such as `A` or `F`"),
                        );
                    }
                    l.get_ref().to_ascii_uppercase()
                }
                (None, Some(UnitKind::Army)) => "A".into(),
                (None, Some(UnitKind::Fleet)) => "F".into(),
                (None, None) => String::new(),
            };
            let unit_type = UnitType {
                id: t.id.get_ref().clone(),
                name: t.name.clone(),
                symbol: t.symbol.get_ref().clone(),
                combat: t.combat,
                counts_as: None,
                moves_as,
                letter,
            };
            names.unit_type.admit(claim, &mut g.unit_types, unit_type);
        }
    }
    // `counts-as` may point forwards, so resolve after all types are known.
    for (file, t) in &types {
        if let (Some(i), Some(up)) = (names.unit_type.get(t.id.get_ref()), &t.counts_as) {
            g.unit_types[i].counts_as = names.unit_type.resolve(*file, up, &mut cx.diags);
        }
    }

    // Where each class admitted prints its factors (its `factors`, else its id).
    let mut factors_at: Vec<(String, Span)> = Vec::new();
    for (file, c) in gather(files, |f| &f.class) {
        let Some(claim) = names.class.define(file, &c.id, &mut cx.diags) else {
            continue;
        };
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
        let visible_to = c.visible_to.as_ref().map_or(Visibility::Everyone, |v| {
            visible_to(cx, file, g, c, v, nation, side)
        });
        let image = c
            .image
            .as_ref()
            .and_then(|p| super::tables::art_path(cx, file, &g.root, p));
        let back_image = c
            .back_image
            .as_ref()
            .and_then(|p| super::tables::art_path(cx, file, &g.root, p));
        // A class of an unknown unit type was reported; it is left out of the model, and
        // so are the counters printing it.
        let Some(unit_type) = unit_type else {
            continue;
        };
        let class = Class {
            id: c.id.get_ref().clone(),
            name: c.name.clone(),
            nation,
            side,
            unit_type,
            size: c.size.as_ref().map(|s| *s.get_ref()),
            faces: Faces { front, back },
            level: c.level.as_ref().map(|l| *l.get_ref()),
            line: c.line.as_ref().map(|l| l.get_ref().clone()),
            flags: c.flags.iter().map(|f| f.get_ref().clone()).collect(),
            hidden: c.hidden.clone(),
            visible_to,
            image,
            back_image,
            compact_factors: c.compact_factors,
        };
        factors_at.push((
            c.id.get_ref().clone(),
            c.factors
                .as_ref()
                .map_or_else(|| Cx::span(file, &c.id), |f| Cx::span(file, f)),
        ));
        names.class.admit(claim, &mut g.classes, class);
    }
    missing_factors(cx, g, &factors_at);

    // Per class in a line: the first counter printing it, the pair of classes that counter
    // prints (front, back), and where.
    let mut printed: BTreeMap<usize, (usize, FacePair, Span)> = BTreeMap::new();
    for (file, c) in gather(files, |f| &f.counter) {
        let Some(claim) = names.counter.define(file, &c.id, &mut cx.diags) else {
            continue;
        };
        let class = names.class.resolve(file, &c.class, &mut cx.diags);
        let back = match (class, &c.back) {
            (Some(front), Some(b)) => names
                .class
                .resolve(file, b, &mut cx.diags)
                .filter(|back| two_level(cx, file, g, c, front, *back, b)),
            (None, Some(b)) => {
                // Still report an unknown back, but build nothing on it.
                names.class.resolve(file, b, &mut cx.diags);
                None
            }
            _ => None,
        };
        // A rejected `back` has been reported; comparing what is left would only echo it.
        if let Some(k) = class.filter(|_| c.back.is_none() || back.is_some()) {
            let pair = (k, back);
            let at = c
                .back
                .as_ref()
                .map_or_else(|| Cx::span(file, &c.class), |b| Cx::span(file, b));
            for face in [Some(k), back].into_iter().flatten() {
                if g.classes[face].line.is_none() {
                    continue;
                }
                match printed.get(&face) {
                    None => {
                        printed.insert(face, (g.counters.len(), pair, at.clone()));
                    }
                    Some((other, other_pair, other_at)) if *other_pair != pair => {
                        let describe = |(f, b): FacePair| match b {
                            Some(b) => format!(
                                "`{}` on the front and `{}` on the back",
                                g.classes[f].id, g.classes[b].id
                            ),
                            None => format!("only `{}`", g.classes[f].id),
                        };
                        cx.push(
                            Diagnostic::error(
                                "face-conflict",
                                format!(
                                    "class `{}` is printed on two kinds of counter: `{}` prints {}, `{}` prints {}",
                                    g.classes[face].id,
                                    g.counters[*other].id,
                                    describe(*other_pair),
                                    c.id.get_ref(),
                                    describe(pair)
                                ),
                            )
                            .at(at.clone())
                            .note(other_at.clone(), "the other kind of counter")
                            .hint("a Level change flips the counter or swaps it for the one printing the next Level, so each Level of a line is printed on one kind of counter: give these counters the same `class` and `back`"),
                        );
                    }
                    Some(_) => {}
                }
            }
        }
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
        // A counter of an unknown class was reported; it is left out of the model.
        if let Some(class) = class {
            let counter = Counter {
                id: c.id.get_ref().clone(),
                name,
                class,
                back,
                designation: c.designation.clone(),
                count,
                image,
            };
            names.counter.admit(claim, &mut g.counters, counter);
        }
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

/// A class's `visible-to`: a known word, and a class seen only by its own side needs a side
/// (its nation's, or its own). An owner that did not resolve was reported already.
fn visible_to(
    cx: &mut Cx,
    file: FileId,
    g: &Game,
    c: &crate::load::schema::Class,
    written: &Spanned<String>,
    nation: Option<usize>,
    side: Option<usize>,
) -> Visibility {
    let Some(visibility) = super::word(cx, file, written, "visibility", Visibility::WORDS)
        .and_then(Visibility::from_word)
    else {
        return Visibility::Everyone;
    };
    let owner = side.or_else(|| nation.and_then(|n| g.nations[n].side));
    let unresolved =
        (c.nation.is_some() && nation.is_none()) || (c.side.is_some() && side.is_none());
    if visibility == Visibility::OwnSide && owner.is_none() && !unresolved {
        let whose = match nation {
            Some(n) => format!("its nation `{}` is on no side", g.nations[n].id),
            None => "it has neither a nation nor a side".into(),
        };
        cx.push(
            Diagnostic::error(
                "hidden-without-side",
                format!(
                    "class `{}` is seen only by its own side, but {whose}",
                    c.id.get_ref()
                ),
            )
            .at(Cx::span(file, written))
            .hint(match nation {
                Some(n) => format!(
                    "list `{}` in the `nations` of a `[[side]]`, whose players alone will see these counters",
                    g.nations[n].id
                ),
                None => "give the class a `nation` that is on a side, or a `side`".into(),
            }),
        );
    }
    visibility
}

/// Whether `back` may be printed on the back of a counter of class `front`; reports why not.
fn two_level(
    cx: &mut Cx,
    file: FileId,
    g: &Game,
    c: &crate::load::schema::Counter,
    front: usize,
    back: usize,
    written: &Spanned<String>,
) -> bool {
    let (f, b) = (&g.classes[front], &g.classes[back]);
    let id = c.id.get_ref();
    let at = Cx::span(file, written);
    // Classes of the front's line one Level away, the likely intended backs.
    let neighbours: Vec<&str> = match (&f.line, f.level) {
        (Some(line), Some(level)) => g
            .classes
            .iter()
            .filter(|k| k.line.as_ref() == Some(line))
            .filter(|k| k.level.is_some_and(|l| l.abs_diff(level) == 1))
            .map(|k| k.id.as_str())
            .collect(),
        _ => Vec::new(),
    };
    let suggest = || {
        super::suggest::did_you_mean(&b.id, neighbours.iter().copied()).or_else(|| {
            (!neighbours.is_empty()).then(|| {
                format!(
                    "the adjacent Levels of `{}` are {}",
                    f.id,
                    neighbours
                        .iter()
                        .map(|n| format!("`{n}`"))
                        .collect::<Vec<_>>()
                        .join(" and ")
                )
            })
        })
    };
    let (Some(line), Some(level)) = (&f.line, f.level) else {
        cx.push(
            Diagnostic::error(
                "two-level-outside-line",
                format!(
                    "counter `{id}` prints `{}` on its back, but its front class `{}` is in no line of Levels",
                    b.id, f.id
                ),
            )
            .at(at)
            .hint("a two-level counter prints two Levels of one line: give both classes `level` and the same `line`"),
        );
        return false;
    };
    if b.line.as_ref() != Some(line) || b.level.is_none() {
        cx.push(
            Diagnostic::error(
                "two-level-outside-line",
                format!(
                    "counter `{id}` prints `{}` on its back, which is not in the line `{line}` of its front `{}`",
                    b.id, f.id
                ),
            )
            .at(at)
            .hint_opt(suggest().or_else(|| Some(format!("give `{}` `line = \"{line}\"` and its `level`", b.id)))),
        );
        return false;
    }
    let back_level = b.level.unwrap_or(0);
    if back_level.abs_diff(level) != 1 {
        cx.push(
            Diagnostic::error(
                "two-level-not-adjacent",
                format!(
                    "counter `{id}` prints Level {level} on the front and Level {back_level} on the back"
                ),
            )
            .at(at)
            .label("not the next Level")
            .hint_opt(suggest().or_else(|| {
                Some("the two faces of a counter are adjacent Levels (1/2, 3/4)".into())
            })),
        );
        return false;
    }
    if f.is_stepped() || b.is_stepped() {
        let which = if f.is_stepped() { f } else { b };
        cx.push(
            Diagnostic::error(
                "two-level-stepped",
                format!(
                    "counter `{id}` has two Levels on its faces, but class `{}` also has a `reduced` face",
                    which.id
                ),
            )
            .at(at)
            .hint("a counter has two faces: either a reduced step (`reduced` on the class) or another Level (`back` on the counter), not both"),
        );
        return false;
    }
    let owner = |k: &crate::model::Class| (k.unit_type, k.nation, k.side);
    if owner(f) != owner(b) {
        let what = if f.unit_type != b.unit_type {
            format!(
                "unit types ({} and {})",
                g.unit_types[f.unit_type].name, g.unit_types[b.unit_type].name
            )
        } else {
            "owners".into()
        };
        cx.push(
            Diagnostic::error(
                "mismatched-faces",
                format!(
                    "the faces of counter `{id}` (`{}` and `{}`) have different {what}",
                    f.id, b.id
                ),
            )
            .at(at)
            .hint("a unit changes Level only into a unit of the same type: give both classes the same `type` and `nation`"),
        );
        return false;
    }
    true
}

/// Warn of a combat class that leaves out a factor its fellows print: the other classes of
/// its unit type when it has some (every one of them prints it), else, alone in its type,
/// when it lacks exactly one of the factors every other combat class prints (artillery
/// without `movement`). A factor is not required as such: a class alone in its type that
/// lacks several of them is a different kind of unit (partisans that print only their
/// movement: they have no combat factors), and a game may print no factors at all.
fn missing_factors(cx: &mut Cx, g: &Game, at: &[(String, Span)]) {
    // Each class's printed factors, once; then how many combat classes print each factor,
    // in all and per unit type. A factor every *other* class of a group prints is one the
    // group's count reaches without this class: linear in the classes, however many share
    // a type.
    let printed: Vec<BTreeSet<usize>> = g
        .classes
        .iter()
        .map(|k| k.faces.front.iter().map(|(f, _)| *f).collect())
        .collect();
    let combat: Vec<usize> = (0..g.classes.len())
        .filter(|k| g.unit_types[g.classes[*k].unit_type].combat)
        .collect();
    let factors = printed
        .iter()
        .filter_map(|p| p.last())
        .max()
        .map_or(0, |f| f + 1)
        .max(g.factors.len());
    let mut in_all = vec![0usize; factors];
    // Per unit type: combat classes of the type, and how many of them print each factor.
    let mut by_type: BTreeMap<usize, (usize, Vec<usize>)> = BTreeMap::new();
    for &k in &combat {
        let (classes, counts) = by_type
            .entry(g.classes[k].unit_type)
            .or_insert_with(|| (0, vec![0; factors]));
        *classes += 1;
        for &f in &printed[k] {
            in_all[f] += 1;
            counts[f] += 1;
        }
    }
    // Where each class prints its factors (the first entry of its id).
    let mut spans: BTreeMap<&str, &Span> = BTreeMap::new();
    for (id, span) in at {
        spans.entry(id.as_str()).or_insert(span);
    }
    for &k in &combat {
        let class = &g.classes[k];
        let Some(span) = spans.get(class.id.as_str()).copied() else {
            continue;
        };
        let own = &printed[k];
        let (same_type, by_fellows) = &by_type[&class.unit_type];
        let (missing, fellows) = if *same_type == 1 {
            // Alone in its type: the factors every other combat class prints.
            let others = combat.len() - 1;
            let missing: Vec<usize> = if others == 0 {
                Vec::new()
            } else {
                (0..factors)
                    .filter(|f| !own.contains(f) && in_all[*f] == others)
                    .collect()
            };
            if missing.len() != 1 {
                continue;
            }
            (missing, "every other combat class".to_string())
        } else {
            let missing: Vec<usize> = (0..factors)
                .filter(|f| !own.contains(f) && by_fellows[*f] == same_type - 1)
                .collect();
            let type_name = &g.unit_types[class.unit_type].id;
            (missing, format!("the other `{type_name}` classes"))
        };
        for f in missing {
            cx.push(missing_factor(class, &g.factors[f], &fellows, span.clone()));
        }
    }
}

/// The warning for a class that prints no `factor` where its `fellows` all do.
fn missing_factor(class: &Class, factor: &Factor, fellows: &str, span: Span) -> Diagnostic {
    let verb = if fellows.starts_with("every") {
        "s"
    } else {
        ""
    };
    let reduced = if class.faces.back.is_some() {
        " and `reduced`"
    } else {
        ""
    };
    Diagnostic::warning(
        "missing-factor",
        format!(
            "class `{}` prints no `{}` factor, which {fellows} print{verb}",
            class.id, factor.id
        ),
    )
    .at(span)
    .hint(format!(
        "add `{} = …` ({}) to its `factors`{reduced}",
        factor.id, factor.name
    ))
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

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::{missing_factor, missing_factors, Cx};
    use crate::check::Part;
    use crate::diag::source::SourceMap;
    use crate::diag::{Diagnostic, Span};
    use crate::model::Game;
    use crate::testgame;

    /// The check as it was (per class, the intersection of its fellows' factors): the
    /// reference the counting one must agree with.
    fn reference(cx: &mut Cx, g: &Game, at: &[(String, Span)]) {
        let printed = |k: usize| -> BTreeSet<usize> {
            g.classes[k].faces.front.iter().map(|(f, _)| *f).collect()
        };
        let combat: Vec<usize> = (0..g.classes.len())
            .filter(|k| g.unit_types[g.classes[*k].unit_type].combat)
            .collect();
        let common = |among: &[usize]| -> Option<BTreeSet<usize>> {
            among
                .iter()
                .map(|k| printed(*k))
                .reduce(|a, b| a.intersection(&b).copied().collect())
        };
        for &k in &combat {
            let class = &g.classes[k];
            let Some(span) = at.iter().find(|(id, _)| *id == class.id).map(|(_, s)| s) else {
                continue;
            };
            let own = printed(k);
            let same_type: Vec<usize> = combat
                .iter()
                .copied()
                .filter(|j| *j != k && g.classes[*j].unit_type == class.unit_type)
                .collect();
            let (missing, fellows) = if same_type.is_empty() {
                let others: Vec<usize> = combat.iter().copied().filter(|j| *j != k).collect();
                let missing: Vec<usize> = common(&others)
                    .unwrap_or_default()
                    .difference(&own)
                    .copied()
                    .collect();
                if missing.len() != 1 {
                    continue;
                }
                (missing, "every other combat class".to_string())
            } else {
                let missing: Vec<usize> = common(&same_type)
                    .unwrap_or_default()
                    .difference(&own)
                    .copied()
                    .collect();
                let type_name = &g.unit_types[class.unit_type].id;
                (missing, format!("the other `{type_name}` classes"))
            };
            for f in missing {
                cx.push(missing_factor(class, &g.factors[f], &fellows, span.clone()));
            }
        }
    }

    /// The warnings of both checks on a game.
    fn both(g: &Game) -> (Vec<Diagnostic>, Vec<Diagnostic>) {
        let mut sources = SourceMap::default();
        let file = sources.add("classes.toml", "");
        let at: Vec<(String, Span)> = g
            .classes
            .iter()
            .enumerate()
            .map(|(i, k)| (k.id.clone(), Span::new(file, i..i + 1)))
            .collect();
        let run = |f: fn(&mut Cx, &Game, &[(String, Span)])| {
            let mut cx = Cx {
                sources: &sources,
                diags: Default::default(),
                map_left_out: false,
                part: Part::Counters,
                broken: BTreeSet::new(),
                errors_before: 0,
            };
            f(&mut cx, g, &at);
            cx.diags.iter().cloned().collect::<Vec<_>>()
        };
        (run(missing_factors), run(reference))
    }

    #[test]
    fn missing_factors_agree_with_the_reference() {
        let mut games = vec![testgame::theatre(), testgame::mini()];
        for id in [
            "great-patriotic-war",
            "great-european-war",
            "greek-civil-war",
        ] {
            games.push(testgame::example(id));
        }
        let files = testgame::large::gpw(1);
        let files: Vec<(&str, &str)> = files.iter().map(|(n, t)| (*n, t.as_str())).collect();
        games.push(testgame::build(&files));
        let mut warned = 0;
        for g in &games {
            // As written, then with factors struck from classes by a fixed sequence (one
            // class alone in its type, fellows missing one or several factors).
            let mut g = g.clone();
            let mut seed = 0x2545_f491_u64;
            for round in 0..4 {
                let (new, old) = both(&g);
                assert_eq!(new, old, "round {round} of {}", g.id);
                warned += new.len();
                for k in &mut g.classes {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    if seed.is_multiple_of(5) && !k.faces.front.is_empty() {
                        let i = (seed >> 8) as usize % k.faces.front.len();
                        k.faces.front.remove(i);
                    }
                }
            }
        }
        assert!(warned > 0, "some class misses a factor");
    }
}
