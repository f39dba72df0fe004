//! The checks both kinds of map share: the map has a `[map.geography]`, its projection is
//! one sandtable knows with the keys it needs, every point is a point of the globe, every
//! Natural Earth country named exists, and every lake named lies in a Natural Earth lake.

use super::*;

/// `[map.geography]` of a map, or an error at its id.
pub(super) fn section(file: FileId, map: &Map) -> Result<&Spanned<Geography>, Diagnostics> {
    map.geography.as_ref().ok_or_else(|| {
        let mut diags = Diagnostics::default();
        diags.push(
            Diagnostic::error(
                "missing-key",
                format!("map `{}` has no `[map.geography]`", map.id.get_ref()),
            )
            .at(Span::new(file, map.id.span()))
            .hint("describe its projection and layers in `[map.geography]` (the designer's book, \"Maps from geography\")"),
        );
        diags
    })
}

/// An error for a point off the globe.
pub(super) fn check_point(diags: &mut Diagnostics, file: FileId, pt: &Spanned<LatLon>) {
    if !valid_point(*pt.get_ref()) {
        diags.push(
            Diagnostic::error("bad-geometry", "not a point of the globe")
                .at(Span::new(file, pt.span()))
                .hint("give `[latitude, longitude]` in degrees"),
        );
    }
}

/// An error for an outline of fewer than three points or with a point off the globe.
pub(super) fn check_outline(diags: &mut Diagnostics, file: FileId, outline: &Spanned<Vec<LatLon>>) {
    let points = outline.get_ref();
    if points.len() < 3 || !points.iter().all(|q| valid_point(*q)) {
        diags.push(
            Diagnostic::error(
                "bad-geometry",
                "an outline needs at least 3 points of `[latitude, longitude]` in degrees",
            )
            .at(Span::new(file, outline.span())),
        );
    }
}

/// An error for each name Natural Earth does not know (when the atlas is at hand).
pub(super) fn check_countries(
    diags: &mut Diagnostics,
    file: FileId,
    names: &Spanned<Vec<String>>,
    atlas: Option<&Atlas>,
) {
    let Some(atlas) = atlas else { return };
    for name in names.get_ref() {
        if !atlas.countries.contains_key(name) {
            diags.push(
                Diagnostic::error(
                    "unknown-reference",
                    format!("Natural Earth has no country `{name}`"),
                )
                .at(Span::new(file, names.span()))
                .hint_opt(
                    crate::diag::suggest::did_you_mean(
                        name,
                        atlas.countries.keys().map(String::as_str),
                    )
                    .or_else(|| {
                        natural_earth::spelling(name, atlas.countries.keys().map(String::as_str))
                            .map(|c| format!("did you mean `{c}`? (Natural Earth's name)"))
                    }),
                ),
            );
        }
    }
}

/// Whether a `[latitude, longitude]` is a point of the globe (and not too near a pole).
pub(super) fn valid_point([lat, lon]: LatLon) -> bool {
    lat.is_finite() && lon.is_finite() && lat.abs() <= 89.0 && lon.abs() <= 360.0
}

/// The projection the geography names, or `None` with an error at the key that is wrong.
pub(super) fn projection_of(
    g: &Geography,
    diags: &mut Diagnostics,
    at: &dyn Fn(std::ops::Range<usize>) -> Span,
) -> Option<Projection> {
    let p = g.projection.get_ref();
    let [lat0, lon0] = *p.centre.get_ref();
    if !(lat0.abs() < 89.0 && lon0.abs() <= 360.0) {
        diags.push(
            Diagnostic::error(
                "out-of-range",
                "the projection's centre is not a point of the globe",
            )
            .at(at(p.centre.span()))
            .hint("give `centre = [latitude, longitude]` in degrees"),
        );
        return None;
    }
    match p.kind.get_ref().as_str() {
        "lambert-conformal-conic" => {
            let Some(par) = &p.parallels else {
                diags.push(
                    Diagnostic::error(
                        "missing-key",
                        "a Lambert conformal conic projection needs `parallels`",
                    )
                    .at(at(p.kind.span()))
                    .hint("give the two standard parallels, e.g. `parallels = [47, 57]`"),
                );
                return None;
            };
            let [a, b] = *par.get_ref();
            let lambert =
                Projection::lambert(a, b, lat0, lon0).filter(|_| a.abs() < 89.0 && b.abs() < 89.0);
            if lambert.is_none() {
                diags.push(
                    Diagnostic::error(
                        "out-of-range",
                        format!("standard parallels {a} and {b} give no cone"),
                    )
                    .at(at(par.span()))
                    .hint("use two parallels on one side of the equator, bracketing the map"),
                );
            }
            lambert
        }
        "equirectangular" => {
            if let Some(par) = &p.parallels {
                diags.push(
                    Diagnostic::error(
                        "conflicting-keys",
                        "an equirectangular projection has no standard parallels",
                    )
                    .at(at(par.span()))
                    .hint("remove `parallels`; the centre's latitude is the one of true scale"),
                );
            }
            Some(Projection::Equirectangular { lat0, lon0 })
        }
        other => {
            diags.push(
                Diagnostic::error("unknown-value", format!("unknown projection `{other}`"))
                    .at(at(p.kind.span()))
                    .hint("use `lambert-conformal-conic` or `equirectangular`"),
            );
            None
        }
    }
}

/// A lake whose point lies in no Natural Earth lake.
pub(super) fn no_lake(file: FileId, l: &crate::load::schema::geography::Lake) -> Diagnostic {
    let [lat, lon] = *l.at.get_ref();
    Diagnostic::error(
        "unknown-reference",
        format!(
            "no Natural Earth lake at [{lat}, {lon}] for `{}`",
            l.name.get_ref()
        ),
    )
    .at(Span::new(file, l.at.span()))
    .hint("give a point well inside the lake (Natural Earth's 1:10m lakes), on the map")
}
