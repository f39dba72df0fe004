//! The tutorial chapter of the designer's book (`docs/src/tutorial/`) cannot drift from the
//! tool or from its own game files:
//!
//! - every step's game folder `docs/src/tutorial/game/step-NN/` checks clean, and the folder of
//!   the deliberate mistake (`step-03-mistake`) gives exactly the diagnostic the text shows;
//! - every ```toml block whose first line is `# file: NAME` (```markdown: `<!-- file: NAME -->`)
//!   is NAME of its step's folder, whole or a run of whole lines of it (page `NN-….md` belongs to `game/step-NN/`; a line
//!   `<!-- game: FOLDER -->` before a block points that one block at `game/FOLDER/`);
//! - every ```console block is run: each `$ sandtable …` line in a copy of the step's folder
//!   (one copy per page and folder, commands in page order), and what it prints (stdout, then
//!   stderr) must be the lines that follow it (a trailing `| head -N` keeps the first N lines);
//! - every picture in `docs/src/tutorial/pictures/` is rendered again and compared byte for byte;
//! - the last step builds a module that the format layer's inspect reader reads back.
//!
//! Maintainers: when a change of the tool alters a picture or a printed output on purpose, run
//! `SANDTABLE_BLESS=1 cargo nextest run -E 'test(/tutorial/)'`: the pictures are written
//! instead of compared and the outputs in the Markdown are rewritten. Look at every picture
//! that changed (and `git diff docs/src/tutorial/`) before committing.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use sandtable::vassal::inspect::{inspect, PaletteNode, SetupInfo};

use crate::support::{bin, check_json, root, setup_report};

/// `docs/src/tutorial/`.
fn tutorial() -> PathBuf {
    root().join("docs/src/tutorial")
}

/// `docs/src/tutorial/game/NAME`.
fn folder(name: &str) -> PathBuf {
    tutorial().join("game").join(name)
}

fn blessing() -> bool {
    std::env::var("SANDTABLE_BLESS").is_ok_and(|v| v == "1")
}

/// The step folders kept clean (every `step-NN`, not the mistake).
fn clean_steps() -> Vec<String> {
    let mut out: Vec<String> = std::fs::read_dir(tutorial().join("game"))
        .expect("docs/src/tutorial/game")
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.len() == "step-NN".len() && n.starts_with("step-"))
        .collect();
    out.sort();
    out
}

/// The chapter's pages `NN-….md`, in order, with the step folder each belongs to.
fn pages() -> Vec<(PathBuf, String)> {
    let mut out: Vec<(PathBuf, String)> = std::fs::read_dir(tutorial())
        .expect("docs/src/tutorial")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .filter_map(|p| {
            let name = p.file_name()?.to_string_lossy().into_owned();
            let nn = name.get(..2)?;
            (nn.bytes().all(|b| b.is_ascii_digit()) && name.as_bytes().get(2) == Some(&b'-'))
                .then(|| (p.clone(), format!("step-{nn}")))
        })
        .collect();
    out.sort();
    assert!(out.len() >= 6, "the tutorial has its pages: {out:?}");
    out
}

/// A fenced code block of a page.
struct Block {
    /// The info string (`toml`, `console`, …).
    lang: String,
    /// The folder under `game/` it belongs to.
    folder: String,
    /// Line number (1-based) of its first content line.
    first_line: usize,
    /// Its lines.
    lines: Vec<String>,
}

/// The fenced blocks of a page whose steps folder is `step`.
fn blocks(text: &str, step: &str) -> Vec<Block> {
    let mut out = Vec::new();
    let mut next_folder: Option<String> = None;
    let mut current: Option<Block> = None;
    for (i, line) in text.lines().enumerate() {
        if let Some(b) = current.as_mut() {
            if line.trim_end() == "```" {
                out.push(current.take().expect("open block"));
            } else {
                b.lines.push(line.to_string());
            }
            continue;
        }
        if let Some(rest) = line.strip_prefix("```") {
            current = Some(Block {
                lang: rest.trim().to_string(),
                folder: next_folder.take().unwrap_or_else(|| step.to_string()),
                first_line: i + 2,
                lines: Vec::new(),
            });
        } else if let Some(f) = line
            .trim()
            .strip_prefix("<!-- game:")
            .and_then(|r| r.strip_suffix("-->"))
        {
            next_folder = Some(f.trim().to_string());
        }
    }
    assert!(current.is_none(), "an unclosed code block");
    out
}

