//! Where the module's pictures come from: [`ImageSource`], a thin layer over the art backend
//! ([`crate::emit::art`]) that hands every picture over as PNG bytes with its size — and,
//! for a map, the track displays the picture prints below it, laid out on the picture's
//! real size. Everything else the grids need (hex layout, area slots, pool boxes) the plan
//! reads from [`crate::layout`], as the art did when drawing.

use rayon::prelude::*;

use crate::emit::art::{self, counter::CounterFace, NoProgress};
use crate::layout::track_display::DisplayLayout;
use crate::model::{CounterId, Game, MapId};

/// A board picture.
#[derive(Debug, Clone)]
pub struct MapArt {
    /// PNG bytes.
    pub png: Vec<u8>,
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// Whether the picture prints the hex numbers and area names (else VASSAL draws them).
    pub numbers_printed: bool,
    /// The track displays drawn below the map, with their boxes.
    pub tracks: Vec<DisplayLayout>,
}

/// The off-map boxes picture.
#[derive(Debug, Clone)]
pub struct DisplayArt {
    /// PNG bytes.
    pub png: Vec<u8>,
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
}

/// A chart picture.
#[derive(Debug, Clone)]
pub struct ChartArt {
    /// Tab name.
    pub title: String,
    /// File name under `images/`.
    pub file: String,
    /// PNG bytes.
    pub png: Vec<u8>,
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

    /// The picture of map `map`, with the track displays printed below it.
    pub fn map(&self, map: MapId) -> Result<MapArt, String> {
        let g = self.game;
        let (img, strip) =
            art::render_map_with_strip(g, map, &NoProgress).map_err(|e| e.to_string())?;
        Ok(MapArt {
            png: png(&img)?,
            width: img.width(),
            height: img.height(),
            numbers_printed: true,
            tracks: strip.map(|s| s.displays).unwrap_or_default(),
        })
    }

    /// One face of a counter.
    pub fn counter(&self, counter: CounterId, face: Face) -> Result<Vec<u8>, String> {
        let face = match face {
            Face::Front => CounterFace::Front,
            Face::Back => CounterFace::Back,
        };
        png(&art::counter::render_face(self.game, counter, face).map_err(|e| e.to_string())?)
    }

    /// The off-map boxes: the art backend's pools display.
    pub fn displays(&self) -> Result<DisplayArt, String> {
        let img = art::displays::render_pools(self.game);
        Ok(DisplayArt {
            png: png(&img)?,
            width: img.width(),
            height: img.height(),
        })
    }

    /// The printed charts: every CRT, the terrain effects chart, every other chart, drawn
    /// and encoded in parallel, in that order.
    pub fn charts(&self) -> Result<Vec<ChartArt>, String> {
        let g = self.game;
        let err = |e: art::ArtError| e.to_string();
        enum Chart<'a> {
            Crt(&'a crate::model::Crt),
            Terrain,
            Other(&'a crate::model::Chart),
        }
        let jobs: Vec<Chart> = g
            .crts
            .iter()
            .map(Chart::Crt)
            .chain((!g.terrain.is_empty()).then_some(Chart::Terrain))
            .chain(g.charts.iter().map(Chart::Other))
            .collect();
        jobs.par_iter()
            .map(|job| {
                Ok(match job {
                    Chart::Crt(c) => ChartArt {
                        title: c.title.clone(),
                        file: format!("chart-crt-{}.png", art::safe_name(&c.id)),
                        png: png(&art::charts::render_crt(g, c).map_err(err)?)?,
                    },
                    Chart::Terrain => ChartArt {
                        title: "Terrain Effects".into(),
                        file: "chart-terrain-effects.png".into(),
                        png: png(&art::charts::render_tec(g))?,
                    },
                    Chart::Other(c) => ChartArt {
                        title: c.title.clone(),
                        file: format!("chart-{}.png", art::safe_name(&c.id)),
                        png: png(&art::charts::render_chart(g, c).map_err(err)?)?,
                    },
                })
            })
            .collect()
    }
}
