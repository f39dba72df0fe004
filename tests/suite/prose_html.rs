//! What HTML the published rules and the module's help may carry. Raw HTML in the rules
//! prose is cleaned to the rulebook's allow-list (tables, spans, details… stay; scripts,
//! event handlers, frames, `javascript:` links go), and `check` says, located, what is
//! dropped. Names, titles and descriptions of the game's data are escaped wherever they are
//! written: a game made of hostile strings publishes and builds pages with no script and no
//! event handler, read with a real HTML parser (html5ever's tokenizer).

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::io::Read;
use std::path::Path;

use html5ever::tendril::StrTendril;
use html5ever::tokenizer::states::RawKind;
use html5ever::tokenizer::{
    BufferQueue, TagKind, Token, TokenSink, TokenSinkResult, Tokenizer, TokenizerOpts,
};

use crate::support::{check_json, copy_game, p, run, CopiedGame};

/// A chapter holding each hostile form of raw HTML, and markup a rulebook may carry.
const HOSTILE_RULES: &str = "# 1.0 Rules\n\
\n\
<script>alert('script')</script>\n\
\n\
A counter <img src=\"images/x.png\" onerror=\"alert('img')\"> and a drawing <svg onload=\"alert('svg')\"><circle r=\"4\"/></svg>.\n\
\n\
<iframe src=\"javascript:alert('iframe')\"></iframe>\n\
\n\
Read <a href=\"javascript:alert('link')\">the designer's notes</a> first, then [the errata](javascript://%0aalert('md')).\n\
\n\
<table class=\"odds\">\n\
<tr><th>Odds</th><td>3:1</td></tr>\n\
</table>\n\
\n\
Hex <span class=\"hex\">0101</span> is a town.\n\
\n\
<details>\n\
<summary>Example of play</summary>\n\
\n\
The *attacker* rolls.\n\
\n\
</details>\n";

/// The mini game with `chapters` in `rules/`.
fn game_with_rules(chapters: &[(&str, &str)]) -> CopiedGame {
    let tmp = copy_game("tests/fixtures/mini");
    let rules = tmp.path().join("rules");
    std::fs::create_dir_all(&rules).expect("mkdir");
    for (name, text) in chapters {
        std::fs::write(rules.join(name), text).expect("write");
    }
    tmp
}

/// Every file of a folder, by path relative to it.
fn files(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    walkdir::WalkDir::new(dir)
        .sort_by_file_name()
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| e.file_type().is_file())
        .map(|e| {
            let rel = e
                .path()
                .strip_prefix(dir)
                .expect("below")
                .to_string_lossy()
                .into_owned();
            (rel, std::fs::read(e.path()).expect("read"))
        })
        .collect()
}

/// The HTML entries of a module (the archive a `build` wrote).
fn module_pages(module: &Path) -> BTreeMap<String, Vec<u8>> {
    let mut zip = zip::ZipArchive::new(std::fs::File::open(module).expect("open")).expect("zip");
    let mut out = BTreeMap::new();
    for i in 0..zip.len() {
        let mut entry = zip.by_index(i).expect("entry");
        if entry.name().ends_with(".html") {
            let mut bytes = Vec::new();
            entry.read_to_end(&mut bytes).expect("read");
            out.insert(entry.name().to_string(), bytes);
        }
    }
    out
}

/// A start tag: its name and attributes (name, value).
#[derive(Debug, Clone)]
struct StartTag {
    name: String,
    attrs: Vec<(String, String)>,
}

/// The start tags of a page, read as a browser's tokenizer reads them (the text of a
/// `<script>` or `<style>` is its content, not tags).
#[derive(Default)]
struct Tags(RefCell<Vec<StartTag>>);

