//! Benchmarks of the VASSAL readers (issue 19), each stage and end to end, with throughput
//! in bytes of decoded text per second (for a save, the de-obfuscated command stream; for
//! a buildFile, the file):
//!
//! * `synthetic::*` — the synthetic save of 50,000 pieces (`testgame::vassal`, about 99 MB
//!   once decoded) and a synthetic buildFile of 20,000 piece slots (about 42 MB):
//!   de-obfuscation of the hex text alone, reading the `.vsav` (inflating and de-obfuscating
//!   `savedGame` as it streams), decoding the command stream into a tree, decoding every
//!   piece's trait chain, replaying the save into its game state, the full `inspect` report
//!   rendered as text and as JSON, parsing the buildFile and inspecting it;
//! * `corpus::*` — `inspect` (text and JSON) of each file of the shared corpus, exactly as
//!   the command runs it (reading the file, and for an unpacked buildFile the setups beside
//!   it), and the de-obfuscation of each corpus save. Skipped, with a message, when the
//!   corpus is absent: it is `../shared/corpus` beside the checkout, or `$SANDTABLE_CORPUS`.
//!
//! Run with `cargo bench --bench readers` (a filter selects benchmarks:
//! `cargo bench --bench readers -- corpus`). The whole process, start included, is timed
//! by `benches/pywargame_compare.py`, which also compares with pywargame.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use divan::counter::BytesCount;
use divan::{black_box, Bencher};
use sandtable::testgame::vassal as synthetic_files;
use sandtable::vassal::archive::Archive;
use sandtable::vassal::buildfile::parse_buildfile;
use sandtable::vassal::inspect::{inspect_bytes, render_text, run_inspect};
use sandtable::vassal::obfuscation::{deobfuscate, obfuscate};
use sandtable::vassal::save::{split_trait_chain, CommandTree, LeafCommand, SaveFile};

fn main() {
    let mut divan = divan::Divan::from_args();
    if corpus().is_none() {
        eprintln!(
            "readers benchmark: the corpus benchmarks are skipped: {} is absent (set \
             SANDTABLE_CORPUS to the corpus directory)",
            default_corpus().display()
        );
        divan = divan.skip_regex("corpus");
    }
    divan.main();
}

fn default_corpus() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus")
}

/// The shared corpus, when present.
fn corpus() -> Option<&'static Path> {
    static CORPUS: OnceLock<Option<PathBuf>> = OnceLock::new();
    CORPUS
        .get_or_init(|| {
            let dir = std::env::var_os("SANDTABLE_CORPUS")
                .map(PathBuf::from)
                .unwrap_or_else(default_corpus);
            dir.is_dir().then_some(dir)
        })
        .as_deref()
}

/// The decoded size of a save (its command stream), or the size of any other file.
fn decoded_size(path: &Path) -> usize {
    match SaveFile::read(path) {
        Ok(save) => save.plain_text.len(),
        Err(_) => std::fs::metadata(path).map_or(0, |m| m.len() as usize),
    }
}

mod synthetic {
    use super::*;

    /// The synthetic save: its `.vsav` bytes and its decoded command stream.
    struct Save {
        vsav: Vec<u8>,
        plain: String,
    }

