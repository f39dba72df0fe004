//! What `sandtable geo` keeps between runs in the cache folder (`~/.cache/sandtable/geo/`):
//! Natural Earth as read from its package, and the cuts of coast, sea, countries and patches
//! that do not depend on the seed points — so that a designer moving seeds waits only for
//! the cuts the seeds make, not for reading the atlas again and cutting the coast to the map.
//!
//! An entry is found by the SHA-256 of everything it is made from: for a cut, the two shapes
//! (every coordinate's exact bits), the operation, this file and `Cargo.lock` (which names the
//! version of the library that cuts); for the atlas, the pinned hashes of the packages, the
//! scale, whether lakes were read, this file and the reader (`natural_earth.rs`). A changed
//! input is another entry, never a stale one. An entry ends with the SHA-256 of its content:
//! one damaged or cut short is made again (and written over), never read. Coordinates are
//! kept as their exact bits, so a shape read back is the shape computed: the cache never
//! changes what `geo` writes. Entries are written through a temporary file and renamed, so
//! two runs at once see a whole entry or none; when the folder cannot be written the work is
//! simply done every time. The cache folder itself (`cache_dir`, where Natural Earth's
//! packages are kept too) and writing a file whole (`write_atomic`) are here, so that the
//! atlas reader uses the cache and the cache needs nothing of the reader.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use geo::{BooleanOps, Coord, LineString, MultiPolygon, Polygon};
use sha2::{Digest, Sha256};

/// The first bytes of an entry: what it is and the layout's version.
const MAGIC: &[u8] = b"sandtable geo cache 1\n";

/// Cuts of shapes with fewer points than this together are made, not looked up: reading a
/// file costs more than cutting them.
const SMALL_CUT: usize = 2_000;

/// A cut of one shape by another.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Cut {
    Intersection,
    Union,
    Difference,
}

impl Cut {
    fn tag(self) -> u8 {
        match self {
            Cut::Intersection => b'i',
            Cut::Union => b'u',
            Cut::Difference => b'd',
        }
    }
}

/// `a` cut by `b` — exactly what `a.intersection(b)` (or union, difference) gives — read
/// from the cache when it was made before, else made and kept.
pub(crate) fn cut(a: &MultiPolygon<f64>, b: &MultiPolygon<f64>, how: Cut) -> MultiPolygon<f64> {
    let make = || match how {
        Cut::Intersection => a.intersection(b),
        Cut::Union => a.union(b),
        Cut::Difference => a.difference(b),
    };
    if points(a) + points(b) < SMALL_CUT {
        return make();
    }
    let Some(folder) = folder() else {
        return make();
    };
    let mut bytes = Vec::new();
    put_shape(&mut bytes, a);
    put_shape(&mut bytes, b);
    let key = hash(&[b"cut", &[how.tag()], &engine(), &bytes]);
    let path = folder.join(format!("cut-{key}"));
    if let Some(shape) = read(&path).and_then(|c| one_shape(&c)) {
        return shape;
    }
    let shape = make();
    let mut content = Vec::new();
    put_shape(&mut content, &shape);
    write(&path, &content);
    shape
}

/// The atlas read from the packages at `scale` (with lakes or not), when it was kept: its
/// land, lakes and countries.
pub(crate) fn atlas(scale: &str, lakes: bool, packages: &[&str]) -> Option<AtlasParts> {
    let path = folder()?.join(atlas_name(scale, lakes, packages));
    let content = read(&path)?;
    let mut r = Reader(&content);
    let land = r.shape()?;
    let lakes = r.shape()?.0;
    let n = r.count()?;
    let mut countries = BTreeMap::new();
    for _ in 0..n {
        let name = r.text()?;
        countries.insert(name, r.shape()?);
    }
    r.0.is_empty().then_some((land, lakes, countries))
}

/// An atlas as kept: its land, its lakes, each country's outline.
pub(crate) type AtlasParts = (
    MultiPolygon<f64>,
    Vec<Polygon<f64>>,
    BTreeMap<String, MultiPolygon<f64>>,
);