impl TokenSink for Tags {
    type Handle = ();
    fn process_token(&self, token: Token, _line: u64) -> TokenSinkResult<()> {
        if let Token::TagToken(tag) = token {
            if tag.kind == TagKind::StartTag {
                let name = tag.name.to_string();
                self.0.borrow_mut().push(StartTag {
                    name: name.clone(),
                    attrs: tag
                        .attrs
                        .iter()
                        .map(|a| (a.name.local.to_string(), a.value.to_string()))
                        .collect(),
                });
                match name.as_str() {
                    "script" => return TokenSinkResult::RawData(RawKind::ScriptData),
                    "style" | "xmp" | "iframe" | "noembed" | "noframes" => {
                        return TokenSinkResult::RawData(RawKind::Rawtext)
                    }
                    "textarea" | "title" => return TokenSinkResult::RawData(RawKind::Rcdata),
                    _ => {}
                }
            }
        }
        TokenSinkResult::Continue
    }
}

fn start_tags(html: &str) -> Vec<StartTag> {
    let tok = Tokenizer::new(Tags::default(), TokenizerOpts::default());
    let input = BufferQueue::default();
    input.push_back(StrTendril::from_slice(html));
    let _ = tok.feed(&input);
    tok.end();
    tok.sink.0.take()
}

/// What in a page a browser would run: script elements, frames, objects, SVG, event
/// handlers, `javascript:`/`data:` addresses, style attributes. The site's own search is
/// not counted: its form (to `search.html`) and its two script files, which no data
/// writes.
fn executable(html: &str) -> Vec<String> {
    let mut out = Vec::new();
    for tag in start_tags(html) {
        let attr = |n: &str| {
            tag.attrs
                .iter()
                .find(|(a, _)| a == n)
                .map(|(_, v)| v.as_str())
        };
        let own_search = match tag.name.as_str() {
            "form" => tag.attrs.len() == 3 && attr("action") == Some("search.html"),
            "script" => {
                tag.attrs.len() == 1 && matches!(attr("src"), Some("search.js" | "search-index.js"))
            }
            _ => false,
        };
        if own_search {
            continue;
        }
        if matches!(
            tag.name.as_str(),
            "script" | "iframe" | "frame" | "object" | "embed" | "svg" | "math" | "form" | "base"
        ) {
            out.push(format!("<{}>", tag.name));
        }
        for (name, value) in &tag.attrs {
            let v: String = value
                .chars()
                .filter(|c| !c.is_whitespace() && !c.is_control())
                .collect::<String>()
                .to_ascii_lowercase();
            if name.starts_with("on") {
                out.push(format!("<{} {name}>", tag.name));
            }
            if matches!(name.as_str(), "href" | "src" | "action" | "formaction")
                && (v.starts_with("javascript:")
                    || v.starts_with("data:")
                    || v.starts_with("vbscript:"))
            {
                out.push(format!("<{} {name}={value}>", tag.name));
            }
        }
    }
    out
}

/// Every executable part of every HTML file, as `file: part`.
fn executable_parts(pages: &BTreeMap<String, Vec<u8>>) -> Vec<String> {
    pages
        .iter()
        .filter(|(name, _)| name.ends_with(".html"))
        .flat_map(|(name, bytes)| {
            executable(&String::from_utf8_lossy(bytes))
                .into_iter()
                .map(move |x| format!("{name}: {x}"))
        })
        .collect()
}

