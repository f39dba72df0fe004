//! `sandtable geo DIR [--map ID] [--check] [--write-adjacency] [--format json]`: compute a
//! hex map's layers, places, river hexsides and rail lines, or an area map's outlines,
//! names, fleet boxes and what it draws off the board, from its `[map.geography]` and write
//! them into the map's own file; `--check` only says whether the file is up to date;
//! `--write-adjacency` also writes a draft of the moves (or neighbours) the outlines imply
//! into the areas that declare none.

use std::process::ExitCode;

use std::path::{Path, PathBuf};

use serde::Serialize;

use super::{Failure, Format, GameDir};
use crate::geo::{self, Adjustment, KnownIds};

/// What `--help` adds below the options, and the text of the command's page in the
/// designer's book (`sandtable man --markdown`; the convention is in `man/book.rs`).
pub(super) const GUIDE: &str = r#"Lays a map from its `[map.geography]` and writes the result into the map's own file,
keeping every other line of it.

On a province board (an area map): each area's outline and name from its seed points over
Natural Earth's coast; islands, lakes, and land and water off the board; each split coast's
fleet box. `--write-adjacency` drafts the moves of the areas that declare none from the
outlines. The borders the outlines share are compared with the areas' moves, and every
difference is reported.

On a hex map: the terrain and country layers, places, river and strait hexsides and rail
lines, computed from outlines, ridges, lakes, rivers and places in latitude and longitude.
Every decision (a hex of mixed terrain, a place moved, a river snapped to hexsides) is in the
report.

The book's guides "A province board of your own" and "Maps from geography" say how.

Examples:
  sandtable geo my-board
  sandtable geo my-board --write-adjacency
  sandtable geo modules/diplomacy --check
  sandtable geo modules/great-patriotic-war --keep-natural-earth natural-earth

Exit codes:
- `0`: laid (or, with `--check`, up to date).
- `1`: the geography has errors, Natural Earth cannot be read, or (with `--check`) the file is
  stale.
- `2`: a usage error.

JSON:
An array, one object per map: `{"map", "file", "changed", "hexes", "areas", "places",
"rivers", "rails", "adjustments": [{"kind", "area", …}]}`."#;

/// Arguments of `geo`.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    game: GameDir,
    /// Only this map, by id [default: every map with `[map.geography]`].
    #[arg(long, value_name = "ID")]
    map: Option<String>,
    /// Write nothing; exit 1 when a map's file differs from what its geography gives.
    #[arg(long)]
    check: bool,
    /// Also write the Natural Earth data each map used, cut to the map, into this folder of
    /// the game (name it in `natural-earth.data` and the game carries its own coast).
    #[arg(long, value_name = "FOLDER", conflicts_with = "check")]
    keep_natural_earth: Option<PathBuf>,
    /// Also write a draft adjacency into an area map's areas that declare none, from the
    /// borders their laid outlines share: army and fleet moves on a province board, else
    /// `adjacent`; an area with moves or neighbours of its own is kept as written.
    #[arg(long, conflicts_with = "check")]
    write_adjacency: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t)]
    format: Format,
}

impl Args {
    /// The output format asked for.
    pub(super) fn format(&self) -> Format {
        self.format
    }
}

/// What was done for one map.
#[derive(Debug, Serialize)]
struct MapReport {
    map: String,
    file: String,
    /// Whether the file changed (or, with --check, would change).
    changed: bool,
    hexes: usize,
    areas: usize,
    places: usize,
    rivers: usize,
    rails: usize,
    adjustments: Vec<Adjustment>,
    /// The areas that declare no move and no neighbour, with the draft the outlines give
    /// them (written with `--write-adjacency`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    drafts: Vec<geo::provinces::DraftMoves>,
    /// Whether the drafts were written.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    drafts_written: bool,
    /// Warnings located in the map's file (a province drawn much smaller or larger than
    /// its seeds' share).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    warnings: Vec<serde_json::Value>,
}

