//! The ART backend: every picture of a game rendered from the validated model.
//!
//! Counters (front, back and hidden faces), the map (hex or area), the off-map displays
//! (pool boxes, numeric tracks, the turn record track), the track displays printed below a
//! map ([`track_display`]), charts (CRTs, the terrain effects
//! chart, generic tables) and a printable fold-over counter sheet. Pictures are rendered in
//! parallel with rayon and encoded as deterministic PNGs. Everything is drawn on the
//! geometry of [`crate::layout`] — hex layouts, area slots, pool, track and turn boxes, the
//! track displays' boxes — which the VASSAL module and the save adapter read too, so the
//! pictures and the module agree to the pixel.

pub mod area_map;
pub mod canvas;
pub mod cartouche;
pub mod charts;
pub mod counter;
pub mod displays;
pub mod glyphs;
pub mod hex_map;
pub mod lane_markers;
pub mod overlay;
pub mod patterns;
pub mod png;
mod quarters;
pub mod raster;
pub mod sheet;
pub mod sprites;
pub mod style;
pub mod supplied;
pub mod symbols;
pub mod table;
pub mod text;
pub mod track_display;

use std::path::{Path, PathBuf};
use std::str::FromStr;

use image::RgbaImage;
use rayon::prelude::*;

use crate::model::{Game, MapId, MapKind};

/// A rendered picture and its file name (relative, `/`-separated, e.g. `counters/x.png`).
pub type Picture = (String, RgbaImage);

/// What can go wrong while rendering or writing pictures.
#[derive(Debug, thiserror::Error)]
pub enum ArtError {
    /// A file could not be read or written.
    #[error("cannot read or write `{path}`: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The cause.
        source: std::io::Error,
    },
    /// A supplied picture could not be decoded.
    #[error("cannot decode the picture `{path}`: {source}")]
    Image {
        /// The file.
        path: PathBuf,
        /// The cause.
        source: image::ImageError,
    },
    /// A supplied picture is SVG, which the art does not rasterise.
    #[error("`{0}`: SVG art is not supported; export it as a PNG and name that instead")]
    UnsupportedSvg(PathBuf),
    /// PNG encoding failed.
    #[error("cannot encode a PNG: {source}")]
    Encode {
        /// The cause.
        source: ::png::EncodingError,
    },
    /// A map was named that the game does not have.
    #[error("the game has no map `{name}` (its maps: {known})")]
    UnknownMap {
        /// The name asked for.
        name: String,
        /// The game's map ids.
        known: String,
    },
    /// A map was asked for but the game has none.
    #[error("the game has no map")]
    NoMap,
    /// Several maps and none named.
    #[error("the game has several maps ({0}); name the one to render")]
    AmbiguousMap(String),
    /// An unknown kind of picture was asked for.
    #[error("unknown picture kind `{0}` (expected map, counters, sheet, displays or charts)")]
    UnknownWhat(String),
}

/// Which pictures [`render`] writes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum What {
    /// One map as one PNG; `None` = the game's only map.
    Map(Option<String>),
    /// Every counter face, one PNG each, into a folder.
    Counters,
    /// The printable fold-over counter sheet as one PNG.
    Sheet,
    /// Pool boxes, tracks and the turn record track, one PNG each, into a folder.
    Displays,
    /// CRTs, the terrain effects chart and other charts, one PNG each, into a folder.
    Charts,
}

impl FromStr for What {
    type Err = ArtError;

    /// `map`, `map:ID`, `counters`, `sheet`, `displays` or `charts`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Ok(match s {
            "map" => What::Map(None),
            "counters" => What::Counters,
            "sheet" => What::Sheet,
            "displays" => What::Displays,
            "charts" => What::Charts,
            _ => match s.strip_prefix("map:") {
                Some(id) => What::Map(Some(id.to_string())),
                None => return Err(ArtError::UnknownWhat(s.to_string())),
            },
        })
    }
}

/// Progress reports, so a front end can show a bar when rendering takes a while.
///
/// Calls may come from several threads at once.
pub trait Progress: Sync {
    /// A stage starts with `total` steps.
    fn begin(&self, _stage: &str, _total: u64) {}
    /// `n` more steps are done.
    fn advance(&self, _n: u64) {}
    /// The stage is over.
    fn end(&self) {}
}

/// Progress that reports nothing.
#[derive(Debug, Clone, Copy, Default)]
pub struct NoProgress;

impl Progress for NoProgress {}

