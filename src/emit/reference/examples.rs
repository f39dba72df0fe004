//! Examples for the reference pages, taken from the example games: the first occurrence of
//! a section's header (`[[side]]`, `[map.hex]`) in the games' TOML files, read in a fixed
//! order, cut down to a readable size with `# …` where something was left out.
//!
//! The files are read as text, line by line, with just enough of TOML's lexical rules
//! (strings, comments, brackets) to tell a table header from a line of a multi-line array or
//! string. The cuts keep the example valid TOML: a long single-line list keeps its first
//! items and closes, a multi-line list or string keeps its first lines and closes, a table
//! repeated (the second `[[map.place]]`) is dropped.

use std::path::Path;

use walkdir::WalkDir;

/// Lines an example may have.
const MAX_LINES: usize = 32;
/// Lines of a multi-line value (a list, a text layer) kept.
const MAX_VALUE_LINES: usize = 4;
/// Characters of a line before it is cut.
const MAX_WIDTH: usize = 96;

/// One TOML file of an example game: its path as shown (`modules/gpw/map.toml`) and text.
#[derive(Debug, Clone)]
pub struct Source {
    /// Path shown under the example, relative to the repository.
    pub path: String,
    /// The file's text.
    pub text: String,
}

/// An example: the file it came from and the trimmed text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Example {
    /// Path of the file, relative to the repository.
    pub path: String,
    /// The first line's number in the file (from 1).
    pub line: usize,
    /// The TOML shown.
    pub text: String,
}

/// The TOML files of the example games below `root` (`modules/`, then `tests/fixtures/`
/// for what no example game uses), in the order they are searched: each folder's games in
/// name order, each game's files in path order (as the loader reads them).
pub fn sources(repo: &Path) -> Vec<Source> {
    let mut out = Vec::new();
    for top in ["modules", "tests/fixtures"] {
        let root = repo.join(top);
        if !root.is_dir() {
            continue;
        }
        let walker = WalkDir::new(&root)
            .sort_by_file_name()
            .into_iter()
            .filter_entry(|e| {
                let name = e.file_name().to_string_lossy();
                e.depth() == 0 || !(name.starts_with('.') || name == "tools")
            });
        for e in walker.flatten() {
            if e.file_type().is_file() && e.path().extension().is_some_and(|x| x == "toml") {
                let Ok(text) = std::fs::read_to_string(e.path()) else {
                    continue;
                };
                let rel = e
                    .path()
                    .strip_prefix(repo)
                    .unwrap_or(e.path())
                    .components()
                    .map(|c| c.as_os_str().to_string_lossy().into_owned())
                    .collect::<Vec<_>>()
                    .join("/");
                out.push(Source { path: rel, text });
            }
        }
    }
    out
}

/// A line's lexical reading: the table header it is, if any, and how it changes the state.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct State {
    /// Inside a multi-line string opened by `"""` (true) or `'''`.
    string: Option<bool>,
    /// Depth of open brackets and braces of a value.
    depth: i32,
}

/// The state after a line, from the state before it.
fn scan(line: &str, mut st: State) -> State {
    let b = line.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if let Some(basic) = st.string {
            let close: &[u8] = if basic { b"\"\"\"" } else { b"'''" };
            if basic && b[i] == b'\\' {
                i += 2;
                continue;
            }
            if b[i..].starts_with(close) {
                st.string = None;
                i += 3;
                continue;
            }
            i += 1;
            continue;
        }
        match b[i] {
            b'#' => break,
            b'"' if b[i..].starts_with(b"\"\"\"") => {
                st.string = Some(true);
                i += 3;
                continue;
            }
            b'\'' if b[i..].starts_with(b"'''") => {
                st.string = Some(false);
                i += 3;
                continue;
            }
            b'"' | b'\'' => i = string_end(b, i),
            b'[' | b'{' => st.depth += 1,
            b']' | b'}' => st.depth -= 1,
            _ => {}
        }
        i += 1;
    }
    st
}

/// A table header line: its dotted path and whether it is an array of tables (`[[x]]`).
pub fn header(line: &str) -> Option<(String, bool)> {
    let t = line.trim();
    let (inner, array) = if let Some(r) = t.strip_prefix("[[") {
        (r.split_once("]]")?.0, true)
    } else {
        (t.strip_prefix('[')?.split_once(']')?.0, false)
    };
    let path: Vec<&str> = inner.split('.').map(str::trim).collect();
    if path.iter().any(|p| {
        p.is_empty()
            || !p
                .bytes()
                .all(|c| c.is_ascii_alphanumeric() || c == b'-' || c == b'_')
    }) {
        return None;
    }
    Some((path.join("."), array))
}

