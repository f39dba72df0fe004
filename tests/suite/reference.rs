//! The language reference under `docs/src/reference/` is generated
//! (`sandtable::emit::reference::pages`): these tests fail when a committed page differs
//! from what the generator makes now, is missing, or is stale (no longer generated).
//!
//! To update the pages after changing the schema's doc comments, the diagnostics catalogue,
//! an example game or the generator, run
//! `SANDTABLE_BLESS=1 cargo nextest run -E 'test(/reference/)'` and commit
//! `docs/src/reference/`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use walkdir::WalkDir;

fn reference_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/src/reference")
}

/// Every file under the folder, by `/`-separated path relative to it.
fn committed(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    let mut out = BTreeMap::new();
    if !dir.is_dir() {
        return out;
    }
    for e in WalkDir::new(dir).sort_by_file_name() {
        let e = e.expect("the reference folder lists");
        if e.file_type().is_file() {
            let rel = e
                .path()
                .strip_prefix(dir)
                .expect("below the folder")
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect::<Vec<_>>()
                .join("/");
            out.insert(
                rel,
                std::fs::read(e.path()).expect("a reference file reads"),
            );
        }
    }
    out
}

/// Write the generated tree, removing files it no longer has.
fn bless(dir: &Path, pages: &BTreeMap<String, Vec<u8>>) {
    for stale in committed(dir).keys().filter(|p| !pages.contains_key(*p)) {
        std::fs::remove_file(dir.join(stale)).expect("a stale page is removed");
    }
    for (path, bytes) in pages {
        let to = dir.join(path);
        std::fs::create_dir_all(to.parent().expect("a folder")).expect("the folder is made");
        if std::fs::read(&to).ok().as_deref() != Some(bytes.as_slice()) {
            std::fs::write(&to, bytes).expect("a page is written");
        }
    }
}

/// What differs between the generated and the committed tree, one line each.
fn differences(
    generated: &BTreeMap<String, Vec<u8>>,
    on_disk: &BTreeMap<String, Vec<u8>>,
) -> Vec<String> {
    let mut out = Vec::new();
    for (path, bytes) in generated {
        match on_disk.get(path) {
            None => out.push(format!("missing: {path}")),
            Some(b) if b != bytes => {
                let line = std::str::from_utf8(bytes)
                    .ok()
                    .zip(std::str::from_utf8(b).ok())
                    .and_then(|(new, old)| {
                        let (n, o): (Vec<&str>, Vec<&str>) =
                            (new.lines().collect(), old.lines().collect());
                        (0..n.len().max(o.len()))
                            .find(|&i| n.get(i) != o.get(i))
                            .map(|i| format!(" (first difference at line {})", i + 1))
                    })
                    .unwrap_or_default();
                out.push(format!("differs: {path}{line}"));
            }
            Some(_) => {}
        }
    }
    for path in on_disk.keys().filter(|p| !generated.contains_key(*p)) {
        out.push(format!("stale: {path}"));
    }
    out
}

#[test]
fn the_reference_pages_are_up_to_date() {
    let dir = reference_dir();
    let pages = sandtable::emit::reference::pages();
    if std::env::var_os("SANDTABLE_BLESS").is_some_and(|v| v == "1") {
        bless(&dir, &pages);
    }
    let diffs = differences(&pages, &committed(&dir));
    assert!(
        diffs.is_empty(),
        "docs/src/reference/ is not what the generator makes:\n  {}\n\
         run `SANDTABLE_BLESS=1 cargo nextest run -E 'test(/reference/)'` and commit the pages",
        diffs.join("\n  ")
    );
}

#[test]
fn the_reference_is_generated_the_same_every_time() {
    assert_eq!(
        sandtable::emit::reference::pages(),
        sandtable::emit::reference::pages()
    );
}

#[test]
fn the_reference_comparison_sees_every_kind_of_drift() {
    let generated: BTreeMap<String, Vec<u8>> = [
        ("a.md".to_string(), b"one\ntwo\n".to_vec()),
        ("b.md".to_string(), b"x".to_vec()),
    ]
    .into();
    let mut on_disk = generated.clone();
    assert!(differences(&generated, &on_disk).is_empty());
    on_disk.insert("a.md".into(), b"one\nTWO\n".to_vec());
    on_disk.remove("b.md");
    on_disk.insert("old.md".into(), b"gone".to_vec());
    assert_eq!(
        differences(&generated, &on_disk),
        [
            "differs: a.md (first difference at line 2)",
            "missing: b.md",
            "stale: old.md"
        ]
    );
}