    fn save() -> &'static Save {
        static SAVE: OnceLock<Save> = OnceLock::new();
        SAVE.get_or_init(|| {
            let vsav = synthetic_files::save_bytes(synthetic_files::SAVE_PIECES);
            let plain = SaveFile::from_bytes(vsav.clone(), Path::new("synthetic.vsav"))
                .expect("the synthetic save reads")
                .plain_text;
            Save { vsav, plain }
        })
    }

    fn decoded() -> BytesCount {
        BytesCount::new(save().plain.len())
    }

    /// De-obfuscating `savedGame` (hex digits to text), from memory.
    #[divan::bench(sample_count = 10)]
    fn deobfuscation(bencher: Bencher) {
        let hex = obfuscate(&save().plain, 0x45);
        bencher
            .counter(decoded())
            .bench(|| deobfuscate(black_box(hex.as_bytes())).map(|text| text.len()));
    }

    /// Reading the `.vsav`: the archive, `savedGame` inflated and de-obfuscated as it
    /// streams, `moduledata` and `savedata`.
    #[divan::bench(sample_count = 10)]
    fn read_save(bencher: Bencher) {
        bencher
            .counter(decoded())
            .with_inputs(|| save().vsav.clone())
            .bench_values(|bytes| {
                SaveFile::from_bytes(bytes, Path::new("synthetic.vsav"))
                    .map(|save| save.plain_text.len())
            });
    }

    /// Decoding the command stream into its command tree (what `SaveGame` holds).
    #[divan::bench(sample_count = 10)]
    fn command_tree(bencher: Bencher) {
        bencher
            .counter(decoded())
            .bench(|| CommandTree::decode(black_box(&save().plain)).leaves().len());
    }

    /// Decoding every piece: each AddPiece's trait chain split into its traits.
    #[divan::bench(sample_count = 10)]
    fn pieces(bencher: Bencher) {
        let pieces: Vec<(String, String)> = CommandTree::decode(&save().plain)
            .leaves()
            .into_iter()
            .filter_map(|leaf| match LeafCommand::parse(leaf) {
                LeafCommand::AddPiece {
                    type_string,
                    state_string,
                    ..
                } => Some((type_string, state_string)),
                _ => None,
            })
            .collect();
        let bytes: usize = pieces.iter().map(|(t, s)| t.len() + s.len()).sum();
        bencher.counter(BytesCount::new(bytes)).bench(|| {
            pieces
                .iter()
                .map(|(t, s)| split_trait_chain(t, s).len())
                .sum::<usize>()
        });
    }

    /// Replaying the decoded stream into the game state (every piece, stack and deck,
    /// copied out as `GameState`).
    #[divan::bench(sample_count = 10)]
    fn replay(bencher: Bencher) {
        let file =
            SaveFile::from_bytes(save().vsav.clone(), Path::new("synthetic.vsav")).expect("reads");
        bencher
            .counter(decoded())
            .bench(|| black_box(&file).state().pieces.len());
    }

    /// The whole report of `inspect` from the file's bytes, rendered as text.
    #[divan::bench(sample_count = 10)]
    fn inspect_save_text(bencher: Bencher) {
        bencher
            .counter(decoded())
            .with_inputs(|| save().vsav.clone())
            .bench_values(|bytes| {
                let report = inspect_bytes(bytes, Path::new("synthetic.vsav")).expect("inspects");
                render_text(&report).len()
            });
    }

    /// The whole report of `inspect` from the file's bytes, as JSON.
    #[divan::bench(sample_count = 10)]
    fn inspect_save_json(bencher: Bencher) {
        bencher
            .counter(decoded())
            .with_inputs(|| save().vsav.clone())
            .bench_values(|bytes| {
                let report = inspect_bytes(bytes, Path::new("synthetic.vsav")).expect("inspects");
                serde_json::to_string_pretty(&report).map(|json| json.len())
            });
    }

    fn buildfile() -> &'static str {
        static BUILDFILE: OnceLock<String> = OnceLock::new();
        BUILDFILE.get_or_init(|| synthetic_files::buildfile(synthetic_files::BUILDFILE_SLOTS))
    }

    /// Parsing the buildFile into its element tree.
    #[divan::bench(sample_count = 10)]
    fn buildfile_parse(bencher: Bencher) {
        bencher
            .counter(BytesCount::of_str(buildfile()))
            .bench(|| parse_buildfile(black_box(buildfile().as_bytes())).map(|e| e.children.len()));
    }

    /// The whole report of `inspect` on the buildFile, rendered as text.
    #[divan::bench(sample_count = 10)]
    fn inspect_buildfile_text(bencher: Bencher) {
        bencher
            .counter(BytesCount::of_str(buildfile()))
            .with_inputs(|| buildfile().as_bytes().to_vec())
            .bench_values(|bytes| {
                // No file beside it: nothing else is read.
                let path = Path::new("/nonexistent/synthetic/buildFile.xml");
                render_text(&inspect_bytes(bytes, path).expect("inspects")).len()
            });
    }
}