/// How many adjustments of each kind the text shows before summing up the rest.
const SHOWN: usize = 12;

pub(super) fn run(a: Args) -> Result<ExitCode, Failure> {
    let loaded = crate::load::load(&a.game.dir).map_err(|e| e.to_string())?;
    if loaded.diagnostics.has_errors() {
        return Err(Failure::diagnostics(
            format!("`{}` has files that do not parse", a.game.dir.display()),
            loaded.diagnostics,
            loaded.sources,
        ));
    }
    let known = KnownIds::of(&loaded);
    let mut reports = Vec::new();
    let mut diags = crate::diag::Diagnostics::default();
    // Each map's warnings, located in the text `geo` read.
    let mut map_warnings: Vec<crate::diag::Diagnostics> = Vec::new();
    let mut found = false;
    let mut atlases = std::collections::BTreeMap::new();
    let mut kept = Vec::new();
    let mut with_geography = Vec::new();
    let mut texts: std::collections::BTreeMap<crate::load::source::FileId, String> =
        std::collections::BTreeMap::new();
    for (file, f) in &loaded.files {
        // A file another game owns (a base board this one `use`s) is that game's to lay.
        if loaded.sources.path(*file).starts_with("../") {
            continue;
        }
        for m in &f.map {
            if m.geography.is_some() {
                with_geography.push(format!("`{}`", m.id.get_ref()));
            }
            if a.map.as_ref().is_some_and(|id| id != m.id.get_ref()) || m.geography.is_none() {
                continue;
            }
            found = true;
            let geometry = match &m.hex {
                Some(h) => {
                    let (geometry, grid_diags) = crate::check::hex_grid(&loaded.sources, *file, h);
                    for d in grid_diags.iter() {
                        diags.push(d.clone());
                    }
                    let Some(geometry) = geometry else { continue };
                    Some(geometry)
                }
                None if !m.area.is_empty() => None,
                None => {
                    diags.push(
                        crate::diag::Diagnostic::error(
                            "missing-key",
                            format!(
                                "map `{}` has geography but neither a `[map.hex]` grid nor areas",
                                m.id.get_ref()
                            ),
                        )
                        .at(crate::diag::Span::new(*file, m.id.span()))
                        .hint("give the grid's orientation, columns, rows and numbering, or the map's `[[map.area]]`"),
                    );
                    continue;
                }
            };
            let source = natural_earth_source(m, &a.game.dir);
            let atlas = match &source {
                Some(key) => match atlases.get(key) {
                    Some(a) => Some(a),
                    None => {
                        let loaded = match &key.2 {
                            Some(folder) => geo::natural_earth::Atlas::load_from(
                                key.0,
                                key.1,
                                Some(folder.clone()),
                            ),
                            None => geo::natural_earth::Atlas::load(key.0, key.1),
                        };
                        // The game's own data that cannot be read: at its `data` key.
                        let loaded = match (loaded, data_key(m)) {
                            (Ok(atlas), _) => atlas,
                            (Err(e), Some(at)) => {
                                diags.push(
                                    crate::diag::Diagnostic::error(
                                        "missing-file",
                                        format!("cannot read the Natural Earth data: {e}"),
                                    )
                                    .at(crate::diag::Span::new(*file, at))
                                    .hint("`sandtable geo --keep-natural-earth FOLDER` writes the data a map uses into a folder of the game"),
                                );
                                continue;
                            }
                            (Err(e), None) => return Err(e.into()),
                        };
                        Some(&*atlases.entry(key.clone()).or_insert(loaded))
                    }
                },
                None => None,
            };
            let result = match &geometry {
                Some(geometry) => geo::compute(*file, m, geometry, &known, atlas),
                None => geo::compute_areas(*file, m, &known, atlas),
            };
            let computed = match result {
                Ok(c) => c,
                Err(d) => {
                    for x in d.iter() {
                        diags.push(x.clone());
                    }
                    continue;
                }
            };
            if let (Some(folder), Some(clipped), Some((scale, _, _))) =
                (&a.keep_natural_earth, &computed.natural_earth, &source)
            {
                kept.push((a.game.dir.join(folder), *scale, clipped.clone()));
            }
            let rel = loaded.sources.path(*file).to_string();
            // Several maps of one file are written one after the other into its text.
            let old = texts
                .entry(*file)
                .or_insert_with(|| loaded.sources.text(*file).to_string());
            let new = match &geometry {
                Some(geometry) => {
                    geo::write::into_file(old, geometry, &computed, &|id| known.water.contains(id))?
                }
                None => {
                    let laid = geo::write::areas_into_file(old, &computed)?;
                    if a.write_adjacency && !computed.draft.is_empty() {
                        geo::write::adjacency_into_file(&laid, &computed.map, &computed.draft)?
                    } else {
                        laid
                    }
                }
            };
            let changed = new != *old;
            *old = new;
            map_warnings.push(computed.warnings.clone());
            reports.push(MapReport {
                map: computed.map.clone(),
                file: rel,
                changed,
                hexes: computed.terrain.len(),
                areas: computed.areas.len(),
                places: computed.places.len(),
                rivers: computed.hexsides.len(),
                rails: computed.rails.len(),
                // A border the written draft now declares is no longer a difference.
                adjustments: if a.write_adjacency {
                    computed
                        .report
                        .into_iter()
                        .filter(|adj| !settled_by(adj, &computed.draft))
                        .collect()
                } else {
                    computed.report
                },
                drafts_written: a.write_adjacency && !computed.draft.is_empty(),
                drafts: computed.draft,
                warnings: Vec::new(),
            });
        }
    }
    if diags.has_errors() {
        diags.sort(&loaded.sources);
        return Err(Failure::diagnostics(
            "the geography has errors; no map written".into(),
            diags,
            loaded.sources,
        ));
    }
    if !found {
        return Err(match &a.map {
            Some(id) => format!(
                "no map `{id}` with `[map.geography]` (maps with one: {})",
                if with_geography.is_empty() {
                    "none".to_string()
                } else {
                    with_geography.join(", ")
                }
            ),
            None => "no map has `[map.geography]`: describe a map's projection and layers \
                     (a hex map's hex size and anchor, an area map's extent and provinces) in one \
                     (the designer's book, \"Maps from geography\")"
                .to_string(),
        }
        .into());
    }
    // Only once every map computed: a mistake in one writes none.
    if kept.len() > 1 {
        return Err(
            "--keep-natural-earth keeps one map's data; choose it with --map"
                .to_string()
                .into(),
        );
    }
    for (folder, scale, atlas) in &kept {
        atlas.save(*scale, folder)?;
    }
    if !a.check {
        for (file, text) in &texts {
            if text.as_str() != loaded.sources.text(*file) {
                let path = a.game.dir.join(loaded.sources.path(*file));
                super::positions::write_atomic(&path, text.as_bytes())?;
            }
        }
    }
    let stale = a.check && reports.iter().any(|r| r.changed);
    // The warnings point at the files as they now are: as written, unless only checked.
    let sources = if a.check {
        loaded.sources.clone()
    } else {
        as_written(&loaded.sources, &texts)
    };
    let mut warnings = crate::diag::Diagnostics::default();
    for (report, found) in reports.iter_mut().zip(map_warnings) {
        let found = relocated(&found, &loaded.sources, &sources);
        report.warnings = serde_json::from_str(&crate::diag::render::to_json(&found, &sources))
            .map_err(|e| e.to_string())?;
        warnings.extend(found);
    }
    warnings.sort(&sources);
    match a.format {
        Format::Json => super::emit(&super::positions::json(&reports)?),
        Format::Text => {
            super::emit(&text(&reports, a.check));
            if !warnings.is_empty() {
                eprint!("{}", crate::diag::render::to_text(&warnings, &sources));
            }
        }
    }
    Ok(if stale {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    })
}

