//! Every VASSAL reader behind `sandtable inspect`: a module or extension (ZIP, buildFile XML,
//! moduledata), a save or log (ZIP or bare, obfuscated `savedGame`, the command stream, piece
//! trait chains, SequenceEncoder strings) and lone metadata, from arbitrary bytes. The first
//! byte chooses the file name (a buildfile is known by its name); the rest is the file.

#![no_main]

use std::path::Path;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&pick, bytes)) = data.split_first() else {
        return;
    };
    let name = match pick % 4 {
        0 => "buildFile.xml",
        1 => "fuzz.vsav",
        2 => "fuzz.vlog",
        _ => "fuzz.vmod",
    };
    // Not a real path: nothing beside it can be read.
    let label = Path::new("/nonexistent/sandtable-fuzz").join(name);
    if let Ok(report) = sandtable::vassal::inspect::inspect_bytes(bytes.to_vec(), &label) {
        let _ = sandtable::vassal::inspect::render_text(&report);
    }
});
