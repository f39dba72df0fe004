//! Small HTML pages for VASSAL's chart windows and help, and the same content for the
//! published rules. For VASSAL ([`Flavour::Swing`]): plain HTML 3.2 (what Swing renders),
//! text escaped with quick-xml and non-ASCII written as character references, so the pages
//! need no charset declaration wherever they are shown. For the website ([`Flavour::Web`]):
//! UTF-8 text, tables styled by class, headings nested below the chapter's.

use quick_xml::escape::partial_escape;

/// Text escaped for HTML: `& < >` as entities, every non-ASCII character as `&#N;`.
pub fn text(s: &str) -> String {
    ascii(&partial_escape(s))
}

/// HTML with every non-ASCII character written as a character reference (safe on markup:
/// tags and attribute names are ASCII).
pub fn ascii(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    for c in html.chars() {
        if c.is_ascii() {
            out.push(c);
        } else {
            out.push_str(&format!("&#{};", u32::from(c)));
        }
    }
    out
}

/// Who reads the HTML.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub enum Flavour {
    /// VASSAL's Swing HTML 3.2 viewer.
    #[default]
    Swing,
    /// A browser, inside a page of the published rules.
    Web,
}

/// A page under construction.
#[derive(Debug, Default, Clone)]
pub struct Page {
    body: String,
    flavour: Flavour,
}

impl Page {
    /// An empty page for VASSAL.
    pub fn new() -> Self {
        Self::default()
    }

    /// An empty page for `flavour`.
    pub fn with(flavour: Flavour) -> Self {
        Self {
            body: String::new(),
            flavour,
        }
    }

    fn text(&self, s: &str) -> String {
        match self.flavour {
            Flavour::Swing => text(s),
            Flavour::Web => partial_escape(s).into_owned(),
        }
    }

    /// A heading (`level` 1–4; on the web two levels deeper, below the section it is in).
    pub fn heading(&mut self, level: u8, s: &str) -> &mut Self {
        let l = match self.flavour {
            Flavour::Swing => level.clamp(1, 4),
            Flavour::Web => (level + 2).clamp(3, 6),
        };
        let t = self.text(s);
        self.body.push_str(&format!("<h{l}>{t}</h{l}>\n"));
        self
    }

    /// Raw HTML, already escaped.
    pub fn html(&mut self, html: &str) -> &mut Self {
        self.body.push_str(html);
        self
    }

    /// The body so far (the material without the page around it).
    pub fn body(&self) -> &str {
        &self.body
    }

    /// A paragraph of plain text (skipped when empty).
    pub fn para(&mut self, s: &str) -> &mut Self {
        if !s.trim().is_empty() {
            let t = self.text(s.trim());
            self.body.push_str(&format!("<p>{t}</p>\n"));
        }
        self
    }

    /// A paragraph with a bold lead-in: `<b>lead</b> rest`.
    pub fn labelled(&mut self, lead: &str, rest: &str) -> &mut Self {
        let (lead, rest) = (self.text(lead), self.text(rest.trim()));
        self.body
            .push_str(&format!("<p><b>{lead}</b> {rest}</p>\n"));
        self
    }

    /// A bulleted list (skipped when empty).
    pub fn list<S: AsRef<str>>(&mut self, items: &[S]) -> &mut Self {
        if items.is_empty() {
            return self;
        }
        self.body.push_str("<ul>\n");
        for i in items {
            let t = self.text(i.as_ref());
            self.body.push_str(&format!("<li>{t}</li>\n"));
        }
        self.body.push_str("</ul>\n");
        self
    }

    /// A numbered list whose items may hold a bulleted list of their own (an outline of
    /// two levels; skipped when empty).
    pub fn outline<S: AsRef<str>>(&mut self, items: &[(S, Vec<S>)]) -> &mut Self {
        if items.is_empty() {
            return self;
        }
        self.body.push_str("<ol>\n");
        for (item, below) in items {
            let t = self.text(item.as_ref());
            self.body.push_str(&format!("<li>{t}"));
            if !below.is_empty() {
                self.body.push_str("\n<ul>\n");
                for b in below {
                    let t = self.text(b.as_ref());
                    self.body.push_str(&format!("<li>{t}</li>\n"));
                }
                self.body.push_str("</ul>\n");
            }
            self.body.push_str("</li>\n");
        }
        self.body.push_str("</ol>\n");
        self
    }

    /// A table with a header row (skipped when there are no rows).
    pub fn table<S: AsRef<str>>(&mut self, header: &[S], rows: &[Vec<String>]) -> &mut Self {
        if rows.is_empty() {
            return self;
        }
        let web = self.flavour == Flavour::Web;
        self.body.push_str(if web {
            "<table class=\"chart\">\n<tr>"
        } else {
            "<table border=\"1\" cellspacing=\"0\" cellpadding=\"3\">\n<tr>"
        });
        for h in header {
            let t = self.text(h.as_ref());
            self.body.push_str(&if web {
                format!("<th scope=\"col\">{t}</th>")
            } else {
                format!("<th>{t}</th>")
            });
        }
        self.body.push_str("</tr>\n");
        // A column of short values (results, numbers) is centred; a column holding any
        // sentence reads from the left, all of it. The first column is the rows' names.
        let columns = rows.iter().map(Vec::len).max().unwrap_or(0);
        let centred: Vec<bool> = (0..columns)
            .map(|i| {
                i > 0
                    && rows
                        .iter()
                        .all(|r| r.get(i).is_none_or(|c| c.chars().count() <= 12))
            })
            .collect();
        for row in rows {
            self.body.push_str("<tr>");
            for (i, cell) in row.iter().enumerate() {
                let align = match (centred[i], web) {
                    (false, _) => "",
                    (true, false) => " align=\"center\"",
                    (true, true) => " class=\"c\"",
                };
                let t = self.text(cell);
                self.body.push_str(&format!("<td{align}>{t}</td>"));
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