/// The lines of a file, each with whether it starts at the top level (not inside a
/// multi-line value) and so may be a header.
fn lines(text: &str) -> Vec<(&str, bool)> {
    let mut st = State::default();
    text.lines()
        .map(|l| {
            let top = st.string.is_none() && st.depth == 0;
            st = scan(l, st);
            (l, top)
        })
        .collect()
}

/// The first block of the section at `path` (`map` or `map.hex`) in the sources, trimmed.
pub fn find(sources: &[Source], path: &str) -> Option<Example> {
    for s in sources {
        let ls = lines(&s.text);
        let Some(start) = ls
            .iter()
            .position(|(l, top)| *top && header(l).is_some_and(|(p, _)| p == path))
        else {
            continue;
        };
        let array = header(ls[start].0).is_some_and(|(_, a)| a);
        let inside = |p: &str| p == path || p.starts_with(&format!("{path}."));
        let mut end = start + 1;
        while end < ls.len() {
            let (l, top) = ls[end];
            if top {
                if let Some((p, a)) = header(l) {
                    if !inside(&p) || (p == path && a && array) {
                        break;
                    }
                }
            }
            end += 1;
        }
        // Blank and comment lines at the end introduce what follows.
        while end > start + 1 && {
            let t = ls[end - 1].0.trim_start();
            ls[end - 1].1 && (t.is_empty() || t.starts_with('#'))
        } {
            end -= 1;
        }
        // Comment lines just above the header introduce it.
        let mut first = start;
        while first > 0 && first + 3 > start && ls[first - 1].0.trim_start().starts_with('#') {
            first -= 1;
        }
        let block: Vec<&str> = ls[first..end].iter().map(|(l, _)| *l).collect();
        return Some(Example {
            path: s.path.clone(),
            line: first + 1,
            text: trim(&block),
        });
    }
    None
}

/// Cut a block down: repeated tables dropped, long values and lines cut, blank lines at the
/// end dropped, at most [`MAX_LINES`] lines; every cut marked `# …`.
pub fn trim(block: &[&str]) -> String {
    let mut out: Vec<String> = Vec::new();
    let mut seen: Vec<String> = Vec::new();
    let mut skipping = false;
    let mut st = State::default();
    let mut value_lines = 0usize;
    let mut cut_value = false;
    let mut marked = false;
    let mut i = 0;
    while i < block.len() {
        let line = block[i];
        let top = st.string.is_none() && st.depth == 0;
        let next = scan(line, st);
        if top {
            if let Some((p, _)) = header(line) {
                if i > 0 && seen.contains(&p) {
                    if !skipping && !marked {
                        out.push("# …".into());
                        marked = true;
                    }
                    skipping = true;
                } else {
                    seen.push(p);
                    skipping = false;
                    marked = false;
                }
            }
        }
        if skipping {
            st = next;
            i += 1;
            continue;
        }
        if top {
            value_lines = 0;
            cut_value = false;
            if next.depth == 0 && next.string.is_none() {
                out.push(cut_line(line));
            } else {
                out.push(line.trim_end().to_string());
            }
        } else if next.string.is_none() && next.depth == 0 {
            // The line closing a multi-line value.
            if cut_value {
                let indent = &line[..line.len() - line.trim_start().len()];
                let close = line.trim_start();
                if st.string.is_some() {
                    out.push(format!("{close}  # …"));
                } else {
                    out.push(format!("{indent}# …"));
                    out.push(line.trim_end().to_string());
                }
            } else {
                out.push(line.trim_end().to_string());
            }
            cut_value = false;
        } else {
            value_lines += 1;
            if value_lines <= MAX_VALUE_LINES {
                out.push(cut_line(line));
            } else {
                cut_value = true;
            }
        }
        st = next;
        i += 1;
    }
    while out.last().is_some_and(|l| l.trim().is_empty()) {
        out.pop();
    }
    if out.len() > MAX_LINES {
        out.truncate(MAX_LINES);
        // Never leave a multi-line value open: cut back to the last top-level line.
        let mut st = State::default();
        let mut last_top_end = 0;
        for (k, l) in out.iter().enumerate() {
            st = scan(l, st);
            if st.string.is_none() && st.depth == 0 {
                last_top_end = k + 1;
            }
        }
        out.truncate(last_top_end);
        while out.last().is_some_and(|l| l.trim().is_empty()) {
            out.pop();
        }
        out.push("# …".into());
    }
    let mut s = out.join("\n");
    s.push('\n');
    s
}

