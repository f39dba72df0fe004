//! Checks of the rules of province-board games with units of many factors and industry:
//! `[rules.multi-factor]` (the strength factor, neutral sides, isolation) and
//! `[rules.industry]` (each power's IP and squadron tracks, provinces worth IPs, costs).

use crate::load::schema::Spanned;

use super::names::Names;
use super::Cx;
use crate::diag::Diagnostic;
use crate::load::schema::rules as schema;
use crate::load::source::FileId;
use crate::model::rules::{IndustryRules, IsolationRules, IsolationSource, MultiFactorRules};
use crate::model::{Game, MapKind};

/// `[rules.multi-factor]` resolved against the game's factors, sides and provinces.
pub(super) fn multi_factor(
    cx: &mut Cx,
    file: FileId,
    names: &Names,
    g: &Game,
    m: &schema::MultiFactor,
) -> MultiFactorRules {
    let strength = m
        .strength
        .as_ref()
        .and_then(|f| names.factor.resolve(file, f, &mut cx.diags));
    let neutrals = m
        .neutrals
        .iter()
        .filter_map(|s| names.side.resolve(file, s, &mut cx.diags))
        .collect();
    let full_gain = m
        .full_gain
        .iter()
        .filter(|p| province(cx, file, g, p))
        .map(|p| p.get_ref().clone())
        .collect();
    let isolation = m.isolation.as_ref().and_then(|i| {
        let to = match super::word(
            cx,
            file,
            &i.to,
            "isolation source",
            &["home-centres", "centres"],
        )? {
            "home-centres" => IsolationSource::HomeCentres,
            _ => IsolationSource::Centres,
        };
        if *i.reach.get_ref() == 0 {
            cx.push(
                Diagnostic::error(
                    "bad-value",
                    "an isolation line reaches at least one province",
                )
                .at(Cx::span(file, &i.reach))
                .hint("`reach` counts the provinces a line enters, e.g. 7"),
            );
            return None;
        }
        Some(IsolationRules {
            reach: *i.reach.get_ref(),
            to,
        })
    });
    MultiFactorRules {
        strength,
        neutrals,
        full_gain,
        isolation,
    }
}

/// `[rules.industry]` resolved against the game's sides, tracks and provinces.
pub(super) fn industry(
    cx: &mut Cx,
    file: FileId,
    names: &Names,
    g: &Game,
    i: &schema::Industry,
) -> IndustryRules {
    let mut tracks = |table: &indexmap::IndexMap<Spanned<String>, Spanned<String>>| {
        let mut out = Vec::new();
        for (side, track) in table {
            let s = names.side.resolve(file, side, &mut cx.diags);
            let t = names.track.resolve(file, track, &mut cx.diags);
            if let (Some(s), Some(t)) = (s, t) {
                out.push((s, t));
            }
        }
        out
    };
    let points = tracks(&i.points);
    let squadrons = tracks(&i.squadrons);
    let mut provinces = Vec::new();
    for (p, v) in &i.provinces {
        if province(cx, file, g, p) {
            provinces.push((p.get_ref().clone(), *v.get_ref()));
        }
    }
    let mut costs = [("supply", 1), ("build", 2), ("squadron", 2), ("factory", 4)];
    for (k, v) in &i.costs {
        let words: Vec<&'static str> = costs.iter().map(|(w, _)| *w).collect();
        if let Some(w) = super::word(cx, file, k, "cost", &words) {
            if let Some(c) = costs.iter_mut().find(|(x, _)| *x == w) {
                c.1 = *v.get_ref();
            }
        }
    }
    let bombing = i.bombing.as_ref().map_or(5, |b| *b.get_ref());
    if bombing == 0 {
        if let Some(b) = &i.bombing {
            cx.push(
                Diagnostic::error("bad-value", "`bombing` must be at least 1")
                    .at(Cx::span(file, b))
                    .hint("the attackers' surplus of squadrons per IP the defender loses, e.g. 5"),
            );
        }
    }
    let mut captured = Vec::new();
    for c in &i.captured {
        if let Some(id) = names.counter.resolve(file, c, &mut cx.diags) {
            if g.side_of(id).is_none() {
                cx.push(
                    Diagnostic::error(
                        "no-side",
                        format!("counter `{}` belongs to no side", c.get_ref()),
                    )
                    .at(Cx::span(file, c))
                    .hint("a captured-IP marker is a power's: give its class that power's nation"),
                );
            } else {
                captured.push(id);
            }
        }
    }
    IndustryRules {
        captured,
        points,
        squadrons,
        provinces,
        supply: costs[0].1,
        build: costs[1].1,
        squadron: costs[2].1,
        factory: costs[3].1,
        bombing: bombing.max(1),
    }
}

/// Whether a province id names an area of a province board; reports it when not.
pub(super) fn province(cx: &mut Cx, file: FileId, g: &Game, p: &Spanned<String>) -> bool {
    let all: Vec<&str> = g
        .maps
        .iter()
        .flat_map(|m| match &m.kind {
            MapKind::Area(a) => a.areas.iter().map(|x| x.id.as_str()).collect(),
            MapKind::Hex(_) => Vec::new(),
        })
        .collect();
    if all.contains(&p.get_ref().as_str()) {
        return true;
    }
    cx.push_map_miss(
        Diagnostic::error(
            "unknown-reference",
            format!("unknown province `{}`", p.get_ref()),
        )
        .at(Cx::span(file, p))
        .hint_opt(crate::diag::suggest::did_you_mean(p.get_ref(), all)),
    );
    false
}