/// Keep the atlas (land, lakes, countries) read from the packages at `scale` (with lakes or
/// not).
pub(crate) fn keep_atlas(
    scale: &str,
    lakes: bool,
    packages: &[&str],
    land: &MultiPolygon<f64>,
    lake_list: &[Polygon<f64>],
    countries: &BTreeMap<String, MultiPolygon<f64>>,
) {
    let Some(folder) = folder() else { return };
    let mut content = Vec::new();
    put_shape(&mut content, land);
    put_shape(&mut content, &MultiPolygon::new(lake_list.to_vec()));
    put_count(&mut content, countries.len());
    for (name, shape) in countries {
        put_count(&mut content, name.len());
        content.extend_from_slice(name.as_bytes());
        put_shape(&mut content, shape);
    }
    write(&folder.join(atlas_name(scale, lakes, packages)), &content);
}

fn atlas_name(scale: &str, lakes: bool, packages: &[&str]) -> String {
    let packages: Vec<&[u8]> = packages.iter().map(|p| p.as_bytes()).collect();
    let key = hash(&[
        b"atlas",
        scale.as_bytes(),
        &[u8::from(lakes)],
        &packages.concat(),
        include_str!("cache.rs").as_bytes(),
        include_str!("natural_earth.rs").as_bytes(),
    ]);
    format!("atlas-{key}")
}

/// What the cuts depend on besides their shapes: the versions of the libraries (the lock
/// file) and this file.
fn engine() -> [u8; 32] {
    static ENGINE: OnceLock<[u8; 32]> = OnceLock::new();
    *ENGINE.get_or_init(|| {
        let mut h = Sha256::new();
        h.update(include_str!("../../Cargo.lock").as_bytes());
        h.update(include_str!("cache.rs").as_bytes());
        h.finalize().into()
    })
}

/// The cache: `SANDTABLE_CACHE`, else `$XDG_CACHE_HOME/sandtable`, else `~/.cache/sandtable`.
pub(crate) fn cache_dir() -> Result<PathBuf, String> {
    if let Some(d) = std::env::var_os("SANDTABLE_CACHE") {
        return Ok(PathBuf::from(d));
    }
    if let Some(d) = std::env::var_os("XDG_CACHE_HOME") {
        return Ok(PathBuf::from(d).join("sandtable"));
    }
    std::env::var_os("HOME")
        .map(|h| PathBuf::from(h).join(".cache").join("sandtable"))
        .ok_or_else(|| "no cache folder for Natural Earth: set SANDTABLE_CACHE or HOME".to_string())
}

/// Writes a file whole or not at all: a temporary file beside it, renamed.
pub(crate) fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), String> {
    let dir = path.parent().unwrap_or(Path::new("."));
    let mut tmp =
        tempfile::NamedTempFile::new_in(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    std::io::Write::write_all(&mut tmp, bytes).map_err(|e| format!("{}: {e}", path.display()))?;
    // A temporary file is private; what lands in the cache or a game reads like any file.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(tmp.path(), std::fs::Permissions::from_mode(0o644))
            .map_err(|e| format!("{}: {e}", path.display()))?;
    }
    tmp.persist(path)
        .map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(())
}

/// The cache's folder for geography, made if need be; `None` when there is none to write.
fn folder() -> Option<&'static Path> {
    static FOLDER: OnceLock<Option<PathBuf>> = OnceLock::new();
    FOLDER
        .get_or_init(|| {
            let dir = cache_dir().ok()?.join("geo");
            std::fs::create_dir_all(&dir).ok()?;
            Some(dir)
        })
        .as_deref()
}

/// A SHA-256 in hex of parts, each preceded by its length (so that no two lists of parts
/// read the same).
fn hash(parts: &[&[u8]]) -> String {
    let mut h = Sha256::new();
    for p in parts {
        h.update((p.len() as u64).to_le_bytes());
        h.update(p);
    }
    h.finalize().iter().map(|b| format!("{b:02x}")).collect()
}

