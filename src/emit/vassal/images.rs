//! Where the module's pictures come from: [`ImageSource`], a thin layer over the art backend
//! ([`crate::emit::art`]) that hands every picture over as PNG bytes, and tells beforehand
//! what the plan needs of each without drawing it: a map's size and the track displays it
//! prints below itself, the off-map boxes' size, the charts' names. Everything else the grids need (hex layout, area slots, pool boxes) the plan
//! reads from [`crate::layout`], as the art did when drawing.

use crate::emit::art::{self, counter::CounterFace, NoProgress};
use crate::layout::displays::pools_layout;
use crate::layout::track_display::DisplayLayout;
use crate::model::{CounterId, Game, MapId};

/// A board picture's frame: what the plan needs of it before it is drawn.
#[derive(Debug, Clone)]
pub struct MapFrame {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// Whether the picture prints the hex numbers and area names (else VASSAL draws them).
    pub numbers_printed: bool,
    /// The track displays drawn below the map, with their boxes.
    pub tracks: Vec<DisplayLayout>,
}

/// A printed chart, to draw.
#[derive(Debug, Clone, Copy)]
pub enum Chart<'g> {
    /// A combat results table.
    Crt(&'g crate::model::Crt),
    /// The terrain effects chart.
    Terrain,
    /// Another chart.
    Other(&'g crate::model::Chart),
}

impl Chart<'_> {
    /// Tab name.
    pub fn title(&self) -> String {
        match self {
            Chart::Crt(c) => c.title.clone(),
            Chart::Terrain => "Terrain Effects".into(),
            Chart::Other(c) => c.title.clone(),
        }
    }

    /// File name under `images/`.
    pub fn file(&self) -> String {
        match self {
            Chart::Crt(c) => format!("chart-crt-{}.png", art::safe_name(&c.id)),
            Chart::Terrain => "chart-terrain-effects.png".into(),
            Chart::Other(c) => format!("chart-{}.png", art::safe_name(&c.id)),
        }
    }
}

/// Which face of a counter.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Face {
    /// Full strength.
    Front,
    /// Reduced.
    Back,
}

/// Produces every picture the module needs.
pub struct ImageSource<'g> {
    game: &'g Game,
}

fn png(img: &image::RgbaImage) -> Result<Vec<u8>, String> {
    art::png::encode(img).map_err(|e| e.to_string())
}

impl<'g> ImageSource<'g> {
    /// The source for a game.
    pub fn new(game: &'g Game) -> Self {
        Self { game }
    }

    /// The frame of map `map`'s picture, the track displays printed below it included,
    /// without drawing it.
    pub fn map_frame(&self, map: MapId) -> Result<MapFrame, String> {
        let (size, strip) = art::map_frame(self.game, map).map_err(|e| e.to_string())?;
        Ok(MapFrame {
            width: size.0,
            height: size.1,
            numbers_printed: true,
            tracks: strip.map(|s| s.displays).unwrap_or_default(),
        })
    }

    /// The picture of map `map` as PNG bytes, with the track displays printed below it.
    pub fn map(&self, map: MapId) -> Result<Vec<u8>, String> {
        art::render_map_png(self.game, map, &NoProgress).map_err(|e| e.to_string())
    }

    /// One face of a counter.
    pub fn counter(&self, counter: CounterId, face: Face) -> Result<Vec<u8>, String> {
        let face = match face {
            Face::Front => CounterFace::Front,
            Face::Back => CounterFace::Back,
        };
        png(&art::counter::render_face(self.game, counter, face).map_err(|e| e.to_string())?)
    }

    /// The size of the off-map boxes' picture, when the game has pools.
    pub fn displays_size(&self) -> Option<(u32, u32)> {
        (!self.game.pools.is_empty()).then(|| pools_layout(self.game).size)
    }

    /// The off-map boxes: the art backend's pools display.
    pub fn displays(&self) -> Result<Vec<u8>, String> {
        png(&art::displays::render_pools(self.game))
    }

    /// The printed charts: every CRT, the terrain effects chart, every other chart, in that
    /// order.
    pub fn charts(&self) -> Vec<Chart<'g>> {
        let g = self.game;
        g.crts
            .iter()
            .map(Chart::Crt)
            .chain(g.has_terrain_effects().then_some(Chart::Terrain))
            .chain(g.charts.iter().map(Chart::Other))
            .collect()
    }

    /// A chart's picture.
    pub fn chart(&self, chart: Chart<'_>) -> Result<Vec<u8>, String> {
        let g = self.game;
        let err = |e: art::ArtError| e.to_string();
        match chart {
            Chart::Crt(c) => png(&art::charts::render_crt(g, c).map_err(err)?),
            Chart::Terrain => png(&art::charts::render_tec(g)),
            Chart::Other(c) => png(&art::charts::render_chart(g, c).map_err(err)?),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testgame;

    /// Width and height from a PNG's header.
    fn png_size(png: &[u8]) -> (u32, u32) {
        image::ImageReader::new(std::io::Cursor::new(png))
            .with_guessed_format()
            .unwrap()
            .into_dimensions()
            .unwrap()
    }

    #[test]
    fn frames_are_the_sizes_of_the_pictures_drawn() {
        // Generated maps, area and hex, with and without a track display strip (The Great
        // European War has one).
        let mut games = vec![testgame::mini(), testgame::with_area_map()];
        if testgame::examples_present() {
            games.push(testgame::example("great-european-war"));
        } else {
            eprintln!("the example games are not in modules/: only the test games are drawn");
        }
        // A supplied picture, which the frame reads the header of.
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("board.png");
        image::RgbaImage::from_pixel(313, 171, image::Rgba([9, 99, 199, 255]))
            .save(&path)
            .unwrap();
        let mut supplied = testgame::mini();
        supplied.maps[0].image = Some(path);
        games.push(supplied);
        for game in &games {
            let source = ImageSource::new(game);
            for map in 0..game.maps.len() {
                let frame = source.map_frame(map).unwrap();
                let png = source.map(map).unwrap();
                assert_eq!(
                    (frame.width, frame.height),
                    png_size(&png),
                    "{} map {map}",
                    game.title
                );
                let (_, strip) = art::render_map_with_strip(game, map, &NoProgress).unwrap();
                assert_eq!(frame.tracks, strip.map(|s| s.displays).unwrap_or_default());
            }
            if let Some(size) = source.displays_size() {
                assert_eq!(size, png_size(&source.displays().unwrap()));
            }
        }
    }

    #[test]
    fn a_missing_supplied_picture_is_an_error_before_anything_is_drawn() {
        let mut game = testgame::mini();
        game.maps[0].image = Some("/nonexistent/board.png".into());
        let err = ImageSource::new(&game).map_frame(0).unwrap_err();
        assert!(err.contains("board.png"), "{err}");
    }
}
