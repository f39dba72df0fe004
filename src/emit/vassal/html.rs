//! Small HTML pages for VASSAL's chart windows and help: plain HTML 3.2 (what Swing renders),
//! text escaped with quick-xml and non-ASCII written as character references, so the pages
//! need no charset declaration wherever they are shown.

use quick_xml::escape::partial_escape;

/// Text escaped for HTML: `& < >` as entities, every non-ASCII character as `&#N;`.
pub fn text(s: &str) -> String {
    let escaped = partial_escape(s);
    let mut out = String::with_capacity(escaped.len());
    for c in escaped.chars() {
        if c.is_ascii() {
            out.push(c);
        } else {
            out.push_str(&format!("&#{};", u32::from(c)));
        }
    }
    out
}

/// A page under construction.
#[derive(Debug, Default, Clone)]
pub struct Page {
    body: String,
}

impl Page {
    /// An empty page.
    pub fn new() -> Self {
        Self::default()
    }

    /// A heading (`level` 1–4).
    pub fn heading(&mut self, level: u8, s: &str) -> &mut Self {
        let l = level.clamp(1, 4);
        self.body.push_str(&format!("<h{l}>{}</h{l}>\n", text(s)));
        self
    }

    /// A paragraph of plain text (skipped when empty).
    pub fn para(&mut self, s: &str) -> &mut Self {
        if !s.trim().is_empty() {
            self.body.push_str(&format!("<p>{}</p>\n", text(s.trim())));
        }
        self
    }

    /// A paragraph with a bold lead-in: `<b>lead</b> rest`.
    pub fn labelled(&mut self, lead: &str, rest: &str) -> &mut Self {
        self.body.push_str(&format!(
            "<p><b>{}</b> {}</p>\n",
            text(lead),
            text(rest.trim())
        ));
        self
    }

    /// A bulleted list (skipped when empty).
    pub fn list<S: AsRef<str>>(&mut self, items: &[S]) -> &mut Self {
        if items.is_empty() {
            return self;
        }
        self.body.push_str("<ul>\n");
        for i in items {
            self.body
                .push_str(&format!("<li>{}</li>\n", text(i.as_ref())));
        }
        self.body.push_str("</ul>\n");
        self
    }

    /// A table with a header row (skipped when there are no rows).
    pub fn table<S: AsRef<str>>(&mut self, header: &[S], rows: &[Vec<String>]) -> &mut Self {
        if rows.is_empty() {
            return self;
        }
        self.body
            .push_str("<table border=\"1\" cellspacing=\"0\" cellpadding=\"3\">\n<tr>");
        for h in header {
            self.body
                .push_str(&format!("<th>{}</th>", text(h.as_ref())));
        }
        self.body.push_str("</tr>\n");
        for row in rows {
            self.body.push_str("<tr>");
            for (i, cell) in row.iter().enumerate() {
                // Short values (results, numbers) centred; sentences read from the left.
                let short = cell.chars().count() <= 12;
                let align = if i > 0 && short {
                    " align=\"center\""
                } else {
                    ""
                };
                self.body
                    .push_str(&format!("<td{align}>{}</td>", text(cell)));
            }
            self.body.push_str("</tr>\n");
        }
        self.body.push_str("</table>\n");
        self
    }

    /// The whole document.
    pub fn finish(&self, title: &str) -> String {
        format!(
            "<html>\n<head>\n<title>{}</title>\n</head>\n<body>\n{}</body>\n</html>\n",
            text(title),
            self.body
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_markup_and_non_ascii() {
        assert_eq!(text("a<b & c> → d"), "a&lt;b &amp; c&gt; &#8594; d");
        let mut p = Page::new();
        p.table(&["x"], &[vec!["<y>".into()]]);
        assert!(p.finish("T").contains("<td>&lt;y&gt;</td>"));
    }
}
