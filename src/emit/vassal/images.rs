//! Where the module's pictures come from: [`ImageSource`], the one place to swap for the art
//! backend (`crate::emit::art`) once it lands. Until then it draws correct-size plain
//! pictures — a map of terrain-coloured hexes on exactly the grid VASSAL is told about,
//! counters in their nation's colours (the back face striped), off-map boxes as tinted
//! rectangles — and passes designer-supplied counter art through unchanged.

use tiny_skia::{Color, FillRule, Paint, PathBuilder, Pixmap, Rect as SkRect, Stroke, Transform};

use crate::model::{ClassId, Colour, CounterId, Game, HexLayout, MapId, MapKind};

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
    /// Whether the picture prints the hex numbers or area names (else VASSAL draws them).
    pub numbers_printed: bool,
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

/// One counter face.
#[derive(Debug, Clone)]
pub struct CounterArt {
    /// File bytes.
    pub bytes: Vec<u8>,
    /// File extension (`png`, `svg`).
    pub extension: String,
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

/// Blank border around the hex grid on a generated map: the art backend's margin
/// (`emit::art::map_margin`, on its branch), so the grid stays put when its pictures
/// replace these.
fn map_margin(game: &Game) -> u32 {
    (game.art.hex_size * 3 / 4).max(24)
}

fn sk(c: Colour) -> Color {
    Color::from_rgba8(c.r, c.g, c.b, 255)
}

fn paint(c: Color) -> Paint<'static> {
    let mut p = Paint::default();
    p.set_color(c);
    p.anti_alias = true;
    p
}

fn pixmap(width: u32, height: u32) -> Result<Pixmap, String> {
    Pixmap::new(width.max(1), height.max(1))
        .ok_or_else(|| format!("cannot make a {width}×{height} picture"))
}

fn png(p: &Pixmap) -> Result<Vec<u8>, String> {
    p.encode_png().map_err(|e| e.to_string())
}

fn polygon(points: &[(f64, f64)]) -> Option<tiny_skia::Path> {
    let mut pb = PathBuilder::new();
    let (first, rest) = points.split_first()?;
    pb.move_to(first.0 as f32, first.1 as f32);
    for p in rest {
        pb.line_to(p.0 as f32, p.1 as f32);
    }
    pb.close();
    pb.finish()
}

impl<'g> ImageSource<'g> {
    /// The source for a game.
    pub fn new(game: &'g Game) -> Self {
        Self { game }
    }

    /// The picture of map `map`.
    pub fn map(&self, map: MapId) -> Result<MapArt, String> {
        let m = &self.game.maps[map];
        match &m.kind {
            MapKind::Hex(h) => {
                let layout = h
                    .geometry
                    .layout(self.game.art.hex_size, map_margin(self.game));
                let mut p = pixmap(layout.width, layout.height)?;
                p.fill(Color::from_rgba8(245, 242, 232, 255));
                let edge = Stroke {
                    width: 1.0,
                    ..Stroke::default()
                };
                for c in h.geometry.coords() {
                    let (x, y) = h.geometry.centre(&layout, c);
                    let corners = h.geometry.corners(&layout, (f64::from(x), f64::from(y)));
                    let Some(path) = polygon(&corners) else {
                        continue;
                    };
                    let terrain = &self.game.terrain[h.hex(c).terrain];
                    p.fill_path(
                        &path,
                        &paint(sk(terrain.colour)),
                        FillRule::Winding,
                        Transform::identity(),
                        None,
                    );
                    p.stroke_path(
                        &path,
                        &paint(Color::from_rgba8(90, 90, 90, 255)),
                        &edge,
                        Transform::identity(),
                        None,
                    );
                }
                Ok(MapArt {
                    png: png(&p)?,
                    width: layout.width,
                    height: layout.height,
                    layout: Some(layout),
                    numbers_printed: false,
                })
            }
            MapKind::Area(a) => {
                let (w, h) = (a.size.0.max(1), a.size.1.max(1));
                let mut p = pixmap(w, h)?;
                p.fill(Color::from_rgba8(245, 242, 232, 255));
                let line = Stroke {
                    width: 3.0,
                    ..Stroke::default()
                };
                let grey = paint(Color::from_rgba8(120, 120, 120, 255));
                for area in &a.areas {
                    let Some((x, y)) = area.position else {
                        continue;
                    };
                    for other in &area.adjacent {
                        let Some((u, v)) = a.areas.get(*other).and_then(|o| o.position) else {
                            continue;
                        };
                        let mut pb = PathBuilder::new();
                        pb.move_to(x as f32, y as f32);
                        pb.line_to(u as f32, v as f32);
                        if let Some(path) = pb.finish() {
                            p.stroke_path(&path, &grey, &line, Transform::identity(), None);
                        }
                    }
                }
                let radius = self.game.art.counter_size.max(8) as f32 * 0.9;
                for area in &a.areas {
                    let colour = sk(self.game.terrain[area.terrain].colour);
                    let disc = area
                        .position
                        .filter(|_| area.outline.is_empty())
                        .and_then(|(x, y)| PathBuilder::from_circle(x as f32, y as f32, radius));
                    if let Some(path) = disc {
                        p.fill_path(
                            &path,
                            &paint(colour),
                            FillRule::Winding,
                            Transform::identity(),
                            None,
                        );
                        p.stroke_path(
                            &path,
                            &paint(Color::BLACK),
                            &Stroke::default(),
                            Transform::identity(),
                            None,
                        );
                    }
                    if let Some(path) = polygon(&area.outline) {
                        p.fill_path(
                            &path,
                            &paint(colour),
                            FillRule::Winding,
                            Transform::identity(),
                            None,
                        );
                        p.stroke_path(
                            &path,
                            &paint(Color::BLACK),
                            &Stroke::default(),
                            Transform::identity(),
                            None,
                        );
                    }
                }
                Ok(MapArt {
                    png: png(&p)?,
                    width: w,
                    height: h,
                    layout: None,
                    numbers_printed: false,
                })
            }
        }
    }

