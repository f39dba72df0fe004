//! PNG output: deterministic encoding spread over every core (same pixels, same bytes,
//! whatever the number of threads; no timestamps or text chunks), and atomic writes through
//! a temporary file renamed into place.
//!
//! **How a picture is compressed.** Rows are stored unfiltered (PNG filter type 0) and
//! compressed with DEFLATE at [`LEVEL`]. The art is flat colour with anti-aliased edges and
//! text, where PNG's predictors make the bytes *less* repetitive: on The Great Patriotic
//! War's 3580×3008 map, unfiltered rows at level 2 give 2.7 MB in 0.12 s where the adaptive
//! filter gives 3.6 MB in 0.16 s, and the adaptive filter at level 9 (what sandtable used
//! before) 3.4 MB in 1.5 s. Levels above 2 buy a few per cent for twice the time or more
//! (`benches/images.rs` measures the trade).
//!
//! **How it runs in parallel.** The rows are cut into bands of about [`BAND_BYTES`] (the
//! number of rows depends only on the picture's width), and each band is compressed on its
//! own as a DEFLATE stream ended by a sync flush, which leaves it on a byte boundary, the
//! last band finishing the stream. Joined in order behind a zlib header and followed by the
//! Adler-32 of all the rows, the bands are one valid zlib stream, written as one `IDAT`
//! chunk per band by the `png` crate (which writes the signature, `IHDR`, chunk lengths and
//! CRCs). Splitting costs well under 1 % of the size: DEFLATE only looks 32 KiB back.

use std::io::Write as _;
use std::path::Path;

use flate2::{Compress, Compression, FlushCompress, Status};
use image::RgbaImage;
use rayon::prelude::*;

use super::ArtError;

/// The DEFLATE level every picture is compressed at (see the file's documentation).
pub const LEVEL: u32 = 2;

/// The raw size of a band of rows compressed as one piece of work.
pub const BAND_BYTES: usize = 1 << 20;

/// The zlib stream header for a 32 KiB window: `0x78`, then the level's class (`FLEVEL`:
/// fastest, fast, default, best) with the check bits that make the pair a multiple of 31.
fn zlib_header(level: u32) -> [u8; 2] {
    match level {
        0 | 1 => [0x78, 0x01],
        2..=5 => [0x78, 0x5E],
        6 => [0x78, 0x9C],
        _ => [0x78, 0xDA],
    }
}

/// Encode a picture as PNG bytes.
pub fn encode(img: &RgbaImage) -> Result<Vec<u8>, ArtError> {
    encode_at(img, LEVEL)
}

/// Encode a picture as PNG bytes at another DEFLATE level (1–9), to weigh one against
/// another (`benches/images.rs`).
pub fn encode_at(img: &RgbaImage, level: u32) -> Result<Vec<u8>, ArtError> {
    let (width, height) = img.dimensions();
    let row = width as usize * 4;
    let rows = band_rows(width) as usize;
    let raw = img.as_raw();
    let count = bands(width, height);
    let bands = (0..count)
        .into_par_iter()
        .map(|i| {
            let band = raw.get(i * rows * row..).unwrap_or_default();
            let band = &band[..band.len().min(rows * row)];
            let mut filtered = Vec::new();
            for r in band.chunks(row.max(1)) {
                filtered.push(0);
                filtered.extend_from_slice(r);
            }
            Band::deflate(&filtered, level, i, count)
        })
        .collect::<Result<Vec<_>, _>>()?;
    assemble(width, height, &bands)
}

/// The rows of a band compressed as one piece of work (about [`BAND_BYTES`] of pixels),
/// for rows `width` pixels wide.
pub fn band_rows(width: u32) -> u32 {
    (BAND_BYTES / (width as usize * 4 + 1)).max(1) as u32
}

/// How many bands a picture is compressed in: one at least, even when empty.
pub fn bands(width: u32, height: u32) -> usize {
    height.div_ceil(band_rows(width)).max(1) as usize
}

/// One band of a picture's rows compressed, with the Adler-32 of what went in.
pub struct Band {
    /// The DEFLATE bytes: the zlib header in front of the first band, a sync flush at the
    /// end of every band but the last, which finishes the stream.
    bytes: Vec<u8>,
    /// The Adler-32 of the band's bytes before compression.
    adler: u32,
    /// How many bytes went in.
    len: u64,
}