#[test]
fn every_reference_link_points_at_a_page_of_the_tree() {
    let pages = sandtable::emit::reference::pages();
    for (path, bytes) in pages.iter().filter(|(p, _)| p.ends_with(".md")) {
        let text = std::str::from_utf8(bytes).expect("a page is UTF-8");
        let mut rest = text;
        while let Some(i) = rest.find("](") {
            rest = &rest[i + 2..];
            let end = rest.find(')').expect("a link closes");
            let target = &rest[..end];
            let file = target.split('#').next().unwrap_or("");
            if file.is_empty() || target.starts_with("http") {
                continue;
            }
            assert!(
                pages.contains_key(file),
                "{path} links to {target}, which the reference does not have"
            );
        }
    }
}

/// The command reference under `docs/src/commands/`, written by `sandtable man --markdown`
/// from the same declarations `--help` shows.
fn commands_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/src/commands")
}

/// The command reference as `sandtable man --markdown` writes it now.
fn command_pages() -> BTreeMap<String, Vec<u8>> {
    let tmp = tempfile::tempdir().expect("tmp");
    let run = crate::support::bin()
        .args(["man", "--markdown", "-o"])
        .arg(tmp.path())
        .output()
        .expect("run");
    assert_eq!(
        run.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    committed(tmp.path())
}

#[test]
fn the_command_reference_is_up_to_date() {
    let dir = commands_dir();
    let pages = command_pages();
    if std::env::var_os("SANDTABLE_BLESS").is_some_and(|v| v == "1") {
        bless(&dir, &pages);
    }
    let diffs = differences(&pages, &committed(&dir));
    assert!(
        diffs.is_empty(),
        "docs/src/commands/ is not what `sandtable man --markdown` writes:\n  {}\n\
         run `SANDTABLE_BLESS=1 cargo nextest run -E 'test(/command_reference/)'` and commit the pages",
        diffs.join("\n  ")
    );
}

#[test]
fn every_command_has_a_page_in_the_book_with_examples_and_exit_codes() {
    let pages = command_pages();
    let summary =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/src/SUMMARY.md"))
            .expect("the book's summary reads");
    use clap::CommandFactory as _;
    for c in sandtable::cli::Cli::command().get_subcommands() {
        let file = format!("{}.md", c.get_name());
        let page = String::from_utf8(pages.get(&file).cloned().unwrap_or_default())
            .expect("a page is UTF-8");
        assert!(!page.is_empty(), "no page {file}");
        assert!(
            summary.contains(&format!("(commands/{file})")),
            "SUMMARY.md does not list commands/{file}"
        );
        assert!(page.contains("## Synopsis"), "{file} has no synopsis");
        assert!(page.contains("## Examples"), "{file} has no examples");
        if c.get_name() != "completions" {
            assert!(page.contains("## Exit codes"), "{file} has no exit codes");
        }
        // Every example calls the tool.
        for block in page.split("## Examples").nth(1).into_iter() {
            let code = block.split("```").nth(1).unwrap_or("");
            for line in code.lines().skip(1).filter(|l| !l.trim().is_empty()) {
                assert!(
                    line.starts_with("sandtable "),
                    "{file}: the example `{line}` does not call sandtable"
                );
            }
        }
    }
}

/// Every example of the command reference that reads only the repository's own games and
/// writes nothing runs as shown (exit 0), so the pages cannot drift from the games.
#[test]
fn the_command_reference_examples_on_the_example_games_run() {
    let root = crate::support::root();
    // Run where the examples' `modules/` is the repository's, so that what a command writes
    // beside it (`build`'s module) lands in a temporary folder, not in the repository.
    let tmp = tempfile::tempdir().expect("tmp");
    std::os::unix::fs::symlink(root.join("modules"), tmp.path().join("modules"))
        .expect("the example games are linked");
    let mut ran = 0;
    for (file, bytes) in command_pages() {
        let page = String::from_utf8(bytes).expect("a page is UTF-8");
        let Some(examples) = page.split("## Examples").nth(1) else {
            continue;
        };
        let code = examples.split("```").nth(1).unwrap_or("");
        for line in code.lines().skip(1).filter(|l| !l.trim().is_empty()) {
            let words: Vec<&str> = line.split_whitespace().collect();
            let writes = words.iter().any(|w| {
                matches!(
                    *w,
                    "-o" | "--watch" | "--apply" | "--views" | ">" | ">>" | "--render"
                ) || w.starts_with('"')
            });
            // Files a reader brings (saves, orders, positions) are not in the repository;
            // `geo` needs Natural Earth from the network.
            let local = words[1..].iter().all(|w| {
                w.starts_with('-') || !(w.contains('/') || w.contains('.')) || root.join(w).exists()
            });
            if writes || !local || words.get(1) == Some(&"geo") {
                continue;
            }
            let run = crate::support::bin()
                .current_dir(tmp.path())
                .args(&words[1..])
                .output()
                .expect("run");
            assert_eq!(
                run.status.code(),
                Some(0),
                "{file}: `{line}` failed:\n{}{}",
                String::from_utf8_lossy(&run.stdout),
                String::from_utf8_lossy(&run.stderr)
            );
            ran += 1;
        }
    }
    assert!(ran >= 15, "only {ran} examples ran");
}