impl Progress for indicatif::ProgressBar {
    fn begin(&self, stage: &str, total: u64) {
        self.set_length(total);
        self.set_position(0);
        self.set_message(stage.to_string());
    }

    fn advance(&self, n: u64) {
        self.inc(n);
    }

    fn end(&self) {
        self.finish_and_clear();
    }
}

/// A file-name-safe form of an id: letters, digits, `-`, `_` and `.` kept, the rest `-`.
pub fn safe_name(id: &str) -> String {
    let s: String = id
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.') {
                c
            } else {
                '-'
            }
        })
        .collect();
    if s.is_empty() || s.starts_with('.') {
        format!("_{s}")
    } else {
        s
    }
}

/// Every face of every counter of the mix (front, back, and hidden where the class has one),
/// named by [`counter::file_name`].
pub fn render_counters(game: &Game, progress: &dyn Progress) -> Result<Vec<Picture>, ArtError> {
    let jobs: Vec<(usize, counter::CounterFace)> = (0..game.counters.len())
        .flat_map(|c| counter::faces(game, c).into_iter().map(move |f| (c, f)))
        .collect();
    progress.begin("counters", jobs.len() as u64);
    let out = jobs
        .par_iter()
        .map(|&(c, f)| {
            let img = counter::render_face(game, c, f)?;
            progress.advance(1);
            Ok((counter::file_name(game, c, f), img))
        })
        .collect::<Result<Vec<_>, ArtError>>();
    progress.end();
    out
}

/// The picture of one map: the supplied image when the map names one, else generated; with
/// the track displays printed on the map drawn in a strip below it.
pub fn render_map(game: &Game, map: MapId, progress: &dyn Progress) -> Result<RgbaImage, ArtError> {
    render_map_with_strip(game, map, progress).map(|(img, _)| img)
}

/// [`render_map`], and the layout of the track display strip when the map has one.
pub fn render_map_with_strip(
    game: &Game,
    map: MapId,
    progress: &dyn Progress,
) -> Result<(RgbaImage, Option<crate::layout::track_display::StripLayout>), ArtError> {
    let (drawing, strip) = map_drawing(game, map, progress)?;
    let img = match drawing {
        MapDrawing::Supplied(img) => img,
        MapDrawing::Drawn(c) => c.into_image(),
    };
    progress.advance(1);
    progress.end();
    Ok((img, strip))
}

/// A map's picture as PNG bytes: [`render_map`] encoded with [`png::encode`], the bytes
/// made band by band as they are painted.
pub fn render_map_png(
    game: &Game,
    map: MapId,
    progress: &dyn Progress,
) -> Result<Vec<u8>, ArtError> {
    let (drawing, _) = map_drawing(game, map, progress)?;
    let png = match drawing {
        MapDrawing::Supplied(img) => png::encode(&img)?,
        MapDrawing::Drawn(c) => c.into_png()?,
    };
    progress.advance(1);
    progress.end();
    Ok(png)
}

/// The size of a map's picture, the track display strip below it included, and the strip's
/// layout, without drawing it (a supplied picture's header is read).
pub fn map_frame(
    game: &Game,
    map: MapId,
) -> Result<
    (
        (u32, u32),
        Option<crate::layout::track_display::StripLayout>,
    ),
    ArtError,
> {
    let m = &game.maps[map];
    let base = match (&m.image, &m.kind) {
        (Some(p), _) => supplied::dimensions(p)?,
        (None, MapKind::Hex(_)) => hex_map::size(game, map),
        (None, MapKind::Area(a)) => a.size,
    };
    let strip = crate::layout::track_display::layout(game, map, base);
    Ok((strip.as_ref().map_or(base, |s| s.size), strip))
}

/// A map's picture before it is painted.
enum MapDrawing {
    /// The designer's own picture, with the strip added.
    Supplied(RgbaImage),
    /// A generated map (with its strip), drawn and not yet painted.
    Drawn(canvas::Canvas),
}

/// A map's picture up to painting, and its strip's layout; `progress` has begun and
/// advanced by one of two steps (the caller paints, then ends it).
fn map_drawing(
    game: &Game,
    map: MapId,
    progress: &dyn Progress,
) -> Result<
    (
        MapDrawing,
        Option<crate::layout::track_display::StripLayout>,
    ),
    ArtError,