/// The game's sources with each file `geo` rewrote holding its new text (the same ids).
fn as_written(
    sources: &crate::diag::source::SourceMap,
    texts: &std::collections::BTreeMap<crate::load::source::FileId, String>,
) -> crate::diag::source::SourceMap {
    let mut out = crate::diag::source::SourceMap::default();
    for (k, (path, text)) in sources.files().enumerate() {
        let new = texts
            .iter()
            .find(|(id, _)| id.index() == k)
            .map_or(text, |(_, t)| t.as_str());
        out.add(path, new);
    }
    out
}

/// Warnings located in the text `geo` read (`before`), located in the same files as
/// rewritten (`after`): each place is carried through a diff of the lines, so that it
/// names the same line (a line `geo` rewrote: the first of what replaced it).
fn relocated(
    warnings: &crate::diag::Diagnostics,
    before: &crate::diag::source::SourceMap,
    after: &crate::diag::source::SourceMap,
) -> crate::diag::Diagnostics {
    let mut diffs = std::collections::BTreeMap::new();
    let mut carry = |span: &mut crate::diag::Span| {
        let (old, new) = (before.text(span.file), after.text(span.file));
        if old == new {
            return;
        }
        let moved = diffs
            .entry(span.file)
            .or_insert_with(|| LineMap::new(old, new));
        span.range = moved.offset(span.range.start)..moved.offset(span.range.end);
    };
    let mut out = crate::diag::Diagnostics::default();
    for d in warnings.iter() {
        let mut d = d.clone();
        if let Some(span) = d.span.as_mut() {
            carry(span);
        }
        for (span, _) in &mut d.notes {
            carry(span);
        }
        out.push(d);
    }
    out
}

