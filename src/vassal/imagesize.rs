//! Pixel sizes of board images (a board's size is its image's size, format notes §2.5.9),
//! read from the file header alone: PNG, GIF, JPEG and SVG. Unknown or damaged data gives
//! `None`, never an error.

use quick_xml::events::Event;
use quick_xml::Reader;

use super::grid::Size;

/// The width and height of an image, if its format is recognised.
pub fn image_size(bytes: &[u8]) -> Option<Size> {
    if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        png_size(bytes)
    } else if bytes.starts_with(b"GIF87a") || bytes.starts_with(b"GIF89a") {
        let width = u16::from_le_bytes([*bytes.get(6)?, *bytes.get(7)?]);
        let height = u16::from_le_bytes([*bytes.get(8)?, *bytes.get(9)?]);
        Some(Size::new(i32::from(width), i32::from(height)))
    } else if bytes.starts_with(&[0xFF, 0xD8]) {
        jpeg_size(bytes)
    } else {
        svg_size(bytes)
    }
}

fn be_u32(bytes: &[u8], at: usize) -> Option<u32> {
    Some(u32::from_be_bytes(bytes.get(at..at + 4)?.try_into().ok()?))
}

fn png_size(bytes: &[u8]) -> Option<Size> {
    if bytes.get(12..16)? != b"IHDR" {
        return None;
    }
    let width = i32::try_from(be_u32(bytes, 16)?).ok()?;
    let height = i32::try_from(be_u32(bytes, 20)?).ok()?;
    Some(Size::new(width, height))
}

fn jpeg_size(bytes: &[u8]) -> Option<Size> {
    let mut at = 2;
    loop {
        // Skip fill bytes, then read the marker.
        while *bytes.get(at)? == 0xFF && *bytes.get(at + 1)? == 0xFF {
            at += 1;
        }
        if *bytes.get(at)? != 0xFF {
            return None;
        }
        let marker = *bytes.get(at + 1)?;
        at += 2;
        if marker == 0xD8 || (0xD0..=0xD7).contains(&marker) || marker == 0x01 {
            continue;
        }
        let length = usize::from(u16::from_be_bytes([*bytes.get(at)?, *bytes.get(at + 1)?]));
        let is_frame = matches!(marker, 0xC0..=0xCF) && !matches!(marker, 0xC4 | 0xC8 | 0xCC);
        if is_frame {
            let height = u16::from_be_bytes([*bytes.get(at + 3)?, *bytes.get(at + 4)?]);
            let width = u16::from_be_bytes([*bytes.get(at + 5)?, *bytes.get(at + 6)?]);
            return Some(Size::new(i32::from(width), i32::from(height)));
        }
        if length < 2 {
            return None;
        }
        at += length;
    }
}

/// An SVG's `width`/`height` attributes (plain numbers or `px`), else its `viewBox` size.
fn svg_size(bytes: &[u8]) -> Option<Size> {
    let text = String::from_utf8_lossy(bytes.get(..bytes.len().min(64 * 1024))?);
    let mut reader = Reader::from_str(&text);
    loop {
        match reader.read_event().ok()? {
            Event::Start(element) | Event::Empty(element) => {
                if element.local_name().as_ref() != b"svg" {
                    return None;
                }
                let mut width = None;
                let mut height = None;
                let mut view_box = None;
                for attribute in element.attributes().flatten() {
                    let value = String::from_utf8_lossy(&attribute.value).into_owned();
                    match attribute.key.as_ref() {
                        b"width" => width = svg_length(&value),
                        b"height" => height = svg_length(&value),
                        b"viewBox" => view_box = Some(value),
                        _ => {}
                    }
                }
                if let (Some(width), Some(height)) = (width, height) {
                    return Some(Size::new(width, height));
                }
                let numbers: Vec<f64> = view_box?
                    .split([' ', ','])
                    .filter(|s| !s.is_empty())
                    .filter_map(|s| s.parse().ok())
                    .collect();
                return match numbers.as_slice() {
                    [_, _, w, h] => Some(Size::new(w.round() as i32, h.round() as i32)),
                    _ => None,
                };
            }
            Event::Eof => return None,
            _ => {}
        }
    }
}

fn svg_length(value: &str) -> Option<i32> {
    let number = value.trim().strip_suffix("px").unwrap_or(value.trim());
    number.parse::<f64>().ok().map(|v| v.round() as i32)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_headers() {
        let mut png = b"\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR".to_vec();
        png.extend_from_slice(&1234u32.to_be_bytes());
        png.extend_from_slice(&567u32.to_be_bytes());
        assert_eq!(image_size(&png), Some(Size::new(1234, 567)));
        assert_eq!(
            image_size(b"GIF89a\x10\x00\x20\x00"),
            Some(Size::new(16, 32))
        );
        let jpeg = [
            0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x04, 0x00, 0x00, 0xFF, 0xC0, 0x00, 0x0B, 0x08, 0x01,
            0x2C, 0x02, 0x58, 0x03,
        ];
        assert_eq!(image_size(&jpeg), Some(Size::new(600, 300)));
        let svg = br#"<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="275px" height="300"/>"#;
        assert_eq!(image_size(svg), Some(Size::new(275, 300)));
        let view_box = br#"<svg viewBox="0 0 100.4 50"><g/></svg>"#;
        assert_eq!(image_size(view_box), Some(Size::new(100, 50)));
    }

    #[test]
    fn garbage_is_none() {
        for bytes in [
            &b""[..],
            b"\x89PNG\r\n\x1a\n",
            b"GIF89a",
            &[0xFF, 0xD8, 0xFF],
            b"<html/>",
            b"\0\0",
        ] {
            assert_eq!(image_size(bytes), None);
        }
    }
}