#[test]
fn prose_html_hostile_markup_is_reported_where_it_is_written() {
    let tmp = game_with_rules(&[("01-rules.md", HOSTILE_RULES)]);
    let (code, diags) = check_json(tmp.path());
    assert_eq!(code, 0, "warnings only: {diags:#?}");
    let said: Vec<(String, String, String)> = diags
        .iter()
        .map(|d| {
            (
                d["code"].as_str().unwrap_or("").to_string(),
                format!(
                    "{}:{}:{}",
                    d["file"].as_str().unwrap_or("?"),
                    d["line"],
                    d["column"]
                ),
                d["message"].as_str().unwrap_or("").to_string(),
            )
        })
        .collect();
    let want: Vec<(String, String, String)> = [
        ("rules/01-rules.md:3:1", "`<script>` and everything in it"),
        (
            "rules/01-rules.md:5:35",
            "the `onerror` attribute of `<img>`",
        ),
        ("rules/01-rules.md:5:73", "`<svg>` and everything in it"),
        ("rules/01-rules.md:7:1", "`<iframe>` and everything in it"),
        (
            "rules/01-rules.md:9:9",
            "the address `javascript:alert('link')` of `<a>`",
        ),
        (
            "rules/01-rules.md:9:91",
            "the address `javascript://%0aalert('md')` of a link or picture (its text is kept)",
        ),
    ]
    .iter()
    .map(|(at, what)| {
        (
            "html-dropped".to_string(),
            at.to_string(),
            format!("the published rules leave out {what}"),
        )
    })
    .collect();
    assert_eq!(said, want, "{diags:#?}");
    for d in &diags {
        let hint = d["hint"].as_str().unwrap_or("");
        assert!(!hint.is_empty(), "{d:#?}");
    }
    // The text rendering shows the prose line with the warning.
    let (code, stdout, _) = run(&["check", p(tmp.path())]);
    assert_eq!(code, 0);
    assert!(stdout.contains("warning[html-dropped]"), "{stdout}");
    assert!(stdout.contains("rules/01-rules.md:5:35"), "{stdout}");
    // `explain` knows the code.
    let (code, stdout, _) = run(&["explain", "html-dropped"]);
    assert_eq!(code, 0, "{stdout}");
    assert!(stdout.contains("script"), "{stdout}");
}

#[test]
fn prose_html_published_and_built_pages_keep_allowed_markup_and_nothing_hostile() {
    let tmp = game_with_rules(&[("01-rules.md", HOSTILE_RULES)]);
    let out = tempfile::tempdir().expect("temp dir");
    let site = out.path().join("site");
    let (code, stdout, stderr) = run(&["publish", p(tmp.path()), "-o", p(&site)]);
    assert_eq!(code, 0, "{stdout}\n{stderr}");
    // publish says what it drops, as check does.
    assert!(stderr.contains("html-dropped"), "{stderr}");
    let module = out.path().join("mini.vmod");
    let (code, stdout, stderr) = run(&["build", p(tmp.path()), "-o", p(&module)]);
    assert_eq!(code, 0, "{stdout}\n{stderr}");
    let site_pages = files(&site);
    let help_pages = module_pages(&module);
    for (pages, chapter) in [
        (&site_pages, "01-rules.html"),
        (&help_pages, "rules-01-rules.html"),
    ] {
        assert_eq!(executable_parts(pages), Vec::<String>::new());
        let page = String::from_utf8_lossy(&pages[chapter]).into_owned();
        for hostile in [
            "alert(",
            "javascript:",
            "onerror",
            "onload",
            "<svg",
            "<iframe",
            "<script",
        ] {
            assert!(!page.contains(hostile), "{hostile} in {chapter}: {page}");
        }
        for kept in [
            "<table",
            "<th>Odds</th><td>3:1</td>",
            "<span class=\"hex\">0101</span> is a town.",
            "<details>",
            "<summary>Example of play</summary>",
            "<em>attacker</em> rolls.",
            "the designer",
            "then the errata.",
            "A counter <img src=\"images/x.png\"> and a drawing .",
        ] {
            assert!(page.contains(kept), "{kept} not in {chapter}: {page}");
        }
    }
    let print = String::from_utf8_lossy(&site_pages["print.html"]).into_owned();
    assert!(print.contains("<span class=\"hex\">0101</span>"), "{print}");
    assert!(!print.contains("alert("), "{print}");
}

