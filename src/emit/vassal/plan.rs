//! The decisions every output document shares, made once: the module name, every picture
//! (board, counter face, chart) with its archive entry name and size, the grid each board
//! carries, the canonical palette slot id of every counter, and where every [`Location`]
//! lies in VASSAL map pixels. Names and geometry come from [`crate::layout`] (window and
//! board names, hex layouts, area slots, pool boxes), the pictures' sizes from the art
//! backend without drawing them: [`Plan::draw_pictures`] draws them, while the documents
//! are written from the plan.

use std::collections::{BTreeMap, BTreeSet};

use rayon::prelude::*;

use crate::layout::displays::pool_zones;
use crate::layout::hex_layout;
use crate::layout::track_display::DisplayLayout;
use crate::layout::vassal::{map_names, slot_regions, unique_names, EDGE, OFF_MAP};
use crate::model::{ClassId, CounterId, Game, HexLayout, Location, MapId, MapKind, PoolId};

use super::images::{Chart, Face, ImageSource};

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

/// A named point of an area map (a VASSAL `Region`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Region {
    /// Location name.
    pub name: String,
    /// Board x.
    pub x: i32,
    /// Board y.
    pub y: i32,
}

/// The grid a board carries.
#[derive(Debug, Clone)]
pub enum Grid {
    /// A hex grid with numbering.
    Hex {
        /// The game map.
        map: MapId,
        /// Pixel layout of the grid on the picture.
        layout: HexLayout,
        /// Whether VASSAL should draw the hex numbers (the picture lacks them).
        numbers_visible: bool,
    },
    /// Named points (area maps: one region per area slot).
    Regions {
        /// The regions.
        regions: Vec<Region>,
        /// Whether VASSAL should draw the names (the picture lacks them).
        names_visible: bool,
    },
    /// Named rectangles (off-map boxes: one zone per pool).
    Zones(Vec<(String, Rect)>),
}

/// One VASSAL map window with its single board.
#[derive(Debug, Clone)]
pub struct Board {
    /// `mapName` (the map id in saves).
    pub map_name: String,
    /// Board `name`.
    pub board_name: String,
    /// Picture file name under `images/`.
    pub image: String,
    /// Picture width.
    pub width: u32,
    /// Picture height.
    pub height: u32,
    /// Grid.
    pub grid: Grid,
    /// The track displays printed on the board (each becomes a Zone over the grid).
    pub tracks: Vec<DisplayLayout>,
}

/// A point in map pixels on a named map.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Point {
    /// `mapName`.
    pub map: String,
    /// Map x (edge included).
    pub x: i32,
    /// Map y (edge included).
    pub y: i32,
}

/// The picture files of one counter.
#[derive(Debug, Clone)]
pub struct CounterImages {
    /// Front face.
    pub front: String,
    /// Back face: the reduced face of a two-step class, or the other Level of a two-level
    /// counter.
    pub back: Option<String>,
    /// One picture per level of the counter's line, lowest first (the face printing that
    /// level: the counter's own, else that of the counter it flips or swaps to), and the
    /// index of its front class.
    pub levels: Option<(Vec<String>, usize)>,
}

/// What a picture of the module shows.
#[derive(Debug, Clone, Copy)]
pub enum Picture<'g> {
    /// A game map.
    Map(MapId),
    /// The off-map boxes.
    OffMap,
    /// A face of a counter.
    Counter(CounterId, Face),
    /// A printed chart.
    Chart(Chart<'g>),
}

/// Everything shared by the documents of one module.
pub struct Plan<'g> {
    /// The game.
    pub game: &'g Game,
    /// GameModule `name` (= `moduledata` name).
    pub module_name: String,
    /// One board per game map, in game order.
    pub boards: Vec<Board>,
    /// The off-map boxes, when the game has pools.
    pub off_map: Option<Board>,
    /// Every picture under `images/` (by file name) and what it shows, in the game's
    /// order: maps, off-map boxes, counter faces, charts. [`Plan::draw_pictures`] draws them.
    pub pictures: Vec<(String, Picture<'g>)>,
    /// Picture files per counter.
    pub counter_images: Vec<CounterImages>,
    /// Palette slot id of each counter's canonical slot.
    pub gpids: Vec<u32>,
    /// The printed charts: (tab name, picture file).
    pub chart_images: Vec<(String, String)>,
    /// What `sandtable import` kept of the module the game came from.
    pub kept: super::kept::Kept,
}

pub use crate::layout::vassal::file_stem;

