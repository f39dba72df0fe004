//! `--watch` of `check` and `render`: run again on every save of a file of the game (any
//! `*.toml` below the game directory and `rules/*.md`, hidden folders, `tools/` and
//! `node_modules/` skipped as the loader does), debounced, and print what changed.
//!
//! A diagnostic is identified by its code, file, message *and* location: a problem that
//! merely moved (a line added above it) is shown as removed at its old place and added at
//! its new one. Ctrl-C stops the watch with the default behaviour of the signal: `check`
//! writes nothing and `render` writes through temporary files, so nothing is left half-written.

use std::path::{Component, Path};
use std::process::ExitCode;
use std::sync::mpsc;
use std::time::Duration;

use notify_debouncer_full::new_debouncer;
use notify_debouncer_full::notify::{EventKind, RecursiveMode};
use serde::Serialize;

use super::Failure;
use crate::diag::{Located, Severity};

/// How long the files must be quiet before a run (an editor's save is several events).
const DEBOUNCE: Duration = Duration::from_millis(200);

/// Whether a changed path is a file the game is read from.
pub(super) fn relevant(root: &Path, path: &Path) -> bool {
    let Ok(rel) = path.strip_prefix(root) else {
        return false;
    };
    let parts: Vec<String> = rel
        .components()
        .filter_map(|c| match c {
            Component::Normal(s) => Some(s.to_string_lossy().into_owned()),
            _ => None,
        })
        .collect();
    let Some((name, dirs)) = parts.split_last() else {
        return false;
    };
    if name.starts_with('.')
        || dirs
            .iter()
            .any(|d| d.starts_with('.') || d == "tools" || d == "node_modules")
    {
        return false;
    }
    name.ends_with(".toml") || (name.ends_with(".md") && dirs.len() == 1 && dirs[0] == "rules")
}

/// Watch `dir` and call `each` with the run's number (1 first, at once, then on every
/// debounced batch of changes to the game's files). Returns only when the watch fails.
pub(super) fn watch(dir: &Path, mut each: impl FnMut(usize)) -> Result<ExitCode, Failure> {
    let root = dir
        .canonicalize()
        .map_err(|e| format!("{}: {e}", dir.display()))?;
    let (tx, rx) = mpsc::channel();
    let mut debouncer =
        new_debouncer(DEBOUNCE, None, tx).map_err(|e| format!("cannot watch: {e}"))?;
    debouncer
        .watch(&root, RecursiveMode::Recursive)
        .map_err(|e| format!("cannot watch {}: {e}", dir.display()))?;
    let mut run = 1;
    each(run);
    for batch in rx {
        match batch {
            Ok(events) => {
                // Reading a file (the check itself opens them) is not a change.
                let changed = events.iter().any(|e| {
                    !matches!(e.kind, EventKind::Access(_))
                        && e.paths.iter().any(|p| relevant(&root, p))
                });
                if changed {
                    run += 1;
                    each(run);
                }
            }
            Err(errors) => {
                for e in errors {
                    eprintln!("warning: watching {}: {e}", dir.display());
                }
            }
        }
    }
    Err(format!("the watch of {} stopped", dir.display()).into())
}

/// What changed between two runs' diagnostics.
#[derive(Debug, Default)]
pub(super) struct Change<'a> {
    /// In the new run only.
    pub added: Vec<&'a Located>,
    /// In the old run only.
    pub removed: Vec<&'a Located>,
}

/// What identifies a diagnostic across runs: code, file, message and location.
fn key(d: &Located) -> (&str, Option<&str>, &str, Option<usize>, Option<usize>) {
    (d.code, d.file.as_deref(), &d.message, d.line, d.column)
}

/// The diagnostics `new` has that `old` has not, and those gone, as multisets (two equal
/// diagnostics count twice), each in its run's order.
pub(super) fn diff<'a>(old: &'a [Located], new: &'a [Located]) -> Change<'a> {
    let mut unmatched: Vec<Option<&Located>> = old.iter().map(Some).collect();
    let mut added = Vec::new();
    for d in new {
        let found = unmatched
            .iter_mut()
            .find(|o| o.is_some_and(|o| key(o) == key(d)));
        match found {
            Some(slot) => *slot = None,
            None => added.push(d),
        }
    }
    Change {
        added,
        removed: unmatched.into_iter().flatten().collect(),
    }
}

/// Errors and warnings among diagnostics.
pub(super) fn counts(list: &[Located]) -> (usize, usize) {
    let errors = list
        .iter()
        .filter(|d| d.severity == Severity::Error)
        .count();
    (errors, list.len() - errors)
}

/// One diagnostic on one line: `error[code] file:line:col message`.
pub(super) fn line(d: &Located) -> String {
    let severity = match d.severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
    };
    let at = match (&d.file, d.line, d.column) {
        (Some(f), Some(l), Some(c)) => format!(" {f}:{l}:{c}"),
        (Some(f), _, _) => format!(" {f}"),
        _ => String::new(),
    };
    format!("{severity}[{}]{at} {}", d.code, d.message)
}

