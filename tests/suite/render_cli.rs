//! `sandtable render` from the command line: one file for maps and sheets, a folder of PNGs
//! for counters, displays and charts, and clear errors.

use crate::support::{bin, game};

fn png_size(path: &std::path::Path) -> (u32, u32) {
    let img = image::open(path).expect("a PNG");
    (img.width(), img.height())
}

#[test]
fn the_map_is_one_png_of_the_grid_layout_size() {
    let tmp = tempfile::tempdir().expect("tmp");
    let out = tmp.path().join("map.png");
    let run = bin()
        .arg("render")
        .arg(game("tests/fixtures/mini"))
        .args(["--what", "map", "-o"])
        .arg(&out)
        .output()
        .expect("run");
    assert_eq!(
        run.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let checked = sandtable::check::check_dir(&game("tests/fixtures/mini")).expect("load");
    let g = checked.game.expect("clean");
    let sandtable::model::MapKind::Hex(h) = &g.maps[0].kind else {
        panic!("hex map")
    };
    let layout = h.geometry.layout(
        g.art.hex_size,
        sandtable::layout::map_margin(g.art.hex_size),
    );
    assert_eq!(png_size(&out), (layout.width, layout.height));
}

#[test]
fn counters_go_into_a_folder_one_png_per_face() {
    let tmp = tempfile::tempdir().expect("tmp");
    let out = tmp.path().join("counters");
    let run = bin()
        .arg("render")
        .arg(game("tests/fixtures/mini"))
        .args(["--what", "counters", "-o"])
        .arg(&out)
        .output()
        .expect("run");
    assert_eq!(run.status.code(), Some(0));
    let mut names: Vec<String> = std::fs::read_dir(&out)
        .expect("folder")
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    // Four counters of the mix, front and back each, but the one-sided marker (a plain
    // back) without a back image.
    assert_eq!(
        names,
        [
            "blue-1-back.png",
            "blue-1.png",
            "oos.png",
            "red-1-back.png",
            "red-1.png",
            "red-2-back.png",
            "red-2.png"
        ]
    );
    assert_eq!(png_size(&out.join("red-1.png")), (60, 60));
}

#[test]
fn an_unknown_picture_kind_is_a_clear_error() {
    let tmp = tempfile::tempdir().expect("tmp");
    let run = bin()
        .arg("render")
        .arg(game("tests/fixtures/mini"))
        .args(["--what", "mapp", "-o"])
        .arg(tmp.path().join("x"))
        .output()
        .expect("run");
    assert_eq!(run.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&run.stderr).contains("unknown picture kind `mapp`"));
}
