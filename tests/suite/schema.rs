//! `sandtable schema`: the JSON Schema of a game file validates every TOML file of every
//! example game and of every starter game `new` makes, and rejects a misspelt key or word, as
//! judged by an independent validator: Python's `jsonschema` reading the TOML with Python's own
//! `tomllib`, so neither the TOML reader nor the validator is ours. Skips with a message when
//! no Python 3.11+ with `jsonschema` is found (`.ci/run` installs it).

use std::path::{Path, PathBuf};

use crate::support::{bin, root};

/// The independent validator: validates each TOML file named on the command line against
/// the schema in argv[1]; prints `path: json-path: message` per problem and exits 1 if any.
const VALIDATE: &str = r#"
import json, sys, tomllib
from jsonschema import Draft7Validator
schema = json.load(open(sys.argv[1]))
Draft7Validator.check_schema(schema)
v = Draft7Validator(schema)
bad = 0
for path in sys.argv[2:]:
    with open(path, "rb") as f:
        doc = tomllib.load(f)
    for e in sorted(v.iter_errors(doc), key=lambda e: list(map(str, e.absolute_path))):
        bad += 1
        print(f"{path}: {'/'.join(map(str, e.absolute_path)) or '.'}: {e.message[:300]}")
print(f"{len(sys.argv) - 2} files, {bad} problems")
sys.exit(1 if bad else 0)
"#;

/// A Python with `jsonschema` and `tomllib` (3.11+), if there is one.
fn validator_python() -> Option<String> {
    let home = std::env::var("HOME").unwrap_or_default();
    [
        std::env::var("SANDTABLE_PYTHON").unwrap_or_default(),
        format!("{home}/.pyenv/versions/3.12.1/bin/python"),
        "python3".to_string(),
    ]
    .into_iter()
    .find(|p| {
        !p.is_empty()
            && std::process::Command::new(p)
                .args(["-c", "import tomllib, jsonschema"])
                .output()
                .is_ok_and(|o| o.status.success())
    })
}

/// Write the schema with the CLI into `dir`; its path.
fn write_schema(dir: &Path) -> PathBuf {
    let path = dir.join("game.schema.json");
    let out = bin()
        .args(["schema", "-o"])
        .arg(&path)
        .output()
        .expect("run");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    path
}

/// Validate `files`: (passed, report).
fn validate(python: &str, schema: &Path, files: &[PathBuf]) -> (bool, String) {
    let out = std::process::Command::new(python)
        .args(["-c", VALIDATE])
        .arg(schema)
        .args(files)
        .output()
        .expect("run python");
    let report =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    (out.status.success(), report)
}

/// Every game file below `dir`, as the loader finds them (hidden folders and `tools/` skipped).
fn game_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = walkdir::WalkDir::new(dir)
        .into_iter()
        .filter_entry(|e| {
            let name = e.file_name().to_string_lossy();
            e.depth() == 0 || !(name.starts_with('.') || name == "tools")
        })
        .flatten()
        .filter(|e| e.file_type().is_file() && e.path().extension().is_some_and(|x| x == "toml"))
        .map(|e| e.into_path())
        .collect();
    files.sort();
    files
}

#[test]
fn schema_validates_every_example_and_starter_game() {
    let Some(python) = validator_python() else {
        eprintln!("skipped: no Python 3.11+ with `jsonschema` (pip install jsonschema)");
        return;
    };
    let tmp = tempfile::tempdir().expect("tmp");
    let schema = write_schema(tmp.path());
    let mut files = Vec::new();
    let modules = root().join("modules");
    for game in std::fs::read_dir(&modules).expect("modules").flatten() {
        files.extend(game_files(&game.path()));
    }
    assert!(files.len() >= 50, "only {} example files", files.len());
    for kind in ["hex", "area", "diplomacy"] {
        let dir = tmp.path().join(kind);
        let out = bin()
            .arg("new")
            .arg(&dir)
            .args(["--kind", kind])
            .output()
            .expect("run");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        files.extend(game_files(&dir));
    }
    let (ok, report) = validate(&python, &schema, &files);
    assert!(ok, "{report}");
    assert!(
        report.contains(&format!("{} files, 0 problems", files.len())),
        "{report}"
    );
}

