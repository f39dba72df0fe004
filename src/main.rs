//! The `sandtable` command: parses arguments and hands over to [`sandtable::cli`].

use std::process::ExitCode;

fn main() -> ExitCode {
    sandtable::cli::main()
}
