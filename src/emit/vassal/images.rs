//! Where the module's pictures come from: [`ImageSource`], a thin layer over the art backend
//! ([`crate::emit::art`]) that hands every picture over as PNG bytes together with the
//! geometry the module must share with it — the hex layout the map is drawn on, the snap
//! point of every area slot, the box of every pool — so the grids VASSAL is told about lie
//! exactly on the printed ones.

use crate::emit::art::track_display::DisplayLayout;
use crate::emit::art::{self, counter::CounterFace, NoProgress};
use crate::model::{CounterId, Game, HexLayout, MapId, MapKind};

/// A pixel rectangle on a board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rect {
    /// Left.
    pub x: i32,
    /// Top.
    pub y: i32,
    /// Width.
    pub w: i32,
    /// Height.
    pub h: i32,
}

impl Rect {
    fn of(r: art::area_map::Rect) -> Self {
        let (x, y) = (r.0.round() as i32, r.1.round() as i32);
        Self {
            x,
            y,
            w: (r.0 + r.2).round() as i32 - x,
            h: (r.1 + r.3).round() as i32 - y,
        }
    }
}

/// A board picture and how the grid sits on it.
#[derive(Debug, Clone)]
pub struct MapArt {
    /// PNG bytes.
    pub png: Vec<u8>,
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// Hex layout (hex maps).
    pub layout: Option<HexLayout>,
    /// Snap point of every area slot, named as the game names the slot (area maps).
    pub slots: Vec<(String, (i32, i32))>,
    /// Whether the picture prints the hex numbers and area names (else VASSAL draws them).
    pub numbers_printed: bool,
    /// The track displays drawn below the map, with their boxes.
    pub tracks: Vec<DisplayLayout>,
}

/// The off-map boxes picture and one rectangle per pool (indexed like `Game::pools`).
#[derive(Debug, Clone)]
pub struct DisplayArt {
    /// PNG bytes.
    pub png: Vec<u8>,
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// Box of each pool.
    pub boxes: Vec<Rect>,
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

    /// The picture of map `map`, with its hex layout or area slots.
    pub fn map(&self, map: MapId) -> Result<MapArt, String> {
        let g = self.game;
        let (img, strip) =
            art::render_map_with_strip(g, map, &NoProgress).map_err(|e| e.to_string())?;
        let (layout, slots) = match &g.maps[map].kind {
            MapKind::Hex(h) => {
                let hex_size = g.art.hex_size.max(8);
                (
                    Some(h.geometry.layout(hex_size, art::map_margin(hex_size))),
                    Vec::new(),
                )
            }
            MapKind::Area(a) => (
                None,
                art::area_map::slots(g, map)
                    .into_iter()
                    .map(|s| (a.slot_name(s.area, s.slot), s.centre))
                    .collect(),
            ),
        };
        Ok(MapArt {
            png: png(&img)?,
            width: img.width(),
            height: img.height(),
            layout,
            slots,
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

    /// The off-map boxes: the art backend's pools display and its box of every pool.
    pub fn displays(&self) -> Result<DisplayArt, String> {
        let g = self.game;
        let img = art::displays::render_pools(g);
        let mut boxes = vec![
            Rect {
                x: 0,
                y: 0,
                w: 0,
                h: 0
            };
            g.pools.len()
        ];
        for (pool, r) in art::displays::pool_boxes(g) {
            if let Some(b) = boxes.get_mut(pool) {
                *b = Rect::of(r);
            }
        }
        Ok(DisplayArt {
            png: png(&img)?,
            width: img.width(),
            height: img.height(),
            boxes,
        })
    }

    /// The printed charts: every CRT, the terrain effects chart, every other chart.
    pub fn charts(&self) -> Result<Vec<ChartArt>, String> {
        let g = self.game;
        let err = |e: art::ArtError| e.to_string();
        let mut out = Vec::new();
        for c in &g.crts {
            out.push(ChartArt {
                title: c.title.clone(),
                file: format!("chart-crt-{}.png", art::safe_name(&c.id)),
                png: png(&art::charts::render_crt(g, c).map_err(err)?)?,
            });
        }
        if !g.terrain.is_empty() {
            out.push(ChartArt {
                title: "Terrain Effects".into(),
                file: "chart-terrain-effects.png".into(),
                png: png(&art::charts::render_tec(g))?,
            });
        }
        for c in &g.charts {
            out.push(ChartArt {
                title: c.title.clone(),
                file: format!("chart-{}.png", art::safe_name(&c.id)),
                png: png(&art::charts::render_chart(g, c).map_err(err)?)?,
            });
        }
        Ok(out)
    }
}