/// Each of the two hostile strings after every name, title and description of the mini
/// game (TOML basic strings: `"` escaped), but the places', which scenarios name.
fn hostile_data(tmp: &CopiedGame) {
    const SCRIPT: &str = "<script>alert(1)</script>";
    const BREAKOUT: &str = "\\\"><img src=x onerror=alert(1)>";
    for file in ["game.toml", "map.toml", "scenario.toml", "tables.toml"] {
        let path = tmp.path().join(file);
        let text = std::fs::read_to_string(&path).expect("read");
        let mut out = String::new();
        let mut in_place = false;
        for line in text.lines() {
            if line.starts_with('[') {
                in_place = line.trim() == "[[map.place]]";
            }
            let key = line.split('=').next().unwrap_or("").trim();
            let hostile = matches!(key, "name" | "title" | "description")
                && !in_place
                && line.trim_end().ends_with('"')
                && !line.contains("\"\"\"");
            if hostile {
                let body = line.trim_end().strip_suffix('"').unwrap_or(line);
                out += &format!("{body}{SCRIPT}{BREAKOUT}\"\n");
            } else if key == "designers" {
                out += &line.replace("\"]", &format!("{SCRIPT}{BREAKOUT}\"]"));
                out.push('\n');
            } else {
                out += line;
                out.push('\n');
            }
        }
        std::fs::write(&path, out).expect("write");
    }
}

#[test]
fn prose_html_hostile_names_titles_and_descriptions_are_escaped_everywhere() {
    // Without rules prose (the booklet of generated material), then with a chapter showing
    // the material through directives (the site's chapter pages and the module's rules).
    for rules in [false, true] {
        let tmp = if rules {
            game_with_rules(&[(
                "01-rules.md",
                "# 1.0 Rules\n\n{{map}}\n\n{{counters}}\n\n{{setup meeting}}\n\n{{crt crt}}\n\n{{tec}}\n\n{{sequence}}\n\n{{turns}}\n",
            )])
        } else {
            copy_game("tests/fixtures/mini")
        };
        hostile_data(&tmp);
        let (code, diags) = check_json(tmp.path());
        assert_eq!(code, 0, "{diags:#?}");
        let out = tempfile::tempdir().expect("temp dir");
        let site = out.path().join("site");
        let (code, stdout, stderr) = run(&["publish", p(tmp.path()), "-o", p(&site)]);
        assert_eq!(code, 0, "{stdout}\n{stderr}");
        let module = out.path().join("mini.vmod");
        let (code, stdout, stderr) = run(&["build", p(tmp.path()), "-o", p(&module)]);
        assert_eq!(code, 0, "{stdout}\n{stderr}");
        let site_pages = files(&site);
        let help_pages = module_pages(&module);
        assert_eq!(executable_parts(&site_pages), Vec::<String>::new());
        assert_eq!(executable_parts(&help_pages), Vec::<String>::new());
        // The names are there, as text.
        let index = String::from_utf8_lossy(&site_pages["index.html"]).into_owned();
        assert!(
            index.contains("Mini Front&lt;script&gt;alert(1)"),
            "{index}"
        );
        assert!(
            help_pages.keys().any(|k| k == "help.html"),
            "{:?}",
            help_pages.keys()
        );
        if rules {
            assert!(site_pages.contains_key("01-rules.html"));
            assert!(help_pages.contains_key("rules-01-rules.html"));
        }
    }
}

/// The page reader these tests trust finds each thing a browser would run.
#[test]
fn prose_html_the_page_reader_finds_what_a_browser_would_run() {
    let page = "<p title=\"<script>\">x</p><script>var a = '<iframe>';</script>\
        <img src=x onerror=alert(1)><a href=\" JavaScript:alert(1)\">a</a><svg onload=alert(1)>";
    assert_eq!(
        executable(page),
        vec![
            "<script>",
            "<img onerror>",
            "<a href= JavaScript:alert(1)>",
            "<svg>",
            "<svg onload>",
        ]
    );
    assert_eq!(
        executable("<p class=\"x\">&lt;script&gt;alert(1)&lt;/script&gt;</p>"),
        Vec::<String>::new()
    );
}
