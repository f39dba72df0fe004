//! An area map's `[map.geography]` checked before anything is laid: the keys an area map
//! needs (and none of a hex map's), the extent and picture width, one province for every
//! area (and none for an area the map lacks), every outline, patch and crossing well formed,
//! and every lake and Natural Earth country named there. All the mistakes are reported at
//! once.

use super::*;

/// What an area map's checked geography fixes for the laying.
pub(super) struct CheckedAreaMap<'a> {
    /// The projection the geography names.
    pub(super) projection: Projection,
    /// The extent: its south-west and north-east corners.
    pub(super) extent: &'a Spanned<[LatLon; 2]>,
    /// The picture's width, in pixels.
    pub(super) width: &'a Spanned<u32>,
}

/// Check an area map's geography; errors are located in `file`.
pub(super) fn check_area_map<'a>(
    file: FileId,
    geo: &'a Spanned<Geography>,
    map: &Map,
    atlas: Option<&Atlas>,
) -> Result<CheckedAreaMap<'a>, Diagnostics> {
    let mut diags = Diagnostics::default();
    let g = geo.get_ref();
    let at = |s: std::ops::Range<usize>| Span::new(file, s);
    let projection = projection_of(g, &mut diags, &at);
    for (key, span) in g.hex_map_keys() {
        diags.push(
            Diagnostic::error("conflicting-keys", format!("`{key}` is for hex maps"))
                .at(at(span))
                .hint("an area map's geography has `extent`, `width-px`, `[[map.geography.province]]` and `[[map.geography.lake]]`"),
        );
    }
    let (Some(extent), Some(width)) = (&g.extent, &g.width_px) else {
        diags.push(
            Diagnostic::error(
                "missing-key",
                "an area map's geography needs `extent` and `width-px`",
            )
            .at(at(geo.span()))
            .hint("e.g. `extent = [[50.0, 19.0], [55.0, 27.0]]` (south-west, north-east) and `width-px = 1600`"),
        );
        return Err(diags);
    };
    let [sw, ne] = *extent.get_ref();
    if !(valid_point(sw) && valid_point(ne) && sw[0] < ne[0] && sw[1] < ne[1]) {
        diags.push(
            Diagnostic::error("bad-geometry", "the extent is not a box of the globe")
                .at(at(extent.span()))
                .hint("give the south-west corner, then the north-east one: `[[lat, lon], [lat, lon]]`"),
        );
    }
    if !(100..=20_000).contains(width.get_ref()) {
        diags.push(
            Diagnostic::error(
                "out-of-range",
                format!("a picture {} pixels wide", width.get_ref()),
            )
            .at(at(width.span()))
            .hint("give between 100 and 20000 pixels"),
        );
    }
    let area_ids: BTreeSet<&str> = map.area.iter().map(|a| a.id.get_ref().as_str()).collect();
    let mut laid: BTreeSet<&str> = BTreeSet::new();
    for p in &g.province {
        let id = p.area.get_ref().as_str();
        if !area_ids.contains(id) {
            diags.push(
                Diagnostic::error("unknown-reference", format!("no area `{id}` on this map"))
                    .at(at(p.area.span()))
                    .hint_opt(crate::diag::suggest::did_you_mean(
                        id,
                        area_ids.iter().copied(),
                    )),
            );
        } else if !laid.insert(id) {
            diags.push(
                Diagnostic::error("duplicate-id", format!("area `{id}` has two provinces"))
                    .at(at(p.area.span())),
            );
        }
        check_point(&mut diags, file, &p.at);
        if let Some(seeds) = &p.seeds {
            if !seeds.get_ref().iter().all(|q| valid_point(*q)) {
                diags.push(
                    Diagnostic::error("bad-geometry", "a seed is not a point of the globe")
                        .at(at(seeds.span()))
                        .hint("give `[[latitude, longitude], …]` in degrees"),
                );
            }
        }
        if p.outline.is_some() && p.natural_earth.is_some() {
            diags.push(
                Diagnostic::error(
                    "conflicting-keys",
                    format!("province `{id}` has both an outline and Natural Earth countries"),
                )
                .at(at(p.area.span()))
                .hint("keep one of `outline` and `natural-earth`"),
            );
        }
        if let Some(o) = &p.outline {
            check_outline(&mut diags, file, o);
        }
        for names in [&p.natural_earth, &p.inside].into_iter().flatten() {
            check_countries(&mut diags, file, names, atlas);
        }
    }
    for patch in g.land.iter().chain(&g.unplayable) {
        let name = patch.name.get_ref();
        match (&patch.outline, &patch.natural_earth) {
            (Some(_), Some(_)) => diags.push(
                Diagnostic::error(
                    "conflicting-keys",
                    format!("`{name}` has both an outline and Natural Earth countries"),
                )
                .at(at(patch.name.span()))
                .hint("keep one of `outline` and `natural-earth`"),
            ),
            (None, None) => diags.push(
                Diagnostic::error("missing-key", format!("`{name}` has no shape"))
                    .at(at(patch.name.span()))
                    .hint("give an `outline = [[lat, lon], …]` or `natural-earth = [\"Country\"]`"),
            ),
            _ => {}
        }
        if let Some(o) = &patch.outline {
            check_outline(&mut diags, file, o);
        }
        for names in [&patch.natural_earth, &patch.inside].into_iter().flatten() {
            check_countries(&mut diags, file, names, atlas);
        }
    }
    for c in &g.crossing {
        let [a, b] = c.between.get_ref();
        for x in [a, b] {
            if !area_ids.contains(x.get_ref().as_str()) {
                diags.push(
                    Diagnostic::error(
                        "unknown-reference",
                        format!("no area `{}` on this map", x.get_ref()),
                    )
                    .at(at(x.span()))
                    .hint_opt(crate::diag::suggest::did_you_mean(
                        x.get_ref(),
                        area_ids.iter().copied(),
                    )),
                );
            }
        }
        if a.get_ref() == b.get_ref() {
            diags.push(
                Diagnostic::error(
                    "bad-crossing",
                    format!("a crossing between `{}` and itself", a.get_ref()),
                )
                .at(at(c.between.span()))
                .hint("a crossing joins two provinces across water: name both"),
            );
        }
        if let Some(line) = &c.line {
            if !line.get_ref().iter().all(|q| valid_point(*q)) {
                diags.push(
                    Diagnostic::error("bad-geometry", "a point of the line is not on the globe")
                        .at(at(line.span()))
                        .hint("give `[[latitude, longitude], [latitude, longitude]]` in degrees"),
                );
            }
        }
    }
    // Lakes: drawn over the provinces they lie in; one that is not there is a mistake.
    for l in &g.lake {
        check_point(&mut diags, file, &l.at);
        let [lat, lon] = *l.at.get_ref();
        if valid_point([lat, lon]) && atlas.is_some_and(|a| a.lake_at(lat, lon).is_none()) {
            diags.push(no_lake(file, l));
        }
    }
    for a in map.area.iter().filter(|a| a.within.is_none()) {
        if !laid.contains(a.id.get_ref().as_str()) {
            diags.push(
                Diagnostic::error(
                    "missing-key",
                    format!("area `{}` has no `[[map.geography.province]]`", a.id.get_ref()),
                )
                .at(at(a.id.span()))
                .hint("give it a seed point: `[[map.geography.province]]` with `area` and `at = [lat, lon]`"),
            );
        }
    }
    let Some(projection) = projection else {
        return Err(diags);
    };
    if diags.has_errors() {
        return Err(diags);
    }
    Ok(CheckedAreaMap {
        projection,
        extent,
        width,
    })
}