/// An entry's content, if it is whole: its magic, then the content, then the content's
/// SHA-256.
fn read(path: &Path) -> Option<Vec<u8>> {
    let mut bytes = std::fs::read(path).ok()?;
    let body = bytes.len().checked_sub(32)?;
    if body < MAGIC.len() || &bytes[..MAGIC.len()] != MAGIC {
        return None;
    }
    let sum: [u8; 32] = Sha256::digest(&bytes[MAGIC.len()..body]).into();
    if bytes[body..] != sum {
        return None;
    }
    bytes.truncate(body);
    bytes.drain(..MAGIC.len());
    Some(bytes)
}

/// Write an entry (its magic, the content and the content's SHA-256); a failure only costs
/// the next run the work.
fn write(path: &Path, content: &[u8]) {
    let sum: [u8; 32] = Sha256::digest(content).into();
    let mut bytes = Vec::with_capacity(MAGIC.len() + content.len() + 32);
    bytes.extend_from_slice(MAGIC);
    bytes.extend_from_slice(content);
    bytes.extend_from_slice(&sum);
    let _ = write_atomic(path, &bytes);
}

fn points(m: &MultiPolygon<f64>) -> usize {
    m.0.iter()
        .map(|p| p.exterior().0.len() + p.interiors().iter().map(|r| r.0.len()).sum::<usize>())
        .sum()
}

fn put_count(out: &mut Vec<u8>, n: usize) {
    out.extend_from_slice(&(n as u64).to_le_bytes());
}

/// A shape as bytes: its polygons, each its rings (the exterior first), each its points;
/// every count and coordinate in little-endian, coordinates as their exact bits.
fn put_shape(out: &mut Vec<u8>, m: &MultiPolygon<f64>) {
    put_count(out, m.0.len());
    for p in &m.0 {
        put_count(out, 1 + p.interiors().len());
        for ring in std::iter::once(p.exterior()).chain(p.interiors()) {
            put_count(out, ring.0.len());
            for c in &ring.0 {
                out.extend_from_slice(&c.x.to_bits().to_le_bytes());
                out.extend_from_slice(&c.y.to_bits().to_le_bytes());
            }
        }
    }
}

/// The one shape a content holds, and nothing after it.
fn one_shape(content: &[u8]) -> Option<MultiPolygon<f64>> {
    let mut r = Reader(content);
    let shape = r.shape()?;
    r.0.is_empty().then_some(shape)
}

/// Reads what [`put_shape`] and [`put_count`] wrote; `None` on anything short or odd.
struct Reader<'a>(&'a [u8]);