> {
    let m = &game.maps[map];
    progress.begin("map", 2);
    if let Some(p) = &m.image {
        let (img, strip) = track_display::extend(game, map, supplied::load(p)?);
        progress.advance(1);
        return Ok((MapDrawing::Supplied(img), strip));
    }
    let base = match &m.kind {
        MapKind::Hex(_) => hex_map::size(game, map),
        MapKind::Area(a) => a.size,
    };
    let strip = crate::layout::track_display::layout(game, map, base);
    let c = match &strip {
        None => map_canvas(game, map),
        Some(strip) => {
            let mut c = canvas::Canvas::new(strip.size.0, strip.size.1, hex_map::PAPER);
            // The map keeps to its own size, as when it was a picture of its own.
            c.draw_canvas(map_canvas(game, map));
            track_display::draw_strip(&mut c, game, map, strip);
            c
        }
    };
    progress.advance(1);
    Ok((MapDrawing::Drawn(c), strip))
}

/// A generated map drawn on paper at its own size (without a track display strip).
fn map_canvas(game: &Game, map: MapId) -> canvas::Canvas {
    match &game.maps[map].kind {
        MapKind::Hex(_) => {
            let (width, height) = hex_map::size(game, map);
            let mut c = canvas::Canvas::new(width, height, hex_map::PAPER);
            hex_map::draw(&mut c, game, map);
            // The cartouche over the map (one below it is drawn with the strip).
            if let Some(frame) = crate::layout::cartouche::frame(game, map) {
                if let crate::layout::cartouche::Spot::Inset(x, y) = frame.spot {
                    cartouche::draw(&mut c, game, map, &frame, (x, y));
                }
            }
            c
        }
        MapKind::Area(a) => {
            let mut c = canvas::Canvas::new(a.size.0, a.size.1, hex_map::PAPER);
            area_map::draw(&mut c, game, map);
            c
        }
    }
}

/// The off-map displays: the pool boxes, one picture per numeric track, the turn track.
pub fn render_displays(game: &Game, progress: &dyn Progress) -> Result<Vec<Picture>, ArtError> {
    progress.begin("displays", 1);
    let out = displays::render_all(game);
    progress.advance(1);
    progress.end();
    Ok(out)
}

/// The charts: every CRT, the terrain effects chart and every other chart.
pub fn render_charts(game: &Game, progress: &dyn Progress) -> Result<Vec<Picture>, ArtError> {
    charts::render_all(game, progress)
}

/// The printable counter sheet (fronts left, backs mirrored right; fold along the middle).
pub fn render_sheet(game: &Game, progress: &dyn Progress) -> Result<RgbaImage, ArtError> {
    sheet::render(game, progress)
}

