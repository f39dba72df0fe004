//! The printed booklet: `rules.pdf` made from the site's `print.html` by headless Chromium.
//!
//! The publisher writes no PDF of its own. It finds a Chromium ([`find_chromium`]: the
//! `SANDTABLE_CHROMIUM` variable, else `chromium`, `chromium-browser`, `google-chrome` or
//! `google-chrome-stable` on `PATH`) and has it print the page ([`print_pdf`]), so the
//! booklet is laid out by the same print stylesheet a reader's browser applies.
//!
//! Chromium runs headless with a fresh profile in a temporary folder, with its background
//! networking (updates, sync, QUIC probes) turned off so it never waits on a closed network.
//! It prints to a temporary file beside the target, renamed into place only once it holds
//! a PDF: a failed or interrupted run leaves no half-written `rules.pdf`. A run that takes
//! longer than [`TIMEOUT`] is killed.
//!
//! The booklet's contents give each chapter's and section's page ([`print_book`]). Chromium
//! cannot number them itself (CSS `target-counter()` is not supported), so the book is
//! printed, the page of every heading the contents link to is read back from the PDF's named
//! destinations (Chromium writes one for each `id` a link points at), the numbers are
//! written into the contents, and the book is printed again. The numbers sit in a slot of
//! fixed width, so writing them moves nothing; should a page still change, the book is
//! printed once more with the new numbers, at most [`PASSES`] times in all. The same page
//! gives the same numbers, so the booklet stays the same from run to run.

use std::collections::BTreeMap;
use std::ffi::{OsStr, OsString};
use std::io::Read as _;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use crate::vassal::archive::without_temp_path;

/// The names Chromium goes by on `PATH`, in the order they are looked for.
pub const CHROMIUM_NAMES: [&str; 4] = [
    "chromium",
    "chromium-browser",
    "google-chrome",
    "google-chrome-stable",
];

/// The environment variable that names the Chromium to use, before any search of `PATH`.
pub const CHROMIUM_VAR: &str = "SANDTABLE_CHROMIUM";

/// How long Chromium may take to print a book before it is killed.
pub const TIMEOUT: Duration = Duration::from_secs(120);

/// How many times at most a book is printed to settle the page numbers of its contents.
pub const PASSES: usize = 3;

/// The start of the slot of a contents entry's page number in `print.html`, followed by the
/// id of the heading, `">`, the number (empty until it is known) and `</span>`.
pub const PAGE_SLOT: &str = "<span class=\"pageno\" data-for=\"";

/// How many lines of Chromium's error output a failure reports.
const STDERR_LINES: usize = 12;

/// The flags every headless run gets: no sandbox (containers and CI run as root), no GPU,
/// and nothing that reaches for the network (a closed network would stall those requests).
pub const HEADLESS_FLAGS: [&str; 9] = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-pdf-header-footer",
];

/// Why the booklet could not be printed.
#[derive(Debug, thiserror::Error)]
pub enum PdfError {
    /// No Chromium was found.
    #[error(
        "no Chromium to print the PDF with: {var} is unset or names no program, and none of {} \
         is on PATH (install Chromium, name it with {var}, or publish with --format html)",
        CHROMIUM_NAMES.join(", "),
        var = CHROMIUM_VAR
    )]
    NotFound,
    /// A file the printing needs could not be read or written.
    #[error("{}: {source}", .path.display())]
    Io {
        /// The file or folder.
        path: PathBuf,
        /// What went wrong.
        source: std::io::Error,
    },
    /// Chromium could not be started.
    #[error("could not start Chromium ({}): {source}", .chromium.display())]
    Start {
        /// The program that was run.
        chromium: PathBuf,
        /// Why it did not start.
        source: std::io::Error,
    },
    /// Chromium ran longer than allowed and was killed.
    #[error(
        "Chromium took longer than {seconds} s to print the PDF and was stopped{}",
        tail(.stderr)
    )]
    Timeout {
        /// The time it was given, in seconds.
        seconds: u64,
        /// The last lines it wrote to its error output.
        stderr: String,
    },
    /// Chromium exited with a failure.
    #[error("Chromium failed ({status}) printing the PDF{}", tail(.stderr))]
    Exited {
        /// How it exited.
        status: ExitStatus,
        /// The last lines it wrote to its error output.
        stderr: String,
    },
    /// The PDF Chromium wrote could not be read back for its page numbers.
    #[error("cannot read the pages of the printed PDF {}: {reason}", .pdf.display())]
    Unreadable {
        /// The PDF.
        pdf: PathBuf,
        /// Why.
        reason: String,
    },
    /// Chromium exited cleanly but left no PDF behind.
    #[error("Chromium wrote no PDF for {}{}", .html.display(), tail(.stderr))]
    NoPdf {
        /// The page it was asked to print.
        html: PathBuf,
        /// The last lines it wrote to its error output.
        stderr: String,
    },
}