#[test]
fn schema_rejects_a_misspelt_key_and_word() {
    let Some(python) = validator_python() else {
        eprintln!("skipped: no Python 3.11+ with `jsonschema` (pip install jsonschema)");
        return;
    };
    let tmp = tempfile::tempdir().expect("tmp");
    let schema = write_schema(tmp.path());
    let write = |name: &str, text: &str| {
        let path = tmp.path().join(name);
        std::fs::write(&path, text).expect("write");
        path
    };
    let good = write(
        "good.toml",
        "[[unit-type]]\nid = \"tank\"\nname = \"Tank\"\nsymbol = \"armour\"\n\n[[class]]\nid = \"t\"\nname = \"T\"\ntype = \"tank\"\nsize = \"corps\"\n",
    );
    let (ok, report) = validate(&python, &schema, &[good]);
    assert!(ok, "{report}");
    let cases = [
        (
            "key.toml",
            "[game]\nid = \"g\"\ntitle = \"G\"\nversoin = \"1\"\n",
            "'versoin' was unexpected",
        ),
        (
            "symbol.toml",
            "[[unit-type]]\nid = \"tank\"\nname = \"Tank\"\nsymbol = \"armor\"\n",
            "'armor' is not one of",
        ),
        (
            "size.toml",
            "[[class]]\nid = \"t\"\nname = \"T\"\ntype = \"tank\"\nsize = \"brigdae\"\n",
            "class/0/size: 'brigdae' is not valid",
        ),
        (
            "section.toml",
            "[[countre]]\nid = \"x\"\n",
            "'countre' was unexpected",
        ),
        (
            "type.toml",
            "[art]\nhex-size = \"big\"\n",
            "'big' is not of type 'integer'",
        ),
    ];
    for (name, text, expected) in cases {
        let path = write(name, text);
        let (ok, report) = validate(&python, &schema, &[path]);
        assert!(!ok, "{name} passed:\n{report}");
        assert!(
            report.contains(expected),
            "{name}: expected {expected:?} in\n{report}"
        );
    }
}

#[test]
fn schema_goes_to_stdout_without_an_output_file() {
    let out = bin().arg("schema").output().expect("run");
    assert!(out.status.success());
    let schema: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(schema["$schema"], "http://json-schema.org/draft-07/schema#");
    let sections = schema["properties"].as_object().expect("sections");
    for key in ["game", "map", "counter", "crt", "rules", "scenario", "use"] {
        assert!(
            sections.contains_key(key),
            "no `{key}` in {:?}",
            sections.keys()
        );
    }
    assert_eq!(schema["additionalProperties"], false);
}

/// Every word the schema allows for a key is one `check` accepts, and a word it does not
/// allow is one `check` refuses: the closed word lists of the schema and of the checker are
/// the same lists. Tried on the keys the starter hex game writes, one word at a time.
#[test]
fn schema_words_are_the_words_check_accepts() {
    let tmp = tempfile::tempdir().expect("tmp");
    let dir = tmp.path().join("words");
    let out = bin().arg("new").arg(&dir).output().expect("run");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let schema: serde_json::Value =
        serde_json::from_slice(&bin().arg("schema").output().expect("run").stdout).expect("JSON");
    // (file, line as the starter writes it, the key's definition and property)
    let keys = [
        (
            "map.toml",
            "orientation = \"columns\"",
            "HexGrid",
            "orientation",
        ),
        (
            "map.toml",
            "pattern = \"column-row\"",
            "Numbering",
            "pattern",
        ),
        ("map.toml", "along = \"west\"", "Edge", "along"),
        ("tables.toml", "kind = \"odds\"", "Crt", "kind"),
        ("tables.toml", "halving = \"up\"", "Crt", "halving"),
        ("tables.toml", "default = \"adjacent\"", "Zoc", "default"),
        ("tables.toml", "rule = \"last-occupied\"", "Control", "rule"),
        ("terrain.toml", "kind = \"land\"", "Terrain", "kind"),
    ];
    for (file, line, def, key) in keys {
        let words: Vec<String> = schema["definitions"][def]["properties"][key]["enum"]
            .as_array()
            .unwrap_or_else(|| panic!("{def}.{key} has no word list"))
            .iter()
            .map(|w| w.as_str().expect("a word").to_string())
            .collect();
        let path = dir.join(file);
        let original = std::fs::read_to_string(&path).expect("read");
        let at = original
            .find(line)
            .unwrap_or_else(|| panic!("{file} has no {line}"));
        let line_no = original[..at].lines().count() + 1;
        let refused = |word: &str| -> bool {
            let value = line.split_once('=').expect("key = value").0;
            let text = original.replacen(line, &format!("{value}= \"{word}\""), 1);
            std::fs::write(&path, text).expect("write");
            let (_, diags) = crate::support::check_json(&dir);
            std::fs::write(&path, &original).expect("restore");
            diags.iter().any(|d| {
                d["code"] == "unknown-value"
                    && d["file"].as_str().is_some_and(|f| f.ends_with(file))
                    && d["line"] == line_no
            })
        };
        for word in &words {
            assert!(
                !refused(word),
                "check refuses `{word}` for {def}.{key}, which the schema allows"
            );
        }
        assert!(
            refused("no-such-word"),
            "check accepts a word the schema refuses for {def}.{key}"
        );
    }
}
