//! The warnings about what a player would see wrong on the picture: sizable land drawn off
//! the board that no `unplayable` marks, and unit boxes outside their province or over
//! another name.

use super::*;

/// A located warning for each sizable piece of land (about the square a counter takes, so a
/// piece a player would want to stand on) drawn off the board that no
/// `[[map.geography.unplayable]]` marks so (`grey`: the piece, and whether it is an island
/// without a seed rather than a piece of seeded land no province borders), at the land
/// province whose seed is nearest to it. An island outside the box the land provinces'
/// seeds span is left alone.
pub(super) fn grey_land_warnings(
    grey: &[(Polygon<f64>, bool)],
    unplayable: &MultiPolygon<f64>,
    (g, kinds, seeds): (&Geography, &[bool], &[Vec<Km>]),
    (picture, sizes): (&Picture, Boxes),
    projection: &Projection,
    (file, warnings): (FileId, &mut Diagnostics),
) {
    let sizable_km2 = sizes.sizable / (picture.scale * picture.scale);
    // The box the land provinces' seeds span.
    let span = (0..g.province.len())
        .filter(|&j| !kinds[j])
        .flat_map(|j| seeds[j].iter())
        .map(|&(x, y)| Rect::new((x, y), (x, y)))
        .reduce(|a, b| cover(&a, &b));
    for (piece, island) in grey {
        let km2 = piece.unsigned_area();
        if km2 < sizable_km2 {
            continue;
        }
        let marked = if unplayable.0.is_empty() {
            0.0
        } else {
            MultiPolygon::new(vec![piece.clone()])
                .intersection(unplayable)
                .unsigned_area()
        };
        if marked >= km2 / 2.0 {
            continue;
        }
        let Some(q) = interior(piece) else {
            continue;
        };
        // An island beyond the land the provinces span (Iceland off a board of Europe) is
        // plainly not the board's.
        if *island
            && !span
                .as_ref()
                .is_some_and(|r: &Rect<f64>| r.contains(&Point::new(q.x(), q.y())))
        {
            continue;
        }
        let nearest = (0..g.province.len())
            .filter(|&j| !kinds[j])
            .map(|j| {
                let d = seeds[j]
                    .iter()
                    .map(|&(x, y)| (x - q.x()).hypot(y - q.y()))
                    .fold(f64::INFINITY, f64::min);
                (d, j)
            })
            .min_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
        let Some((_, j)) = nearest else { continue };
        let (lat, lon) = projection.unproject(q.x(), q.y());
        let (lat, lon) = ((lat * 100.0).round() / 100.0, (lon * 100.0).round() / 100.0);
        let area = g.province[j].area.get_ref();
        let what = if *island {
            "an island holding no seed"
        } else {
            "land that borders no province of the board"
        };
        warnings.push(
            Diagnostic::warning(
                "land-off-board",
                format!(
                    "{} km² of land at [{lat}, {lon}] is drawn off the board: {what}",
                    km2.round()
                ),
            )
            .at(Span::new(file, g.province[j].area.span()))
            .hint(format!(
                "to play it, give a province a seed on it (e.g. `seeds = [[{lat}, {lon}]]` in the province of `{area}`, the nearest); to keep it off the board, say so with `[[map.geography.unplayable]]` (an `outline` around it, or its Natural Earth country)"
            )),
        );
    }
}

/// Located warnings for the boxes a province board draws where they leave their province:
/// an area's unit box (a square of [`Boxes::unit`] around its position) with more than
/// half of it outside its outline — the boxes keep their size in pixels whatever
/// `width-px` is, so a picture too narrow for its provinces spills them over their
/// neighbours —, and a split coast's fleet box whose middle lies outside its province or
/// over another area's name.
pub(super) fn boxes_in_their_provinces(
    map: &Map,
    laid: &[ComputedArea],
    sizes: Boxes,
    (file, warnings): (FileId, &mut Diagnostics),
) {
    let span_of = |id: &str| {
        map.area
            .iter()
            .find(|a| a.id.get_ref() == id)
            .map(|a| a.id.span())
    };
    // A written coast position, else the area's id.
    let coast_span = |area: &str, coast: &str| {
        map.area
            .iter()
            .find(|a| a.id.get_ref() == area)?
            .coast
            .iter()
            .find(|c| c.id.get_ref() == coast)?
            .position
            .as_ref()
            .map(|p| p.span())
    };
    for a in laid {
        let Some(span) = span_of(&a.id) else { continue };
        let [x, y] = a.position;
        // The unit box, a counter's square at the default size, where the name's block
        // stands.
        let half = sizes.unit / 2.0;
        let outside = [-1.0, 0.0, 1.0]
            .iter()
            .flat_map(|fx| [-1.0, 0.0, 1.0].map(|fy| [x + fx * half, y + fy * half]))
            .filter(|p| !in_ring(&a.outline, *p))
            .count();
        if outside >= 5 {
            warnings.push(
                Diagnostic::warning(
                    "box-outside-province",
                    format!(
                        "the unit box of area `{}` (around [{x}, {y}]) lies mostly outside its outline",
                        a.id
                    ),
                )
                .at(Span::new(file, span.clone()))
                .hint(format!(
                    "boxes keep their size ({} px square, from `[art] counter-size`) whatever `width-px` is: make the picture wider, move the name's point (`at`) to where the province is widest, or make the counters smaller",
                    sizes.unit
                )),
            );
        }
        for c in &a.coasts {
            let at = c.position;
            let over: Vec<&str> = laid
                .iter()
                .filter(|o| o.id != a.id)
                .filter(|o| {
                    (o.position[0] - at[0]).abs() < sizes.fleet[0] / 2.0
                        && (o.position[1] - at[1]).abs() < sizes.fleet[1] / 2.0
                })
                .map(|o| o.id.as_str())
                .collect();
            let why = if !in_ring(&a.outline, at) {
                "outside the province".to_string()
            } else if let Some(o) = over.first() {
                format!("over the name of `{o}`")
            } else {
                continue;
            };
            warnings.push(
                Diagnostic::warning(
                    "box-outside-province",
                    format!(
                        "the fleet box of `{}/{}` at [{}, {}] is drawn {why}",
                        a.id, c.id, at[0], at[1]
                    ),
                )
                .at(Span::new(file, coast_span(&a.id, &c.id).unwrap_or_else(|| span.clone())))
                .hint("move the coast's `position` inside the province, by its coast (or delete it and `sandtable geo` places it), or make the picture wider (`width-px`)"),
            );
        }
    }
}
