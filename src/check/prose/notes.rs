//! The older forms of notes and examples (`Note:`, `**Note:**`, `NOTE:`, `Example 3:`…) found
//! at the start of a paragraph or list item, for the warning that gives the convention
//! (`**Note.**`).

/// The paragraphs of a chapter that open with a note's or an example's label in a form other
/// than the rulebook's convention (`**Note.**`, `**Example.**`, `**Designer's note.**`):
/// `Note:`, `**Note:**`, `*Note:*`, `**Note**:`, `NOTE:` and the like. Each as the range of
/// the label as written, the label, and the convention's form of it.
pub(super) fn old_note_forms(text: &str) -> Vec<(std::ops::Range<usize>, String, String)> {
    use pulldown_cmark::{Event, Options, Parser, Tag};
    let mut out: Vec<(std::ops::Range<usize>, String, String)> = Vec::new();
    for (event, range) in Parser::new_ext(text, Options::all()).into_offset_iter() {
        let start = match event {
            Event::Start(Tag::Paragraph) => range.start,
            // A tight list's item holds its text without a paragraph: after its marker.
            Event::Start(Tag::Item) => {
                let item = text.get(range.clone()).unwrap_or("");
                let marker = item
                    .find(|c: char| !(c.is_ascii_digit() || "-*+.)".contains(c)))
                    .unwrap_or(item.len());
                let space = item[marker..].len() - item[marker..].trim_start().len();
                range.start + marker + space
            }
            _ => continue,
        };
        let paragraph = text.get(start..).unwrap_or("");
        if out.last().is_some_and(|(r, _, _)| r.start == start) {
            continue;
        }
        if let Some((len, convention)) = old_note_form(paragraph) {
            out.push((start..start + len, paragraph[..len].to_string(), convention));
        }
    }
    out
}

/// The length of a paragraph's opening label when it names a note or an example in a form
/// other than the convention, and the convention's form. None for any other paragraph, and
/// for the convention itself (`**Note.**`).
pub(super) fn old_note_form(paragraph: &str) -> Option<(usize, String)> {
    let (open, rest) = ["**", "__", "*", "_"]
        .iter()
        .find_map(|m| paragraph.strip_prefix(m).map(|r| (*m, r)))
        .unwrap_or(("", paragraph));
    let colon = rest.find(':')?;
    let mut label = &rest[..colon];
    // `**Note**:`: the emphasis closed before the colon.
    let mut closed_before = false;
    if !open.is_empty() {
        if let Some(l) = label.strip_suffix(open) {
            label = l;
            closed_before = true;
        }
    }
    if label.len() > 24 || label.contains(['*', '_', '\n']) {
        return None;
    }
    let key = label.trim().to_lowercase().replace('’', "'");
    let is_example = key == "example"
        || key
            .strip_prefix("example ")
            .is_some_and(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()));
    let is_note = matches!(
        key.as_str(),
        "note" | "designer's note" | "designers' note" | "designer note" | "design note"
    );
    if !is_example && !is_note {
        return None;
    }
    let mut len = open.len() + colon + 1;
    if !open.is_empty() && !closed_before {
        if rest[colon + 1..].starts_with(open) {
            len += open.len();
        } else {
            return None;
        }
    }
    let mut chars = key.chars();
    let capital: String = chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default();
    Some((len, format!("**{capital}.**")))
}
