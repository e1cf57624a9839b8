//! Helpers shared by the chart tests: a scratch directory per test and a sanity check of
//! the PNG and SVG files written for a stem.

use std::path::{Path, PathBuf};

use super::canvas::with_suffix;

const PNG_SIGNATURE: [u8; 8] = [0x89, b'P', b'N', b'G', 0x0d, 0x0a, 0x1a, 0x0a];

pub(super) fn out_dir(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join("dilemma-charts-tests").join(test);
    std::fs::create_dir_all(&dir).expect("create test directory");
    dir
}

pub(super) fn check_files(stem: &Path, title: &str) {
    let png = std::fs::read(with_suffix(stem, "png")).expect("read png");
    let svg = std::fs::read_to_string(with_suffix(stem, "svg")).expect("read svg");
    assert!(png.len() > 100, "png too small: {}", png.len());
    assert_eq!(png[..8], PNG_SIGNATURE);
    assert!(svg.starts_with("<svg"), "not an svg");
    assert!(svg.contains(title), "svg lacks title {title:?}");
}

pub(super) fn strings(names: &[&str]) -> Vec<String> {
    names.iter().map(|s| s.to_string()).collect()
}
