//! The designer's decisions forced on hexes (`[[map.geography.hex]]`): a terrain or a
//! country (or none) for a hex or a list of hexes, applied over the layers the geography
//! gives, each one line of the report with the designer's reason.

use super::*;

/// Apply the geography's `[[map.geography.hex]]` decisions to the layers.
pub(super) fn apply_overrides(
    m: &HexMap,
    known: &KnownIds,
    laid: &mut layers::Layers,
    report: &mut Vec<Adjustment>,
    diags: &mut Diagnostics,
) {
    let HexMap {
        file,
        geography: g,
        geometry,
        ..
    } = *m;
    let at = |s: std::ops::Range<usize>| Span::new(file, s);
    let is_water = |t: &str| known.water.contains(t);
    for o in &g.hex {
        let numbers: Vec<&Spanned<String>> = o
            .hex
            .iter()
            .chain(o.hexes.iter().flat_map(|h| h.get_ref()))
            .collect();
        let mut hexes = Vec::new();
        for n in numbers {
            match geometry.parse_number(n.get_ref()) {
                Some(c) => hexes.push(c),
                None => diags.push(
                    Diagnostic::error(
                        "no-such-hex",
                        format!("hex `{}` is not on the map", n.get_ref()),
                    )
                    .at(at(n.span())),
                ),
            }
        }
        // One line of the report per decision: a list of two hundred hexes is one choice.
        let hex = match hexes.as_slice() {
            [] => continue,
            [one] => geometry.number(*one),
            [first, .., last] => format!(
                "{} … {} ({} hexes)",
                geometry.number(*first),
                geometry.number(*last),
                hexes.len()
            ),
        };
        if let Some(t) = &o.terrain {
            let water = is_water(t.get_ref());
            for c in &hexes {
                let i = geometry.index(*c);
                laid.terrain[i] = t.get_ref().clone();
                laid.water[i] = water;
                if water {
                    laid.country[i] = None;
                }
            }
            report.push(Adjustment::Override {
                hex: hex.clone(),
                what: format!("terrain {}", t.get_ref()),
                why: o.why.clone(),
            });
        }
        if let Some(cc) = &o.country {
            for c in &hexes {
                laid.country[geometry.index(*c)] =
                    Some(cc.get_ref().clone()).filter(|s| !s.is_empty());
            }
            report.push(Adjustment::Override {
                hex,
                what: format!(
                    "country {}",
                    if cc.get_ref().is_empty() {
                        "none"
                    } else {
                        cc.get_ref()
                    }
                ),
                why: o.why.clone(),
            });
        }
    }
}
