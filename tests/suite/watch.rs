//! `check --watch`: a running watch reports a diagnostic as added when a save introduces it
//! and as removed when the next save fixes it, one JSON line per run.

use std::io::BufRead as _;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use crate::support::{copy_game, edit, p};

/// The child is killed however the test ends.
struct Killed(Child);

impl Drop for Killed {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// The next run's JSON line, or a failure after a timeout.
fn next_run(lines: &mpsc::Receiver<String>) -> serde_json::Value {
    let line = lines
        .recv_timeout(Duration::from_secs(10))
        .expect("a run's line within 10 s");
    serde_json::from_str(&line).unwrap_or_else(|e| panic!("{e}: {line}"))
}

#[test]
fn check_watch_reports_added_then_removed_diagnostics() {
    let game = copy_game("tests/fixtures/mini");
    let dir = game.path();
    let mut child = Command::new(snapbox::cmd::cargo_bin!("sandtable"))
        .args(["check", "--watch", "--format", "json", p(dir)])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start the watch");
    let stdout = child.stdout.take().expect("stdout");
    let _child = Killed(child);
    let (tx, lines) = mpsc::channel();
    std::thread::spawn(move || {
        for line in std::io::BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });

    let first = next_run(&lines);
    assert_eq!(first["run"], 1, "{first}");
    assert_eq!(first["errors"], 0, "{first}");
    assert_eq!(first["added"], serde_json::json!([]), "{first}");

    edit(dir, "map.toml", "[map.terrain]", "[map.terrainx]");
    let broken = next_run(&lines);
    assert_eq!(broken["run"], 2, "{broken}");
    assert_eq!(broken["errors"], 1, "{broken}");
    assert_eq!(broken["added"][0]["code"], "unknown-key", "{broken}");
    assert_eq!(broken["added"][0]["file"], "map.toml", "{broken}");
    assert_eq!(broken["removed"], serde_json::json!([]), "{broken}");

    edit(dir, "map.toml", "[map.terrainx]", "[map.terrain]");
    let fixed = next_run(&lines);
    assert_eq!(fixed["run"], 3, "{fixed}");
    assert_eq!(fixed["errors"], 0, "{fixed}");
    assert_eq!(fixed["added"], serde_json::json!([]), "{fixed}");
    assert_eq!(fixed["removed"][0]["code"], "unknown-key", "{fixed}");
}