/// Where each line of a text went in its rewritten text.
struct LineMap {
    /// The byte offset each line of the old text starts at.
    old_starts: Vec<usize>,
    /// The same in the new text.
    new_starts: Vec<usize>,
    /// The new text's length.
    new_len: usize,
    /// For each line of the old text, the line of the new text it became and whether it
    /// is unchanged.
    to: Vec<(usize, bool)>,
}

impl LineMap {
    fn new(old: &str, new: &str) -> Self {
        let starts = |t: &str| -> Vec<usize> {
            std::iter::once(0)
                .chain(t.match_indices('\n').map(|(i, _)| i + 1))
                .collect()
        };
        let diff = similar::TextDiff::from_lines(old, new);
        let mut to = Vec::new();
        for op in diff.ops() {
            let (o, n) = (op.old_range(), op.new_range());
            let same = matches!(op.tag(), similar::DiffTag::Equal);
            for k in 0..o.len() {
                let line = if same { n.start + k } else { n.start };
                to.push((line, same));
            }
        }
        Self {
            old_starts: starts(old),
            new_starts: starts(new),
            new_len: new.len(),
            to,
        }
    }

    /// Where a byte offset of the old text lies in the new one.
    fn offset(&self, at: usize) -> usize {
        let line = self
            .old_starts
            .partition_point(|&s| s <= at)
            .saturating_sub(1);
        let Some(&(to, same)) = self.to.get(line) else {
            return self.new_len;
        };
        let start = self.new_starts.get(to).copied().unwrap_or(self.new_len);
        if same {
            (start + at - self.old_starts[line]).min(self.new_len)
        } else {
            start
        }
    }
}

