//! Tests of the archive reader's limits and the writer's determinism.

use super::*;
use zip::CompressionMethod;

fn sample_builder() -> ArchiveBuilder {
    let mut builder = ArchiveBuilder::new();
    builder.add("savedata", "<data/>").expect("safe name");
    builder.add("savedGame", "!VCSK00").expect("safe name");
    builder
        .add("images/a.png", vec![0u8; 3000])
        .expect("safe name");
    let mut png = b"\x89PNG\r\n\x1a\n".to_vec();
    png.resize(2000, 7);
    builder.add("images/b.png", png).expect("safe name");
    builder
}

fn open(bytes: Vec<u8>) -> Result<Archive<Cursor<Vec<u8>>>, ArchiveError> {
    Archive::from_bytes(bytes, Path::new("test.zip"))
}

fn open_limited(
    bytes: Vec<u8>,
    limits: ArchiveLimits,
) -> Result<Archive<Cursor<Vec<u8>>>, ArchiveError> {
    Archive::from_reader(Cursor::new(bytes), Path::new("test.zip"), limits)
}

/// Replaces every occurrence of `from` by `to` (same length) in `bytes`.
fn patch(bytes: &mut [u8], from: &[u8], to: &[u8]) -> usize {
    assert_eq!(from.len(), to.len());
    let mut count = 0;
    let mut i = 0;
    while i + from.len() <= bytes.len() {
        if &bytes[i..i + from.len()] == from {
            bytes[i..i + from.len()].copy_from_slice(to);
            count += 1;
            i += from.len();
        } else {
            i += 1;
        }
    }
    count
}

#[test]
fn writing_twice_gives_identical_bytes() {
    let first = sample_builder().to_bytes().expect("writes");
    let second = sample_builder().to_bytes().expect("writes");
    assert_eq!(first, second);
}

#[test]
fn deflating_ahead_gives_the_same_bytes() {
    let plain = sample_builder().to_bytes().expect("writes");
    let mut ahead = sample_builder().with_timestamp(ZipTimestamp::default());
    ahead.deflate_ahead().expect("deflates");
    // An entry added afterwards is deflated when written, one replaced is deflated again.
    ahead
        .add("zz-late.xml", "<late/>".repeat(50))
        .expect("safe name");
    ahead.add("savedata", "<data/>").expect("safe name");
    let mut late = sample_builder();
    late.add("zz-late.xml", "<late/>".repeat(50))
        .expect("safe name");
    assert_eq!(
        ahead.to_bytes().expect("writes"),
        late.to_bytes().expect("writes")
    );
    let mut only = sample_builder();
    only.deflate_ahead().expect("deflates");
    assert_eq!(only.to_bytes().expect("writes"), plain);
}

#[test]
fn written_archive_is_sorted_and_stamped() {
    let bytes = sample_builder().to_bytes().expect("writes");
    let mut zip = ZipArchive::new(Cursor::new(bytes.clone())).expect("valid zip");
    let names: Vec<String> = zip.file_names().map(str::to_string).collect();
    assert_eq!(
        names,
        ["images/a.png", "images/b.png", "savedGame", "savedata"]
    );
    for index in 0..zip.len() {
        let file = zip.by_index(index).expect("entry");
        // A real picture (by its signature) is stored; everything else deflated, even a
        // file named .png that is not one.
        let method = if file.name() == "images/b.png" {
            CompressionMethod::Stored
        } else {
            CompressionMethod::Deflated
        };
        assert_eq!(file.compression(), method, "{}", file.name());
        assert_eq!(file.unix_mode().map(|m| m & 0o777), Some(0o644));
        let time = file.last_modified().expect("timestamp");
        assert_eq!((time.year(), time.month(), time.day()), (1980, 1, 1));
    }
    let mut archive = open(bytes).expect("reads back");
    assert_eq!(archive.read_text("savedata").expect("entry"), "<data/>");
    assert_eq!(archive.read("images/a.png").expect("entry").len(), 3000);
    assert!(matches!(
        archive.read("nope"),
        Err(ArchiveError::MissingEntry { .. })
    ));
}