/// `N errors, M warnings (+a −b)`.
pub(super) fn summary(list: &[Located], change: &Change) -> String {
    let (e, w) = counts(list);
    format!(
        "{e} error{}, {w} warning{} (+{} −{})",
        if e == 1 { "" } else { "s" },
        if w == 1 { "" } else { "s" },
        change.added.len(),
        change.removed.len()
    )
}

/// A run's report as text: the changed diagnostics, then the summary line.
pub(super) fn change_text(list: &[Located], change: &Change) -> String {
    let mut out = String::new();
    for d in &change.removed {
        out += &format!("- {}\n", line(d));
    }
    for d in &change.added {
        out += &format!("+ {}\n", line(d));
    }
    out + &summary(list, change) + "\n"
}

/// A run's report as one JSON line.
pub(super) fn change_json(run: usize, list: &[Located], change: &Change) -> String {
    #[derive(Serialize)]
    struct Run<'a> {
        run: usize,
        added: &'a [&'a Located],
        removed: &'a [&'a Located],
        errors: usize,
        warnings: usize,
    }
    let (errors, warnings) = counts(list);
    let report = Run {
        run,
        added: &change.added,
        removed: &change.removed,
        errors,
        warnings,
    };
    serde_json::to_string(&report)
        .unwrap_or_else(|e| format!("{{\"run\": {run}, \"error\": {:?}}}", e.to_string()))
        + "\n"
}

/// A run that failed (the game could not be read at all), as one JSON line.
pub(super) fn failure_json(run: usize, failure: &Failure) -> String {
    let diagnostics: Option<Vec<Located>> = failure
        .diagnostics
        .as_ref()
        .map(|(d, s)| d.iter().map(|x| Located::new(x, s)).collect());
    let mut report = serde_json::json!({ "run": run, "error": failure.message });
    if let Some(list) = diagnostics {
        report["diagnostics"] = serde_json::to_value(list).unwrap_or_default();
    }
    report.to_string() + "\n"
}

#[cfg(test)]
mod tests {
    use super::*;

    fn located(code: &'static str, line: usize, message: &str) -> Located {
        Located {
            severity: if code.starts_with('w') {
                Severity::Warning
            } else {
                Severity::Error
            },
            code,
            message: message.to_string(),
            file: Some("map.toml".to_string()),
            line: Some(line),
            column: Some(1),
            hint: None,
        }
    }

    #[test]
    fn same_diagnostics_change_nothing() {
        let a = vec![located("bad-hex", 3, "x"), located("w-odd", 5, "y")];
        let b = vec![located("bad-hex", 3, "x"), located("w-odd", 5, "y")];
        let c = diff(&a, &b);
        assert!(c.added.is_empty() && c.removed.is_empty());
        assert_eq!(summary(&b, &c), "1 error, 1 warning (+0 −0)");
    }

    #[test]
    fn new_and_gone_are_reported() {
        let a = vec![located("bad-hex", 3, "x")];
        let b = vec![located("unknown-key", 7, "z")];
        let c = diff(&a, &b);
        assert_eq!(
            c.added.iter().map(|d| d.code).collect::<Vec<_>>(),
            ["unknown-key"]
        );
        assert_eq!(
            c.removed.iter().map(|d| d.code).collect::<Vec<_>>(),
            ["bad-hex"]
        );
        assert_eq!(
            change_text(&b, &c),
            "- error[bad-hex] map.toml:3:1 x\n+ error[unknown-key] map.toml:7:1 z\n1 error, 0 warnings (+1 −1)\n"
        );
    }

    #[test]
    fn a_moved_problem_is_removed_and_added() {
        let a = vec![located("bad-hex", 3, "x")];
        let b = vec![located("bad-hex", 4, "x")];
        let c = diff(&a, &b);
        assert_eq!((c.added.len(), c.removed.len()), (1, 1));
    }

    #[test]
    fn duplicates_count_as_many() {
        let a = vec![located("bad-hex", 3, "x")];
        let b = vec![located("bad-hex", 3, "x"), located("bad-hex", 3, "x")];
        let c = diff(&a, &b);
        assert_eq!((c.added.len(), c.removed.len()), (1, 0));
        let json: serde_json::Value = serde_json::from_str(&change_json(2, &b, &c)).expect("json");
        assert_eq!(json["run"], 2);
        assert_eq!(json["errors"], 2);
        assert_eq!(json["added"][0]["code"], "bad-hex");
    }

    #[test]
    fn only_the_games_files_are_relevant() {
        let root = Path::new("/g");
        for yes in ["/g/game.toml", "/g/maps/a.toml", "/g/rules/01-intro.md"] {
            assert!(relevant(root, Path::new(yes)), "{yes}");
        }
        for no in [
            "/g/out.png",
            "/g/.git/x.toml",
            "/g/tools/a.toml",
            "/g/README.md",
            "/g/rules/sub/a.md",
            "/g/.game.toml.swp",
            "/elsewhere/game.toml",
        ] {
            assert!(!relevant(root, Path::new(no)), "{no}");
        }
    }
}