fn pick_map(game: &Game, name: Option<&str>) -> Result<MapId, ArtError> {
    let known = || {
        game.maps
            .iter()
            .map(|m| m.id.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    };
    match name {
        Some(n) => game
            .maps
            .iter()
            .position(|m| m.id == n)
            .ok_or_else(|| ArtError::UnknownMap {
                name: n.to_string(),
                known: known(),
            }),
        None => match game.maps.len() {
            0 => Err(ArtError::NoMap),
            1 => Ok(0),
            _ => Err(ArtError::AmbiguousMap(known())),
        },
    }
}

fn write_all(
    pictures: &[Picture],
    dir: &Path,
    progress: &dyn Progress,
) -> Result<Vec<PathBuf>, ArtError> {
    progress.begin("writing", pictures.len() as u64);
    let out = pictures
        .par_iter()
        .map(|(name, img)| {
            // Names carry the archive folder (`counters/x.png`); the folder the user named
            // receives the pictures themselves.
            let file = name.rsplit('/').next().unwrap_or(name);
            let path = dir.join(file);
            png::write(&path, img)?;
            progress.advance(1);
            Ok(path)
        })
        .collect();
    progress.end();
    out
}

/// Render pictures and write them as PNG: a map and the sheet to the file `out`; counters,
/// displays and charts into the folder `out` (one PNG each).
/// Returns the files written.
pub fn render(
    game: &Game,
    what: What,
    out: &Path,
    progress: &dyn Progress,
) -> Result<Vec<PathBuf>, ArtError> {
    match what {
        What::Map(name) => {
            let map = pick_map(game, name.as_deref())?;
            png::write_atomic(out, &render_map_png(game, map, progress)?)?;
            Ok(vec![out.to_path_buf()])
        }
        What::Sheet => {
            let img = render_sheet(game, progress)?;
            png::write(out, &img)?;
            Ok(vec![out.to_path_buf()])
        }
        What::Counters => write_all(&render_counters(game, progress)?, out, progress),
        What::Displays => write_all(&render_displays(game, progress)?, out, progress),
        What::Charts => write_all(&render_charts(game, progress)?, out, progress),
    }
}

/// A position to draw over a map ([`render_position`]): the counters where they stand,
/// with tints under them and ringed counters and a legend over them.
#[derive(Debug, Clone, Default)]
pub struct Standing {
    /// Counters on their locations, stacked in order: (counter, on its reduced face, where).
    /// Locations on other maps, and pools, are left out.
    pub pieces: Vec<(crate::model::CounterId, bool, crate::model::Location)>,
    /// Cells tinted under the counters, counters ringed over them, the legend.
    pub marks: overlay::Overlay,
}

/// The map `name` (as `--what map:ID` names it; the only map when none) with a position
/// drawn over it — tints, then the counters stacked as VASSAL stacks them, then the ringed
/// counters — and the legend in a band below it (over the map it would hide provinces of a
/// small board), written as a PNG at `out`.
pub fn render_position(
    game: &Game,
    name: Option<&str>,
    standing: &Standing,
    out: &Path,
) -> Result<Vec<PathBuf>, ArtError> {
    let map = pick_map(game, name)?;
    let base = render_map(game, map, &NoProgress)?;
    let tints = overlay::Overlay {
        tints: standing.marks.tints.clone(),
        ..overlay::Overlay::default()
    };
    let under = overlay::draw(game, map, &base, &tints)?;
    let stacked = overlay::stacks(game, map, &under, &standing.pieces)?;
    let rings = overlay::Overlay {
        rings: standing.marks.rings.clone(),
        ..overlay::Overlay::default()
    };
    let mut img = overlay::draw(game, map, &stacked, &rings)?;
    let legend = &standing.marks.legend;
    if !legend.is_empty() {
        let (w, h) = img.dimensions();
        let band = overlay::legend_height(w, legend.len());
        let mut below = RgbaImage::from_pixel(w, band, image::Rgba([255, 255, 255, 255]));
        below = overlay::draw(
            game,
            map,
            &below,
            &overlay::Overlay {
                legend: legend.clone(),
                ..overlay::Overlay::default()
            },
        )?;
        let mut whole = RgbaImage::new(w, h + band);
        image::imageops::replace(&mut whole, &img, 0, 0);
        image::imageops::replace(&mut whole, &below, 0, i64::from(h));
        img = whole;
    }
    png::write_atomic(out, &png::encode(&img)?)?;
    Ok(vec![out.to_path_buf()])
}

#[cfg(test)]
pub(crate) mod testing;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::map_margin;

    #[test]
    fn what_parses_and_safe_names_are_safe() {
        assert_eq!("map".parse::<What>().unwrap(), What::Map(None));
        assert_eq!(
            "map:east".parse::<What>().unwrap(),
            What::Map(Some("east".into()))
        );
        assert!("maps".parse::<What>().is_err());
        assert_eq!(safe_name("sov-1/guards x"), "sov-1-guards-x");
        assert_eq!(safe_name(".."), "_..");
    }

    #[test]
    fn counters_exist_for_every_face_and_all_differ() {
        let game = testing::mini();
        let pics = render_counters(&game, &NoProgress).unwrap();
        for (i, c) in game.counters.iter().enumerate() {
            for f in counter::faces(&game, i) {
                let name = counter::file_name(&game, i, f);
                assert!(
                    pics.iter().any(|(n, _)| *n == name),
                    "{} has no {name}",
                    c.id
                );
            }
        }
        let size = game.art.counter_size;
        for (n, img) in &pics {
            assert_eq!(img.dimensions(), (size, size), "{n}");
        }
        // Fronts of different counters differ; each front differs from its back.
        let fronts: Vec<&Picture> = pics.iter().filter(|(n, _)| !n.contains("-back")).collect();
        for (i, a) in fronts.iter().enumerate() {
            for b in &fronts[i + 1..] {
                assert_ne!(a.1, b.1, "{} looks like {}", a.0, b.0);
            }
            let back = a.0.replace(".png", "-back.png");
            if let Some(back) = pics.iter().find(|(n, _)| *n == back) {
                assert_ne!(a.1, back.1, "{} looks like its back", a.0);
            }
        }
    }

    #[test]
    fn every_counter_of_the_example_games_renders_distinctly() {
        for id in ["great-patriotic-war", "greek-civil-war"] {
            let game = crate::testgame::example(id);
            let pics = render_counters(&game, &NoProgress).unwrap();
            let fronts: Vec<&Picture> = pics
                .iter()
                .filter(|(n, _)| !n.ends_with("-back.png") && !n.ends_with("-hidden.png"))
                .collect();
            assert_eq!(fronts.len(), game.counters.len(), "{id}");
            let mut raw: Vec<&[u8]> = fronts.iter().map(|(_, i)| i.as_raw().as_slice()).collect();
            raw.sort_unstable();
            raw.dedup();
            assert_eq!(raw.len(), fronts.len(), "{id}: two counters look the same");
        }
    }

    #[test]
    fn a_one_sided_counter_gets_no_back_image() {
        let game = crate::testgame::example("great-patriotic-war");
        let pics = render_counters(&game, &NoProgress).unwrap();
        let (mut one_sided, mut two_sided) = (0, 0);
        for c in 0..game.counters.len() {
            let back = counter::file_name(&game, c, counter::CounterFace::Back);
            let has = pics.iter().any(|(n, _)| *n == back);
            assert_eq!(
                has,
                counter::has_back_face(&game, c),
                "{}",
                game.counters[c].id
            );
            if has {
                two_sided += 1;
            } else {
                one_sided += 1;
            }
        }
        assert!(one_sided > 0 && two_sided > 0, "{one_sided} / {two_sided}");
    }

    #[test]
    fn render_writes_files_where_asked() {
        let game = testing::mini();
        let dir = tempfile::tempdir().unwrap();
        let files = render(&game, What::Counters, dir.path(), &NoProgress).unwrap();
        assert!(files.iter().all(|f| f.is_file()));
        assert!(dir.path().join("red-1-back.png").is_file());
        let map = dir.path().join("map.png");
        let files = render(&game, What::Map(None), &map, &NoProgress).unwrap();
        assert_eq!(files, vec![map.clone()]);
        let img = image::open(&map).unwrap();
        let MapKind::Hex(h) = &game.maps[0].kind else {
            panic!("hex map")
        };
        let l = h
            .geometry
            .layout(game.art.hex_size, map_margin(game.art.hex_size));
        // The grid's width; taller by the cartouche below the small map.
        let frame = crate::layout::cartouche::frame(&game, 0).expect("a cartouche");
        assert_eq!(frame.spot, crate::layout::cartouche::Spot::Below);
        assert_eq!((img.width(), img.height()), map_frame(&game, 0).unwrap().0);
        assert_eq!(img.width(), l.width);
        assert!(img.height() as f32 >= l.height as f32 + frame.size.1);
        assert!(matches!(
            render(&game, What::Map(Some("nowhere".into())), &map, &NoProgress),
            Err(ArtError::UnknownMap { .. })
        ));
    }
}