/// The Natural Earth scale a map's geography needs, whether it names lakes, and the game's
/// folder of data, if it uses Natural Earth at all (an unknown scale is the large one here;
/// `compute` reports it).
fn natural_earth_source(
    m: &crate::load::schema::Map,
    game: &Path,
) -> Option<(geo::natural_earth::Scale, bool, Option<PathBuf>)> {
    use geo::natural_earth::Scale;
    let g = m.geography.as_ref()?.get_ref();
    let mut regions = g.terrain.iter().chain(&g.country);
    let uses = g.natural_earth.is_some()
        || !g.lake.is_empty()
        || g.province
            .iter()
            .any(|p| p.natural_earth.is_some() || p.inside.is_some())
        || regions.any(|r| r.natural_earth.is_some() || r.inside.is_some());
    let ne = g.natural_earth.as_ref().map(|ne| ne.get_ref());
    uses.then(|| {
        let scale = ne
            .and_then(|ne| ne.scale.as_ref())
            .and_then(|s| Scale::parse(s.get_ref()))
            .unwrap_or(Scale::Large);
        let folder = ne
            .and_then(|ne| ne.data.as_ref())
            .map(|d| game.join(d.get_ref()));
        (scale, !g.lake.is_empty(), folder)
    })
}

/// Where a map's geography names the game's folder of Natural Earth data
/// (`natural-earth.data`).
fn data_key(m: &crate::load::schema::Map) -> Option<std::ops::Range<usize>> {
    let g = m.geography.as_ref()?.get_ref();
    let data = g.natural_earth.as_ref()?.get_ref().data.as_ref()?;
    Some(data.span())
}

fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

fn text(reports: &[MapReport], check: bool) -> String {
    let mut out = String::new();
    for r in reports {
        let verb = match (check, r.changed) {
            (true, true) => "is out of date in",
            (true, false) => "is up to date in",
            (false, true) => "written to",
            (false, false) => "unchanged in",
        };
        let what = if r.areas > 0 {
            count(r.areas, "area", "areas")
        } else {
            format!(
                "{}, {}, {}, {}",
                count(r.hexes, "hex", "hexes"),
                count(r.places, "place", "places"),
                count(r.rivers, "river", "rivers"),
                count(r.rails, "rail line", "rail lines")
            )
        };
        out.push_str(&format!("map `{}` {verb} {}: {what}\n", r.map, r.file));
        let majority: Vec<&Adjustment> = r
            .adjustments
            .iter()
            .filter(|a| matches!(a, Adjustment::Majority { .. }))
            .collect();
        if !majority.is_empty() {
            let shown: Vec<String> = majority
                .iter()
                .take(SHOWN)
                .filter_map(|a| match a {
                    Adjustment::Majority {
                        hex,
                        terrain,
                        votes,
                    } => Some(format!("{hex} {terrain} {}/{}", votes.0, votes.1)),
                    _ => None,
                })
                .collect();
            out.push_str(&format!(
                "  {} hexes of mixed terrain: {}{}\n",
                majority.len(),
                shown.join(", "),
                if majority.len() > SHOWN {
                    ", … (--format json lists them all)"
                } else {
                    ""
                }
            ));
        }
        for a in &r.adjustments {
            if !matches!(a, Adjustment::Majority { .. }) {
                out.push_str(&format!("  {a}\n"));
            }
        }
        if !r.drafts.is_empty() {
            let ids: Vec<String> = r.drafts.iter().map(|d| format!("`{}`", d.area)).collect();
            out.push_str(&if r.drafts_written {
                format!(
                    "  {} drafted from the outlines (a draft: check each before play): {}\n",
                    count(ids.len(), "area's moves", "areas' moves"),
                    ids.join(", ")
                )
            } else {
                format!(
                    "  {} no move and no neighbour: {} (`--write-adjacency` drafts them from the outlines)\n",
                    count(ids.len(), "area declares", "areas declare"),
                    ids.join(", ")
                )
            });
        }
    }
    out
}

/// Whether `adjustment` is a border the outlines draw and no area declared, which a draft
/// written for one of its two areas now declares.
fn settled_by(adjustment: &Adjustment, drafts: &[geo::provinces::DraftMoves]) -> bool {
    let Adjustment::Adjacency {
        a,
        b,
        outlines_touch: true,
        ..
    } = adjustment
    else {
        return false;
    };
    drafts
        .iter()
        .any(|d| (d.area == *a && d.declares(b)) || (d.area == *b && d.declares(a)))
}