    /// One face of a counter drawn as if it were of class `class` (its own class, or another
    /// level of its line).
    pub fn counter(
        &self,
        counter: CounterId,
        class: ClassId,
        face: Face,
    ) -> Result<CounterArt, String> {
        let g = self.game;
        let c = &g.counters[counter];
        let k = &g.classes[class];
        let supplied = match face {
            Face::Front if class == c.class => c.image.as_ref().or(k.image.as_ref()),
            Face::Front => k.image.as_ref(),
            Face::Back => k.back_image.as_ref(),
        };
        if let Some(path) = supplied {
            let bytes = std::fs::read(path)
                .map_err(|e| format!("cannot read counter art {}: {e}", path.display()))?;
            let extension = path
                .extension()
                .map(|e| e.to_string_lossy().to_ascii_lowercase())
                .unwrap_or_else(|| "png".into());
            return Ok(CounterArt { bytes, extension });
        }
        let (bg, fg) = match k.nation {
            Some(n) => (g.nations[n].background, g.nations[n].text),
            None => match k.side {
                Some(s) => (g.sides[s].colour, Colour { r: 0, g: 0, b: 0 }),
                None => (
                    Colour {
                        r: 230,
                        g: 230,
                        b: 220,
                    },
                    Colour { r: 0, g: 0, b: 0 },
                ),
            },
        };
        let size = g.art.counter_size.max(8);
        let mut p = pixmap(size, size)?;
        p.fill(sk(bg));
        let s = size as f32;
        let border = Stroke {
            width: (s / 24.0).max(1.0),
            ..Stroke::default()
        };
        if let Some(r) = SkRect::from_xywh(1.0, 1.0, s - 2.0, s - 2.0) {
            let path = PathBuilder::from_rect(r);
            p.stroke_path(&path, &paint(sk(fg)), &border, Transform::identity(), None);
        }
        if face == Face::Back {
            let mut band = paint(sk(fg));
            band.set_color(Color::from_rgba8(fg.r, fg.g, fg.b, 110));
            if let Some(path) = polygon(&[
                (0.0, f64::from(s) * 0.6),
                (f64::from(s) * 0.6, 0.0),
                (f64::from(s) * 0.8, 0.0),
                (0.0, f64::from(s) * 0.8),
            ]) {
                p.fill_path(&path, &band, FillRule::Winding, Transform::identity(), None);
            }
        }
        Ok(CounterArt {
            bytes: png(&p)?,
            extension: "png".into(),
        })
    }

    /// The off-map boxes: one box per pool in a grid, tinted with the owner's colour.
    pub fn displays(&self) -> Result<DisplayArt, String> {
        let g = self.game;
        let cs = g.art.counter_size.max(8) as i32;
        let (bw, bh, gap) = (cs * 3, cs * 2, cs / 2);
        let n = g.pools.len() as i32;
        let cols = n.clamp(1, 4);
        let rows = ((n + cols - 1) / cols).max(1);
        let width = (gap + cols * (bw + gap)) as u32;
        let height = (gap + rows * (bh + gap)) as u32;
        let mut p = pixmap(width, height)?;
        p.fill(Color::from_rgba8(250, 250, 245, 255));
        let mut boxes = Vec::new();
        for (i, pool) in g.pools.iter().enumerate() {
            let (col, row) = (i as i32 % cols, i as i32 / cols);
            let r = Rect {
                x: gap + col * (bw + gap),
                y: gap + row * (bh + gap),
                w: bw,
                h: bh,
            };
            let tint = pool.side.map_or(
                Colour {
                    r: 200,
                    g: 200,
                    b: 200,
                },
                |s| g.sides[s].colour,
            );
            if let Some(rect) = SkRect::from_xywh(r.x as f32, r.y as f32, r.w as f32, r.h as f32) {
                let path = PathBuilder::from_rect(rect);
                p.fill_path(
                    &path,
                    &paint(Color::from_rgba8(tint.r, tint.g, tint.b, 70)),
                    FillRule::Winding,
                    Transform::identity(),
                    None,
                );
                p.stroke_path(
                    &path,
                    &paint(sk(tint)),
                    &Stroke {
                        width: 2.0,
                        ..Stroke::default()
                    },
                    Transform::identity(),
                    None,
                );
            }
            boxes.push(r);
        }
        Ok(DisplayArt {
            png: png(&p)?,
            width,
            height,
            boxes,
        })
    }
}
