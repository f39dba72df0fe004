//! `sandtable publish`: every example game's site is whole and the same on every run. Every
//! `href` and `src` (and every CSS `url()`) of every page names a file of the site, every
//! `#fragment` an `id` on its page, nothing points at `file:` or a local server, and every
//! picture is a PNG. With Chromium present, the title page and the page of the game's first
//! combat results table (or its map) are photographed into `target/publish-shots/` for a
//! person to look at, must not be blank and must log no console errors; one game's booklet
//! is printed to PDF and its first page rendered with `pdftoppm`. Every rule reference of
//! the chapter pages is a link; every game is also photographed at 1400 and 420 px (title
//! page, widest table, a search for a rule number). Every game's booklet is printed and
//! read back with poppler: page numbers, the outline, the contents' page numbers, no
//! table's title left at the foot of a page, no page under 30 % full but a chapter's last.
//! Each game's site and each game's booklet is a test of its own (`site::diplomacy`,
//! `booklet::great_european_war`), so the runner spreads them over the cores and no one
//! test waits on all six games.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use sandtable::emit::publish::pdf::{file_url, find_chromium, HEADLESS_FLAGS};

use crate::support::{bin, root};

/// The game whose booklet is printed to PDF (a small one: printing takes Chromium a while).
const PDF_GAME: &str = "diplomacy";

/// The window sizes of those photographs: a desktop's and a phone's.
const WINDOWS: [(u32, u32); 2] = [(1400, 1000), (420, 900)];

/// How long one Chromium screenshot may take before it is killed.
const CHROMIUM_TIMEOUT: Duration = Duration::from_secs(60);

