//! Records the resolution of a PNG (its `pHYs` chunk, pixels per metre), so word
//! processors and LaTeX place a 300 dpi figure at its intended physical size.

/// CRC-32 (ISO 3309, as PNG uses) of `bytes`.
fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = 0xffff_ffffu32;
    for &b in bytes {
        crc ^= u32::from(b);
        for _ in 0..8 {
            crc = if crc & 1 == 1 {
                0xedb8_8320 ^ (crc >> 1)
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

/// `png` with a `pHYs` chunk for `dpi` right after the header (an existing `pHYs` chunk
/// is replaced); `None` if `png` does not start with a PNG signature and header.
pub(super) fn with_dpi(png: &[u8], dpi: u32) -> Option<Vec<u8>> {
    const SIGNATURE: [u8; 8] = [0x89, b'P', b'N', b'G', 0x0d, 0x0a, 0x1a, 0x0a];
    const AFTER_HEADER: usize = 8 + 4 + 4 + 13 + 4;
    if png.len() < AFTER_HEADER || png[..8] != SIGNATURE || &png[12..16] != b"IHDR" {
        return None;
    }
    let per_metre = (f64::from(dpi) / 0.0254).round() as u32;
    let mut chunk = Vec::with_capacity(21);
    chunk.extend_from_slice(&9u32.to_be_bytes());
    chunk.extend_from_slice(b"pHYs");
    chunk.extend_from_slice(&per_metre.to_be_bytes());
    chunk.extend_from_slice(&per_metre.to_be_bytes());
    chunk.push(1); // unit: metre
    let crc = crc32(&chunk[4..]);
    chunk.extend_from_slice(&crc.to_be_bytes());

    let mut out = Vec::with_capacity(png.len() + chunk.len());
    out.extend_from_slice(&png[..AFTER_HEADER]);
    out.extend_from_slice(&chunk);
    let mut at = AFTER_HEADER;
    while at + 8 <= png.len() {
        let len = u32::from_be_bytes([png[at], png[at + 1], png[at + 2], png[at + 3]]) as usize;
        let end = (at + 12 + len).min(png.len());
        if &png[at + 4..at + 8] != b"pHYs" {
            out.extend_from_slice(&png[at..end]);
        }
        at = end;
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crc_matches_the_png_specification_example() {
        // CRC of "IEND" with no data, as in every PNG file.
        assert_eq!(crc32(b"IEND"), 0xae42_6082);
    }

    #[test]
    fn chunk_is_inserted_after_the_header_and_replaced_on_repeat() {
        let mut png = vec![0x89, b'P', b'N', b'G', 0x0d, 0x0a, 0x1a, 0x0a];
        png.extend_from_slice(&13u32.to_be_bytes());
        png.extend_from_slice(b"IHDR");
        png.extend_from_slice(&[0; 13]);
        png.extend_from_slice(&[0; 4]);
        png.extend_from_slice(&[0, 0, 0, 0, b'I', b'E', b'N', b'D', 0xae, 0x42, 0x60, 0x82]);
        let once = with_dpi(&png, 300).expect("png");
        assert_eq!(&once[37..41], b"pHYs");
        // 300 dpi = 11811 pixels per metre.
        assert_eq!(&once[41..45], &11811u32.to_be_bytes());
        assert_eq!(once.len(), png.len() + 21);
        let twice = with_dpi(&once, 72).expect("png");
        assert_eq!(twice.len(), once.len());
        assert_eq!(&twice[41..45], &2835u32.to_be_bytes());
        assert!(with_dpi(b"not a png", 300).is_none());
    }
}
