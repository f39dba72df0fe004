//! The VASSAL 3.7 file-format layer: the string encodings VASSAL uses (`SequenceEncoder`,
//! save obfuscation), safe reading and deterministic writing of ZIP archives, the
//! `buildFile.xml` element tree, grid geometry and location names, saved games, and the
//! `inspect` report built on all of them.

pub mod archive;
pub mod buildfile;
pub mod encoder;
pub mod grid;
pub mod imagesize;
pub mod inspect;
pub mod metadata;
pub mod obfuscation;
pub mod save;

#[cfg(test)]
pub(crate) mod testdata;
