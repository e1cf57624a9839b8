//! Charts put inside `report.html`, so the page is the whole report: an SVG
//! inline (its ids prefixed, so the glyphs of two charts on one page never
//! meet), a PNG as a base64 `data:` URI. Pure text in, text out.
//!
//! Invariants: the encoding is RFC 4648 base64 with padding; an inlined SVG
//! keeps every element and attribute of the file, only its ids and the
//! references to them (`href="#..."`, `url(#...)`) gain the prefix.

/// The standard base64 alphabet (RFC 4648, section 4).
const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// `bytes` in base64 with `=` padding (RFC 4648).
pub fn base64(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(base64_len(bytes.len()));
    for chunk in bytes.chunks(3) {
        let b = [
            chunk[0],
            chunk.get(1).copied().unwrap_or(0),
            chunk.get(2).copied().unwrap_or(0),
        ];
        let n = (u32::from(b[0]) << 16) | (u32::from(b[1]) << 8) | u32::from(b[2]);
        for k in 0..4 {
            if k <= chunk.len() {
                out.push(ALPHABET[((n >> (18 - 6 * k)) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

/// Length of the base64 text of `len` bytes.
pub fn base64_len(len: usize) -> usize {
    len.div_ceil(3) * 4
}

/// A PNG file as the `src` of an `<img>`.
pub fn png_data_uri(png: &[u8]) -> String {
    format!("data:image/png;base64,{}", base64(png))
}

/// Size in bytes of [`png_data_uri`] for a PNG of `len` bytes.
pub fn png_data_uri_len(len: usize) -> usize {
    "data:image/png;base64,".len() + base64_len(len)
}

/// An SVG file's text ready to sit inside an HTML page: any XML declaration
/// or doctype before the `<svg` element dropped, every `id="x"` made
/// `id="{prefix}x"` and every reference to it (`href="#x"`, `url(#x)`)
/// changed to match, and `role="img"` with `aria-label` = `label` on the
/// root when it has no label of its own.
pub fn inline_svg(svg: &str, prefix: &str, label: &str) -> Option<String> {
    let start = svg.find("<svg")?;
    let body = svg[start..].trim_end();
    let body = body
        .replace(" id=\"", &format!(" id=\"{prefix}"))
        .replace("href=\"#", &format!("href=\"#{prefix}"))
        .replace("url(#", &format!("url(#{prefix}"));
    let root_end = body.find('>')?;
    if body[..root_end].contains("aria-label=") {
        return Some(body);
    }
    let mut out = String::with_capacity(body.len() + label.len() + 32);
    out.push_str("<svg role=\"img\" aria-label=\"");
    out.push_str(&crate::output::report::escape(label));
    out.push('"');
    out.push_str(&body["<svg".len()..]);
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_matches_rfc_4648_test_vectors() {
        // RFC 4648, section 10.
        for (plain, encoded) in [
            ("", ""),
            ("f", "Zg=="),
            ("fo", "Zm8="),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg=="),
            ("fooba", "Zm9vYmE="),
            ("foobar", "Zm9vYmFy"),
        ] {
            assert_eq!(base64(plain.as_bytes()), encoded);
            assert_eq!(base64_len(plain.len()), encoded.len());
        }
        // Every byte value, including the two last letters of the alphabet.
        let all: Vec<u8> = (0..=255).collect();
        let text = base64(&all);
        assert!(text.starts_with("AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8g"));
        assert!(text.ends_with("+/w=="), "{text}");
        assert_eq!(png_data_uri_len(256), png_data_uri(&all).len());
    }

    #[test]
    fn inlined_svg_ids_are_prefixed_and_labelled() {
        let svg = "<?xml version=\"1.0\"?>\n<svg width=\"10\" height=\"10\" viewBox=\"0 0 10 10\">\
                   <defs><path id=\"g1\" d=\"M0 0\"/></defs><use xlink:href=\"#g1\"/>\
                   <rect fill=\"url(#g1)\"/></svg>\n";
        let inlined = inline_svg(svg, "c2-", "A & B").expect("svg");
        assert!(inlined.starts_with("<svg role=\"img\" aria-label=\"A &amp; B\" width=\"10\""));
        assert!(inlined.contains("<path id=\"c2-g1\""));
        assert!(inlined.contains("xlink:href=\"#c2-g1\""));
        assert!(inlined.contains("url(#c2-g1)"));
        assert!(!inlined.contains("<?xml") && inlined.ends_with("</svg>"));
        let labelled = "<svg aria-label=\"own\"><g/></svg>";
        assert_eq!(inline_svg(labelled, "p", "x").expect("svg"), labelled);
        assert_eq!(inline_svg("not an svg", "p", "x"), None);
    }
}