impl Band {
    /// Compress band `index` of `count`: `filtered` holds its rows, each behind its
    /// filter-type byte (0).
    pub fn deflate(
        filtered: &[u8],
        level: u32,
        index: usize,
        count: usize,
    ) -> Result<Self, ArtError> {
        let (first, last) = (index == 0, index + 1 == count);
        let level = level.clamp(1, 9);
        let mut out = Vec::with_capacity(filtered.len() / 4 + 64);
        if first {
            out.extend_from_slice(&zlib_header(level));
        }
        let mut deflate = Compress::new(Compression::new(level), false);
        let flush = if last {
            FlushCompress::Finish
        } else {
            FlushCompress::Sync
        };
        loop {
            let read = usize::try_from(deflate.total_in()).unwrap_or(usize::MAX);
            let status = deflate
                .compress_vec(&filtered[read.min(filtered.len())..], &mut out, flush)
                .map_err(|e| ArtError::Encode {
                    source: png::EncodingError::IoError(std::io::Error::other(e)),
                })?;
            let all_read = deflate.total_in() == filtered.len() as u64;
            // Done when everything is read and the flush left room to spare (a sync flush),
            // or the stream has ended (the last band).
            let done = match status {
                Status::StreamEnd => true,
                _ => !last && all_read && out.len() < out.capacity(),
            };
            if done {
                let mut adler = simd_adler32::Adler32::new();
                adler.write(filtered);
                return Ok(Self {
                    bytes: out,
                    adler: adler.finish(),
                    len: filtered.len() as u64,
                });
            }
            out.reserve(out.capacity().max(64 * 1024));
        }
    }
}

/// The PNG of a picture from its bands, in order: the zlib stream they make, ended by the
/// Adler-32 of all their bytes, one `IDAT` chunk per band.
pub fn assemble(width: u32, height: u32, bands: &[Band]) -> Result<Vec<u8>, ArtError> {
    let adler = bands
        .iter()
        .fold(1, |sum, b| adler32_combine(sum, b.adler, b.len));
    let size: usize = bands.iter().map(|b| b.bytes.len() + 12).sum();
    let mut out = Vec::with_capacity(size + 64);
    let mut encoder = png::Encoder::new(&mut out, width, height);
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    let encode = |source| ArtError::Encode { source };
    let mut writer = encoder.write_header().map_err(encode)?;
    let last = bands.len().saturating_sub(1);
    for (i, b) in bands.iter().enumerate() {
        if i == last {
            let mut data = Vec::with_capacity(b.bytes.len() + 4);
            data.extend_from_slice(&b.bytes);
            data.extend_from_slice(&adler.to_be_bytes());
            writer
                .write_chunk(png::chunk::IDAT, &data)
                .map_err(encode)?;
        } else {
            writer
                .write_chunk(png::chunk::IDAT, &b.bytes)
                .map_err(encode)?;
        }
    }
    writer.finish().map_err(encode)?;
    Ok(out)
}

/// The Adler-32 of two runs of bytes one after the other, from theirs and the second's
/// length (zlib's `adler32_combine`): what lets bands be summed on their own threads.
fn adler32_combine(first: u32, second: u32, second_len: u64) -> u32 {
    const BASE: u64 = 65_521;
    let rem = second_len % BASE;
    let (a1, b1) = (u64::from(first & 0xffff), u64::from(first >> 16));
    let (a2, b2) = (u64::from(second & 0xffff), u64::from(second >> 16));
    let a = (a1 + a2 + BASE - 1) % BASE;
    let b = (rem * a1 % BASE + b1 + b2 + BASE - rem) % BASE;
    (a | (b << 16)) as u32
}

/// Write bytes to a file atomically: a temporary file beside it, then a rename.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), ArtError> {
    let io = |source| ArtError::Io {
        path: path.to_path_buf(),
        source,
    };
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    crate::vassal::archive::make_folder(dir).map_err(io)?;
    let mut tmp = tempfile::NamedTempFile::new_in(dir)
        .map_err(|e| io(crate::vassal::archive::without_temp_path(e)))?;
    tmp.write_all(bytes).map_err(io)?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt as _;
        // Temporary files are private; a picture is not.
        tmp.as_file()
            .set_permissions(std::fs::Permissions::from_mode(0o644))
            .map_err(io)?;
    }
    tmp.as_file().sync_all().map_err(io)?;
    tmp.persist(path)
        .map_err(|e| io(crate::vassal::archive::without_temp_path(e.error)))?;
    Ok(())
}