mod corpus {
    use super::*;

    /// The corpus files inspected (their biggest, and one of each kind).
    const FILES: &[&str] = &[
        "almoravid/Scenario_A_Toledo_Beset.vsav",
        "almoravid/Scenario_B_Quelling_of_the_Tajo.vsav",
        "almoravid/buildFile.xml",
        "tld/buildFile",
        "tld/scenarios/campaign.sav",
        "kassala/Kassala.vmod",
        "zxvt/5x5_startup.vlog",
    ];

    /// The zipped saves, for de-obfuscation alone.
    const SAVES: &[&str] = &[
        "almoravid/Scenario_A_Toledo_Beset.vsav",
        "almoravid/Scenario_B_Quelling_of_the_Tajo.vsav",
        "tld/scenarios/campaign.sav",
    ];

    fn path(file: &str) -> PathBuf {
        corpus().map(|dir| dir.join(file)).unwrap_or_default()
    }

    /// The text `inspect` decodes: a save's command stream; a buildFile, and the command
    /// streams of the setups it reads (beside it, or inside the module's archive).
    fn counted(file: &str) -> BytesCount {
        let path = path(file);
        let Ok(report) = sandtable::vassal::inspect::inspect(&path) else {
            return BytesCount::new(0usize);
        };
        let Some(module) = report.module else {
            return BytesCount::new(decoded_size(&path));
        };
        let mut archive = Archive::open(&path).ok();
        let zipped = archive.is_some();
        let mut read = |name: &str| match &mut archive {
            Some(archive) => archive.read(name).unwrap_or_default(),
            None => {
                let dir = path.parent().unwrap_or(Path::new("."));
                std::fs::read(dir.join(name)).unwrap_or_default()
            }
        };
        let buildfile = if zipped {
            read(&module.buildfile)
        } else {
            std::fs::read(&path).unwrap_or_default()
        };
        let mut bytes = buildfile.len();
        let mut stack = module.setups;
        while let Some(setup) = stack.pop() {
            if let (Some(name), true) = (&setup.file, setup.pieces.is_some()) {
                let data = read(name);
                if let Ok(save) = SaveFile::from_bytes(data, Path::new(name)) {
                    bytes += save.plain_text.len();
                }
            }
            stack.extend(setup.children);
        }
        BytesCount::new(bytes)
    }

    /// `sandtable inspect FILE`, as the command runs it.
    #[divan::bench(args = FILES, sample_count = 20)]
    fn inspect_text(bencher: Bencher, file: &str) {
        let path = path(file);
        bencher
            .counter(counted(file))
            .bench(|| run_inspect(black_box(&path), None, false).map(|text| text.len()));
    }

    /// `sandtable inspect --format json FILE`, as the command runs it.
    #[divan::bench(args = FILES, sample_count = 20)]
    fn inspect_json(bencher: Bencher, file: &str) {
        let path = path(file);
        bencher
            .counter(counted(file))
            .bench(|| run_inspect(black_box(&path), None, true).map(|text| text.len()));
    }

    /// De-obfuscating a save's `savedGame`, from memory.
    #[divan::bench(args = SAVES, sample_count = 20)]
    fn deobfuscation(bencher: Bencher, file: &str) {
        let path = path(file);
        let hex = Archive::open(&path)
            .and_then(|mut archive| archive.read("savedGame"))
            .unwrap_or_default();
        bencher
            .counter(BytesCount::new(hex.len().saturating_sub(7) / 2))
            .bench(|| deobfuscate(black_box(&hex)).map(|text| text.len()));
    }
}
