//! Extensions (`.vmdx`) given with a module: each is merged into the module before the
//! import reads it, as VASSAL merges an extension when it loads one — every
//! `ExtensionElement` added to the component its `target` path names (the module itself for
//! an empty path), any other component of the extension added to the module, and the
//! extension's pictures and files added beside the module's (the module's own win a name
//! both hold). The import then sees one module: the extension's pieces become counters, its
//! prototypes, pictures and dice are kept for the build like the module's, its other
//! components kept verbatim in `vassal/kept.xml`.
//!
//! Bad input is a [`Diagnostic`]: an extension that cannot be read, is not an extension, or
//! adds to a component the module does not have.

use std::fs;
use std::path::Path;

use crate::diag::{Diagnostic, Diagnostics};
use crate::vassal::archive::{Archive, ArchiveBuilder};
use crate::vassal::buildfile::{parse_buildfile, write_element, Element, MODULE_ROOTS};

/// The class of an extension's root, and of the element that adds to a target.
const EXTENSION_ROOT: &str = "VASSAL.build.module.ModuleExtension";
const EXTENSION_ELEMENT: &str = "VASSAL.build.module.ExtensionElement";

/// Entries of an extension that describe the extension itself, never merged.
const OWN_ENTRIES: [&str; 4] = ["buildFile", "buildFile.xml", "extensiondata", "moduledata"];

fn refused(path: &Path, why: impl std::fmt::Display) -> Diagnostics {
    let mut d = Diagnostics::default();
    d.push(
        Diagnostic::error(
            "extension-unreadable",
            format!(
                "cannot read `{}` as a VASSAL extension: {why}",
                path.display()
            ),
        )
        .hint("give an extension (`.vmdx`) made for this module with `--extension`"),
    );
    d
}

/// The module `module` (the bytes of its archive, or of its unpacked buildfile beside its
/// `images/`) with each extension merged in, as the bytes of one module archive.
pub(super) fn merge(
    module: &Path,
    bytes: Vec<u8>,
    buildfile: &str,
    extensions: &[std::path::PathBuf],
) -> Result<Vec<u8>, Diagnostics> {
    let unreadable = |e: &dyn std::fmt::Display| {
        let mut d = Diagnostics::default();
        d.push(
            Diagnostic::error(
                "module-unreadable",
                format!(
                    "`{}` cannot be read as a VASSAL module: {e}",
                    module.display()
                ),
            )
            .hint("give the module (`.vmod`) or its unpacked `buildFile.xml`"),
        );
        d
    };
    let mut out = ArchiveBuilder::new();
    let mut root;
    if bytes.starts_with(b"PK") {
        let mut archive = Archive::from_bytes(bytes, module).map_err(|e| unreadable(&e))?;
        root = parse_buildfile(&archive.read(buildfile).map_err(|e| unreadable(&e))?)
            .map_err(|e| unreadable(&e))?;
        let names: Vec<String> = archive.names().map(str::to_string).collect();
        // Folder entries (`images/`) hold nothing and are no file to copy.
        for name in names
            .iter()
            .filter(|n| n.as_str() != buildfile && !n.ends_with('/'))
        {
            let data = archive.read(name).map_err(|e| unreadable(&e))?;
            out.add(name, data).map_err(|e| unreadable(&e))?;
        }
    } else {
        root = parse_buildfile(&bytes).map_err(|e| unreadable(&e))?;
        let dir = module.parent().unwrap_or(Path::new("."));
        for (folder, prefix) in [(dir.to_path_buf(), ""), (dir.join("images"), "images/")] {
            let Ok(entries) = fs::read_dir(&folder) else {
                continue;
            };
            let mut files: Vec<_> = entries
                .filter_map(Result::ok)
                .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
                .filter_map(|e| e.file_name().to_str().map(str::to_string))
                .filter(|n| !n.starts_with('.') && (!prefix.is_empty() || n != buildfile))
                .collect();
            files.sort();
            for name in files {
                let data = fs::read(folder.join(&name)).map_err(|e| unreadable(&e))?;
                out.add(&format!("{prefix}{name}"), data)
                    .map_err(|e| unreadable(&e))?;
            }
        }
    }
    if !MODULE_ROOTS[..2].contains(&root.name.as_str()) {
        return Err(unreadable(&format!("its root is <{}>", root.name)));
    }
    for path in extensions {
        let data = fs::read(path).map_err(|e| refused(path, e))?;
        let mut archive = Archive::from_bytes(data, path).map_err(|e| refused(path, e))?;
        let own = ["buildFile.xml", "buildFile"]
            .into_iter()
            .find(|n| archive.contains(n))
            .ok_or_else(|| refused(path, "it holds no `buildFile.xml`"))?;
        let extension = parse_buildfile(&archive.read(own).map_err(|e| refused(path, e))?)
            .map_err(|e| refused(path, e))?;
        if extension.name != EXTENSION_ROOT {
            return Err(refused(
                path,
                format!("its root is <{}>, not an extension's", extension.name),
            ));
        }
        for child in extension.children {
            if child.name == EXTENSION_ELEMENT {
                let target = child.attr("target").unwrap_or_default().to_string();
                let Some(place) = find_target(&mut root, &target) else {
                    let mut d = Diagnostics::default();
                    d.push(
                        Diagnostic::error(
                            "extension-unreadable",
                            format!(
                                "the extension `{}` adds to `{target}`, which `{}` does not have",
                                path.display(),
                                module.display()
                            ),
                        )
                        .hint("give the extension made for this module (and its version)"),
                    );
                    return Err(d);
                };
                place.children.extend(child.children);
            } else if child.name.contains('.') {
                root.children.push(child);
            }
        }
        let names: Vec<String> = archive.names().map(str::to_string).collect();
        let held: Vec<String> = out.names().map(str::to_string).collect();
        for name in names {
            if OWN_ENTRIES.contains(&name.as_str())
                || name.ends_with('/')
                || held.binary_search(&name).is_ok()
            {
                continue;
            }
            let data = archive.read(&name).map_err(|e| refused(path, e))?;
            out.add(&name, data).map_err(|e| refused(path, e))?;
        }
    }
    out.add(buildfile, write_element(&root).into_bytes())
        .map_err(|e| unreadable(&e))?;
    out.to_bytes().map_err(|e| unreadable(&e))
}