/// A line cut to [`MAX_WIDTH`] characters, still valid: a list or inline table keeps its
/// first items, a text its first words; `# …` says so. A line that cannot be cut so is kept.
fn cut_line(line: &str) -> String {
    let line = line.trim_end();
    if line.chars().count() <= MAX_WIDTH {
        return line.to_string();
    }
    let Some(eq) = line.find(" = ") else {
        return line.to_string();
    };
    let (key, value) = (&line[..eq + 3], &line[eq + 3..]);
    let value = strip_comment(value).trim_end();
    let room = MAX_WIDTH.saturating_sub(key.chars().count() + 6);
    if let (Some(open), Some(close)) = (value.chars().next(), value.chars().last()) {
        if (open == '[' && close == ']') || (open == '{' && close == '}') {
            let items = split_items(&value[1..value.len() - 1]);
            let mut kept: Vec<&str> = Vec::new();
            let mut width = 2;
            for it in &items {
                if !kept.is_empty() && width + it.len() + 2 > room {
                    break;
                }
                width += it.len() + 2;
                kept.push(it);
            }
            if kept.len() == items.len() {
                return line.to_string();
            }
            let (l, r) = if open == '[' {
                ("[", "]")
            } else {
                ("{ ", " }")
            };
            return format!("{key}{l}{}{r}  # …", kept.join(", "));
        }
        if open == '"' && close == '"' && value.len() > 1 {
            let inner = &value[1..value.len() - 1];
            let mut cut = String::new();
            for w in inner.split(' ') {
                if cut.chars().count() + w.chars().count() + 1 > room.saturating_sub(2) {
                    break;
                }
                if !cut.is_empty() {
                    cut.push(' ');
                }
                cut.push_str(w);
            }
            // Never end inside an escape.
            while cut.ends_with('\\') {
                cut.pop();
            }
            return format!("{key}\"{cut} …\"");
        }
    }
    line.to_string()
}

/// The index of the quote closing the TOML string opened at `open` (a basic string, where
/// `\` escapes the next byte, or a literal one), or the end of the text.
fn string_end(b: &[u8], open: usize) -> usize {
    let quote = b[open];
    let mut i = open + 1;
    while i < b.len() && b[i] != quote {
        if quote == b'"' && b[i] == b'\\' {
            i += 1;
        }
        i += 1;
    }
    i
}

/// A value without a trailing comment.
fn strip_comment(value: &str) -> &str {
    let b = value.as_bytes();
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'"' | b'\'' => i = string_end(b, i),
            b'#' => return &value[..i],
            _ => {}
        }
        i += 1;
    }
    value
}

/// The items of a list or inline table's inside, split at its own commas.
fn split_items(inner: &str) -> Vec<&str> {
    let mut items = Vec::new();
    let b = inner.as_bytes();
    let (mut depth, mut start, mut i) = (0i32, 0usize, 0usize);
    while i < b.len() {
        match b[i] {
            b'"' | b'\'' => i = string_end(b, i),
            b'[' | b'{' => depth += 1,
            b']' | b'}' => depth -= 1,
            b',' if depth == 0 => {
                items.push(inner[start..i].trim());
                start = i + 1;
            }
            _ => {}
        }
        i += 1;
    }
    let last = inner[start..].trim();
    if !last.is_empty() {
        items.push(last);
    }
    items
}

#[cfg(test)]
mod tests {
    use super::*;

    fn src(path: &str, text: &str) -> Source {
        Source {
            path: path.into(),
            text: text.into(),
        }
    }

    #[test]
    fn headers_are_read_with_their_kind() {
        assert_eq!(header("[[map.place]]"), Some(("map.place".into(), true)));
        assert_eq!(
            header("[ map.hex ]  # grid"),
            Some(("map.hex".into(), false))
        );
        assert_eq!(
            header("[[map.area]]   # DSE"),
            Some(("map.area".into(), true))
        );
        assert_eq!(header("  [1, 2],"), None);
        assert_eq!(header("x = 1"), None);
    }

