//! The `sandtable` command: parses arguments and hands over to [`sandtable::cli`].

use std::process::ExitCode;

use clap::Parser;

fn main() -> ExitCode {
    let cli = sandtable::cli::Cli::parse();
    sandtable::cli::run(cli)
}
