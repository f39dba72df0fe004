//! The VASSAL 3.7 file-format layer, written from `shared/reference/vassal-format.md`:
//!
//! * [`encoder`]: VASSAL's `SequenceEncoder`, the escaping used at every level;
//! * [`obfuscation`]: the `!VCSK` encoding of `savedGame`;
//! * [`archive`]: safe ZIP reading and deterministic, atomic ZIP writing;
//! * [`buildfile`]: `buildFile.xml` as a generic element tree;
//! * [`metadata`]: `moduledata` / `savedata`;
//! * [`grid`]: hex, square, zoned and region grids, map layout, location names both ways;
//! * [`imagesize`]: board image sizes from file headers;
//! * [`save`]: reading, replaying and writing saves, logs and predefined setups;
//! * [`inspect`]: a report of any VASSAL file, as text or JSON.

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