/// Chromium's error output, as the end of an error message.
fn tail(stderr: &str) -> String {
    if stderr.trim().is_empty() {
        String::new()
    } else {
        format!("; its last messages:\n{stderr}")
    }
}

/// The Chromium to print with: the program `SANDTABLE_CHROMIUM` names (a path, or a name
/// looked up on `PATH`), else the first of [`CHROMIUM_NAMES`] found on `PATH`. `None` when
/// there is none, or when `SANDTABLE_CHROMIUM` names a program that does not exist (a wrong
/// setting is not quietly replaced by another browser).
pub fn find_chromium() -> Option<PathBuf> {
    find_chromium_in(std::env::var_os(CHROMIUM_VAR), std::env::var_os("PATH"))
}

/// [`find_chromium`] with the two variables given.
fn find_chromium_in(named: Option<OsString>, path: Option<OsString>) -> Option<PathBuf> {
    let path = path.unwrap_or_default();
    if let Some(named) = named.filter(|n| !n.is_empty()) {
        let named = PathBuf::from(named);
        return if named.components().count() > 1 || named.is_absolute() {
            is_executable(&named).then_some(named)
        } else {
            on_path(named.as_os_str(), &path)
        };
    }
    CHROMIUM_NAMES
        .iter()
        .find_map(|name| on_path(OsStr::new(name), &path))
}

/// The first executable file called `name` in the folders of a `PATH` value.
fn on_path(name: &OsStr, path: &OsStr) -> Option<PathBuf> {
    std::env::split_paths(path)
        .filter(|dir| !dir.as_os_str().is_empty())
        .map(|dir| dir.join(name))
        .find(|candidate| is_executable(candidate))
}

/// Whether a path is a file that can be run.
fn is_executable(path: &Path) -> bool {
    let Ok(meta) = std::fs::metadata(path) else {
        return false;
    };
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt as _;
        meta.is_file() && meta.permissions().mode() & 0o111 != 0
    }
    #[cfg(not(unix))]
    {
        meta.is_file()
    }
}

/// A local file as a `file://` URL, its path made absolute and percent-encoded.
pub fn file_url(path: &Path) -> String {
    let text = path_bytes(path);
    let mut url = String::from("file://");
    if !text.starts_with(b"/") {
        url.push('/');
    }
    for &b in &text {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' | b'/' => {
                url.push(char::from(b))
            }
            b'\\' if cfg!(windows) => url.push('/'),
            _ => url.push_str(&format!("%{b:02X}")),
        }
    }
    url
}

/// A path's bytes (its text on systems whose paths are not bytes).
fn path_bytes(path: &Path) -> Vec<u8> {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt as _;
        path.as_os_str().as_bytes().to_vec()
    }
    #[cfg(not(unix))]
    {
        path.to_string_lossy().into_owned().into_bytes()
    }
}

/// Print the book `html` (the site's `print.html`) to `pdf` with its contents numbered: print
/// it, write into `html` the page of each heading its contents link to (read from the PDF),
/// and print it again until the pages stay put (at most [`PASSES`] prints). `html` keeps the
/// numbers of the last print.
pub fn print_book(chromium: &Path, html: &Path, pdf: &Path) -> Result<(), PdfError> {
    let io = |path: &Path| {
        let path = path.to_path_buf();
        move |source| PdfError::Io { path, source }
    };
    let mut text = std::fs::read_to_string(html).map_err(io(html))?;
    for _ in 0..PASSES {
        print_pdf(chromium, html, pdf)?;
        if !text.contains(PAGE_SLOT) {
            break;
        }
        let bytes = std::fs::read(pdf).map_err(io(pdf))?;
        let pages = destination_pages(&bytes).map_err(|reason| PdfError::Unreadable {
            pdf: pdf.to_path_buf(),
            reason,
        })?;
        let numbered = with_page_numbers(&text, &pages);
        if numbered == text {
            break;
        }
        std::fs::write(html, &numbered).map_err(io(html))?;
        text = numbered;
    }
    Ok(())
}