#[test]
fn explicit_timestamp_is_used() {
    let stamp = ZipTimestamp {
        year: 2024,
        month: 5,
        day: 6,
        hour: 7,
        minute: 8,
        second: 10,
    };
    let bytes = sample_builder()
        .with_timestamp(stamp)
        .to_bytes()
        .expect("writes");
    let mut zip = ZipArchive::new(Cursor::new(bytes)).expect("valid zip");
    let time = zip
        .by_index(0)
        .expect("entry")
        .last_modified()
        .expect("time");
    assert_eq!((time.year(), time.hour(), time.second()), (2024, 7, 10));
    let bad = ZipTimestamp {
        year: 1970,
        ..stamp
    };
    assert!(sample_builder().with_timestamp(bad).to_bytes().is_err());
}

#[test]
fn write_to_replaces_atomically() {
    let dir = tempfile::tempdir().expect("temp dir");
    let dest = dir.path().join("out.vsav");
    sample_builder().write_to(&dest).expect("writes");
    sample_builder().write_to(&dest).expect("overwrites");
    let on_disk = std::fs::read(&dest).expect("file exists");
    assert_eq!(on_disk, sample_builder().to_bytes().expect("writes"));
    let leftovers = std::fs::read_dir(dir.path()).expect("list").count();
    assert_eq!(leftovers, 1, "no temporary file left behind");
    // A missing folder is made; a file in the way is an error naming it.
    let missing_dir = dir.path().join("no/such/dir/out.vsav");
    sample_builder()
        .write_to(&missing_dir)
        .expect("makes the folder");
    assert!(missing_dir.is_file());
    let under_file = dest.join("out.vsav");
    match sample_builder().write_to(&under_file) {
        Err(e @ ArchiveError::Io { .. }) => {
            assert!(e.to_string().contains("is a file, not a folder"), "{e}");
        }
        other => panic!("expected an I/O error, got {other:?}"),
    }
}

#[test]
fn builder_refuses_unsafe_names() {
    let mut builder = ArchiveBuilder::new();
    for name in ["../x", "/abs", "C:/win", "a/../../b", "", "dir/"] {
        assert!(builder.add(name, "x").is_err(), "{name:?} refused");
    }
}

#[test]
fn zip_slip_names_are_rejected() {
    let mut bytes = sample_builder().to_bytes().expect("writes");
    // Same length as "savedata": rename the entry in both headers.
    assert_eq!(patch(&mut bytes, b"savedata", b"../evil!"), 2);
    match open(bytes) {
        Err(ArchiveError::UnsafeName { name, path }) => {
            assert_eq!(name, "../evil!");
            assert_eq!(path, Path::new("test.zip"));
        }
        other => panic!("expected UnsafeName, got {other:?}"),
    }
}

#[test]
fn non_utf8_names_are_decoded_lossily() {
    let mut bytes = sample_builder().to_bytes().expect("writes");
    assert_eq!(
        patch(&mut bytes, b"savedata", b"sav\xffdata"[..8].as_ref()),
        2
    );
    let mut archive = open(bytes).expect("still readable");
    let name = archive
        .names()
        .find(|n| n.starts_with("sav") && *n != "savedGame")
        .map(str::to_string)
        .expect("entry listed");
    assert!(!name.is_empty());
    assert_eq!(archive.read_text(&name).expect("readable"), "<data/>");
}

#[test]
fn truncated_and_random_input_is_not_a_zip() {
    let bytes = sample_builder().to_bytes().expect("writes");
    for cut in [0, 10, bytes.len() / 2, bytes.len() - 10] {
        assert!(open(bytes[..cut].to_vec()).is_err(), "cut at {cut}");
    }
    assert!(matches!(
        open(b"hello, not a zip at all".to_vec()),
        Err(ArchiveError::NotZip { .. })
    ));
}

#[test]
fn huge_declared_size_is_refused_before_reading() {
    let mut builder = ArchiveBuilder::new();
    builder.add("big", vec![7u8; 100]).expect("name");
    let mut bytes = builder.to_bytes().expect("writes");
    // The uncompressed size (100) sits after the compressed size in both headers.
    let compressed = {
        let mut zip = ZipArchive::new(Cursor::new(bytes.clone())).expect("zip");
        let size = zip.by_index(0).expect("entry").compressed_size() as u32;
        size
    };
    let mut from = compressed.to_le_bytes().to_vec();
    from.extend_from_slice(&100u32.to_le_bytes());
    let mut to = compressed.to_le_bytes().to_vec();
    to.extend_from_slice(&0xFFFF_FFF0u32.to_le_bytes());
    assert!(patch(&mut bytes, &from, &to) >= 1);
    let mut archive = open(bytes).expect("central directory still valid");
    assert!(matches!(
        archive.read("big"),
        Err(ArchiveError::EntryTooLarge { .. })
    ));
}