#[test]
fn tutorial_every_step_checks_clean() {
    let steps = clean_steps();
    assert!(steps.len() >= 6, "{steps:?}");
    for step in steps {
        let (code, diags) = check_json(&folder(&step));
        assert_eq!((code, diags.len()), (0, 0), "{step}: {diags:#?}");
    }
}

#[test]
fn tutorial_mistake_gives_the_diagnostic_the_text_shows() {
    let (code, diags) = check_json(&folder("step-03-mistake"));
    assert_eq!(code, 1);
    assert_eq!(diags.len(), 1, "{diags:#?}");
    let d = &diags[0];
    assert_eq!(d["code"], "bad-hexside");
    assert_eq!(d["file"], "map.toml");
    assert_eq!(
        (d["line"].as_u64(), d["column"].as_u64()),
        (Some(47), Some(55))
    );
    assert_eq!(d["message"], "hexes 0503 and 0604 are not adjacent");
    // The page says the same (its console block is run by the test below, too).
    let page = std::fs::read_to_string(tutorial().join("03-river.md")).expect("page");
    assert!(page.contains("error[bad-hexside]: hexes 0503 and 0604 are not adjacent"));
    assert!(page.contains("map.toml:47:55"));
}

#[test]
fn tutorial_toml_blocks_are_the_step_files() {
    let mut named = 0;
    for (page, step) in pages() {
        let text = std::fs::read_to_string(&page).expect("page");
        for b in blocks(&text, &step) {
            let at = format!("{}:{}", page.display(), b.first_line);
            let first = b.lines.first().map(String::as_str).unwrap_or("");
            let name = match b.lang.as_str() {
                "toml" => first.strip_prefix("# file: "),
                "markdown" => first
                    .strip_prefix("<!-- file: ")
                    .and_then(|r| r.strip_suffix(" -->")),
                _ => continue,
            };
            let Some(name) = name else {
                panic!("{at}: a {} block names its file on its first line", b.lang);
            };
            let path = folder(&b.folder).join(name.trim());
            let file = std::fs::read_to_string(&path)
                .unwrap_or_else(|e| panic!("{at}: {}: {e}", path.display()));
            let file_lines: Vec<&str> = file.lines().collect();
            let body: Vec<&str> = b.lines[1..].iter().map(String::as_str).collect();
            assert!(!body.is_empty(), "{at}: an empty block");
            let found = file_lines.windows(body.len()).any(|w| w == body.as_slice());
            assert!(
                found,
                "{at}: the block is not {} (whole, or a run of its lines)",
                path.display()
            );
            named += 1;
        }
    }
    assert!(named >= 10, "only {named} named blocks");
}

/// Split a console command into words (double quotes group words).
fn words(cmd: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut quoted = false;
    let mut any = false;
    for ch in cmd.chars() {
        match ch {
            '"' => {
                quoted = !quoted;
                any = true;
            }
            c if c.is_whitespace() && !quoted => {
                if any {
                    out.push(std::mem::take(&mut cur));
                    any = false;
                }
            }
            c => {
                cur.push(c);
                any = true;
            }
        }
    }
    if any {
        out.push(cur);
    }
    out
}

/// Run one console command (`sandtable …`, optionally `| head -N`) in `dir`: what it prints.
fn run_console(cmd: &str, dir: &Path, at: &str) -> Vec<String> {
    let (cmd, head) = match cmd.split_once(" | head -") {
        Some((c, n)) => (c, Some(n.trim().parse::<usize>().expect("head -N"))),
        None => (cmd, None),
    };
    let w = words(cmd);
    assert_eq!(
        w.first().map(String::as_str),
        Some("sandtable"),
        "{at}: {cmd}"
    );
    let out = bin()
        .args(&w[1..])
        .current_dir(dir)
        .env_remove("SANDTABLE_BLESS")
        .output()
        .expect("run");
    let mut text = String::from_utf8_lossy(&out.stdout).into_owned();
    text.push_str(&String::from_utf8_lossy(&out.stderr));
    let mut lines: Vec<String> = text.lines().map(|l| l.trim_end().to_string()).collect();
    while lines.last().is_some_and(String::is_empty) {
        lines.pop();
    }
    if let Some(n) = head {
        lines.truncate(n);
    }
    lines
}

/// A copy of a tutorial game folder in a temporary directory.
fn copy_folder(name: &str) -> tempfile::TempDir {
    let tmp = tempfile::tempdir().expect("tmp");
    let src = folder(name);
    for entry in walkdir::WalkDir::new(&src) {
        let entry = entry.expect("walk");
        let to = tmp
            .path()
            .join(entry.path().strip_prefix(&src).expect("below"));
        if entry.file_type().is_dir() {
            std::fs::create_dir_all(&to).expect("mkdir");
        } else {
            std::fs::copy(entry.path(), &to).expect("copy");
        }
    }
    tmp
}