/// The page (counted from 1) each named destination of a PDF lands on. Chromium names a
/// destination after each element `id` a link of the page points at, in the catalogue's
/// `/Dests` dictionary.
pub fn destination_pages(pdf: &[u8]) -> Result<BTreeMap<String, usize>, String> {
    use lopdf::Object;
    let doc = lopdf::Document::load_mem(pdf).map_err(|e| e.to_string())?;
    let pages: BTreeMap<lopdf::ObjectId, usize> = doc
        .get_pages()
        .into_iter()
        .map(|(n, id)| (id, n as usize))
        .collect();
    let mut out = BTreeMap::new();
    let catalog = doc.catalog().map_err(|e| e.to_string())?;
    let Ok(dests) = catalog.get(b"Dests") else {
        return Ok(out);
    };
    let (_, dests) = doc.dereference(dests).map_err(|e| e.to_string())?;
    let dests = dests.as_dict().map_err(|e| e.to_string())?;
    for (name, dest) in dests.iter() {
        let Ok((_, dest)) = doc.dereference(dest) else {
            continue;
        };
        // `[page /XYZ x y zoom]`, or a dictionary holding it as `/D`.
        let array = match dest {
            Object::Array(a) => Some(a),
            Object::Dictionary(d) => d.get(b"D").and_then(Object::as_array).ok(),
            _ => None,
        };
        let page = array
            .and_then(|a| a.first())
            .and_then(|p| p.as_reference().ok())
            .and_then(|id| pages.get(&id));
        if let Some(page) = page {
            out.insert(String::from_utf8_lossy(name).into_owned(), *page);
        }
    }
    Ok(out)
}

/// `html` with each page-number slot of its contents ([`PAGE_SLOT`]) holding the page of its
/// heading from `pages` (emptied where the page is not known).
pub fn with_page_numbers(html: &str, pages: &BTreeMap<String, usize>) -> String {
    let mut out = String::with_capacity(html.len() + 1024);
    let mut rest = html;
    while let Some(i) = rest.find(PAGE_SLOT) {
        let after = &rest[i + PAGE_SLOT.len()..];
        let (Some(id_end), Some(close)) = (after.find("\">"), after.find("</span>")) else {
            break;
        };
        if close < id_end {
            break;
        }
        let id = &after[..id_end];
        let page = quick_xml::escape::unescape(id)
            .ok()
            .and_then(|id| pages.get(id.as_ref()).copied())
            .map_or(String::new(), |p| p.to_string());
        out.push_str(&rest[..i + PAGE_SLOT.len()]);
        out.push_str(id);
        out.push_str("\">");
        out.push_str(&page);
        out.push_str("</span>");
        rest = &after[close + "</span>".len()..];
    }
    out.push_str(rest);
    out
}

/// Print a page to a PDF with headless Chromium: `html` (normally the site's `print.html`)
/// becomes `pdf`, written whole or not at all. Chromium gets a fresh profile and at most
/// [`TIMEOUT`].
pub fn print_pdf(chromium: &Path, html: &Path, pdf: &Path) -> Result<(), PdfError> {
    print_pdf_within(chromium, html, pdf, TIMEOUT)
}

