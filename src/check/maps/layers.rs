//! Text layers of a hex map: rows of characters, one per hex, decoded into ids.

use super::*;

/// A decoded text layer: one optional id per hex.
pub(super) fn layer(
    cx: &mut Cx,
    file: FileId,
    geo: &HexGeometry,
    what: &str,
    l: &schema::Layer,
    resolve: &mut dyn FnMut(&mut Cx, &Spanned<String>) -> Option<usize>,
    allow_empty: bool,
) -> Option<Vec<Option<usize>>> {
    let mut legend: BTreeMap<char, Option<usize>> = BTreeMap::new();
    for (k, v) in l.legend.get_ref() {
        let mut chars = k.get_ref().chars();
        let (Some(ch), None) = (chars.next(), chars.next()) else {
            cx.push(
                Diagnostic::error(
                    "bad-legend",
                    format!(
                        "{what} legend key `{}` must be a single character",
                        k.get_ref()
                    ),
                )
                .at(Cx::span(file, k)),
            );
            continue;
        };
        if v.get_ref().is_empty() {
            if !allow_empty {
                cx.push(
                    Diagnostic::error(
                        "bad-legend",
                        format!("every hex needs a {what}; `{ch}` maps to nothing"),
                    )
                    .at(Cx::span(file, v))
                    .hint("map the character to a terrain id"),
                );
            }
            legend.insert(ch, None);
        } else if let Some(i) = resolve(cx, v) {
            legend.insert(ch, Some(i));
        } else {
            legend.insert(ch, None);
        }
    }
    // Byte offset of the string's content in the file, to locate each character.
    let span = l.rows.span();
    let raw = cx.sources.text(file).get(span.clone()).unwrap_or("");
    let mut content = span.start;
    for q in ["\"\"\"", "'''", "\"", "'"] {
        if let Some(rest) = raw.strip_prefix(q) {
            content += q.len();
            if q.len() == 3 {
                if rest.starts_with("\r\n") {
                    content += 2;
                } else if rest.starts_with('\n') {
                    content += 1;
                }
            }
            break;
        }
    }
    let value = l.rows.get_ref();
    let exact = cx.sources.text(file).get(content..content + value.len()) == Some(value.as_str());
    let at = |offset: usize| {
        if exact {
            Span::new(file, content + offset..content + offset + 1)
        } else {
            Span::new(file, span.clone())
        }
    };
    let mut lines: Vec<(usize, &str)> = Vec::new();
    let mut offset = 0;
    for line in value.split('\n') {
        lines.push((offset, line.trim_end_matches('\r')));
        offset += line.len() + 1;
    }
    while lines.last().is_some_and(|(_, l)| l.trim().is_empty()) {
        lines.pop();
    }
    let mut out = vec![None; geo.len()];
    let mut ok = true;
    if lines.len() != geo.rows as usize {
        ok = false;
        cx.push(
            Diagnostic::error(
                "bad-layer",
                format!(
                    "the {what} layer has {} rows, the map has {}",
                    lines.len(),
                    geo.rows
                ),
            )
            .at(Span::new(file, span.clone()))
            .hint("write one line per row of hexes, top row first"),
        );
    }
    let mut unknown: BTreeSet<char> = BTreeSet::new();
    for (row, (start, line)) in lines.iter().enumerate().take(geo.rows as usize) {
        let n = line.chars().count();
        if n != geo.columns as usize {
            ok = false;
            cx.push(
                Diagnostic::error(
                    "bad-layer",
                    format!(
                        "row {} of the {what} layer has {n} hexes, the map has {} columns",
                        row + 1,
                        geo.columns
                    ),
                )
                .at(at(*start))
                .hint("write one character per hex, with no spaces"),
            );
            continue;
        }
        let mut byte = *start;
        for (col, ch) in line.chars().enumerate() {
            match legend.get(&ch) {
                Some(v) => out[geo.index(HexCoord::new(col as i32, row as i32))] = *v,
                None => {
                    ok = false;
                    if unknown.insert(ch) {
                        let keys: Vec<String> = legend.keys().map(|c| format!("`{c}`")).collect();
                        cx.push(
                            Diagnostic::error(
                                "unknown-reference",
                                format!("`{ch}` is not in the {what} legend"),
                            )
                            .at(at(byte))
                            .label(format!(
                                "hex {}",
                                geo.number(HexCoord::new(col as i32, row as i32))
                            ))
                            .hint(format!("the legend has {}", keys.join(", "))),
                        );
                    }
                }
            }
            byte += ch.len_utf8();
        }
    }
    // Errors are reported above; bad hexes fall back to the first legend entry so the rest
    // of the map can still be checked without follow-on errors.
    let _ = ok;
    Some(out)
}