#[test]
fn tutorial_console_blocks_print_what_the_tool_prints() {
    let mut commands = 0;
    for (page, step) in pages() {
        let text = std::fs::read_to_string(&page).expect("page");
        let mut copies: BTreeMap<String, tempfile::TempDir> = BTreeMap::new();
        // The page rewritten with every command's real output.
        let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
        let mut blocks = blocks(&text, &step);
        blocks.retain(|b| b.lang == "console");
        // From the last block up, so that earlier line numbers stay valid.
        let mut outputs = Vec::new();
        for b in &blocks {
            let dir = copies
                .entry(b.folder.clone())
                .or_insert_with(|| copy_folder(&b.folder));
            let mut new = Vec::new();
            for (i, line) in b.lines.iter().enumerate() {
                if let Some(cmd) = line.strip_prefix("$ ") {
                    let at = format!("{}:{}", page.display(), b.first_line + i);
                    new.push(line.clone());
                    new.extend(run_console(cmd, dir.path(), &at));
                    commands += 1;
                } else if new.is_empty() {
                    panic!(
                        "{}:{}: a console block starts with `$ `",
                        page.display(),
                        b.first_line
                    );
                }
            }
            outputs.push((b.first_line - 1, b.lines.len(), new));
        }
        for (start, len, new) in outputs.into_iter().rev() {
            lines.splice(start..start + len, new);
        }
        let mut rewritten = lines.join("\n");
        rewritten.push('\n');
        if blessing() {
            if rewritten != text {
                std::fs::write(&page, &rewritten).expect("write page");
            }
        } else {
            for (n, (want, got)) in text.lines().zip(rewritten.lines()).enumerate() {
                assert_eq!(
                    want,
                    got,
                    "{}:{}: the tool prints something else (SANDTABLE_BLESS=1 rewrites it)",
                    page.display(),
                    n + 1
                );
            }
            assert_eq!(
                text.lines().count(),
                rewritten.lines().count(),
                "{}: the tool prints more or fewer lines (SANDTABLE_BLESS=1 rewrites them)",
                page.display()
            );
        }
    }
    assert!(commands >= 10, "only {commands} commands");
}