impl<'g> Plan<'g> {
    /// Decides names, sizes the pictures and lays out the grids, without drawing anything:
    /// [`Plan::draw_pictures`] draws them.
    pub fn new(game: &'g Game) -> Result<Self, String> {
        let source = ImageSource::new(game);
        let kept = if game.root.as_os_str().is_empty() {
            super::kept::Kept::default()
        } else {
            super::kept::read(&game.root)?
        };
        // A counter an import kept shows the module's own picture: sandtable draws no face
        // for it (its traits name the module's pictures, which the module holds).
        let kept_pictures: BTreeSet<&str> = kept.images.iter().map(|(n, _)| n.as_str()).collect();
        let own_picture = |c: CounterId| -> Option<String> {
            kept.pieces
                .get(&game.counters[c].id)
                .map(|k| k.image.as_str())
                .filter(|image| kept_pictures.contains(image))
                .map(str::to_string)
        };
        let mut pictures = Vec::new();
        let map_names = map_names(game);
        let mut boards = Vec::new();
        for (i, m) in game.maps.iter().enumerate() {
            let frame = source.map_frame(i)?;
            let image = format!("map-{}.png", file_stem(&m.id));
            pictures.push((image.clone(), Picture::Map(i)));
            let grid = match &m.kind {
                MapKind::Hex(h) => Grid::Hex {
                    map: i,
                    layout: hex_layout(game, &h.geometry),
                    numbers_visible: !frame.numbers_printed,
                },
                MapKind::Area(_) => Grid::Regions {
                    regions: slot_regions(game, i)
                        .into_iter()
                        .map(|(name, (x, y))| Region { name, x, y })
                        .collect(),
                    names_visible: !frame.numbers_printed,
                },
            };
            boards.push(Board {
                map_name: map_names[i].clone(),
                board_name: map_names[i].clone(),
                image,
                width: frame.width,
                height: frame.height,
                grid,
                tracks: frame.tracks,
            });
        }
        let off_map = source.displays_size().map(|(width, height)| {
            let image = "off-map-boxes.png".to_string();
            pictures.push((image.clone(), Picture::OffMap));
            Board {
                map_name: OFF_MAP.into(),
                board_name: OFF_MAP.into(),
                image,
                width,
                height,
                grid: Grid::Zones(
                    game.pools
                        .iter()
                        .zip(pool_zones(game))
                        .map(|(p, (x, y, w, h))| (p.name.clone(), Rect { x, y, w, h }))
                        .collect(),
                ),
                tracks: Vec::new(),
            }
        });
        let front = |c: CounterId| format!("counter-{}.png", file_stem(&game.counters[c].id));
        let back_file =
            |c: CounterId| format!("counter-{}-back.png", file_stem(&game.counters[c].id));
        let mut backs = Vec::new();
        let mut own_pictures = Vec::new();
        for ci in 0..game.counters.len() {
            let own = own_picture(ci);
            own_pictures.push(own.clone());
            if own.is_some() {
                backs.push(None);
                continue;
            }
            pictures.push((front(ci), Picture::Counter(ci, Face::Front)));
            let back = game.has_back(ci).then(|| back_file(ci));
            if let Some(file) = &back {
                pictures.push((file.clone(), Picture::Counter(ci, Face::Back)));
            }
            backs.push(back);
        }
        // The picture of a class: the face printing it of the counter a Level change
        // flips or swaps to.
        let picture = |ci: CounterId, class: ClassId| -> Option<String> {
            match game.printing(ci, class)? {
                (o, false) => Some(own_pictures[o].clone().unwrap_or_else(|| front(o))),
                (o, true) => backs[o].clone(),
            }
        };
        let mut counter_images = Vec::new();
        for (ci, c) in game.counters.iter().enumerate() {
            if let Some(own) = &own_pictures[ci] {
                counter_images.push(CounterImages {
                    front: own.clone(),
                    back: None,
                    levels: None,
                });
                continue;
            }
            // Every Level of the line shows the face printing it: this counter's two faces
            // for its own Levels, another counter's (the one it flips or swaps to) otherwise.
            let levels = game.line_of(c.class).map(|line| {
                let own = line.iter().position(|k| *k == c.class).unwrap_or(0);
                let files = line
                    .iter()
                    .map(|class| picture(ci, *class).unwrap_or_else(|| front(ci)))
                    .collect();
                (files, own)
            });
            counter_images.push(CounterImages {
                front: front(ci),
                back: backs[ci].clone(),
                levels,
            });
        }
        let mut chart_images = Vec::new();
        let charts = source.charts();
        let titles = unique_names(charts.iter().map(|c| c.title()), &[]);
        let mut taken: BTreeSet<String> = pictures.iter().map(|(f, _)| f.clone()).collect();
        for (chart, title) in charts.into_iter().zip(titles) {
            let mut file = chart.file();
            let mut n = 2;
            while taken.contains(&file) {
                file = format!("{}-{n}.png", chart.file().trim_end_matches(".png"));
                n += 1;
            }
            taken.insert(file.clone());
            pictures.push((file.clone(), Picture::Chart(chart)));
            chart_images.push((title, file));
        }
        Ok(Self {
            game,
            module_name: game.title.trim().to_string(),
            boards,
            off_map,
            pictures,
            counter_images,
            chart_images,
            gpids: (1..=game.counters.len() as u32).collect(),
            kept,
        })
    }