/// The segments of a component path (`Class:name/Class:name`), a backslash escaping the
/// character after it: (class, name) each.
fn segments(target: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut part = (String::new(), String::new());
    let mut in_name = false;
    let mut chars = target.chars();
    while let Some(c) = chars.next() {
        let field = if in_name { &mut part.1 } else { &mut part.0 };
        match c {
            '\\' => {
                if let Some(next) = chars.next() {
                    field.push(next);
                }
            }
            ':' if !in_name => in_name = true,
            '/' => {
                out.push(std::mem::take(&mut part));
                in_name = false;
            }
            _ => field.push(c),
        }
    }
    if !part.0.is_empty() {
        out.push(part);
    }
    out
}

/// The component a target path names, below the module's root (the root for an empty
/// path): at each step the first child of the class whose name is the segment's.
fn find_target<'e>(root: &'e mut Element, target: &str) -> Option<&'e mut Element> {
    let mut here = root;
    for (class, name) in segments(target) {
        let index = here.children.iter().position(|c| {
            c.name == class
                && (name.is_empty()
                    || ["name", "mapName", "entryName", "text"]
                        .iter()
                        .any(|k| c.attr(k) == Some(name.as_str())))
        })?;
        here = &mut here.children[index];
    }
    Some(here)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_target_path_splits_into_classes_and_names() {
        assert_eq!(
            segments("VASSAL.build.module.PieceWindow:Units/VASSAL.build.widget.ListWidget:A\\/B"),
            vec![
                (
                    "VASSAL.build.module.PieceWindow".to_string(),
                    "Units".to_string()
                ),
                (
                    "VASSAL.build.widget.ListWidget".to_string(),
                    "A/B".to_string()
                ),
            ]
        );
        assert!(segments("").is_empty());
    }

    #[test]
    fn a_target_is_found_by_class_and_name() {
        let mut root = parse_buildfile(
            br#"<VASSAL.build.GameModule><VASSAL.build.module.PieceWindow name="Units"><VASSAL.build.widget.ListWidget entryName="A"/></VASSAL.build.module.PieceWindow></VASSAL.build.GameModule>"#,
        )
        .expect("buildfile");
        let found = find_target(
            &mut root,
            "VASSAL.build.module.PieceWindow:Units/VASSAL.build.widget.ListWidget:A",
        )
        .expect("found");
        assert_eq!(found.name, "VASSAL.build.widget.ListWidget");
        assert!(find_target(&mut root, "VASSAL.build.module.PieceWindow:Other").is_none());
    }
}
