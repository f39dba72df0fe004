//! Writes the readers' synthetic VASSAL files (`src/testgame/vassal.rs`) for benchmarks and
//! for comparing with other readers:
//!
//! ```text
//! cargo run --release --example synthetic_vassal -- save OUT.vsav [PIECES]    # 50000 by default
//! cargo run --release --example synthetic_vassal -- buildfile OUT/buildFile.xml [SLOTS]
//! ```
//!
//! The same arguments give the same bytes.

use std::path::PathBuf;
use std::process::ExitCode;

use sandtable::testgame::vassal;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (kind, path, count) = match args.as_slice() {
        [kind, path] => (kind.as_str(), PathBuf::from(path), None),
        [kind, path, count] => match count.parse::<usize>() {
            Ok(count) => (kind.as_str(), PathBuf::from(path), Some(count)),
            Err(_) => return usage(),
        },
        _ => return usage(),
    };
    let bytes = match kind {
        "save" => vassal::save_bytes(count.unwrap_or(vassal::SAVE_PIECES)),
        "buildfile" => vassal::buildfile(count.unwrap_or(vassal::BUILDFILE_SLOTS)).into_bytes(),
        _ => return usage(),
    };
    if let Err(error) = std::fs::write(&path, &bytes) {
        eprintln!("{}: {error}", path.display());
        return ExitCode::FAILURE;
    }
    println!("{}: {} bytes", path.display(), bytes.len());
    ExitCode::SUCCESS
}

fn usage() -> ExitCode {
    eprintln!("usage: synthetic_vassal (save FILE.vsav | buildfile DIR/buildFile.xml) [COUNT]");
    ExitCode::FAILURE
}