    /// Draws and encodes every picture, all at once on every core (a map itself in bands),
    /// by file name under `images/`; the module does not depend on the number of threads.
    pub fn draw_pictures(&self) -> Result<BTreeMap<String, Vec<u8>>, String> {
        let source = ImageSource::new(self.game);
        // The biggest first, the many small counter faces last to even out the cores'
        // work at the end.
        let mut jobs: Vec<&(String, Picture)> = self.pictures.iter().collect();
        jobs.sort_by_key(|(_, p)| match p {
            Picture::Map(_) => 0,
            Picture::Chart(_) | Picture::OffMap => 1,
            Picture::Counter(..) => 2,
        });
        // One picture a task, so an idle core can take any picture still waiting.
        jobs.par_iter()
            .with_max_len(1)
            .map(|(file, picture)| {
                let png = match *picture {
                    Picture::Map(map) => source.map(map)?,
                    Picture::Counter(counter, face) => source.counter(counter, face)?,
                    Picture::OffMap => source.displays()?,
                    Picture::Chart(chart) => source.chart(chart)?,
                };
                Ok((file.clone(), png))
            })
            .collect()
    }

    /// Every board: the game maps, then the off-map boxes.
    pub fn all_boards(&self) -> impl Iterator<Item = &Board> {
        self.boards.iter().chain(self.off_map.iter())
    }

    /// The pixel layout of a hex map.
    pub fn hex_layout(&self, map: MapId) -> Option<&HexLayout> {
        match &self.boards.get(map)?.grid {
            Grid::Hex { layout, .. } => Some(layout),
            _ => None,
        }
    }

    /// The rectangle of a pool's box.
    pub fn pool_box(&self, pool: PoolId) -> Option<Rect> {
        match &self.off_map.as_ref()?.grid {
            Grid::Zones(z) => z.get(pool).map(|(_, r)| *r),
            _ => None,
        }
    }

    /// Where VASSAL has a location, in map pixels: the hex centre as VASSAL's `HexGrid`
    /// computes it, an area slot's region, or the centre of a pool's box (as VASSAL's
    /// SendToLocation computes a zone's centre), or the snap point of a track display's box.
    /// Edge offsets included.
    pub fn point(&self, loc: &Location) -> Option<Point> {
        let (board, x, y) = match loc {
            Location::Hex { map, hex } => {
                let MapKind::Hex(h) = &self.game.maps[*map].kind else {
                    return None;
                };
                let (x, y) = h.geometry.centre(self.hex_layout(*map)?, *hex);
                (&self.boards[*map], x, y)
            }
            Location::Area { map, .. } => {
                let board = &self.boards[*map];
                let name = self.game.location_name(loc);
                let Grid::Regions { regions, .. } = &board.grid else {
                    return None;
                };
                let r = regions.iter().find(|r| r.name == name)?;
                (board, r.x, r.y)
            }
            Location::Pool(p) => {
                let r = self.pool_box(*p)?;
                (self.off_map.as_ref()?, r.x + r.w / 2, r.y + r.h / 2)
            }
            Location::Track { display, value } => {
                let board = self.boards.get(self.game.track_displays[*display].map)?;
                let d = board.tracks.iter().find(|d| d.display == *display)?;
                let (x, y) = d.centre(*value)?;
                (board, x, y)
            }
        };
        Some(Point {
            map: board.map_name.clone(),
            x: x + EDGE.0,
            y: y + EDGE.1,
        })
    }

    /// Where the `k`-th piece a scenario puts in a pool stands, in map pixels: pieces go a
    /// few to a stack across the pool's box ([`crate::layout::displays::pool_piece_spot`]).
    pub fn pool_piece_point(&self, pool: PoolId, k: usize) -> Option<Point> {
        let r = self.pool_box(pool)?;
        let (x, y) = crate::layout::displays::pool_piece_spot(
            self.game,
            pool,
            (r.x as f32, r.y as f32, r.w as f32, r.h as f32),
            k,
        );
        Some(Point {
            map: self.off_map.as_ref()?.map_name.clone(),
            x: x.round() as i32 + EDGE.0,
            y: y.round() as i32 + EDGE.1,
        })
    }

    /// Where a supply centre's control marker stands, in map pixels: the spot beside the
    /// province's own slot ([`crate::layout::vassal::centre_spots`]).
    pub fn centre_point(&self, map: MapId, area: usize) -> Option<Point> {
        let (_, (x, y)) = crate::layout::vassal::centre_spots(self.game, map)
            .into_iter()
            .find(|(a, _)| *a == area)?;
        Some(Point {
            map: self.boards.get(map)?.map_name.clone(),
            x: x + EDGE.0,
            y: y + EDGE.1,
        })
    }

    /// The counter whose image marks "out of supply", when the game names one.
    pub fn supply_marker(&self) -> Option<CounterId> {
        self.game.rules.supply.as_ref()?.marker
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_made_unique_and_file_safe() {
        assert_eq!(
            unique_names(["A".into(), "B".into(), "A".into()], &["B"]),
            ["A", "B (2)", "A (2)"]
        );
        assert_eq!(file_stem("ger-1/pz é"), "ger-1_pz__");
        assert_eq!(file_stem(".x"), "_.x");
    }
}