#[cfg(test)]
mod snapshots {
    //! Golden pictures under `tests/snapshots/art`, compared as decoded RGBA. Set
    //! `SANDTABLE_UPDATE_SNAPSHOTS=1` to rewrite them after a deliberate change (and look at
    //! them before committing).

    use std::path::PathBuf;

    use super::counter::{render_face, CounterFace};
    use super::*;

    fn check(name: &str, img: &RgbaImage) {
        let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("tests/snapshots/art")
            .join(name);
        if std::env::var_os("SANDTABLE_UPDATE_SNAPSHOTS").is_some() {
            png::write(&path, img).unwrap();
            return;
        }
        let golden = image::open(&path)
            .unwrap_or_else(|e| {
                panic!(
                    "{}: {e} (set SANDTABLE_UPDATE_SNAPSHOTS=1 to create it)",
                    path.display()
                )
            })
            .to_rgba8();
        assert_eq!(golden.dimensions(), img.dimensions(), "{name}");
        let differing = golden
            .pixels()
            .zip(img.pixels())
            .filter(|(a, b)| a != b)
            .count();
        assert_eq!(
            differing, 0,
            "{name}: {differing} pixels differ from the golden picture"
        );
    }

    #[test]
    fn counters_match_their_golden_pictures() {
        let game = testing::mini();
        for (id, face, name) in [
            ("red-1", CounterFace::Front, "red-1.png"),
            ("red-1", CounterFace::Back, "red-1-back.png"),
            ("blue-1", CounterFace::Front, "blue-1.png"),
            ("oos", CounterFace::Front, "oos.png"),
        ] {
            let c = game.counter_index(id).unwrap();
            check(name, &render_face(&game, c, face).unwrap());
        }
    }
}
