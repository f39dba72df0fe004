//! Generated material fitted to the page it stands in: a table's row of column headers in a
//! `<thead>` (repeated on each printed page of a long table), a title standing over a table
//! as its `<caption>`, and the material's headings nested below the section that holds it.

/// The tables of generated material (each written as `<table …>` + a line break, then rows
/// of one line each) with their first row in a `<thead>` when it is a row of column
/// headers, and the rows after it in a `<tbody>`. Tables without such a row are kept as
/// they are.
pub(super) fn header_groups(html: &str) -> String {
    const HEAD: &str = "<tr><th scope=\"col\">";
    let mut out = String::with_capacity(html.len() + 64);
    let mut rest = html;
    while let Some(i) = rest.find("<table") {
        out.push_str(&rest[..i]);
        let table = &rest[i..];
        rest = table;
        let (Some(open_end), Some(close)) =
            (table.find(">\n").map(|e| e + 2), table.find("</table>"))
        else {
            break;
        };
        let (open, rows) = (&table[..open_end], &table[open_end..close]);
        out.push_str(open);
        match rows.find('\n') {
            Some(first_end) if rows.starts_with(HEAD) => {
                out.push_str("<thead>\n");
                out.push_str(&rows[..=first_end]);
                out.push_str("</thead>\n<tbody>\n");
                out.push_str(&rows[first_end + 1..]);
                out.push_str("</tbody>\n");
            }
            _ => out.push_str(rows),
        }
        out.push_str("</table>");
        rest = &table[close + "</table>".len()..];
    }
    out.push_str(rest);
    out
}

/// Generated tables with their titles as captions: a heading followed at once by a table
/// becomes the table's `<caption>` (what a screen reader announces with the table, and
/// what prints with it).
pub(super) fn captions(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let mut rest = html;
    while let Some(i) = rest.find("<h") {
        let tail = &rest[i..];
        let level = tail.as_bytes().get(2).copied().filter(u8::is_ascii_digit);
        let Some(level) = level.filter(|_| tail.as_bytes().get(3) == Some(&b'>')) else {
            out.push_str(&rest[..i + 2]);
            rest = &rest[i + 2..];
            continue;
        };
        let close = format!("</h{}>", level as char);
        let Some(end) = tail.find(&close) else {
            break;
        };
        let title = &tail[4..end];
        let after = tail[end + close.len()..].trim_start();
        match after.find(">\n") {
            Some(open_end) if after.starts_with("<table") && !title.contains('<') => {
                out.push_str(&rest[..i]);
                out.push_str(&after[..open_end + 2]);
                out.push_str(&format!("<caption>{title}</caption>\n"));
                rest = &after[open_end + 2..];
            }
            _ => {
                out.push_str(&rest[..i + end + close.len()]);
                rest = &tail[end + close.len()..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// Generated material's headings nested below the section it stands in (of level
/// `section`): its first heading one level deeper, and no level skipped after it (a
/// heading one deeper than the one before at most), whatever levels the material was
/// written with.
pub fn nested_headings(html: &str, section: u8) -> String {
    let base = (section + 1).min(6);
    let mut out = String::with_capacity(html.len());
    // (level written, level given) of the open outline.
    let mut stack: Vec<(u8, u8)> = Vec::new();
    let mut current = base;
    let mut rest = html;
    while let Some(i) = rest.find("<h").into_iter().chain(rest.find("</h")).min() {
        let closing = rest[i..].starts_with("</h");
        let at = i + if closing { 3 } else { 2 };
        let b = rest.as_bytes();
        let level = b.get(at).copied().filter(|c| (b'1'..=b'6').contains(c));
        let ends = b.get(at + 1).is_some_and(|c| *c == b'>' || *c == b' ');
        let Some(level) = level.filter(|_| ends).map(|c| c - b'0') else {
            out.push_str(&rest[..at]);
            rest = &rest[at..];
            continue;
        };
        if !closing {
            while stack.last().is_some_and(|(written, _)| *written > level) {
                stack.pop();
            }
            current = match stack.last() {
                Some((written, given)) if *written == level => *given,
                Some((_, given)) => (given + 1).min(6),
                None => base,
            };
            if stack.last().is_some_and(|(written, _)| *written == level) {
                stack.pop();
            }
            stack.push((level, current));
        }
        out.push_str(&rest[..at]);
        out.push(char::from(b'0' + current));
        rest = &rest[at + 1..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::{captions, header_groups, nested_headings};

    #[test]
    fn a_title_over_a_table_is_its_caption() {
        let html = "<h4>Terrain Effects Chart</h4>\n<table class=\"chart\">\n<thead>\n<tr><th scope=\"col\">A</th></tr>\n</thead>\n</table>\n<h5>Notes</h5>\n<p>x</p>\n";
        assert_eq!(
            captions(html),
            "<table class=\"chart\">\n<caption>Terrain Effects Chart</caption>\n<thead>\n<tr><th scope=\"col\">A</th></tr>\n</thead>\n</table>\n<h5>Notes</h5>\n<p>x</p>\n"
        );
    }

    #[test]
    fn material_headings_follow_their_section_without_skipping_a_level() {
        let html = "<h4>Title</h4>\n<h5>Results</h5><h6>Deep</h6>\n<h5>Key</h5>\n<h4>Other <small>(2)</small></h4>\n<header>\n";
        assert_eq!(
            nested_headings(html, 2),
            "<h3>Title</h3>\n<h4>Results</h4><h5>Deep</h5>\n<h4>Key</h4>\n<h3>Other <small>(2)</small></h3>\n<header>\n"
        );
        // Below a level-1 heading the first is a level 2; a skip in what was written is
        // closed up.
        assert_eq!(
            nested_headings("<h4>A</h4><h6>B</h6>", 1),
            "<h2>A</h2><h3>B</h3>"
        );
    }

    #[test]
    fn a_header_row_goes_in_a_thead_and_the_rest_in_a_tbody() {
        let html = "<h4>T</h4>\n<table class=\"chart\">\n<tr><th scope=\"col\">A</th><th scope=\"col\">B</th></tr>\n<tr><td>1</td><td>2</td></tr>\n</table>\n<p>key</p>\n";
        assert_eq!(
            header_groups(html),
            "<h4>T</h4>\n<table class=\"chart\">\n<thead>\n<tr><th scope=\"col\">A</th><th scope=\"col\">B</th></tr>\n</thead>\n<tbody>\n<tr><td>1</td><td>2</td></tr>\n</tbody>\n</table>\n<p>key</p>\n"
        );
    }

    #[test]
    fn tables_without_a_header_row_and_text_around_them_are_kept() {
        let html = "<p>a</p>\n<table class=\"x\">\n<tr><td>1</td></tr>\n</table>\n<table>";
        assert_eq!(header_groups(html), html);
        assert_eq!(header_groups("no tables"), "no tables");
    }
}