    #[test]
    fn the_first_occurrence_is_taken_in_source_order() {
        let sources = [
            src("a/game.toml", "[game]\nid = \"a\"\n"),
            src(
                "b/sides.toml",
                "[[side]]\nid = \"x\"\n\n[[side]]\nid = \"y\"\n[[nation]]\nid = \"n\"\n",
            ),
            src("c/sides.toml", "[[side]]\nid = \"z\"\n"),
        ];
        let e = find(&sources, "side").unwrap();
        assert_eq!(e.path, "b/sides.toml");
        assert_eq!(e.line, 1);
        assert_eq!(e.text, "[[side]]\nid = \"x\"\n");
        assert!(find(&sources, "weather").is_none());
    }

    #[test]
    fn a_section_keeps_its_first_subtable_of_each_kind() {
        let text = "# The map.\n[[map]]\nid = \"m\"\n[map.hex]\norientation = \"columns\"\n\
                    [[map.place]]\nhex = \"0101\"\n[[map.place]]\nhex = \"0102\"\n\
                    [[map.place]]\nhex = \"0103\"\n[[map.rail]]\nhexes = []\n[[pool]]\nid = \"p\"\n";
        let e = find(&[src("g/map.toml", text)], "map").unwrap();
        assert_eq!(
            e.text,
            "# The map.\n[[map]]\nid = \"m\"\n[map.hex]\norientation = \"columns\"\n\
             [[map.place]]\nhex = \"0101\"\n# …\n[[map.rail]]\nhexes = []\n"
        );
        let e = find(&[src("g/map.toml", text)], "map.place").unwrap();
        assert_eq!(e.text, "[[map.place]]\nhex = \"0101\"\n");
    }

    #[test]
    fn brackets_inside_values_are_not_headers() {
        let text =
            "[[map]]\nid = \"m\"\nsize = [\n  [1, 2],\n]\nrows = \"\"\"\n[x]\n\"\"\"\n[[pool]]\n";
        let e = find(&[src("g.toml", text)], "map").unwrap();
        assert_eq!(
            e.text,
            "[[map]]\nid = \"m\"\nsize = [\n  [1, 2],\n]\nrows = \"\"\"\n[x]\n\"\"\"\n"
        );
    }

    #[test]
    fn long_values_are_cut_and_stay_valid() {
        let rows: String = (0..10).map(|_| "wwwwwwww\n").collect();
        let text = format!(
            "[map.terrain]\nrows = \"\"\"\n{rows}\"\"\"\nlist = [\n{}]\n",
            (0..9).map(|i| format!("  \"{i}\",\n")).collect::<String>()
        );
        let e = find(&[src("g.toml", &text)], "map.terrain").unwrap();
        assert_eq!(
            e.text,
            "[map.terrain]\nrows = \"\"\"\nwwwwwwww\nwwwwwwww\nwwwwwwww\nwwwwwwww\n\"\"\"  # …\n\
             list = [\n  \"0\",\n  \"1\",\n  \"2\",\n  \"3\",\n# …\n]\n"
        );
        toml::from_str::<toml::Table>(&e.text).expect("still TOML");
    }

    #[test]
    fn long_lines_are_cut_at_an_item_or_a_word() {
        let items: Vec<String> = (0..40).map(|i| format!("\"p{i:02}\"")).collect();
        let line = format!("fleet = [{}]", items.join(", "));
        let cut = cut_line(&line);
        assert!(cut.len() <= MAX_WIDTH + 6, "{cut}");
        assert!(
            cut.starts_with("fleet = [\"p00\", \"p01\"") && cut.ends_with("]  # …"),
            "{cut}"
        );
        toml::from_str::<toml::Table>(&cut).expect("still TOML");
        let words = format!(
            "description = \"{}\"",
            "a long sentence of words ".repeat(8).trim()
        );
        let cut = cut_line(&words);
        assert!(
            cut.ends_with(" …\"") && cut.chars().count() <= MAX_WIDTH,
            "{cut}"
        );
        toml::from_str::<toml::Table>(&cut).expect("still TOML");
        assert_eq!(cut_line("id = \"short\""), "id = \"short\"");
    }

    #[test]
    fn an_example_is_never_longer_than_the_limit() {
        let text: String = std::iter::once("[[counter]]\n".to_string())
            .chain((0..60).map(|i| format!("k{i} = {i}\n")))
            .collect();
        let e = find(&[src("g.toml", &text)], "counter").unwrap();
        assert_eq!(e.text.lines().count(), MAX_LINES + 1);
        assert!(e.text.ends_with("# …\n"));
    }
}
