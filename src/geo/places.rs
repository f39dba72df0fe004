//! Places on a hex map: one per hex, on land. A place in a hex that is mostly water makes
//! it land when enough of it is, else moves to the nearest land; a place in a hex another
//! place holds moves to the nearest free one; a place's hex takes the country the place lies
//! in.

use super::*;

/// Put the geography's places on the map, each in its hex, and say where each one went.
pub(super) fn place<'a>(
    m: &HexMap<'a>,
    default_terrain: &Spanned<String>,
    country_regions: &[layers::Region],
    laid: &mut layers::Layers,
    out: &mut Computed,
    diags: &mut Diagnostics,
) -> BTreeMap<&'a str, HexCoord> {
    let HexMap {
        file,
        geography: g,
        geometry,
        grid,
        projection,
    } = *m;
    let at = |s: std::ops::Range<usize>| Span::new(file, s);
    let country_at = |x: f64, y: f64| -> Option<String> {
        let (lat, lon) = projection.unproject(x, y);
        country_regions
            .iter()
            .rev()
            .find(|r| r.covers((x, y), lon, lat))
            .map(|r| r.id.clone())
    };
    let mut taken: BTreeMap<HexCoord, String> = BTreeMap::new();
    let mut place_hex: BTreeMap<&str, HexCoord> = BTreeMap::new();
    for p in &g.place {
        let [lat, lon] = *p.at.get_ref();
        let (x, y) = projection.project(lat, lon);
        let Some(mut c) = grid.hex_at(x, y) else {
            diags.push(
                Diagnostic::error(
                    "off-map",
                    format!("place `{}` lies off the map", p.name.get_ref()),
                )
                .at(at(p.at.span()))
                .hint("move the anchor or enlarge the grid, or remove the place"),
            );
            continue;
        };
        let i = geometry.index(c);
        if laid.water[i] {
            if laid.land_share[i] >= PLACE_LAND_SHARE {
                laid.terrain[i] = default_terrain.get_ref().clone();
                laid.water[i] = false;
                out.report.push(Adjustment::MadeLand {
                    hex: geometry.number(c),
                    place: p.name.get_ref().clone(),
                    land: (laid.land_share[i] * 100.0).round() / 100.0,
                });
            } else {
                let nearest = nearest_hex(grid, c, (x, y), |n| {
                    !laid.water[geometry.index(n)] && !taken.contains_key(&n)
                });
                let Some(n) = nearest else {
                    diags.push(
                        Diagnostic::error(
                            "off-map",
                            format!(
                                "place `{}` lies in water ({} is {:.0}% land) with no land near",
                                p.name.get_ref(),
                                geometry.number(c),
                                laid.land_share[i] * 100.0
                            ),
                        )
                        .at(at(p.at.span())),
                    );
                    continue;
                };
                out.report.push(Adjustment::PlaceMoved {
                    place: p.name.get_ref().clone(),
                    from: geometry.number(c),
                    to: geometry.number(n),
                    why: "its hex is mostly water".into(),
                });
                c = n;
            }
        }
        if let Some(other) = taken.get(&c) {
            let nearest = nearest_hex(grid, c, (x, y), |n| {
                !laid.water[geometry.index(n)] && !taken.contains_key(&n)
            });
            let Some(n) = nearest else {
                diags.push(
                    Diagnostic::error(
                        "crowded",
                        format!(
                            "no free land hex near `{}` for place `{}`",
                            geometry.number(c),
                            p.name.get_ref()
                        ),
                    )
                    .at(at(p.at.span())),
                );
                continue;
            };
            out.report.push(Adjustment::PlaceMoved {
                place: p.name.get_ref().clone(),
                from: geometry.number(c),
                to: geometry.number(n),
                why: format!("{other} is there"),
            });
            c = n;
        }
        let i = geometry.index(c);
        if !country_regions.is_empty() {
            match country_at(x, y) {
                Some(own) if laid.country[i].as_deref() != Some(own.as_str()) => {
                    out.report.push(Adjustment::CountryOfPlace {
                        hex: geometry.number(c),
                        place: p.name.get_ref().clone(),
                        country: own.clone(),
                    });
                    laid.country[i] = Some(own);
                }
                // A place just off the data's coast, in a hex made land.
                None if laid.country[i].is_none() => {
                    if let Some(id) = layers::neighbours_country(geometry, &laid.country, c) {
                        out.report.push(Adjustment::CountryFromNeighbours {
                            hex: geometry.number(c),
                            country: id.clone(),
                        });
                        laid.country[i] = Some(id);
                    }
                }
                _ => {}
            }
        }
        taken.insert(c, p.name.get_ref().clone());
        place_hex.insert(p.name.get_ref().as_str(), c);
        out.places.push(ComputedPlace {
            name: p.name.get_ref().clone(),
            kind: p.kind.get_ref().clone(),
            hex: geometry.number(c),
            tags: p.tags.clone(),
        });
    }
    place_hex
}

/// A hex mostly water that holds a place becomes land when at least this share of it is.
const PLACE_LAND_SHARE: f64 = 0.3;

/// The hex within two of `c` that `fits`, nearest to the point.
pub(super) fn nearest_hex(
    grid: &KmGrid,
    c: HexCoord,
    (x, y): Km,
    fits: impl Fn(HexCoord) -> bool,
) -> Option<HexCoord> {
    let geometry = &grid.geometry;
    let mut free: Vec<(f64, HexCoord)> = geometry
        .coords()
        .filter(|n| *n != c && geometry.distance(c, *n) <= 2 && fits(*n))
        .map(|n| {
            let (cx, cy) = grid.centre(n);
            ((cx - x).hypot(cy - y), n)
        })
        .collect();
    free.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
    free.first().map(|f| f.1)
}