/// Encode and write a picture atomically.
pub fn write(path: &Path, img: &RgbaImage) -> Result<(), ArtError> {
    write_atomic(path, &encode(img)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn noisy(width: u32, height: u32) -> RgbaImage {
        RgbaImage::from_fn(width, height, |x, y| {
            let n = (x.wrapping_mul(2_654_435_761) ^ y.wrapping_mul(40_503)) >> 7;
            let byte = |v: u32| (v & 0xFF) as u8;
            image::Rgba([byte(x * 9), byte(y * 20), byte(n), byte(n >> 8) | 1])
        })
    }

    #[test]
    fn encoding_is_deterministic_and_round_trips() {
        let img = RgbaImage::from_fn(17, 9, |x, y| {
            image::Rgba([x as u8 * 9, y as u8 * 20, 7, 255])
        });
        let a = encode(&img).unwrap();
        assert_eq!(a, encode(&img).unwrap());
        let back = image::load_from_memory(&a).unwrap().to_rgba8();
        assert_eq!(back, img);
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("sub/x.png");
        write(&p, &img).unwrap();
        assert_eq!(std::fs::read(&p).unwrap(), a);
        assert_eq!(
            std::fs::read_dir(dir.path().join("sub")).unwrap().count(),
            1
        );
    }

    #[test]
    fn many_bands_join_into_one_valid_stream() {
        // 700 px rows of 2,800 bytes: 374 rows a band, so 1,000 rows are three bands, the
        // last one short; noise so the sync flushes fall inside real compressed data.
        let img = noisy(700, 1000);
        let bytes = encode(&img).unwrap();
        let idat = bytes.windows(4).filter(|w| w == b"IDAT").count();
        assert_eq!(idat, 3, "one IDAT chunk per band");
        let back = image::load_from_memory(&bytes).unwrap().to_rgba8();
        assert_eq!(back, img);
        // A band of one row each (rows wider than a band) decodes too.
        let wide = noisy(BAND_BYTES as u32 / 4 + 5, 3);
        let back = image::load_from_memory(&encode(&wide).unwrap()).unwrap();
        assert_eq!(back.to_rgba8(), wide);
    }

    #[test]
    fn the_bytes_do_not_depend_on_the_number_of_threads() {
        let img = noisy(900, 1300);
        let on = |threads: usize| {
            rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap()
                .install(|| encode(&img).unwrap())
        };
        let one = on(1);
        assert_eq!(one, on(2));
        assert_eq!(one, on(5));
    }

    #[test]
    fn every_level_gives_a_valid_stream() {
        let img = noisy(300, 2000);
        for level in 1..=9 {
            let back = image::load_from_memory(&encode_at(&img, level).unwrap()).unwrap();
            assert_eq!(back.to_rgba8(), img, "level {level}");
        }
        for level in [0, 1, 2, 6, 9] {
            let [cmf, flg] = zlib_header(level);
            assert_eq!((u16::from(cmf) << 8 | u16::from(flg)) % 31, 0);
        }
    }

    #[test]
    fn adler_sums_of_parts_combine_into_the_sum_of_the_whole() {
        let bytes: Vec<u8> = (0..200_000u32).map(|i| (i * 7 + i / 13) as u8).collect();
        let sum = |b: &[u8]| {
            let mut a = simd_adler32::Adler32::new();
            a.write(b);
            a.finish()
        };
        for cut in [0, 1, 5_552, 65_521, 65_522, 131_042, 199_999, 200_000] {
            let (a, b) = bytes.split_at(cut);
            assert_eq!(
                adler32_combine(sum(a), sum(b), b.len() as u64),
                sum(&bytes),
                "cut at {cut}"
            );
        }
    }

    #[test]
    fn a_one_pixel_picture_encodes() {
        let img = RgbaImage::from_pixel(1, 1, image::Rgba([1, 2, 3, 4]));
        let back = image::load_from_memory(&encode(&img).unwrap()).unwrap();
        assert_eq!(back.to_rgba8(), img);
    }
}
