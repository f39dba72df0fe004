//! What a hex map's layers are decided from, as its geography gives it: Natural Earth cut
//! to the map's extent, the terrain and country regions (an outline, Natural Earth countries
//! or a band along a line) and the lakes, looked up in Natural Earth near the map.

use super::*;

/// The atlas cut to the map's extent (its corners and edges unprojected, a degree around).
pub(super) fn near_the_map(
    atlas: &Atlas,
    grid: &KmGrid,
    geometry: &HexGeometry,
    projection: &projection::Pinned,
) -> Atlas {
    let (mut west, mut south, mut east, mut north) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
    for c in geometry.coords() {
        let on_edge =
            c.col == 0 || c.row == 0 || c.col + 1 == geometry.columns || c.row + 1 == geometry.rows;
        if !on_edge {
            continue;
        }
        let (x, y) = grid.centre(c);
        let (lat, lon) = projection.unproject(x, y);
        west = west.min(lon);
        east = east.max(lon);
        south = south.min(lat);
        north = north.max(lat);
    }
    atlas.clipped(west - 1.0, south - 1.0, east + 1.0, north + 1.0)
}

/// The regions of `[[map.geography.terrain]]` (`terrain`) or `[[map.geography.country]]` as
/// the layers decide from them; Natural Earth's countries are `countries`, indexed.
pub(super) fn layer_regions(
    m: &HexMap,
    list: &[crate::load::schema::geography::Region],
    terrain: bool,
    countries: &BTreeMap<&str, Coverage>,
    known: &KnownIds,
) -> Vec<layers::Region> {
    let named = |names: &Spanned<Vec<String>>| -> Vec<Coverage> {
        names
            .get_ref()
            .iter()
            .filter_map(|n| countries.get(n.as_str()).cloned())
            .collect()
    };
    let region = |r: &crate::load::schema::geography::Region| layers::Region {
        id: r.id.get_ref().clone(),
        name: r.name.clone().unwrap_or_else(|| r.id.get_ref().clone()),
        shape: match (&r.outline, &r.natural_earth, &r.along) {
            (Some(outline), _, _) => layers::Shape::Outline(layers::outline(outline.get_ref())),
            (_, Some(names), _) => layers::Shape::Countries(named(names)),
            (_, _, Some(line)) => layers::Shape::Band(
                m.project(line.get_ref()),
                r.within_km.as_ref().map_or(0.0, |k| *k.get_ref()),
            ),
            _ => layers::Shape::Countries(Vec::new()),
        },
        inside: r.inside.as_ref().map(named),
        min_share: r.min_share.as_ref().map(|s| *s.get_ref()),
        water: terrain && known.water.contains(r.id.get_ref()),
    };
    list.iter().map(region).collect()
}

/// The lakes of the geography as the layers decide from them; a lake that is not in
/// Natural Earth near the map is an error.
pub(super) fn layer_lakes(
    m: &HexMap,
    atlas: Option<&Atlas>,
    lake_default: Option<&Spanned<String>>,
    diags: &mut Diagnostics,
) -> Vec<layers::Lake> {
    let mut lakes = Vec::new();
    for l in &m.geography.lake {
        let [lat, lon] = *l.at.get_ref();
        match atlas.and_then(|a| a.lake_at(lat, lon)) {
            Some(shape) => lakes.push(layers::Lake {
                name: l.name.get_ref().clone(),
                terrain: l
                    .terrain
                    .as_ref()
                    .or(lake_default)
                    .map(|t| t.get_ref().clone())
                    .unwrap_or_default(),
                cover: Coverage::of_polygon(shape),
                min_share: l.min_share.as_ref().map(|s| *s.get_ref()),
            }),
            None => diags.push(no_lake(m.file, l)),
        }
    }
    lakes
}