/// How a committed picture is made.
enum Make {
    /// `sandtable render DIR --what WHAT -o FILE.png`.
    Render(&'static str),
    /// `sandtable render DIR --what WHAT -o FOLDER`, one file of the folder.
    RenderIn(&'static str, &'static str),
    /// `sandtable publish DIR -o SITE`, one file of the site.
    Publish(&'static str),
}

/// Every picture of `docs/src/tutorial/pictures/`: its name, the game folder and how.
const PICTURES: &[(&str, &str, Make)] = &[
    ("step-01-map.png", "step-01", Make::Render("map")),
    ("step-02-map.png", "step-02", Make::Render("map")),
    ("step-03-map.png", "step-03", Make::Render("map")),
    ("step-04-sheet.png", "step-04", Make::Render("sheet")),
    (
        "step-05-crt.png",
        "step-05",
        Make::RenderIn("charts", "crt-combat.png"),
    ),
    (
        "step-05-tec.png",
        "step-05",
        Make::RenderIn("charts", "terrain-effects.png"),
    ),
    ("step-06-map.png", "step-06", Make::Render("map")),
    (
        "step-07-setup.png",
        "step-07",
        Make::Publish("images/setup-the-crossing-main.png"),
    ),
    (
        "step-08-setup.png",
        "step-08",
        Make::Publish("images/setup-the-bridgehead-main.png"),
    ),
];

/// Run the binary, asserting success.
fn ok(args: &[&std::ffi::OsStr]) {
    let out = bin().args(args).output().expect("run");
    assert!(
        out.status.success(),
        "{args:?}: {}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

fn make_picture(dir: &Path, make: &Make, tmp: &Path) -> Vec<u8> {
    let d = dir.as_os_str();
    let path = match make {
        Make::Render(what) => {
            let png = tmp.join("picture.png");
            ok(&[
                "render".as_ref(),
                d,
                "--what".as_ref(),
                what.as_ref(),
                "-o".as_ref(),
                png.as_os_str(),
            ]);
            png
        }
        Make::RenderIn(what, file) => {
            let out = tmp.join("rendered");
            ok(&[
                "render".as_ref(),
                d,
                "--what".as_ref(),
                what.as_ref(),
                "-o".as_ref(),
                out.as_os_str(),
            ]);
            out.join(file)
        }
        Make::Publish(file) => {
            let site = tmp.join("site");
            ok(&["publish".as_ref(), d, "-o".as_ref(), site.as_os_str()]);
            site.join(file)
        }
    };
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn tutorial_pictures_are_what_the_tool_renders() {
    let dir = tutorial().join("pictures");
    // Every committed picture is listed, and every listed one is shown by a page.
    let mut committed: Vec<String> = std::fs::read_dir(&dir)
        .map(|r| {
            r.flatten()
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    committed.sort();
    let mut listed: Vec<String> = PICTURES.iter().map(|(n, _, _)| n.to_string()).collect();
    listed.sort();
    if !blessing() {
        assert_eq!(committed, listed, "docs/src/tutorial/pictures/ holds these");
    }
    let mut shown = String::new();
    for (page, _) in pages() {
        shown.push_str(&std::fs::read_to_string(page).expect("page"));
    }
    for (name, game, make) in PICTURES {
        assert!(
            shown.contains(&format!("](pictures/{name})")),
            "no page shows pictures/{name}"
        );
        let tmp = tempfile::tempdir().expect("tmp");
        let bytes = make_picture(&folder(game), make, tmp.path());
        let path = dir.join(name);
        assert!(
            bytes.len() < 300_000,
            "{name} is {} bytes: keep pictures small",
            bytes.len()
        );
        if blessing() {
            std::fs::create_dir_all(&dir).expect("mkdir");
            std::fs::write(&path, &bytes).expect("write picture");
            continue;
        }
        let committed = std::fs::read(&path).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(
            committed == bytes,
            "pictures/{name} is not what {game} renders now (SANDTABLE_BLESS=1 writes it; look at it)"
        );
    }
}

fn flatten(setups: &[SetupInfo]) -> Vec<&SetupInfo> {
    let mut out = Vec::new();
    for s in setups {
        out.push(s);
        out.extend(flatten(&s.children));
    }
    out
}

fn slots(node: &PaletteNode, out: &mut Vec<String>) {
    if node.kind == "PieceSlot" {
        out.push(node.name.clone());
    }
    for c in &node.children {
        slots(c, out);
    }
}

#[test]
fn tutorial_last_step_builds_a_module_inspect_reads() {
    let last = clean_steps().pop().expect("a step");
    let dir = folder(&last);
    let tmp = tempfile::tempdir().expect("tmp");
    let vmod = tmp.path().join("alder-crossing.vmod");
    ok(&[
        "build".as_ref(),
        dir.as_os_str(),
        "-o".as_ref(),
        vmod.as_os_str(),
    ]);
    let module = inspect(&vmod)
        .expect("the format layer reads the module")
        .module
        .expect("a module");
    assert_eq!(module.name.as_deref(), Some("Alder Crossing"));
    let mut palette = Vec::new();
    for p in &module.palettes {
        slots(p, &mut palette);
    }
    for name in [
        "1st Westrian Regiment",
        "Westrian Tank Battalion",
        "Westrian Artillery",
        "3rd Ostlander Regiment",
        "Ostlander Motorised Battalion",
        "Game Turn",
    ] {
        assert!(palette.iter().any(|n| n == name), "{name} in {palette:?}");
    }
    let setups = flatten(&module.setups);
    for id in ["the-crossing", "the-bridgehead"] {
        let (title, want) = setup_report(&dir, id);
        let setup = setups
            .iter()
            .find(|s| s.name == title && s.use_file)
            .unwrap_or_else(|| panic!("no predefined setup named {title}"));
        assert_eq!(setup.error, None);
        let mut got: Vec<(String, String)> = setup
            .pieces
            .as_ref()
            .expect("pieces read")
            .iter()
            .map(|p| (p.name.clone(), p.location.clone().unwrap_or_default()))
            .collect();
        got.sort();
        assert_eq!(got, want, "{title}");
        let expected = match id {
            "the-crossing" => [
                ("1st Ostlander Regiment", "0605"),
                ("Ostlander Motorised Battalion", "Ostland Reinforcements"),
                ("Game Turn", "Turn Track 1"),
            ],
            _ => [
                ("1st Westrian Regiment", "0605"),
                ("Ostlander Motorised Battalion", "0807"),
                ("Game Turn", "Turn Track 4"),
            ],
        };
        for (name, at) in expected {
            assert!(
                got.contains(&(name.to_string(), at.to_string())),
                "{title}: {name} at {at} in {got:?}"
            );
        }
    }
}