impl Reader<'_> {
    fn take<const N: usize>(&mut self) -> Option<[u8; N]> {
        let (head, rest) = self.0.split_first_chunk::<N>()?;
        self.0 = rest;
        Some(*head)
    }

    /// A count, which cannot exceed what is left to read at `min` bytes an item.
    fn count_of(&mut self, min: usize) -> Option<usize> {
        let n = usize::try_from(u64::from_le_bytes(self.take()?)).ok()?;
        (n <= self.0.len() / min.max(1)).then_some(n)
    }

    fn count(&mut self) -> Option<usize> {
        self.count_of(8)
    }

    fn text(&mut self) -> Option<String> {
        let n = self.count_of(1)?;
        let (head, rest) = self.0.split_at_checked(n)?;
        self.0 = rest;
        String::from_utf8(head.to_vec()).ok()
    }

    fn f64(&mut self) -> Option<f64> {
        Some(f64::from_bits(u64::from_le_bytes(self.take()?)))
    }

    fn ring(&mut self) -> Option<LineString<f64>> {
        let n = self.count_of(16)?;
        let mut coords = Vec::with_capacity(n);
        for _ in 0..n {
            let (x, y) = (self.f64()?, self.f64()?);
            coords.push(Coord { x, y });
        }
        Some(LineString::new(coords))
    }

    fn shape(&mut self) -> Option<MultiPolygon<f64>> {
        let n = self.count()?;
        let mut polygons = Vec::with_capacity(n);
        for _ in 0..n {
            let rings = self.count()?;
            let exterior = self.ring()?;
            let mut interiors = Vec::with_capacity(rings.saturating_sub(1));
            for _ in 1..rings {
                interiors.push(self.ring()?);
            }
            // Built from its parts as they were: `Polygon::new` closes rings, which a
            // kept ring already is (or is empty).
            polygons.push(Polygon::new(exterior, interiors));
        }
        Some(MultiPolygon::new(polygons))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> MultiPolygon<f64> {
        let ring = |pts: &[(f64, f64)]| LineString::from(pts.to_vec());
        MultiPolygon::new(vec![
            Polygon::new(
                ring(&[(0.1, 0.2), (10.0, 0.0), (10.0, 1e-300), (0.0, 10.0)]),
                vec![ring(&[(1.0, 1.0), (2.0, 1.0), (2.0, 2.0)])],
            ),
            Polygon::new(ring(&[(-5.5, 3.25), (-4.0, 3.0), (-4.5, 4.0)]), vec![]),
        ])
    }

    #[test]
    fn a_shape_reads_back_to_the_bit() {
        let m = sample();
        let mut bytes = Vec::new();
        put_shape(&mut bytes, &m);
        assert_eq!(one_shape(&bytes), Some(m.clone()));
        // Cut short, or with something after it: not a shape.
        assert_eq!(one_shape(&bytes[..bytes.len() - 1]), None);
        bytes.push(0);
        assert_eq!(one_shape(&bytes), None);
    }

    #[test]
    fn a_damaged_entry_is_not_read() {
        let dir = tempfile::tempdir().expect("temp dir");
        let path = dir.path().join("cut-x");
        let mut content = Vec::new();
        put_shape(&mut content, &sample());
        write(&path, &content);
        assert_eq!(read(&path).as_deref(), Some(&content[..]));
        let mut bytes = std::fs::read(&path).expect("written");
        // One bit flipped in a coordinate.
        let k = MAGIC.len() + 40;
        bytes[k] ^= 1;
        std::fs::write(&path, &bytes).expect("write");
        assert_eq!(read(&path), None);
        // Cut short.
        bytes[k] ^= 1;
        std::fs::write(&path, &bytes[..bytes.len() - 3]).expect("write");
        assert_eq!(read(&path), None);
        std::fs::write(&path, b"").expect("write");
        assert_eq!(read(&path), None);
    }

    #[test]
    fn garbage_counts_do_not_allocate_or_panic() {
        let mut bytes = Vec::new();
        put_count(&mut bytes, usize::MAX / 2);
        assert_eq!(one_shape(&bytes), None);
        let mut bytes = Vec::new();
        put_count(&mut bytes, 1);
        put_count(&mut bytes, 1);
        put_count(&mut bytes, 1 << 40);
        assert_eq!(one_shape(&bytes), None);
    }

    #[test]
    fn a_kept_cut_is_the_cut() {
        // Large enough to be looked up (a many-sided polygon and a square across it).
        let n = SMALL_CUT;
        let circle: Vec<(f64, f64)> = (0..n)
            .map(|k| {
                let t = k as f64 / n as f64 * std::f64::consts::TAU;
                (t.cos() * 10.0, t.sin() * 10.0)
            })
            .collect();
        let a = MultiPolygon::new(vec![Polygon::new(LineString::from(circle), vec![])]);
        let b = MultiPolygon::new(vec![Polygon::new(
            LineString::from(vec![(0.0, 0.0), (20.0, 0.0), (20.0, 20.0), (0.0, 20.0)]),
            vec![],
        )]);
        for how in [Cut::Intersection, Cut::Union, Cut::Difference] {
            let made = match how {
                Cut::Intersection => a.intersection(&b),
                Cut::Union => a.union(&b),
                Cut::Difference => a.difference(&b),
            };
            // Made (and kept, where there is a cache), then read back.
            assert_eq!(cut(&a, &b, how), made);
            assert_eq!(cut(&a, &b, how), made);
        }
    }
}
