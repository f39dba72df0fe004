//! `sandtable render` from the command line: one file for maps and sheets, a folder of PNGs
//! for counters, displays and charts, and clear errors.

use crate::support::{bin, game};

/// `sandtable render DIR --what map -o OUT`, failing on an error.
fn render_map(dir: &std::path::Path, out: &std::path::Path) {
    let run = bin()
        .arg("render")
        .arg(dir)
        .args(["--what", "map", "-o"])
        .arg(out)
        .output()
        .expect("run");
    assert_eq!(
        run.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
}

fn png_size(path: &std::path::Path) -> (u32, u32) {
    let img = image::open(path).expect("a PNG");
    (img.width(), img.height())
}

#[test]
fn the_map_is_one_png_of_the_grid_layout_size_with_its_strip() {
    let tmp = tempfile::tempdir().expect("tmp");
    let out = tmp.path().join("map.png");
    render_map(&game("tests/fixtures/mini"), &out);
    let checked = sandtable::check::check_dir(&game("tests/fixtures/mini")).expect("load");
    let g = checked.game.expect("clean");
    let sandtable::model::MapKind::Hex(h) = &g.maps[0].kind else {
        panic!("hex map")
    };
    let layout = h.geometry.layout(
        g.art.hex_size,
        sandtable::layout::map_margin(g.art.hex_size),
    );
    // The grid's width, and its height with the strip below holding the cartouche.
    let (size, strip) = sandtable::emit::art::map_frame(&g, 0).expect("frame");
    assert!(strip.is_some_and(|s| s.cartouche.is_some() && s.top == layout.height));
    assert_eq!(size.0, layout.width);
    assert_eq!(png_size(&out), size);
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

/// `[map.cartouche]`: on a map of land everywhere the title and legend go below the map
/// (the picture grows), `off` leaves the picture the grid's size, a misspelt position is a
/// located error with the word meant, and on an area map the key is warned of.
#[test]
fn the_cartouche_goes_below_a_map_of_land_or_where_it_is_told() {
    let tmp = crate::support::copy_game("docs/src/tutorial/game/step-01");
    let d = tmp.path();
    let render = |out: &std::path::Path| {
        render_map(d, out);
        png_size(out)
    };
    let below = render(&d.join("below.png"));
    let map = std::fs::read_to_string(d.join("map.toml")).expect("map.toml");
    std::fs::write(
        d.join("map.toml"),
        format!("{map}\n[map.cartouche]\nposition = \"off\"\n"),
    )
    .expect("write");
    let off = render(&d.join("off.png"));
    assert_eq!(below.0, off.0);
    assert!(below.1 > off.1 + 100, "below {below:?}, off {off:?}");
    crate::support::edit(
        d,
        "map.toml",
        "position = \"off\"",
        "position = \"top-lft\"",
    );
    let (code, diags) = crate::support::check_json(d);
    assert_eq!(code, 1);
    assert_eq!(diags.len(), 1, "{diags:#?}");
    assert_eq!(diags[0]["code"], "unknown-value");
    assert_eq!(diags[0]["hint"], "did you mean `top-left`?");

    let area = tempfile::tempdir().expect("tmp");
    let dir = area.path().join("board");
    let made = bin()
        .arg("new")
        .args(["--kind", "area"])
        .arg(&dir)
        .output()
        .expect("run");
    assert_eq!(made.status.code(), Some(0));
    let map = std::fs::read_to_string(dir.join("map.toml")).expect("map.toml");
    std::fs::write(
        dir.join("map.toml"),
        format!("{map}\n[map.cartouche]\nposition = \"below\"\n"),
    )
    .expect("write");
    let (code, diags) = crate::support::check_json(&dir);
    assert_eq!(code, 0);
    let codes: Vec<&str> = diags.iter().filter_map(|d| d["code"].as_str()).collect();
    assert_eq!(codes, vec!["ignored-key"], "{diags:#?}");
    // SVG art is refused by `check` where it is named, not later by `render`.
    std::fs::create_dir_all(dir.join("art")).expect("mkdir");
    std::fs::write(dir.join("art/board.svg"), "<svg/>").expect("write");
    let map = std::fs::read_to_string(dir.join("map.toml")).expect("map.toml");
    let map = map.replacen("\nsize = ", "\nimage = \"art/board.svg\"\nsize = ", 1);
    std::fs::write(dir.join("map.toml"), map).expect("write");
    let (code, diags) = crate::support::check_json(&dir);
    assert_eq!(code, 1);
    let codes: Vec<&str> = diags.iter().filter_map(|d| d["code"].as_str()).collect();
    assert!(codes.contains(&"bad-image"), "{diags:#?}");
}

/// Pixels that differ between the picture of a map and one drawn over it (of the map's
/// width, and as tall or taller: a legend may be printed below the map).
fn changed_pixels(map: &std::path::Path, drawn: &std::path::Path) -> usize {
    let (a, b) = (
        image::open(map).expect("a PNG").to_rgba8(),
        image::open(drawn).expect("a PNG").to_rgba8(),
    );
    assert_eq!(a.width(), b.width());
    assert!(b.height() >= a.height());
    a.enumerate_pixels()
        .filter(|(x, y, p)| b.get_pixel(*x, *y) != *p)
        .count()
}

/// `render --position` draws a position file `adjudicate --apply` wrote on the board: the
/// units (the North's army moved into Belgium's neighbour shows where it went), the
/// centres' owners tinted, the legend; `--scenario` draws a set-up; a position with another
/// picture kind, or on a game with no province board, is a usage error; a broken position
/// file is located.
#[test]
fn a_position_is_drawn_on_its_board() {
    use crate::support::run;
    let tmp = tempfile::tempdir().expect("tmp");
    let dir = tmp.path().join("straits");
    let d = dir.to_str().expect("utf-8");
    assert_eq!(run(&["new", d, "--kind", "diplomacy"]).0, 0);
    let t = |name: &str| tmp.path().join(name).to_str().expect("utf-8").to_string();
    std::fs::write(
        t("orders.txt"),
        "North:\nA Hol H\nF Bel - Eng\nSouth:\nA Bur - Pic\nF Bre H\n",
    )
    .expect("orders");
    let (code, _, err) = run(&[
        "adjudicate",
        d,
        "--scenario",
        "1901",
        "--orders",
        &t("orders.txt"),
        "--apply",
        "-o",
        &t("autumn.toml"),
    ]);
    assert_eq!(code, 0, "{err}");
    let (code, _, err) = run(&["render", d, "--what", "map", "-o", &t("board.png")]);
    assert_eq!(code, 0, "{err}");
    for (args, png) in [
        (
            vec!["--position".to_string(), t("autumn.toml")],
            "autumn.png",
        ),
        (
            vec!["--scenario".to_string(), "1901".to_string()],
            "1901.png",
        ),
    ] {
        let mut all = vec!["render", d, "--what", "map", "-o"];
        let out = t(png);
        all.push(&out);
        all.extend(args.iter().map(String::as_str));
        let (code, stdout, err) = run(&all);
        assert_eq!(code, 0, "{err}");
        assert!(stdout.contains(png), "{stdout}");
        let changed = changed_pixels(&tmp.path().join("board.png"), &tmp.path().join(png));
        assert!(
            changed > 2_000,
            "{png}: only {changed} pixels drawn over the board"
        );
    }
    // The units moved: the two positions differ.
    assert!(changed_pixels(&tmp.path().join("autumn.png"), &tmp.path().join("1901.png")) > 500);

    let (code, _, err) = run(&[
        "render",
        d,
        "--what",
        "sheet",
        "--scenario",
        "1901",
        "-o",
        &t("x.png"),
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--what map"), "{err}");
    let mini = game("tests/fixtures/mini");
    let (code, _, err) = run(&[
        "render",
        mini.to_str().expect("utf-8"),
        "--what",
        "map",
        "--position",
        &t("autumn.toml"),
        "-o",
        &t("x.png"),
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("no province board"), "{err}");
    std::fs::write(t("broken.toml"), "turn = \"autumn-1901\"\nphase = 7\n").expect("write");
    let (code, _, err) = run(&[
        "render",
        d,
        "--what",
        "map",
        "--position",
        &t("broken.toml"),
        "-o",
        &t("x.png"),
    ]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("broken.toml"), "{err}");
    assert!(!tmp.path().join("x.png").exists());
}