/// [`print_pdf`] with the time allowed given.
fn print_pdf_within(
    chromium: &Path,
    html: &Path,
    pdf: &Path,
    timeout: Duration,
) -> Result<(), PdfError> {
    let io = |path: &Path| {
        let path = path.to_path_buf();
        move |source| PdfError::Io { path, source }
    };
    let page = std::fs::canonicalize(html).map_err(io(html))?;
    let dir = match pdf.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    crate::vassal::archive::make_folder(dir).map_err(io(dir))?;
    let name = pdf
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "rules.pdf".into());
    // Beside the target, so the rename cannot cross file systems.
    let tmp = tempfile::Builder::new()
        .prefix(&format!(".{name}."))
        .suffix(".tmp")
        .tempfile_in(dir)
        .map_err(|e| io(dir)(without_temp_path(e)))?;
    let profile = tempfile::Builder::new()
        .prefix("sandtable-chromium-")
        .tempdir()
        .map_err(io(&std::env::temp_dir()))?;

    let mut print_to = OsString::from("--print-to-pdf=");
    print_to.push(tmp.path());
    let mut user_data = OsString::from("--user-data-dir=");
    user_data.push(profile.path());
    let mut child = Command::new(chromium)
        .args(HEADLESS_FLAGS)
        .arg(user_data)
        // Bookmarks: every chapter and section heading, as the reader's outline.
        .arg("--generate-pdf-document-outline")
        .arg(print_to)
        .arg(file_url(&page))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|source| PdfError::Start {
            chromium: chromium.to_path_buf(),
            source,
        })?;

    // Read the error output as it comes, so a chatty Chromium never blocks on a full pipe.
    let (tx, rx) = mpsc::channel();
    if let Some(mut err) = child.stderr.take() {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            let _ = err.read_to_end(&mut bytes);
            let _ = tx.send(bytes);
        });
    }
    let stderr = |rx: &mpsc::Receiver<Vec<u8>>| {
        // Chromium's helper processes may hold the pipe a moment after it exits; never
        // wait on them for long.
        let bytes = rx.recv_timeout(Duration::from_secs(10)).unwrap_or_default();
        last_lines(&String::from_utf8_lossy(&bytes))
    };

    let started = Instant::now();
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) if started.elapsed() >= timeout => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(PdfError::Timeout {
                    seconds: timeout.as_secs(),
                    stderr: stderr(&rx),
                });
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(50)),
            Err(source) => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(PdfError::Start {
                    chromium: chromium.to_path_buf(),
                    source,
                });
            }
        }
    };
    let stderr = stderr(&rx);
    drop(profile);
    if !status.success() {
        return Err(PdfError::Exited { status, stderr });
    }
    // Chromium may have replaced the file rather than written into it: look at the path.
    let mut head = [0u8; 5];
    let written = std::fs::File::open(tmp.path())
        .and_then(|mut f| f.read_exact(&mut head))
        .is_ok();
    if !written || &head != b"%PDF-" {
        return Err(PdfError::NoPdf {
            html: html.to_path_buf(),
            stderr,
        });
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt as _;
        // Temporary files are private; a booklet is not.
        std::fs::set_permissions(tmp.path(), std::fs::Permissions::from_mode(0o644))
            .map_err(io(tmp.path()))?;
    }
    tmp.persist(pdf).map_err(|e| PdfError::Io {
        path: pdf.to_path_buf(),
        source: without_temp_path(e.error),
    })?;
    Ok(())
}

/// The last lines of Chromium's error output that say something: its complaints about the
/// missing desktop bus (every run on a server has them) are left out.
fn last_lines(stderr: &str) -> String {
    let lines: Vec<&str> = stderr
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.contains("dbus/"))
        .collect();
    lines[lines.len().saturating_sub(STDERR_LINES)..].join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A folder holding files made executable (or not), as a `PATH` entry.
    fn bin_dir(names: &[(&str, bool)]) -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        for &(name, exec) in names {
            let p = dir.path().join(name);
            std::fs::write(&p, "#!/bin/sh\n").unwrap();
            #[cfg(unix)]
            {
                use std::os::unix::fs::PermissionsExt as _;
                let mode = if exec { 0o755 } else { 0o644 };
                std::fs::set_permissions(&p, std::fs::Permissions::from_mode(mode)).unwrap();
            }
        }
        dir
    }

    fn path_of(dirs: &[&Path]) -> Option<OsString> {
        Some(std::env::join_paths(dirs).unwrap())
    }

    #[test]
    fn the_variable_wins_over_the_search_of_path() {
        let on_path = bin_dir(&[("chromium", true)]);
        let mine = bin_dir(&[("my-chrome", true)]);
        let named = mine.path().join("my-chrome");
        let path = path_of(&[on_path.path()]);
        assert_eq!(
            find_chromium_in(Some(named.clone().into()), path.clone()),
            Some(named)
        );
        // A bare name is looked up on PATH.
        let both = path_of(&[on_path.path(), mine.path()]);
        assert_eq!(
            find_chromium_in(Some("my-chrome".into()), both),
            Some(mine.path().join("my-chrome"))
        );
        // Unset or empty: the search.
        assert_eq!(
            find_chromium_in(Some("".into()), path.clone()),
            Some(on_path.path().join("chromium"))
        );
        assert_eq!(
            find_chromium_in(None, path),
            Some(on_path.path().join("chromium"))
        );
    }

    #[test]
    fn a_variable_naming_nothing_finds_nothing() {
        let on_path = bin_dir(&[("chromium", true)]);
        let path = path_of(&[on_path.path()]);
        let missing = on_path.path().join("no-such-browser");
        assert_eq!(find_chromium_in(Some(missing.into()), path.clone()), None);
        assert_eq!(find_chromium_in(Some("no-such-browser".into()), path), None);
    }

    #[test]
    fn the_names_are_tried_in_order_and_must_be_executable() {
        let a = bin_dir(&[("google-chrome", true), ("chromium", false)]);
        let b = bin_dir(&[("chromium-browser", true)]);
        let path = path_of(&[a.path(), b.path()]);
        // `chromium` is not executable; `chromium-browser` comes before `google-chrome`
        // although its folder is later on PATH.
        assert_eq!(
            find_chromium_in(None, path),
            Some(b.path().join("chromium-browser"))
        );
        let none = bin_dir(&[("chromium", false), ("firefox", true)]);
        assert_eq!(find_chromium_in(None, path_of(&[none.path()])), None);
        assert_eq!(find_chromium_in(None, None), None);
    }

    #[test]
    fn file_urls_are_absolute_and_encoded() {
        assert_eq!(
            file_url(Path::new("/tmp/my site/print.html")),
            "file:///tmp/my%20site/print.html"
        );
        assert_eq!(file_url(Path::new("/a/#b?.html")), "file:///a/%23b%3F.html");
    }

    #[test]
    fn the_dbus_noise_is_left_out_of_the_reported_lines() {
        let mut err = String::from("[1:2:ERROR:dbus/bus.cc:405] Failed to connect\n");
        for i in 0..20 {
            err.push_str(&format!("line {i}\n"));
        }
        err.push_str("[1:2:ERROR:dbus/object_proxy.cc:572] Failed to call\n");
        let tail = last_lines(&err);
        assert!(!tail.contains("dbus"), "{tail}");
        assert!(
            tail.starts_with("line 8\n") && tail.ends_with("line 19"),
            "{tail}"
        );
    }

    /// A stand-in for Chromium: a shell script run with Chromium's arguments.
    #[cfg(unix)]
    fn fake_chromium(script: &str) -> (tempfile::TempDir, PathBuf) {
        let dir = bin_dir(&[]);
        let p = dir.path().join("chromium");
        std::fs::write(&p, format!("#!/bin/sh\n{script}\n")).unwrap();
        use std::os::unix::fs::PermissionsExt as _;
        std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o755)).unwrap();
        (dir, p)
    }

    /// A site folder with a page to print.
    fn site() -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("print.html"), "<!doctype html><p>rules</p>").unwrap();
        dir
    }

    fn files_in(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[cfg(unix)]
    #[test]
    fn a_printed_pdf_is_renamed_into_place() {
        // Writes "%PDF-" to the --print-to-pdf file and checks the flags it was given.
        let (_bin, chromium) = fake_chromium(
            r#"out=""; url=""; headless=""; profile=""
for a in "$@"; do
  case "$a" in
    --print-to-pdf=*) out="${a#--print-to-pdf=}" ;;
    --user-data-dir=*) profile="${a#--user-data-dir=}" ;;
    --headless) headless=1 ;;
    file://*) url="$a" ;;
  esac