#[test]
fn limits_are_enforced() {
    let bytes = sample_builder().to_bytes().expect("writes");
    let few = ArchiveLimits {
        max_entries: 2,
        ..ArchiveLimits::default()
    };
    assert!(matches!(
        open_limited(bytes.clone(), few),
        Err(ArchiveError::TooManyEntries {
            count: 4,
            limit: 2,
            ..
        })
    ));
    let small = ArchiveLimits {
        max_entry_size: 1000,
        ..ArchiveLimits::default()
    };
    let mut archive = open_limited(bytes.clone(), small).expect("opens");
    assert!(matches!(
        archive.read("images/a.png"),
        Err(ArchiveError::EntryTooLarge { limit: 1000, .. })
    ));
    assert!(archive.read("savedata").is_ok());
    let total = ArchiveLimits {
        max_total_size: 3005,
        ..ArchiveLimits::default()
    };
    let mut archive = open_limited(bytes, total).expect("opens");
    assert!(archive.read("images/a.png").is_ok());
    assert!(matches!(
        archive.read("savedata"),
        Err(ArchiveError::TotalTooLarge { .. })
    ));
}

/// An entry whose data inflates to more than its headers declare: read as a corrupt entry
/// (or cut at the size limit), never as more bytes than the limit allows.
#[test]
fn an_entry_bigger_than_declared_is_refused() {
    let bytes = sample_builder().to_bytes().expect("writes");
    // images/a.png holds 3000 bytes; declare 10 in both headers.
    let compressed = {
        let mut zip = ZipArchive::new(Cursor::new(bytes.clone())).expect("zip");
        let size = zip
            .by_name("images/a.png")
            .expect("entry")
            .compressed_size() as u32;
        size
    };
    let mut from = compressed.to_le_bytes().to_vec();
    from.extend_from_slice(&3000u32.to_le_bytes());
    let mut to = compressed.to_le_bytes().to_vec();
    to.extend_from_slice(&10u32.to_le_bytes());
    let mut lying = bytes.clone();
    assert_eq!(patch(&mut lying, &from, &to), 2, "both headers patched");
    match open(lying.clone()).map(|mut a| a.read("images/a.png")) {
        Ok(Ok(data)) => panic!("read {} bytes of an entry declared as 10", data.len()),
        Ok(Err(e)) => assert!(!e.to_string().is_empty()),
        Err(e) => assert!(!e.to_string().is_empty()),
    }
    // With a limit between the declared and the real size, the limit holds.
    let small = ArchiveLimits {
        max_entry_size: 100,
        ..ArchiveLimits::default()
    };
    if let Ok(mut archive) = open_limited(lying, small) {
        match archive.read("images/a.png") {
            Ok(data) => assert!(data.len() <= 100, "{} bytes past the limit", data.len()),
            Err(e) => assert!(!e.to_string().is_empty()),
        }
    }
}

/// A central directory cut short (its end record kept) is a clear error, not a panic or a
/// read past the data.
#[test]
fn a_truncated_central_directory_is_refused() {
    let bytes = sample_builder().to_bytes().expect("writes");
    let end = bytes
        .windows(4)
        .rposition(|w| w == [0x50, 0x4b, 0x05, 0x06])
        .expect("end of central directory");
    let start = u32::from_le_bytes(bytes[end + 16..end + 20].try_into().expect("4 bytes")) as usize;
    for keep in [0, 10, 46, (end - start) / 2] {
        let mut cut = bytes[..start + keep].to_vec();
        cut.extend_from_slice(&bytes[end..]);
        match open(cut) {
            Err(e) => assert!(!e.to_string().is_empty()),
            Ok(mut archive) => {
                // Whatever entries survive still read cleanly or fail cleanly.
                let names: Vec<String> = archive.names().map(str::to_string).collect();
                for name in names {
                    let _ = archive.read(&name);
                }
            }
        }
    }
}
