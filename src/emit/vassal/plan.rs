//! The decisions every output document shares, made once: the module name, the picture of
//! every board and counter face (with its archive entry name), the grid each board carries,
//! the canonical palette slot id of every counter, and where every [`Location`] lies in
//! VASSAL map pixels. Names and geometry come from [`crate::layout`] (window and board
//! names, hex layouts, area slots, pool boxes), the pictures from the art backend.

use std::collections::BTreeMap;

use rayon::prelude::*;

use crate::layout::displays::pool_zones;
use crate::layout::hex_layout;
use crate::layout::track_display::DisplayLayout;
use crate::layout::vassal::{map_names, slot_regions, unique_names, EDGE, OFF_MAP};
use crate::model::{ClassId, CounterId, Game, HexLayout, Location, MapId, MapKind, PoolId};

use super::images::{Face, ImageSource};

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
    /// Archive entries under `images/`, by file name.
    pub images: BTreeMap<String, Vec<u8>>,
    /// Picture files per counter.
    pub counter_images: Vec<CounterImages>,
    /// Palette slot id of each counter's canonical slot.
    pub gpids: Vec<u32>,
    /// The printed charts: (tab name, picture file).
    pub chart_images: Vec<(String, String)>,
}

pub use crate::layout::vassal::file_stem;

impl<'g> Plan<'g> {
    /// Decides names, draws the pictures and lays out the grids.
    ///
    /// Every picture is drawn and encoded at once on every core: the maps (each itself in
    /// bands), the counter faces, the off-map boxes and the charts; the results are taken
    /// in the game's order, so the module does not depend on the number of threads.
    pub fn new(game: &'g Game) -> Result<Self, String> {
        let source = ImageSource::new(game);
        let mut images = BTreeMap::new();
        let map_names = map_names(game);
        let ((maps, faces), (displays, charts)) = rayon::join(
            || {
                rayon::join(
                    || {
                        (0..game.maps.len())
                            .into_par_iter()
                            .map(|i| source.map(i))
                            .collect::<Result<Vec<_>, String>>()
                    },
                    || {
                        (0..game.counters.len())
                            .into_par_iter()
                            .map(|ci| {
                                let back = game.has_back(ci);
                                Ok((
                                    source.counter(ci, Face::Front)?,
                                    back.then(|| source.counter(ci, Face::Back)).transpose()?,
                                ))
                            })
                            .collect::<Result<Vec<_>, String>>()
                    },
                )
            },
            || {
                rayon::join(
                    || {
                        (!game.pools.is_empty())
                            .then(|| source.displays())
                            .transpose()
                    },
                    || source.charts(),
                )
            },
        );
        let mut boards = Vec::new();
        for (i, (m, art)) in game.maps.iter().zip(maps?).enumerate() {
            let image = format!("map-{}.png", file_stem(&m.id));
            images.insert(image.clone(), art.png);
            let grid = match &m.kind {
                MapKind::Hex(h) => Grid::Hex {
                    map: i,
                    layout: hex_layout(game, &h.geometry),
                    numbers_visible: !art.numbers_printed,
                },
                MapKind::Area(_) => Grid::Regions {
                    regions: slot_regions(game, i)
                        .into_iter()
                        .map(|(name, (x, y))| Region { name, x, y })
                        .collect(),
                    names_visible: !art.numbers_printed,
                },
            };
            boards.push(Board {
                map_name: map_names[i].clone(),
                board_name: map_names[i].clone(),
                image,
                width: art.width,
                height: art.height,
                grid,
                tracks: art.tracks,
            });
        }
        let off_map = match displays? {
            None => None,
            Some(art) => {
                let image = "off-map-boxes.png".to_string();
                images.insert(image.clone(), art.png);
                Some(Board {
                    map_name: OFF_MAP.into(),
                    board_name: OFF_MAP.into(),
                    image,
                    width: art.width,
                    height: art.height,
                    grid: Grid::Zones(
                        game.pools
                            .iter()
                            .zip(pool_zones(game))
                            .map(|(p, (x, y, w, h))| (p.name.clone(), Rect { x, y, w, h }))
                            .collect(),
                    ),
                    tracks: Vec::new(),
                })
            }
        };
        let front = |c: CounterId| format!("counter-{}.png", file_stem(&game.counters[c].id));
        let back_file =
            |c: CounterId| format!("counter-{}-back.png", file_stem(&game.counters[c].id));
        let faces = faces?;
        let mut backs = Vec::new();
        for (ci, (front_png, back_png)) in faces.into_iter().enumerate() {
            images.insert(front(ci), front_png);
            backs.push(back_png.map(|png| {
                images.insert(back_file(ci), png);
                back_file(ci)
            }));
        }
        // The picture of a class: the face printing it of the counter a Level change
        // flips or swaps to.
        let picture = |ci: CounterId, class: ClassId| -> Option<String> {
            match game.printing(ci, class)? {
                (o, false) => Some(front(o)),
                (o, true) => backs[o].clone(),
            }
        };
        let mut counter_images = Vec::new();
        for (ci, c) in game.counters.iter().enumerate() {
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
        let charts = charts?;
        let titles = unique_names(charts.iter().map(|c| c.title.clone()), &[]);
        for (chart, title) in charts.into_iter().zip(titles) {
            let mut file = chart.file.clone();
            let mut n = 2;
            while images.contains_key(&file) {
                file = format!("{}-{n}.png", chart.file.trim_end_matches(".png"));
                n += 1;
            }
            images.insert(file.clone(), chart.png);
            chart_images.push((title, file));
        }
        Ok(Self {
            game,
            module_name: game.title.trim().to_string(),
            boards,
            off_map,
            images,
            counter_images,
            chart_images,
            gpids: (1..=game.counters.len() as u32).collect(),
        })
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
