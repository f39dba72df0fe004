//! `sandtable completions` and `sandtable man`: the bash script completes every sub-command,
//! and `man -o DIR` writes a page for the tool and for each sub-command.

use clap::CommandFactory as _;

use crate::support::bin;

/// The sub-commands the tool declares (without clap's own `help`).
fn subcommands() -> Vec<String> {
    sandtable::cli::Cli::command()
        .get_subcommands()
        .map(|c| c.get_name().to_string())
        .filter(|n| n != "help")
        .collect()
}

#[test]
fn the_bash_completion_script_mentions_every_subcommand() {
    let run = bin().args(["completions", "bash"]).output().expect("run");
    assert_eq!(run.status.code(), Some(0));
    let script = String::from_utf8(run.stdout).expect("UTF-8");
    assert!(script.contains("complete -F"), "not a bash script");
    let names = subcommands();
    assert!(names.len() >= 15, "{names:?}");
    for name in names {
        assert!(
            script.contains(&format!("sandtable__{name}")) || script.contains(&name),
            "`{name}` is not completed"
        );
    }
}

#[test]
fn an_unknown_shell_is_a_usage_error() {
    let run = bin().args(["completions", "tcsh"]).output().expect("run");
    assert_eq!(run.status.code(), Some(2));
}

#[test]
fn man_writes_a_page_for_the_tool_and_every_subcommand() {
    let tmp = tempfile::tempdir().expect("tmp");
    let dir = tmp.path().join("man1");
    let run = bin()
        .args(["man", "--format", "json", "-o"])
        .arg(&dir)
        .output()
        .expect("run");
    assert_eq!(
        run.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let report: serde_json::Value = serde_json::from_slice(&run.stdout).expect("JSON");
    let mut expected = vec!["sandtable.1".to_string()];
    expected.extend(subcommands().iter().map(|n| format!("sandtable-{n}.1")));
    // A sub-command's own sub-commands have pages too (`sandtable-referee-start.1`).
    for c in sandtable::cli::Cli::command().get_subcommands() {
        expected.extend(
            c.get_subcommands()
                .filter(|s| s.get_name() != "help")
                .map(|s| format!("sandtable-{}-{}.1", c.get_name(), s.get_name())),
        );
    }
    let mut written: Vec<String> = std::fs::read_dir(&dir)
        .expect("folder")
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    written.sort();
    expected.sort();
    assert_eq!(
        written, expected,
        "no more, no less (no staging folder left)"
    );
    assert_eq!(
        report["pages"].as_array().map(Vec::len),
        Some(expected.len())
    );
    for name in &expected {
        let page = std::fs::read_to_string(dir.join(name)).expect("page");
        assert!(
            page.starts_with(".ie") || page.contains(".TH"),
            "{name} is roff"
        );
    }
    let check = std::fs::read_to_string(dir.join("sandtable-check.1")).expect("page");
    assert!(check.contains(r"\-\-format"), "the page lists the flags");
}

#[test]
fn man_without_a_folder_prints_the_tools_page() {
    let run = bin().arg("man").output().expect("run");
    assert_eq!(run.status.code(), Some(0));
    let page = String::from_utf8(run.stdout).expect("UTF-8");
    assert!(page.contains(".TH sandtable"), "{page}");
    assert!(page.contains("completions"));
}

#[test]
fn man_into_a_file_fails_clearly() {
    let tmp = tempfile::NamedTempFile::new().expect("tmp");
    let run = bin()
        .args(["man", "-o"])
        .arg(tmp.path())
        .output()
        .expect("run");
    assert_eq!(run.status.code(), Some(1));
    let err = String::from_utf8_lossy(&run.stderr);
    assert!(err.contains("cannot write the manual pages"), "{err}");
}
