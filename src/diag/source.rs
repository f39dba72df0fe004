//! The text of every file a game is read from, addressed by [`FileId`].
//!
//! Paths are kept relative to the game directory with `/` separators, so diagnostics and
//! output never depend on where the game sits on disk.

/// Index of a file in a [`SourceMap`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct FileId(usize);

impl FileId {
    /// Position in the map.
    pub fn index(self) -> usize {
        self.0
    }
}

/// Every source file read for one game.
#[derive(Debug, Default, Clone)]
pub struct SourceMap {
    files: Vec<(String, String)>,
}

impl SourceMap {
    /// Add a file and get its id.
    pub fn add(&mut self, path: impl Into<String>, text: impl Into<String>) -> FileId {
        self.files.push((path.into(), text.into()));
        FileId(self.files.len() - 1)
    }

    /// Relative path of a file.
    pub fn path(&self, id: FileId) -> &str {
        &self.files[id.0].0
    }

    /// Text of a file.
    pub fn text(&self, id: FileId) -> &str {
        &self.files[id.0].1
    }

    /// All files in the order they were added, as `(path, text)`.
    pub fn files(&self) -> impl Iterator<Item = (&str, &str)> {
        self.files.iter().map(|(p, t)| (p.as_str(), t.as_str()))
    }

    /// Id of the file with this relative path.
    pub fn find(&self, path: &str) -> Option<FileId> {
        self.files.iter().position(|(p, _)| p == path).map(FileId)
    }

    /// 1-based line and column (in characters) of a byte offset.
    pub fn line_column(&self, id: FileId, offset: usize) -> (usize, usize) {
        let text = self.text(id);
        let offset = offset.min(text.len());
        let mut line = 1;
        let mut line_start = 0;
        for (i, b) in text.bytes().enumerate() {
            if i >= offset {
                break;
            }
            if b == b'\n' {
                line += 1;
                line_start = i + 1;
            }
        }
        let column = text
            .get(line_start..offset)
            .map_or(offset - line_start, |s| s.chars().count())
            + 1;
        (line, column)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_and_column_are_one_based_and_count_characters() {
        let mut m = SourceMap::default();
        let id = m.add("a.toml", "ab\nΓδx = 1\n");
        assert_eq!(m.line_column(id, 0), (1, 1));
        assert_eq!(m.line_column(id, 3), (2, 1));
        // "Γδ" is four bytes, two characters.
        assert_eq!(m.line_column(id, 7), (2, 3));
    }
}