done
[ -n "$headless" ] && [ -d "$profile" ] || exit 9
case "$url" in file:///*/print.html) ;; *) exit 8 ;; esac
printf '%%PDF-1.7 %s\n' "$url" > "$out""#,
        );
        let site = site();
        let pdf = site.path().join("rules.pdf");
        print_pdf(&chromium, &site.path().join("print.html"), &pdf).unwrap();
        let text = std::fs::read_to_string(&pdf).unwrap();
        assert!(text.starts_with("%PDF-1.7 file:///"), "{text}");
        assert_eq!(files_in(site.path()), ["print.html", "rules.pdf"]);
    }

    #[cfg(unix)]
    #[test]
    fn failures_leave_no_file_and_say_why() {
        let site = site();
        let html = site.path().join("print.html");
        let pdf = site.path().join("rules.pdf");

        let (_b1, failing) = fake_chromium("echo 'it went wrong' >&2; exit 3");
        let err = print_pdf(&failing, &html, &pdf).unwrap_err();
        assert!(
            matches!(&err, PdfError::Exited { status, stderr }
                if status.code() == Some(3) && stderr == "it went wrong"),
            "{err:?}"
        );
        assert!(err.to_string().contains("it went wrong"), "{err}");

        let (_b2, silent) = fake_chromium("exit 0");
        let err = print_pdf(&silent, &html, &pdf).unwrap_err();
        assert!(matches!(err, PdfError::NoPdf { .. }), "{err:?}");

        let (_b3, slow) = fake_chromium("exec sleep 30");
        let started = Instant::now();
        let err = print_pdf_within(&slow, &html, &pdf, Duration::from_millis(300)).unwrap_err();
        assert!(matches!(err, PdfError::Timeout { .. }), "{err:?}");
        assert!(started.elapsed() < Duration::from_secs(10));

        let err = print_pdf(&site.path().join("nothing"), &html, &pdf).unwrap_err();
        assert!(matches!(err, PdfError::Start { .. }), "{err:?}");

        assert_eq!(files_in(site.path()), ["print.html"]);
    }
}