/// The example games, by directory name, sorted.
fn games() -> Vec<String> {
    let Ok(entries) = std::fs::read_dir(root().join("modules")) else {
        return Vec::new();
    };
    let mut names: Vec<String> = entries
        .flatten()
        .filter(|e| e.path().join("game.toml").is_file())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// Where screenshots and the rendered PDF page are kept for a person to look at; made
/// here, since on a clean checkout whichever test comes first finds no such folder.
fn shots_dir() -> PathBuf {
    let tmp = Path::new(env!("CARGO_TARGET_TMPDIR"));
    let shots = tmp.parent().unwrap_or(tmp).join("publish-shots");
    std::fs::create_dir_all(&shots).expect("target/publish-shots");
    shots
}

/// Run `sandtable publish GAME -o OUT --format FORMAT`, failing the test if it fails.
fn publish(game: &Path, out: &Path, format: &str) -> Duration {
    let started = Instant::now();
    let run = bin()
        .arg("publish")
        .arg(game)
        .arg("-o")
        .arg(out)
        .args(["--format", format])
        .output()
        .expect("run sandtable publish");
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(
        run.status.success() && !stderr.contains("panicked"),
        "publish {} --format {format} failed ({}):\n{stderr}",
        game.display(),
        run.status
    );
    started.elapsed()
}

/// Every file of a published site: its path relative to the site (with `/`) and its bytes.
fn read_site(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    let mut files = BTreeMap::new();
    for entry in walkdir::WalkDir::new(dir) {
        let entry = entry.expect("walk the site");
        if entry.file_type().is_file() {
            let rel = entry.path().strip_prefix(dir).expect("below the site");
            let rel = rel
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect::<Vec<_>>()
                .join("/");
            files.insert(rel, std::fs::read(entry.path()).expect("read"));
        }
    }
    files
}

// ---------------------------------------------------------------------------------------
// A small HTML reader: tags and their attributes, enough to follow links.

/// A start tag: its name (lower case), attributes (names lower case, values decoded) and
/// where it starts in the page.
#[derive(Debug)]
struct Tag {
    name: String,
    attrs: Vec<(String, String)>,
    at: usize,
}

impl Tag {
    fn attr(&self, name: &str) -> Option<&str> {
        self.attrs
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    fn has_class(&self, class: &str) -> bool {
        self.attr("class")
            .is_some_and(|c| c.split_ascii_whitespace().any(|c| c == class))
    }
}

/// The start tags of a page, in order; comments, end tags and the text of `<script>` and
/// `<style>` are passed over (the text of `<style>` is returned apart, for its `url()`s).
fn tags(html: &str) -> (Vec<Tag>, Vec<String>) {
    let b = html.as_bytes();
    let (mut out, mut styles) = (Vec::new(), Vec::new());
    let mut i = 0;
    while let Some(off) = html[i..].find('<') {
        let at = i + off;
        let rest = &html[at..];
        if rest.starts_with("<!--") {
            i = rest.find("-->").map_or(html.len(), |e| at + e + 3);
            continue;
        }
        if rest.starts_with("</") || rest.starts_with("<!") || rest.starts_with("<?") {
            i = rest.find('>').map_or(html.len(), |e| at + e + 1);
            continue;
        }
        let mut j = at + 1;
        while j < b.len() && (b[j].is_ascii_alphanumeric() || b[j] == b'-') {
            j += 1;
        }
        if j == at + 1 {
            // A bare `<` in text.
            i = at + 1;
            continue;
        }
        let name = html[at + 1..j].to_ascii_lowercase();
        let mut attrs = Vec::new();
        loop {
            while j < b.len() && (b[j].is_ascii_whitespace() || b[j] == b'/') {
                j += 1;
            }
            if j >= b.len() || b[j] == b'>' {
                j += 1;
                break;
            }
            let start = j;
            while j < b.len() && !b[j].is_ascii_whitespace() && !b"=>/".contains(&b[j]) {
                j += 1;
            }
            let attr = html[start..j].to_ascii_lowercase();
            while j < b.len() && b[j].is_ascii_whitespace() {
                j += 1;
            }
            let mut value = String::new();
            if j < b.len() && b[j] == b'=' {
                j += 1;
                while j < b.len() && b[j].is_ascii_whitespace() {
                    j += 1;
                }
                if j < b.len() && (b[j] == b'"' || b[j] == b'\'') {
                    let q = b[j];
                    let end = html[j + 1..]
                        .find(char::from(q))
                        .map_or(html.len(), |e| j + 1 + e);
                    value = decode_entities(&html[j + 1..end]);
                    j = end + 1;
                } else {
                    let start = j;
                    while j < b.len() && !b[j].is_ascii_whitespace() && b[j] != b'>' {
                        j += 1;
                    }
                    value = decode_entities(&html[start..j]);
                }
            }
            if !attr.is_empty() {
                attrs.push((attr, value));
            }
        }
        i = j.min(html.len());
        if name == "script" || name == "style" {
            let close = format!("</{name}");
            let end = html[i..]
                .to_ascii_lowercase()
                .find(&close)
                .map_or(html.len(), |e| i + e);
            if name == "style" {
                styles.push(html[i..end].to_string());
            }
            i = end;
        }
        out.push(Tag { name, attrs, at });
    }
    (out, styles)
}

/// An attribute value with its character references replaced.
fn decode_entities(s: &str) -> String {
    let mut out = String::new();
    let mut rest = s;
    while let Some(amp) = rest.find('&') {
        out.push_str(&rest[..amp]);
        rest = &rest[amp..];
        let Some(semi) = rest[..rest.len().min(12)].find(';') else {
            out.push('&');
            rest = &rest[1..];
            continue;
        };
        let name = &rest[1..semi];
        let ch = match name {
            "amp" => Some('&'),
            "lt" => Some('<'),
            "gt" => Some('>'),
            "quot" => Some('"'),
            "apos" => Some('\''),
            "nbsp" => Some('\u{a0}'),
            _ if name.starts_with("#x") || name.starts_with("#X") => {
                u32::from_str_radix(&name[2..], 16)
                    .ok()
                    .and_then(char::from_u32)
            }
            _ if name.starts_with('#') => name[1..].parse().ok().and_then(char::from_u32),
            _ => None,
        };
        match ch {
            Some(c) => {
                out.push(c);
                rest = &rest[semi + 1..];
            }
            None => {
                out.push('&');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// `%XX` escapes replaced (a URL's path or fragment as the file or `id` it names).
fn percent_decode(s: &str) -> String {
    let b = s.as_bytes();
    let hex = |c: u8| char::from(c).to_digit(16);
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' && i + 2 < b.len() {
            if let (Some(h), Some(l)) = (hex(b[i + 1]), hex(b[i + 2])) {
                out.push((h * 16 + l) as u8);
                i += 3;
                continue;
            }
        }
        out.push(b[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The `url(…)`s of a stylesheet.
fn css_urls(css: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = css;
    while let Some(at) = rest.find("url(") {
        rest = &rest[at + 4..];
        let end = rest.find(')').unwrap_or(rest.len());
        let url = rest[..end].trim().trim_matches(['"', '\'']).to_string();
        out.push(url);
        rest = &rest[end..];
    }
    for imp in css.split("@import").skip(1) {
        let imp = imp.trim_start();
        if let Some(q) = imp.chars().next().filter(|c| *c == '"' || *c == '\'') {
            if let Some(end) = imp[1..].find(q) {
                out.push(imp[1..1 + end].to_string());
            }
        }
    }
    out
}

// ---------------------------------------------------------------------------------------
// The checks of one site.

/// What the checks learnt of a site, for the screenshots and the report.
#[derive(Default)]
struct SiteFacts {
    /// The pages the title page lists, in its order.
    chapters: Vec<String>,
    /// The page and anchor of the first combat results table, or else of the first map.
    showcase: Option<(String, String)>,
    /// How many links were followed.
    links: usize,
    /// How many pictures were decoded.
    pictures: usize,
    /// How many rule references the chapter pages link.
    references: usize,
}

/// The site-relative file a relative reference from `page` names, or why it names none.
fn resolve(page: &str, path: &str) -> Result<String, String> {
    let mut parts: Vec<&str> = page.split('/').collect();
    parts.pop();
    for seg in path.split('/') {
        match seg {
            "" | "." => {}
            ".." => {
                if parts.pop().is_none() {
                    return Err("leaves the site".into());
                }
            }
            s => parts.push(s),
        }
    }
    Ok(parts.join("/"))
}

/// Check one reference made by a file of the site; returns the page it links to, if any.
fn check_ref(
    site: &BTreeMap<String, Vec<u8>>,
    ids: &BTreeMap<String, BTreeSet<String>>,
    from: &str,
    what: &str,
    reference: &str,
    problems: &mut Vec<String>,
) -> Option<String> {
    let mut bad = |why: &str| problems.push(format!("{from}: {what} {reference:?} {why}"));
    let r = reference.trim();
    if r.is_empty() {
        bad("is empty");
        return None;
    }
    let lower = r.to_ascii_lowercase();
    if lower.starts_with("//") {
        bad("is protocol-relative (it breaks when the site is opened from disk)");
        return None;
    }
    if let Some(colon) = lower.find(':') {
        let scheme = &lower[..colon];
        let is_scheme = !scheme.is_empty()
            && !scheme.contains(['/', '?', '#'])
            && scheme
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c));
        if is_scheme {
            match scheme {
                "file" => bad("points into the local file system"),
                "http" | "https" => {
                    let host = lower[colon + 1..]
                        .trim_start_matches('/')
                        .split(['/', '?', '#'])
                        .next()
                        .unwrap_or("");
                    let host = host.rsplit('@').next().unwrap_or(host);
                    let name = if host.starts_with('[') {
                        host.split(']')
                            .next()
                            .unwrap_or(host)
                            .trim_start_matches('[')
                    } else {
                        host.split(':').next().unwrap_or(host)
                    };
                    if name.is_empty()
                        || name == "localhost"
                        || name.ends_with(".localhost")
                        || name.starts_with("127.")
                        || name == "0.0.0.0"
                        || name == "::1"
                        || !name.contains('.')
                    {
                        bad("points at a local server");
                    }
                }
                "mailto" | "data" => {}
                other => bad(&format!(
                    "uses the scheme {other}: (the site runs no script from a link)"
                )),
            }
            return None;
        }
    }
    if r.starts_with('/') {
        bad("is absolute (it breaks when the site is opened from disk)");
        return None;
    }
    let (before, fragment) = match r.split_once('#') {
        Some((b, f)) => (b, Some(percent_decode(f))),
        None => (r, None),
    };
    let path = percent_decode(before.split('?').next().unwrap_or(""));
    let target = if path.is_empty() {
        from.to_string()
    } else {
        match resolve(from, &path) {
            Ok(t) => t,
            Err(why) => {
                bad(&why);
                return None;
            }
        }
    };
    if !site.contains_key(&target) {
        bad(&format!("names {target}, which the site does not have"));
        return None;
    }
    if let Some(fragment) = fragment.filter(|f| !f.is_empty()) {
        match ids.get(&target) {
            None => bad(&format!("has a #fragment but {target} is not a page")),
            Some(set) if !set.contains(&fragment) => {
                bad(&format!("names #{fragment}, which {target} has no id for"))
            }
            Some(_) => {}
        }
    }
    target.ends_with(".html").then_some(target)
}

/// Whether bytes are a PNG the `image` crate decodes, and its size.
fn png_size(bytes: &[u8]) -> Result<(u32, u32), String> {
    image::load_from_memory_with_format(bytes, image::ImageFormat::Png)
        .map(|img| (img.width(), img.height()))
        .map_err(|e| e.to_string())
}

/// Check every link, anchor and picture of a published site.
fn check_site(site: &BTreeMap<String, Vec<u8>>, problems: &mut Vec<String>) -> SiteFacts {
    let mut facts = SiteFacts::default();
    for needed in ["index.html", "print.html", "style.css"] {
        if !site.contains_key(needed) {
            problems.push(format!("the site has no {needed}"));
        }
    }
    // Every page's tags and ids first: a link may name an anchor on any page.
    let mut pages = BTreeMap::new();
    let mut ids: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (name, bytes) in site.iter().filter(|(n, _)| n.ends_with(".html")) {
        let Ok(text) = std::str::from_utf8(bytes) else {
            problems.push(format!("{name} is not UTF-8"));
            continue;
        };
        let (tags, styles) = tags(text);
        let set = ids.entry(name.clone()).or_default();
        for id in tags.iter().filter_map(|t| t.attr("id")) {
            if !set.insert(id.to_string()) {
                problems.push(format!("{name}: the id {id:?} is used more than once"));
            }
        }
        pages.insert(name.clone(), (tags, styles));
    }
    let mut linked = BTreeSet::new();
    let mut pictures = BTreeSet::new();
    for (name, (tags, styles)) in &pages {
        for tag in tags {
            for attr in ["href", "src", "poster", "action"] {
                if let Some(r) = tag.attr(attr) {
                    facts.links += 1;
                    let target = check_ref(site, &ids, name, attr, r, problems);
                    linked.extend(target.filter(|t| t != name));
                    if tag.name == "img" && attr == "src" {
                        if let Ok(t) = resolve(name, &percent_decode(r)) {
                            pictures.insert(t);
                        }
                    }
                }
            }
            if tag.name == "img" && tag.attr("alt").is_none_or(|a| a.trim().is_empty()) {
                problems.push(format!(
                    "{name}: <img src={:?}> has no alt text",
                    tag.attr("src").unwrap_or("")
                ));
            }
            if let Some(set) = tag.attr("srcset") {
                for r in set.split(',').filter_map(|c| c.split_whitespace().next()) {
                    facts.links += 1;
                    check_ref(site, &ids, name, "srcset", r, problems);
                }
            }
            if let Some(style) = tag.attr("style") {
                for r in css_urls(style) {
                    check_ref(site, &ids, name, "style url()", &r, problems);
                }
            }
        }
        for r in styles.iter().flat_map(|s| css_urls(s)) {
            check_ref(site, &ids, name, "<style> url()", &r, problems);
        }
    }
    for (name, bytes) in site.iter().filter(|(n, _)| n.ends_with(".css")) {
        for r in css_urls(&String::from_utf8_lossy(bytes)) {
            check_ref(site, &ids, name, "url()", &r, problems);
        }
    }
    // Generated tables and sentences a designer would keep (the print page repeats the
    // chapters).
    for (name, bytes) in site
        .iter()
        .filter(|(n, _)| n.ends_with(".html") && *n != "print.html")
    {
        generated_text_problems(name, &String::from_utf8_lossy(bytes), problems);
    }
    // Every rule reference of the chapters is a link (which lands: every link is followed
    // above).
    let numbers: BTreeSet<String> = ids
        .values()
        .flatten()
        .filter_map(|id| id.strip_prefix('s'))
        .filter(|n| n.contains('.') && n.chars().all(|c| c.is_ascii_digit() || c == '.'))
        .map(str::to_string)
        .collect();
    for (name, bytes) in site.iter().filter(|(n, _)| {
        n.ends_with(".html") && !["index.html", "print.html", "search.html"].contains(&n.as_str())
    }) {
        let html = String::from_utf8_lossy(bytes);
        facts.references += html.matches("<a class=\"ref\"").count();
        for (number, context) in unlinked_references(&html, &numbers) {
            problems.push(format!(
                "{name}: the rule reference {number} is not a link: \"{context}\""
            ));
        }
    }
    // Every page but the title page is reached from another.
    for page in pages.keys() {
        if page != "index.html" && !linked.contains(page) {
            problems.push(format!("{page} is linked from no other page"));
        }
    }
    // Every picture is a PNG: those under images/ and those an <img> shows.
    pictures.extend(
        site.keys()
            .filter(|n| n.starts_with("images/") || n.ends_with(".png"))
            .cloned(),
    );
    for name in &pictures {
        if let Some(bytes) = site.get(name) {
            match png_size(bytes) {
                Ok((w, h)) if w > 0 && h > 0 => facts.pictures += 1,
                Ok(_) => problems.push(format!("{name} is an empty picture")),
                Err(e) => problems.push(format!("{name} is not a valid PNG: {e}")),
            }
        }
    }

    // The chapters in the title page's order, then the page to photograph: the first
    // combat results table, else the first map.
    if let Some((tags, _)) = pages.get("index.html") {
        for tag in tags.iter().filter(|t| t.name == "a") {
            let Some(href) = tag.attr("href") else {
                continue;
            };
            let page = href.split('#').next().unwrap_or("");
            if page.ends_with(".html")
                && page != "index.html"
                && page != "print.html"
                && pages.contains_key(page)
                && !facts.chapters.iter().any(|c| c == page)
            {
                facts.chapters.push(page.to_string());
            }
        }
    }
    for class in ["crt", "map"] {
        let found = facts.chapters.iter().find_map(|page| {
            let (tags, _) = &pages[page];
            let tag = tags.iter().find(|t| {
                (t.has_class("material") && t.has_class(class))
                    || (t.name == "table" && t.has_class(class))
            })?;
            // The element's own id, else the nearest one before it.
            let id = tag.attr("id").map(str::to_string).or_else(|| {
                tags.iter()
                    .filter(|t| t.at < tag.at)
                    .filter_map(|t| t.attr("id"))
                    .next_back()
                    .map(str::to_string)
            })?;
            Some((page.clone(), id))
        });
        if found.is_some() {
            facts.showcase = found;
            break;
        }
    }
    facts
}

/// The rule numbers of a page's text (after `<main`, outside links, headings and code)
/// that read as references — after `(`, `in`, `of`, `see`, `rule`, `chapter`, `as`, `to`,
/// `and`, a comma… — and name a section of the site (`numbers`), with the text around
/// each. Quantities are not references: odds (`1.5:1`), sums, versions, a number before a
/// unit or alone in a cell.
fn unlinked_references(html: &str, numbers: &BTreeSet<String>) -> Vec<(String, String)> {
    const BEFORE: &[&str] = &[
        "(", "in", "of", "see", "rule", "rules", "chapter", "chapters", "section", "as", "to",
        "and", "or", ",", "by", "under", "within", "through", "§", "with",
    ];
    let body = html.find("<main").map_or(&html[..0], |at| &html[at..]);
    let mut out = Vec::new();
    let mut skip = 0usize;
    for piece in body.split('<') {
        let (tag, text) = piece.split_once('>').unwrap_or(("", piece));
        let name = tag
            .trim_start_matches('/')
            .split_whitespace()
            .next()
            .unwrap_or("");
        if [
            "a", "h1", "h2", "h3", "h4", "h5", "h6", "code", "pre", "title", "script",
        ]
        .contains(&name)
        {
            if tag.starts_with('/') {
                skip = skip.saturating_sub(1);
            } else {
                skip += 1;
            }
        }
        if skip > 0 {
            continue;
        }
        let text = decode_entities(text);
        let trimmed = text.trim().trim_end_matches(['.', ',', ';']);
        if trimmed.chars().all(|c| c.is_ascii_digit() || c == '.') {
            continue;
        }
        let b = text.as_bytes();
        let mut i = 0;
        while i < b.len() {
            let starts = b[i].is_ascii_digit()
                && (i == 0 || !(b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'.'));
            if !starts {
                i += 1;
                continue;
            }
            let mut end = i;
            while end < b.len()
                && (b[end].is_ascii_digit()
                    || (b[end] == b'.' && end + 1 < b.len() && b[end + 1].is_ascii_digit()))
            {
                end += 1;
            }
            let number = &text[i..end];
            let before = text[..i].trim_end();
            let word = before
                .rsplit(|c: char| c.is_whitespace())
                .next()
                .unwrap_or("")
                .to_lowercase();
            let word = if word.ends_with(['(', ',', '§']) {
                word.chars().last().map(String::from).unwrap_or_default()
            } else if word.ends_with(['-', '–']) && word.contains(|c: char| c.is_ascii_digit()) {
                // The end of a range (`11.3-11.7`).
                "to".to_string()
            } else {
                word
            };
            let after = &text[end..];
            let amount = after.starts_with(':')
                || after.starts_with(|c: char| c.is_alphanumeric() || c == '%' || c == '×')
                || after.trim_start().starts_with(['=', '×', '÷'])
                || ["mp", "hexes", "hex", "points", "vp"].iter().any(|u| {
                    after
                        .trim_start()
                        .to_lowercase()
                        .strip_prefix(u)
                        .is_some_and(|r| !r.starts_with(|c: char| c.is_alphanumeric()))
                });
            if numbers.contains(number) && BEFORE.contains(&word.as_str()) && !amount {
                let from = text[..i].char_indices().rev().nth(30).map_or(0, |(k, _)| k);
                let to = text[end..]
                    .char_indices()
                    .nth(20)
                    .map_or(text.len(), |(k, _)| end + k);
                out.push((number.to_string(), text[from..to].replace('\n', " ")));
            }
            i = end;
        }
    }
    out
}

/// The generated material of a page (`<div class="material …">`), each block's HTML.
fn material_blocks(html: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(at) = html[from..].find("<div class=\"material") {
        let start = from + at;
        let mut depth = 0usize;
        let mut i = start;
        let end = loop {
            let open = html[i..].find("<div").map(|k| i + k);
            let close = html[i..].find("</div>").map(|k| i + k);
            match (open, close) {
                (Some(o), Some(c)) if o < c => {
                    depth += 1;
                    i = o + 4;
                }
                (_, Some(c)) => {
                    depth -= 1;
                    i = c + 6;
                    if depth == 0 {
                        break i;
                    }
                }
                _ => break html.len(),
            }
        };
        out.push(&html[start..end]);
        from = end;
    }
    out
}

/// Text with its tags dropped, a block's end (`</p>`, `</li>`, a cell) as a line break.
fn text_lines(html: &str) -> Vec<String> {
    let mut text = String::new();
    let mut in_tag = false;
    let mut tag = String::new();
    for c in html.chars() {
        match c {
            '<' => {
                in_tag = true;
                tag.clear();
            }
            '>' if in_tag => {
                in_tag = false;
                let name = tag
                    .trim_start_matches('/')
                    .split_whitespace()
                    .next()
                    .unwrap_or("");
                if [
                    "p",
                    "li",
                    "td",
                    "th",
                    "tr",
                    "h2",
                    "h3",
                    "h4",
                    "br",
                    "figcaption",
                ]
                .contains(&name)
                {
                    text.push('\n');
                }
            }
            _ if in_tag => tag.push(c),
            _ => text.push(c),
        }
    }
    decode_entities(&text)
        .lines()
        .map(|l| l.trim().to_string())
        .filter(|l| !l.is_empty())
        .collect()
}

/// What a designer would not keep in generated material: a table with no text in its
/// cells, or a column empty in every row; a sentence that says the same words twice (`Mud
/// in Mud weather`, `out of supply when … out of supply`).
fn generated_text_problems(page: &str, html: &str, problems: &mut Vec<String>) {
    for block in material_blocks(html) {
        for table in block.split("<table").skip(1) {
            let table = table.split("</table>").next().unwrap_or("");
            let rows: Vec<Vec<String>> = table
                .split("<tr")
                .skip(1)
                .map(|row| {
                    row.split("<td")
                        .skip(1)
                        .map(|cell| text_lines(&format!("<td{cell}")).join(" "))
                        .collect()
                })
                .filter(|cells: &Vec<String>| !cells.is_empty())
                .collect();
            let width = rows.iter().map(Vec::len).max().unwrap_or(0);
            if rows.iter().flatten().all(String::is_empty) && !rows.is_empty() {
                problems.push(format!("{page}: a generated table with every cell empty"));
                continue;
            }
            for col in 1..width {
                if rows.len() > 1 && rows.iter().all(|r| r.get(col).is_none_or(String::is_empty)) {
                    problems.push(format!(
                        "{page}: a generated table whose column {} is empty in every row",
                        col + 1
                    ));
                }
            }
        }
        for line in text_lines(block) {
            // Lists (`A Budapest, A Vienna`) are not sentences saying a thing twice.
            for sentence in line.split(['.', ';', ':', ',']) {
                let words: Vec<String> = sentence
                    .split(|c: char| !c.is_alphanumeric())
                    .filter(|w| !w.is_empty())
                    .map(|w| w.to_lowercase().trim_end_matches('s').to_string())
                    .collect();
                let raw: Vec<&str> = sentence
                    .split(|c: char| !c.is_alphanumeric())
                    .filter(|w| !w.is_empty())
                    .collect();
                // A condition saying again what the name before it says (`Attacker out of
                // supply when the attackers are out of supply`).
                let twice = words.iter().position(|w| w == "when").is_some_and(|at| {
                    let (name, condition) = words.split_at(at);
                    name.windows(3)
                        .any(|t| condition.windows(3).any(|c| c == t))
                });
                // A capitalised name again after a small word (`Mud in Mud`; not the names
                // of `First Player First Impulse`, nor `from Region to Region`).
                let named_twice = raw.windows(3).any(|w| {
                    w[0] == w[2]
                        && w[0].chars().next().is_some_and(char::is_uppercase)
                        && w[1].chars().all(char::is_lowercase)
                        && !["to", "by", "after", "upon"].contains(&w[1])
                });
                if twice || named_twice {
                    problems.push(format!(
                        "{page}: a generated sentence repeats its own words: {:?}",
                        sentence.trim()
                    ));
                }
            }
        }
    }
}

#[test]
fn generated_text_problems_are_found() {
    let mut problems = Vec::new();
    let page = "<div class=\"material crt\"><ul><li>Mud in Mud weather: attack halved</li>\
                <li>Attacker out of supply when the attackers are out of supply: halved</li>\
                <li>Each column the attacker chooses to lower the odds by: −1 column</li></ul>\
                <table><tr><th>Turn</th><th>Weather</th></tr><tr><td>1</td><td></td></tr>\
                <tr><td>2</td><td></td></tr></table></div><p>Mud in Mud (prose)</p>";
    generated_text_problems("p.html", page, &mut problems);
    assert_eq!(problems.len(), 3, "{problems:#?}");
    assert!(problems[0].contains("column 2 is empty"), "{problems:#?}");
    assert!(problems[1].contains("Mud in Mud weather"), "{problems:#?}");
    assert!(problems[2].contains("out of supply"), "{problems:#?}");
}

// ---------------------------------------------------------------------------------------
// Chromium and the pictures it takes.

/// Run a program with a time limit, its error output kept in a file; (success, stderr).
fn run_limited(cmd: &mut Command, stderr_file: &Path, limit: Duration) -> (bool, String) {
    let err = std::fs::File::create(stderr_file).expect("stderr file");
    let mut child = cmd
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(err)
        .spawn()
        .expect("start the program");
    let started = Instant::now();
    let ok = loop {
        match child.try_wait().expect("wait") {
            Some(status) => break status.success(),
            None if started.elapsed() > limit => {
                let _ = child.kill();
                let _ = child.wait();
                break false;
            }
            None => std::thread::sleep(Duration::from_millis(50)),
        }
    };
    let stderr = std::fs::read_to_string(stderr_file).unwrap_or_default();
    (ok, stderr)
}

/// Photograph a page (at `fragment`, if given) at 1280×1600 with headless Chromium into
/// `shot`, reporting a failure, console messages and failed loads as problems.
///
/// A page scrolled to a fragment is shown in a full-window frame: Chromium's `--screenshot`
/// of a scrolled page comes out blank (Chromium 156), while a frame scrolls within itself.
fn screenshot(
    chromium: &Path,
    page: &Path,
    fragment: Option<&str>,
    shot: &Path,
    problems: &mut Vec<String>,
) {
    screenshot_at(chromium, page, fragment, None, (1280, 1600), shot, problems);
}

/// Photograph a page at a window size (width, height) in pixels, with a query (`q=12.3`)
/// or a fragment: the page's scripts run first (the search's jump to a rule).
fn screenshot_at(
    chromium: &Path,
    page: &Path,
    fragment: Option<&str>,
    query: Option<&str>,
    (width, height): (u32, u32),
    shot: &Path,
    problems: &mut Vec<String>,
) {
    let tmp = tempfile::tempdir().expect("tmp");
    // A page with a fragment or a query is shown in a frame: Chromium photographs the
    // window it opened, which a fragment would not scroll and the search's jump to a rule
    // would leave blank.
    let url = if fragment.is_none() && query.is_none() {
        file_url(page)
    } else {
        let frame = tmp.path().join("frame.html");
        let target = format!(
            "{}{}{}",
            file_url(page),
            query.map(|q| format!("?{q}")).unwrap_or_default(),
            fragment
                .map(|f| format!("#{}", encode_fragment(f)))
                .unwrap_or_default()
        );
        std::fs::write(
            &frame,
            format!(
                "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><style>\
                 html,body{{margin:0;height:100%;overflow:hidden}}\
                 iframe{{display:block;border:0;width:100%;height:100%}}</style></head>\
                 <body><iframe src=\"{target}\"></iframe></body></html>"
            ),
        )
        .expect("write the frame");
        file_url(&frame)
    };
    let _ = std::fs::remove_file(shot);
    let mut cmd = Command::new(chromium);
    cmd.args(HEADLESS_FLAGS)
        .arg(format!(
            "--user-data-dir={}",
            tmp.path().join("profile").display()
        ))
        .args(["--hide-scrollbars", "--enable-logging=stderr", "--v=0"])
        .arg(format!("--screenshot={}", shot.display()))
        .arg(format!("--window-size={width},{height}"))
        .arg("--virtual-time-budget=3000")
        .arg(&url);
    let (ok, stderr) = run_limited(&mut cmd, &tmp.path().join("stderr"), CHROMIUM_TIMEOUT);
    let name = page.file_name().unwrap_or_default().to_string_lossy();
    if !ok {
        problems.push(format!(
            "Chromium failed to photograph {name}:\n{}",
            last_lines(&stderr, 10)
        ));
        return;
    }
    for line in stderr.lines() {
        // The site's only script (the search's) logs nothing: any console message is a
        // complaint (a blocked or missing resource, a bad stylesheet).
        if line.contains(":CONSOLE") || line.contains("Failed to load resource") {
            problems.push(format!("{name}: Chromium logged: {line}"));
        }
    }
    match std::fs::read(shot) {
        Ok(bytes) => check_not_blank(&bytes, &shot.display().to_string(), problems),
        Err(e) => problems.push(format!("Chromium wrote no screenshot of {name}: {e}")),
    }
}

/// A fragment as it goes into a URL.
fn encode_fragment(f: &str) -> String {
    f.bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() || b"-._~".contains(&b) {
                char::from(b).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect()
}

/// The last `n` lines of a program's error output that are not its desktop-bus noise.
fn last_lines(stderr: &str, n: usize) -> String {
    let lines: Vec<&str> = stderr.lines().filter(|l| !l.contains("dbus/")).collect();
    lines[lines.len().saturating_sub(n)..].join("\n")
}

/// A PNG that shows something: not one colour, and not only a few stray pixels.
fn check_not_blank(bytes: &[u8], what: &str, problems: &mut Vec<String>) {
    let img = match image::load_from_memory_with_format(bytes, image::ImageFormat::Png) {
        Ok(img) => img.to_rgba8(),
        Err(e) => {
            problems.push(format!("{what} is not a PNG: {e}"));
            return;
        }
    };
    let mut counts: BTreeMap<[u8; 4], usize> = BTreeMap::new();
    for px in img.pixels() {
        *counts.entry(px.0).or_default() += 1;
    }
    let total = (img.width() * img.height()) as usize;
    let background = counts.values().copied().max().unwrap_or(0);
    // At least 0.2 % of the picture differs from its commonest colour.
    if counts.len() < 2 || (total - background) * 500 < total {
        problems.push(format!(
            "{what} is blank: {} colours, {} of {total} pixels off the background",
            counts.len(),
            total - background
        ));
    }
}

/// How many pages a PDF has: `pdfinfo`'s count, else its `/Type /Page` objects.
fn pdf_pages(pdf: &Path) -> usize {
    if let Ok(out) = Command::new("pdfinfo").arg(pdf).output() {
        let text = String::from_utf8_lossy(&out.stdout);
        if let Some(n) = text
            .lines()
            .find_map(|l| l.strip_prefix("Pages:"))
            .and_then(|n| n.trim().parse().ok())
        {
            return n;
        }
    }
    let bytes = std::fs::read(pdf).expect("read the PDF");
    let text = String::from_utf8_lossy(&bytes);
    ["/Type /Page", "/Type/Page"]
        .iter()
        .map(|pat| {
            text.match_indices(pat)
                .filter(|(at, _)| !text[at + pat.len()..].starts_with('s'))
                .count()
        })
        .sum()
}

/// Whether a program answers on this machine.
fn has_program(name: &str) -> bool {
    Command::new(name)
        .arg("-v")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok()
}

// ---------------------------------------------------------------------------------------
// The test.

/// What one game's run found: a line for the report, and its problems.
struct Outcome {
    report: String,
    problems: Vec<String>,
}

/// Publish one game twice and check everything of its site.
fn check_game(game: &str, chromium: Option<&Path>) -> Outcome {
    let dir = root().join("modules").join(game);
    let mut problems = Vec::new();
    let tmp = tempfile::tempdir().expect("tmp");
    let (first, second) = (tmp.path().join("first"), tmp.path().join("second"));
    let took = publish(&dir, &first, "html");
    publish(&dir, &second, "html");
    let site = read_site(&first);
    let again = read_site(&second);

    // The same bytes on every run.
    let names: BTreeSet<&String> = site.keys().chain(again.keys()).collect();
    for name in names {
        match (site.get(name), again.get(name)) {
            (Some(a), Some(b)) if a != b => {
                problems.push(format!("{name} differs between two runs"));
            }
            (Some(_), None) | (None, Some(_)) => {
                problems.push(format!("{name} is written by only one of two runs"));
            }
            _ => {}
        }
    }
    let facts = check_site(&site, &mut problems);
    let bytes: usize = site.values().map(Vec::len).sum();
    let mut report = format!(
        "{game}: published in {:.1} s, {} files ({} KiB), {} chapters, {} links, {} rule \
         references linked, {} pictures",
        took.as_secs_f64(),
        site.len(),
        bytes / 1024,
        facts.chapters.len(),
        facts.links,
        facts.references,
        facts.pictures
    );

    if let Some(chromium) = chromium {
        let shots = shots_dir();
        let index = shots.join(format!("{game}-index.png"));
        screenshot(
            chromium,
            &first.join("index.html"),
            None,
            &index,
            &mut problems,
        );
        report += &format!("; shots: {}", index.display());
        match &facts.showcase {
            Some((page, id)) => {
                let shot = shots.join(format!("{game}-crt.png"));
                screenshot(chromium, &first.join(page), Some(id), &shot, &mut problems);
                report += &format!(", {} ({page}#{id})", shot.display());
            }
            None => problems
                .push("no chapter shows a combat results table or a map to photograph".to_string()),
        }
    }
    // Every game at a desktop's and a phone's width: its title page, the chapter with its
    // widest generated table, and a search for a rule number.
    if let Some(chromium) = chromium {
        report += &widths_shots(game, chromium, &first, &site, &mut problems);
    }
    Outcome { report, problems }
}

/// The chapter page with the widest generated table (most columns), and that table's id
/// (or the nearest before it).
fn widest_table(site: &BTreeMap<String, Vec<u8>>) -> Option<(String, String)> {
    let mut best: Option<(usize, String, String)> = None;
    for (name, bytes) in site.iter().filter(|(n, _)| {
        n.ends_with(".html") && !["index.html", "print.html", "search.html"].contains(&n.as_str())
    }) {
        let html = String::from_utf8_lossy(bytes);
        for block in material_blocks(&html) {
            let Some(id) = block
                .split_once("id=\"")
                .and_then(|(_, r)| r.split_once('"'))
                .map(|(id, _)| id.to_string())
            else {
                continue;
            };
            for table in block.split("<table").skip(1) {
                let columns = table.split("</tr>").next().map_or(0, |row| {
                    row.matches("<th").count() + row.matches("<td").count()
                });
                if best.as_ref().is_none_or(|(n, _, _)| columns > *n) {
                    best = Some((columns, name.clone(), id.clone()));
                }
            }
        }
    }
    best.map(|(_, page, id)| (page, id))
}

/// Photograph the title page, the widest table and a search for the first numbered rule
/// at a desktop's and a phone's width, into `target/publish-shots/`.
fn widths_shots(
    game: &str,
    chromium: &Path,
    dir: &Path,
    site: &BTreeMap<String, Vec<u8>>,
    problems: &mut Vec<String>,
) -> String {
    let shots = shots_dir();
    // The first section with a number below the chapter's own, on its page.
    let rule = site.iter().find_map(|(name, bytes)| {
        if !name.ends_with(".html") || name == "print.html" {
            return None;
        }
        let html = String::from_utf8_lossy(bytes);
        // A section's heading is an h3 in a game of three levels, an h2 in one of two.
        ["<h3 id=\"s", "<h2 id=\"s"].iter().find_map(|open| {
            html.split(open)
                .nth(1)
                .and_then(|r| r.split_once('"'))
                .map(|(n, _)| (n.to_string(), name.clone()))
        })
    });
    let wide = widest_table(site);
    let mut taken = Vec::new();
    // What is photographed: (name, page, fragment, query).
    let mut views: Vec<(&str, String, Option<String>, Option<String>)> =
        vec![("index", "index.html".to_string(), None, None)];
    if let Some((page, id)) = &wide {
        views.push(("wide-table", page.clone(), Some(id.clone()), None));
    }
    if let Some((number, _)) = &rule {
        views.push((
            "search",
            "search.html".to_string(),
            None,
            Some(format!("q={number}")),
        ));
    }
    for (w, h) in WINDOWS {
        for (name, page, fragment, query) in &views {
            let shot = shots.join(format!("{game}-{name}-{w}.png"));
            screenshot_at(
                chromium,
                &dir.join(page),
                fragment.as_deref(),
                query.as_deref(),
                (w, h),
                &shot,
                problems,
            );
            taken.push(shot);
        }
    }
    if wide.is_none() {
        problems.push("no chapter has a generated table to photograph".to_string());
    }
    if rule.is_none() {
        problems.push("no page has a numbered section to search for".to_string());
    }
    format!(
        "; at {} px and {} px: {}",
        WINDOWS[0].0,
        WINDOWS[1].0,
        taken
            .iter()
            .map(|p| p.display().to_string())
            .collect::<Vec<_>>()
            .join(", ")
    )
}

/// Check the printed booklet: a PDF with a page per chapter at least, whose first page
/// `pdftoppm` renders to a picture that is not blank.
fn check_pdf(
    game: &str,
    pdf: Option<&[u8]>,
    chapters: usize,
    problems: &mut Vec<String>,
) -> String {
    let Some(pdf) = pdf else {
        problems.push("--format both wrote no rules.pdf".to_string());
        return String::new();
    };
    if !pdf.starts_with(b"%PDF-") {
        problems.push("rules.pdf is not a PDF".to_string());
        return String::new();
    }
    let tmp = tempfile::tempdir().expect("tmp");
    let file = tmp.path().join("rules.pdf");
    std::fs::write(&file, pdf).expect("write");
    let pages = pdf_pages(&file);
    // The print stylesheet starts every chapter on a new page.
    if pages < chapters.max(1) {
        problems.push(format!(
            "rules.pdf has {pages} pages for {chapters} chapters"
        ));
    }
    let mut report = format!("; rules.pdf: {pages} pages, {} KiB", pdf.len() / 1024);
    check_print_furniture(&file, pages, chapters, problems);
    if !has_program("pdftoppm") {
        eprintln!("note: pdftoppm is absent: the PDF's first page is not rendered");
        return report;
    }
    let prefix = tmp.path().join("page");
    let out = Command::new("pdftoppm")
        .args(["-png", "-r", "50", "-f", "1", "-l", "1"])
        .arg(&file)
        .arg(&prefix)
        .output()
        .expect("run pdftoppm");
    if !out.status.success() {
        problems.push(format!(
            "pdftoppm could not render rules.pdf: {}",
            String::from_utf8_lossy(&out.stderr)
        ));
        return report;
    }
    // pdftoppm numbers the file with as many digits as the page count has.
    let rendered = std::fs::read_dir(tmp.path())
        .expect("read")
        .flatten()
        .map(|e| e.path())
        .find(|p| {
            p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with("page-"))
        });
    let Some(rendered) = rendered else {
        problems.push("pdftoppm wrote no picture of the first page".to_string());
        return report;
    };
    let bytes = std::fs::read(&rendered).expect("read the page");
    let kept = shots_dir().join(format!("{game}-pdf-page1.png"));
    std::fs::write(&kept, &bytes).expect("keep the page");
    check_not_blank(&bytes, "the PDF's first page", problems);
    report += &format!(", first page: {}", kept.display());
    report
}

/// The furniture of a printed book, read back with poppler: every page but the title page
/// ends with its number, and the PDF's outline (bookmarks) holds an entry per chapter at
/// least.
fn check_print_furniture(file: &Path, pages: usize, chapters: usize, problems: &mut Vec<String>) {
    if !has_program("pdftotext") || !has_program("pdftohtml") {
        eprintln!("note: poppler's pdftotext or pdftohtml is absent: page numbers and the outline are not read");
        return;
    }
    let text = Command::new("pdftotext")
        .args(["-layout", "-enc", "UTF-8"])
        .arg(file)
        .arg("-")
        .output()
        .expect("run pdftotext");
    let text = String::from_utf8_lossy(&text.stdout);
    // pdftotext ends each page with a form feed.
    let unnumbered: Vec<usize> = text
        .split('\u{c}')
        .take(pages)
        .enumerate()
        .skip(1)
        .filter(|(i, page)| {
            page.lines()
                .rev()
                .find(|l| !l.trim().is_empty())
                .map(str::trim)
                != Some((i + 1).to_string().as_str())
        })
        .map(|(i, _)| i + 1)
        .collect();
    if !unnumbered.is_empty() {
        problems.push(format!(
            "rules.pdf: pages without their number at the foot: {unnumbered:?}"
        ));
    }
    let xml = Command::new("pdftohtml")
        .args(["-xml", "-i", "-stdout", "-q"])
        .arg(file)
        .output()
        .expect("run pdftohtml");
    let xml = String::from_utf8_lossy(&xml.stdout);
    let bookmarks = xml.matches("<item").count();
    if bookmarks < chapters {
        problems.push(format!(
            "rules.pdf: its outline has {bookmarks} bookmarks for {chapters} chapters"
        ));
    }
}

/// The example games, each with a test of its site and one of its booklet (the games run
/// side by side as separate tests, the slowest, a big game's booklet, alone).
macro_rules! per_game {
    ($($test:ident => $game:literal),* $(,)?) => {
        /// The example games the tests are written for, by directory name, sorted.
        const GAMES: &[&str] = &[$($game),*];

        /// Each game published twice: a whole site, the same every time.
        mod site {
            $(
                #[test]
                fn $test() {
                    super::site_is_whole_and_the_same_every_time($game);
                }
            )*
        }

        /// Each game's booklet printed and read back.
        mod booklet {
            $(
                #[test]
                fn $test() {
                    super::booklet_is_numbered_paged_and_keeps_its_tables_whole($game);
                }
            )*
        }
    };
}

per_game! {
    diplomacy => "diplomacy",
    great_european_war => "great-european-war",
    great_patriotic_war => "great-patriotic-war",
    great_patriotic_war_qh07 => "great-patriotic-war-qh07",
    greek_civil_war => "greek-civil-war",
    guerilla_warfare_ii => "guerilla-warfare-ii",
}

/// A new example game gets its tests: the list above is the games in `modules/`.
#[test]
fn every_example_game_has_its_site_and_booklet_tests() {
    let games = games();
    if games.is_empty() {
        eprintln!("skipped: no games in modules/");
        return;
    }
    assert_eq!(
        games, GAMES,
        "add the game to `per_game!` in tests/suite/publish.rs"
    );
}

/// Whether `modules/GAME` is there to publish; says the test is skipped when it is not.
fn example_game_present(game: &str) -> bool {
    let present = root()
        .join("modules")
        .join(game)
        .join("game.toml")
        .is_file();
    if !present {
        eprintln!("skipped: modules/{game} is absent");
    }
    present
}

/// One game's site, published twice: every file the same, every link whole; with
/// Chromium, photographed.
fn site_is_whole_and_the_same_every_time(game: &str) {
    if !example_game_present(game) {
        return;
    }
    let chromium = find_chromium();
    match &chromium {
        Some(c) => eprintln!("Chromium: {}", c.display()),
        None => eprintln!(
            "skipped: the screenshots, for no Chromium was found (install chromium or set \
             SANDTABLE_CHROMIUM); links and determinism are still checked"
        ),
    }
    let started = Instant::now();
    let outcome = check_game(game, chromium.as_deref());
    eprintln!("{}", outcome.report);
    eprintln!("checked in {:.1} s", started.elapsed().as_secs_f64());
    let failures: String = outcome
        .problems
        .iter()
        .map(|p| format!("{game}: {p}\n"))
        .collect();
    assert!(
        failures.is_empty(),
        "problems in the published site:\n{failures}"
    );
}

/// The line `publish` prints counts in the singular for one: a game without `rules/` is one
/// chapter.
#[test]
fn the_summary_line_says_one_chapter() {
    let tmp = tempfile::tempdir().expect("tmp");
    let out = tmp.path().join("site");
    let run = bin()
        .arg("publish")
        .arg(root().join("tests/fixtures/mini"))
        .arg("-o")
        .arg(&out)
        .output()
        .expect("run");
    let stdout = String::from_utf8_lossy(&run.stdout);
    assert!(run.status.success(), "{stdout}");
    assert!(
        stdout.starts_with(&format!("wrote {}: 1 chapter, 4 pages, ", out.display())),
        "{stdout}"
    );
    assert!(stdout.trim_end().ends_with(" pictures"), "{stdout}");
}

#[test]
fn a_pdf_without_chromium_is_refused_with_the_reason() {
    let Some(game) = games().into_iter().find(|g| g == PDF_GAME) else {
        eprintln!("skipped: modules/{PDF_GAME} is absent");
        return;
    };
    let tmp = tempfile::tempdir().expect("tmp");
    let out = tmp.path().join("site");
    let run = bin()
        .arg("publish")
        .arg(root().join("modules").join(game))
        .arg("-o")
        .arg(&out)
        .args(["--format", "pdf"])
        .env("SANDTABLE_CHROMIUM", tmp.path().join("no-such-chromium"))
        .output()
        .expect("run");
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(!run.status.success(), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(stderr.contains("Chromium"), "{stderr}");
    assert!(!out.join("rules.pdf").exists());
}

#[test]
fn the_html_reader_finds_links_ids_and_broken_references() {
    let page = "<!DOCTYPE html><!-- <a href=\"gone.html\"> --><html><head>\
                <link rel=stylesheet href=style.css><style>p{background:url('images/x.png')}</style>\
                </head><body><h2 id=\"s12.1\">12.1</h2><a href=\"#s12.1\">here</a>\
                <a href='other.html#top'>there</a><a href=\"a.html?x=1&amp;y=2#nope\">x</a>\
                <img src=\"images/a%20b.png\" alt=\"a > b\"><script>var s = '<a href=\"x\">';</script>\
                <a href=\"file:///tmp/x.html\">f</a><a href=\"http://localhost:8000/\">l</a>\
                <a href=\"https://example.org/rules\">ok</a><img src=\"images/b.png\"><a href=\"/abs.html\">abs</a></body></html>";
    let (tags, styles) = tags(page);
    let hrefs: Vec<&str> = tags.iter().filter_map(|t| t.attr("href")).collect();
    assert_eq!(
        hrefs,
        [
            "style.css",
            "#s12.1",
            "other.html#top",
            "a.html?x=1&y=2#nope",
            "file:///tmp/x.html",
            "http://localhost:8000/",
            "https://example.org/rules",
            "/abs.html"
        ]
    );
    assert_eq!(styles.len(), 1);
    let mut site = BTreeMap::new();
    site.insert("index.html".to_string(), page.as_bytes().to_vec());
    site.insert(
        "print.html".to_string(),
        b"<a href=index.html>i</a>".to_vec(),
    );
    site.insert("other.html".to_string(), b"<p id=top>".to_vec());
    site.insert("a.html".to_string(), b"<p id=yes>".to_vec());
    site.insert("style.css".to_string(), b"body{}".to_vec());
    site.insert("images/b.png".to_string(), b"not a png".to_vec());
    let mut problems = Vec::new();
    check_site(&site, &mut problems);
    let text = problems.join("\n");
    for expected in [
        "a.html?x=1&y=2#nope\" names #nope, which a.html has no id for",
        "\"images/x.png\" names images/x.png, which the site does not have",
        "\"images/a%20b.png\" names images/a b.png, which the site does not have",
        "\"file:///tmp/x.html\" points into the local file system",
        "\"http://localhost:8000/\" points at a local server",
        "\"/abs.html\" is absolute",
        "print.html is linked from no other page",
        "<img src=\"images/b.png\"> has no alt text",
        "images/b.png is not a valid PNG",
    ] {
        assert!(text.contains(expected), "{expected} not in:\n{text}");
    }
    assert_eq!(problems.len(), 9, "{text}");
}

/// The Great European War's site, published once for the navigation tests.
fn great_european_war_site() -> Option<BTreeMap<String, Vec<u8>>> {
    if !example_game_present("great-european-war") {
        return None;
    }
    let game = root().join("modules/great-european-war");
    let tmp = tempfile::tempdir().expect("tmp");
    let out = tmp.path().join("site");
    publish(&game, &out, "html");
    Some(read_site(&out))
}

/// A page of a site as text.
fn page_text(site: &BTreeMap<String, Vec<u8>>, name: &str) -> String {
    String::from_utf8_lossy(site.get(name).unwrap_or_else(|| panic!("no {name}"))).into_owned()
}

/// The sidebar of a page (`<nav class="toc">`).
fn sidebar(page: &str) -> &str {
    let start = page.find("<nav class=\"toc\"").expect("a sidebar");
    let end = page[start..].find("</nav>").expect("its end");
    &page[start..start + end]
}

/// The sidebar lists the current chapter's sections and theirs, chapters titled without a
/// number too (Great European War's 5.0–6.0 and 17.3 were not to be found from it); a
/// chapter whose first section only adds the number to its title is listed once, by the
/// section's title. Every heading has a permalink, and a phone gets the contents folded.
#[test]
fn the_sidebar_lists_the_chapters_sections_and_no_title_twice() {
    let Some(site) = great_european_war_site() else {
        return;
    };
    let powers = page_text(&site, "05-powers-and-control.html");
    let nav = sidebar(&powers);
    for wanted in [
        ">Powers, Control and Movement Limits</a> <span class=\"numbers\">5.0–6.0</span>",
        "href=\"05-powers-and-control.html#s5.0\">5.0 Alliances</a>",
        "href=\"05-powers-and-control.html#s6.2\">6.2 Area of Operations</a>",
    ] {
        assert!(nav.contains(wanted), "{wanted} not in {nav}");
    }
    // Other chapters' sections are not listed.
    assert!(!nav.contains("#s3.1\""), "{nav}");
    let movement = page_text(&site, "13-movement.html");
    assert!(
        sidebar(&movement).contains("href=\"13-movement.html#s17.3\">17.3 Movement Order</a>"),
        "{}",
        sidebar(&movement)
    );
    let combat = page_text(&site, "14-ground-combat.html");
    let nav = sidebar(&combat);
    assert!(nav.contains(">19.0 Ground Combat</a>"), "{nav}");
    assert!(!nav.contains(">Ground Combat</a>"), "{nav}");
    assert_eq!(nav.matches("Ground Combat</a>").count(), 1, "{nav}");
    let index = page_text(&site, "index.html");
    assert!(
        !index.contains(">Ground Combat</a>"),
        "the contents repeat the title"
    );
    // Permalinks, the skip link, the folding contents.
    assert!(
        movement.contains(
            "<h3 id=\"s17.3\">17.3 Movement Order <a class=\"permalink\" href=\"#s17.3\" aria-label=\"Link to this section\">#</a></h3>"
        ),
        "no permalink on 17.3"
    );
    assert!(movement.contains("<a class=\"skip\" href=\"#Main\">"));
    assert!(movement.contains("<main id=\"Main\">"));
    assert!(movement.contains("<details class=\"toc-phone\">\n<summary>Contents</summary>"));
}

/// The search works offline: every page has a form to `search.html`, which without
/// JavaScript lists every section, and with it reads `search-index.js` (every section
/// with its number and words) through `search.js`.
#[test]
fn the_search_page_lists_every_section_and_its_index_holds_every_rule() {
    let Some(site) = great_european_war_site() else {
        return;
    };
    for (name, bytes) in site
        .iter()
        .filter(|(n, _)| n.ends_with(".html") && *n != "print.html")
    {
        let page = String::from_utf8_lossy(bytes);
        assert!(
            page.contains("<form class=\"search\" action=\"search.html\" role=\"search\">"),
            "{name} has no search form"
        );
        assert_eq!(
            page.contains("<script"),
            name == "search.html",
            "{name}: only the search page has scripts"
        );
    }
    let search = page_text(&site, "search.html");
    assert!(search.contains("href=\"10-supply.html#s12.3\">12.3 LOS Restrictions</a>"));
    assert!(search.contains("href=\"13-movement.html#s17.3\">17.3 Movement Order</a>"));
    assert!(search.contains("<noscript>"));
    let index = page_text(&site, "search-index.js");
    let json = index
        .split_once("window.SANDTABLE_SEARCH = ")
        .and_then(|(_, j)| j.trim_end().strip_suffix(';'))
        .expect("the index is one assignment");
    let entries: Vec<serde_json::Value> = serde_json::from_str(json).expect("JSON");
    let rule = entries
        .iter()
        .find(|e| e["n"] == "12.3")
        .expect("12.3 in the index");
    assert_eq!(rule["h"], "10-supply.html#s12.3");
    assert!(rule["w"]
        .as_str()
        .is_some_and(|w| w.split(' ').any(|w| w == "ignoring")));
    assert!(site.contains_key("search.js"));
}

// ---------------------------------------------------------------------------------------
// The printed booklet of every game, read back page by page.

/// The least share of a page's text area a page may fill, but the last of a chapter.
const LEAST_FILL: f64 = 0.30;

/// Each page's text (`pdftotext -layout`, its pages split at the form feeds).
fn pdf_text_pages(pdf: &Path) -> Vec<String> {
    let out = Command::new("pdftotext")
        .args(["-layout", "-enc", "UTF-8"])
        .arg(pdf)
        .arg("-")
        .output()
        .expect("run pdftotext");
    String::from_utf8_lossy(&out.stdout)
        .split('\u{c}')
        .map(str::to_string)
        .collect()
}

/// Letters and digits only, lower case: text compared across the PDF's line breaks,
/// quotes and dashes.
fn squeezed(s: &str) -> String {
    s.chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect()
}

/// How much of each page's text area (A4 less 18 mm top and bottom, the print stylesheet's
/// margins) is used, down to its lowest ink: rendered in grey at 20 dpi by `pdftoppm`.
fn page_fills(pdf: &Path) -> Vec<f64> {
    let tmp = tempfile::tempdir().expect("tmp");
    let out = Command::new("pdftoppm")
        .args(["-gray", "-r", "20"])
        .arg(pdf)
        .arg(tmp.path().join("p"))
        .output()
        .expect("run pdftoppm");
    assert!(out.status.success(), "pdftoppm failed");
    let mut files: Vec<PathBuf> = std::fs::read_dir(tmp.path())
        .expect("read")
        .flatten()
        .map(|e| e.path())
        .collect();
    files.sort();
    files
        .iter()
        .map(|f| {
            let bytes = std::fs::read(f).expect("read a page");
            // A binary PGM: `P5 width height 255` then one byte a pixel.
            let header: Vec<usize> = String::from_utf8_lossy(&bytes[..bytes.len().min(40)])
                .split_whitespace()
                .skip(1)
                .take(2)
                .filter_map(|n| n.parse().ok())
                .collect();
            let (w, h) = (header[0], header[1]);
            let pixels = &bytes[bytes.len() - w * h..];
            let top = h * 18 / 297;
            let bottom = h * (297 - 18) / 297;
            let lowest = (top + 1..bottom - 1)
                .rev()
                .find(|y| pixels[y * w..(y + 1) * w].iter().any(|p| *p < 200));
            lowest.map_or(0.0, |y| (y - top) as f64 / (bottom - top) as f64)
        })
        .collect()
}

/// The contents' page numbers of a printed `print.html`: (heading id, its title, its page
/// or None where the slot is empty).
fn contents_pages(html: &str) -> Vec<(String, String, Option<usize>)> {
    const SLOT: &str = "<span class=\"pageno\" data-for=\"";
    let mut out = Vec::new();
    for (i, _) in html.match_indices(SLOT) {
        let rest = &html[i + SLOT.len()..];
        let id = rest.split('"').next().unwrap_or("").to_string();
        let page = rest
            .split_once("\">")
            .and_then(|(_, r)| r.split_once("</span>"))
            .and_then(|(n, _)| n.parse().ok());
        // The entry's title: the link just before the slot.
        let before = &html[..i];
        let title = before
            .rfind("\">")
            .map(|t| before[t + 2..].trim_end_matches("</a>").to_string())
            .unwrap_or_default();
        out.push((id, decode_entities(&title), page));
    }
    out
}

/// Print one game's booklet and read it back: every page numbered, the contents with the
/// page of each entry (a chapter's number the page that shows its title), an outline entry
/// at least per contents entry, no table's title at the foot of a page without its table,
/// and no page under [`LEAST_FILL`] full but a chapter's last. Returns the problems and a
/// line of figures.
fn check_booklet(game: &str) -> (Vec<String>, String) {
    let tmp = tempfile::tempdir().expect("tmp");
    let out = tmp.path().join("site");
    let took = publish(&root().join("modules").join(game), &out, "pdf");
    let pdf = out.join("rules.pdf");
    let html = std::fs::read_to_string(out.join("print.html")).expect("print.html");
    let mut problems = Vec::new();
    let mut printed = format!("printed in {:.1} s", took.as_secs_f64());
    if game == PDF_GAME {
        // The site published with its PDF, whose links are checked like the others', and
        // the PDF's first page rendered for a person to look at.
        let mut site = read_site(&out);
        let mut found = Vec::new();
        let facts = check_site(&site, &mut found);
        problems.extend(found.into_iter().map(|p| format!("--format pdf: {p}")));
        let pdf = site.remove("rules.pdf");
        printed += &check_pdf(game, pdf.as_deref(), facts.chapters.len(), &mut problems);
    }
    let pages = pdf_text_pages(&pdf);
    let count = pdf_pages(&pdf);
    // Page numbers and the outline.
    let contents = contents_pages(&html);
    check_print_furniture(&pdf, count, contents.len(), &mut problems);
    // The contents' numbers.
    let unnumbered: Vec<&str> = contents
        .iter()
        .filter(|(_, _, p)| p.is_none())
        .map(|(id, _, _)| id.as_str())
        .collect();
    if contents.is_empty() || !unnumbered.is_empty() {
        problems.push(format!(
            "the contents' entries without a page number: {unnumbered:?} (of {})",
            contents.len()
        ));
    }
    for (id, title, page) in &contents {
        let Some(page) = page else { continue };
        let words: String = squeezed(&title.split_whitespace().take(3).collect::<String>());
        let on_page = pages.get(page - 1).map(|p| squeezed(p)).unwrap_or_default();
        if id.starts_with("chapter-") && !on_page.contains(&words) {
            problems.push(format!(
                "the contents put {title:?} on page {page}, which does not show it"
            ));
        }
    }
    // Every table's title has its table under it on the same page.
    let captions: Vec<String> = html
        .split("<caption>")
        .skip(1)
        .filter_map(|c| c.split_once("</caption>").map(|(t, _)| t))
        .map(|t| squeezed(&decode_entities(t)))
        .collect();
    let mut separated = Vec::new();
    for (n, page) in pages.iter().enumerate() {
        let lines: Vec<&str> = page.lines().filter(|l| !l.trim().is_empty()).collect();
        // The last line is the page number; the one before it the last of the text.
        if let Some(last) = lines.len().checked_sub(2).map(|i| squeezed(lines[i])) {
            if !last.is_empty() && captions.contains(&last) {
                separated.push(format!(
                    "{} (page {})",
                    lines[lines.len() - 2].trim(),
                    n + 1
                ));
            }
        }
    }
    if !separated.is_empty() {
        problems.push(format!(
            "tables' titles at the foot of a page, their tables on the next: {separated:?}"
        ));
    }
    // No near-empty page but a chapter's last (its running head differs from the next's).
    let fills = page_fills(&pdf);
    let head = |n: usize| {
        pages
            .get(n)
            .and_then(|p| p.lines().find(|l| !l.trim().is_empty()))
            .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
    };
    let mut thin = Vec::new();
    for (n, fill) in fills.iter().enumerate().skip(1) {
        let last_of_chapter = n + 1 >= fills.len() || head(n) != head(n + 1);
        if *fill < LEAST_FILL && !last_of_chapter {
            thin.push(format!("page {} ({:.0} %)", n + 1, fill * 100.0));
        }
    }
    if !thin.is_empty() {
        problems.push(format!(
            "pages under {:.0} % full that do not end a chapter: {thin:?}",
            LEAST_FILL * 100.0
        ));
    }
    let least = fills.iter().skip(1).copied().fold(1.0, f64::min);
    let report = format!(
        "{game}: {printed}; {count} pages, {} contents entries numbered, {} table titles kept \
         with their tables, {} pages under {:.0} % (each a chapter's last; least {:.0} %)",
        contents.len(),
        captions.len(),
        fills.iter().skip(1).filter(|f| **f < LEAST_FILL).count(),
        LEAST_FILL * 100.0,
        least * 100.0
    );
    (problems, report)
}

/// One game's booklet printed and read back ([`check_booklet`]).
fn booklet_is_numbered_paged_and_keeps_its_tables_whole(game: &str) {
    if find_chromium().is_none() || !has_program("pdftotext") || !has_program("pdftoppm") {
        eprintln!("skipped: no Chromium, or poppler's pdftotext and pdftoppm, to print and read the booklets");
        return;
    }
    if !example_game_present(game) {
        return;
    }
    let (problems, report) = check_booklet(game);
    eprintln!("{report}");
    let failures: String = problems.iter().map(|p| format!("{game}: {p}\n")).collect();
    assert!(failures.is_empty(), "the booklet:\n{failures}");
}

/// `publish --fold-out`: each map whole on a page of its own size, named in the print
/// stylesheet and printed by Chromium at that size; the page rendered into
/// `target/publish-shots/` to look at.
#[test]
fn a_fold_out_map_prints_on_a_page_of_its_own_size() {
    let Some(_) = find_chromium() else {
        eprintln!("skipped: no Chromium to print the booklet");
        return;
    };
    let tmp = tempfile::tempdir().expect("tmp");
    let out = tmp.path().join("site");
    let run = bin()
        .arg("publish")
        .arg(root().join("tests/fixtures/mini"))
        .arg("-o")
        .arg(&out)
        .args(["--format", "pdf", "--fold-out"])
        .output()
        .expect("run");
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(run.status.success(), "{stderr}");
    let print = std::fs::read_to_string(out.join("print.html")).expect("print.html");
    assert!(print.contains("<section class=\"fold-out\" style=\"page: fold-out-1\">"));
    let size = print
        .split("@page fold-out-1 { size: ")
        .nth(1)
        .and_then(|r| r.split(';').next())
        .expect("the fold-out page's size");
    let mm: Vec<f64> = size
        .split_whitespace()
        .filter_map(|v| v.strip_suffix("mm")?.parse().ok())
        .collect();
    assert_eq!(mm.len(), 2, "{size}");
    // The PDF's pages: A4 but one, the fold-out, of the size the stylesheet gives.
    let doc = lopdf::Document::load(out.join("rules.pdf")).expect("the PDF");
    let sizes: Vec<(f64, f64)> = doc
        .get_pages()
        .values()
        .map(|id| {
            let page = doc.get_dictionary(*id).expect("a page");
            let media = page
                .get(b"MediaBox")
                .and_then(lopdf::Object::as_array)
                .expect("a MediaBox");
            let n = |i: usize| media[i].as_float().map(f64::from).unwrap_or(0.0);
            // Points to millimetres.
            ((n(2) - n(0)) * 25.4 / 72.0, (n(3) - n(1)) * 25.4 / 72.0)
        })
        .collect();
    let near = |a: f64, b: f64| (a - b).abs() < 1.5;
    let folded: Vec<usize> = sizes
        .iter()
        .enumerate()
        .filter(|(_, (w, h))| !(near(*w, 210.0) && near(*h, 297.0)))
        .map(|(i, _)| i + 1)
        .collect();
    assert_eq!(folded.len(), 1, "pages not A4: {folded:?} of {sizes:?}");
    let (w, h) = sizes[folded[0] - 1];
    assert!(near(w, mm[0]) && near(h, mm[1]), "{w}×{h} mm for {size}");
    if has_program("pdftoppm") {
        let prefix = shots_dir().join("mini-fold-out");
        let page = folded[0].to_string();
        let status = Command::new("pdftoppm")
            .args(["-png", "-r", "40", "-singlefile", "-f", &page, "-l", &page])
            .arg(out.join("rules.pdf"))
            .arg(&prefix)
            .status()
            .expect("run pdftoppm");
        assert!(status.success());
        let bytes = std::fs::read(prefix.with_extension("png")).expect("the page");
        let mut problems = Vec::new();
        check_not_blank(&bytes, "the fold-out page", &mut problems);
        assert!(problems.is_empty(), "{problems:?}");
    }
}
