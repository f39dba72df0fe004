//! `sandtable inspect` from the command line: real modules, hostile files, JSON.

use crate::support::{bin, root};

#[test]
fn inspects_a_real_module_as_json() {
    let vmod = root().join("../shared/corpus/kassala/Kassala.vmod");
    if !vmod.is_file() {
        eprintln!("skipped: ../shared is absent");
        return;
    }
    let out = bin()
        .arg("inspect")
        .arg(&vmod)
        .args(["--format", "json"])
        .output()
        .expect("run");
    assert_eq!(out.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    let text = v.to_string();
    assert!(text.contains("Kassala"), "names the module");
    assert!(text.contains("227.9"), "reports the hex grid's dx");
}

#[test]
fn a_file_that_is_not_vassal_is_a_clear_error() {
    let tmp = tempfile::tempdir().expect("tmp");
    let junk = tmp.path().join("junk.vmod");
    std::fs::write(&junk, b"PK\x03\x04 this is not really a zip").expect("write");
    let out = bin().arg("inspect").arg(&junk).output().expect("run");
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.starts_with("error: "), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}
