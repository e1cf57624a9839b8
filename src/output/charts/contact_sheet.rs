//! Contact sheet: many small heat maps of the same shape on one page (a fingerprint
//! atlas: one tile per strategy), each with its name under it, one colour scale shared
//! by every tile and drawn once as a colour bar at the bottom.
//!
//! Layout: tiles in a grid, filled row by row in the order given, as few columns as
//! keep the page no taller than A4 portrait (height at most sqrt 2 times the width),
//! tiles 96 to 240 pixels wide (natural size) so the page is at most about 1200 pixels
//! wide. Names take two lines under their tile (broken between words, shortened with
//! an ellipsis when still too long). A tile shows at most [`MAX_TILE_CELLS`] cells a
//! side: a finer grid is shown at every k-th row and column (first and last kept when
//! k divides the steps; the values drawn are values of the grid, never averages), so
//! the SVG of 79 tiles stays small and a tile's cells stay visible.

use std::path::Path;

use super::canvas::render;
use super::canvas::{Canvas, DrawResult, HAlign, Scene, Txt, VAlign, canvas_size, draw_title};
use super::font::{ensure_fonts, fit_text, text_width};
use super::scale::{finite_min_max, fmt_num, nice_ticks, padded_range, viridis};
use super::style::{
    FRAME, MARGIN, MUTED, NO_DATA, TICK_LEN, TITLE_GAP, label_size, tick_size, title_size,
};
use super::{ChartError, ContactSheet};

/// Most cells a tile shows along a side.
pub const MAX_TILE_CELLS: usize = 41;
/// Grey of cells without a value.
const MISSING_CELL: plotters::style::RGBColor = plotters::style::RGBColor(212, 212, 212);
/// Space between tiles, across and down (below a tile's names).
const GAP: f64 = 14.0;
/// Width of the whole grid of tiles (natural size) when the tiles are not at their
/// largest.
const PAGE_WIDTH: f64 = 1200.0;
/// Smallest and largest tile side.
const TILE_RANGE: (f64, f64) = (96.0, 240.0);
/// Height of the shared colour bar.
const BAR_HEIGHT: f64 = 22.0;

/// The natural size (96 dpi) of `sheet` under the style in effect, nothing drawn.
pub(super) fn natural_size(sheet: &ContactSheet) -> (u32, u32) {
    SheetScene::new(sheet).size()
}

/// Draws `sheet` to `<stem>.png` and/or `<stem>.svg`.
pub fn draw_contact_sheet(stem: &Path, sheet: &ContactSheet) -> Result<(), ChartError> {
    ensure_fonts(stem)?;
    render(stem, &SheetScene::new(sheet))
}

/// The rows (or columns) `0..n` of a tile's matrix that a contact sheet shows:
/// at most [`MAX_TILE_CELLS`] ([`thinned`]). A caller holding a large matrix may
/// pick them itself and hand over only those.
pub fn tile_cells(n: usize) -> Vec<usize> {
    thinned(n, MAX_TILE_CELLS)
}

/// Indices `0..n` thinned to at most `most`: every k-th, k the least divisor of
/// `n - 1` that is enough (so the last index is kept), or evenly rounded positions
/// when no divisor gives at least half of `most`.
pub(super) fn thinned(n: usize, most: usize) -> Vec<usize> {
    if n <= most || n < 2 || most < 2 {
        return (0..n.min(most.max(1))).collect();
    }
    let steps = n - 1;
    if let Some(k) = (1..=steps).find(|k| steps % k == 0 && steps / k < most)
        && steps / k + 1 >= most / 2
    {
        return (0..=steps / k).map(|j| j * k).collect();
    }
    (0..most)
        .map(|j| ((j * steps) as f64 / (most - 1) as f64).round() as usize)
        .collect()
}

/// `name` in at most two lines of width `width` at `size`: words kept whole on the
/// first line while they fit, the rest on the second (shortened with an ellipsis); a
/// first word too long for a line is broken inside (names such as
/// "EvolvedLookerUp2_2_2").
fn two_lines(name: &str, size: f64, width: f64) -> Vec<String> {
    if text_width(name, size, false) <= width {
        return vec![name.to_string()];
    }
    let words: Vec<&str> = name.split(' ').collect();
    let mut first = String::new();
    let mut used = 0;
    for (k, word) in words.iter().enumerate() {
        let candidate = if first.is_empty() {
            (*word).to_string()
        } else {
            format!("{first} {word}")
        };
        if text_width(&candidate, size, false) > width {
            break;
        }
        first = candidate;
        used = k + 1;
    }
    if used == 0 {
        // The first word is too long for a line: as many of its characters as fit.
        let chars: Vec<char> = name.chars().collect();
        let fit = (1..chars.len())
            .take_while(|&k| {
                text_width(&chars[..k].iter().collect::<String>(), size, false) <= width
            })
            .last()
            .unwrap_or(1);
        let head: String = chars[..fit].iter().collect();
        let rest: String = chars[fit..].iter().collect();
        return vec![head, fit_text(rest.trim_start(), size, false, width)];
    }
    let rest = words[used..].join(" ");
    vec![first, fit_text(&rest, size, false, width)]
}

struct Tile {
    /// Cells shown, `values[row][col]`, row 0 at the top (NaN: no value).
    values: Vec<Vec<f64>>,
    /// The name in one or two lines.
    lines: Vec<String>,
}

struct SheetScene {
    width: f64,
    height: f64,
    /// Left and top of the grid of tiles.
    x0: f64,
    y0: f64,
    columns: usize,
    tile: f64,
    name_size: f64,
    /// Height of a tile's name box.
    name_h: f64,
    tiles: Vec<Tile>,
    lo: f64,
    hi: f64,
    title: String,
    note: String,
    value_label: String,
    /// Left and top of the colour bar, and its width.
    bar: (f64, f64, f64),
    ticks: Vec<f64>,
    tick_decimals: usize,
}

impl SheetScene {
    fn new(sheet: &ContactSheet) -> Self {
        let name_size = (0.8 * tick_size()).round();
        let name_h = 2.0 * 1.25 * name_size + 6.0;
        let count = sheet.names.len().max(sheet.tiles.len());
        let y0 = MARGIN
            + title_size()
            + TITLE_GAP
            + if sheet.note.is_empty() {
                0.0
            } else {
                tick_size() * 1.3 + 12.0
            };
        let bottom = 20.0
            + BAR_HEIGHT
            + TICK_LEN
            + 6.0
            + 1.25 * tick_size()
            + 10.0
            + 1.25 * label_size()
            + MARGIN;
        let tile_for = |columns: usize| {
            let c = columns as f64;
            ((PAGE_WIDTH - (c - 1.0) * GAP) / c)
                .clamp(TILE_RANGE.0, TILE_RANGE.1)
                .floor()
        };
        let size_for = |columns: usize| {
            let rows = count.div_ceil(columns).max(1) as f64;
            let tile = tile_for(columns);
            let c = columns as f64;
            let width = 2.0 * MARGIN + c * tile + (c - 1.0) * GAP;
            let height = y0 + rows * (tile + name_h + GAP) - GAP + bottom;
            (width, height)
        };
        // As few columns as keep the page within A4's proportions.
        let columns = (1..=count.max(1))
            .find(|&c| {
                let (w, h) = size_for(c);
                h <= std::f64::consts::SQRT_2 * w
            })
            .unwrap_or(count.max(1));
        let tile = tile_for(columns);
        let (grid_w, grid_h) = size_for(columns);
        let title_w = text_width(sheet.title, title_size(), true);
        let width = grid_w.max(title_w + 2.0 * MARGIN).max(480.0);
        let x0 = (width - (grid_w - 2.0 * MARGIN)) / 2.0;

        let tiles: Vec<Tile> = (0..count)
            .map(|k| {
                let values = sheet.tiles.get(k).map_or(&[][..], Vec::as_slice);
                let rows = tile_cells(values.len());
                let width = values.iter().map(Vec::len).max().unwrap_or(0);
                let cols = tile_cells(width);
                let shown = rows
                    .iter()
                    .map(|&r| {
                        cols.iter()
                            .map(|&c| {
                                values[r]
                                    .get(c)
                                    .copied()
                                    .filter(|v| v.is_finite())
                                    .unwrap_or(f64::NAN)
                            })
                            .collect()
                    })
                    .collect();
                let name = sheet.names.get(k).map_or("", String::as_str);
                Tile {
                    values: shown,
                    lines: two_lines(name, name_size, tile),
                }
            })
            .collect();
        let (lo, hi) =
            match finite_min_max(sheet.tiles.iter().flat_map(|t| t.iter().flatten().copied())) {
                Some((lo, hi)) if hi > lo => (lo, hi),
                Some((lo, _)) => padded_range(lo, lo, 0.0),
                None => (0.0, 1.0),
            };
        let bar_w = (grid_w - 2.0 * MARGIN).clamp(240.0, 640.0);
        let bar = ((width - bar_w) / 2.0, grid_h - bottom + 20.0, bar_w);
        let (ticks, tick_decimals) = nice_ticks(lo, hi, 6, false);
        SheetScene {
            width,
            height: grid_h,
            x0,
            y0,
            columns,
            tile,
            name_size,
            name_h,
            tiles,
            lo,
            hi,
            title: sheet.title.to_string(),
            note: sheet.note.to_string(),
            value_label: sheet.value_label.to_string(),
            bar,
            ticks,
            tick_decimals,
        }
    }

    fn t(&self, v: f64) -> f64 {
        (v - self.lo) / (self.hi - self.lo)
    }

    /// The top-left corner of tile `k`.
    fn corner(&self, k: usize) -> (f64, f64) {
        let (row, col) = (k / self.columns, k % self.columns);
        (
            self.x0 + col as f64 * (self.tile + GAP),
            self.y0 + row as f64 * (self.tile + self.name_h + GAP),
        )
    }
}

impl Scene for SheetScene {
    fn size(&self) -> (u32, u32) {
        canvas_size(self.width, self.height)
    }

    fn paint<DB: plotters::prelude::DrawingBackend>(&self, c: &Canvas<DB>) -> DrawResult {
        let colour = |v: f64| {
            if v.is_finite() {
                viridis(self.t(v))
            } else {
                MISSING_CELL
            }
        };
        // Every tile's cells first (they lie beneath everything else).
        let mut cells = Vec::new();
        for (k, tile) in self.tiles.iter().enumerate() {
            let (tx, ty) = self.corner(k);
            let nr = tile.values.len();
            for (r, row) in tile.values.iter().enumerate() {
                let nc = row.len();
                for (col, &v) in row.iter().enumerate() {
                    let left = tx + self.tile * col as f64 / nc as f64;
                    let right = tx + self.tile * (col + 1) as f64 / nc as f64;
                    let top = ty + self.tile * r as f64 / nr as f64;
                    let bottom = ty + self.tile * (r + 1) as f64 / nr as f64;
                    cells.push((left, top, right, bottom, colour(v)));
                }
            }
        }
        c.fill_cells(&cells)?;
        let name_txt = Txt::new(self.name_size, HAlign::Center, VAlign::Top);
        for (k, tile) in self.tiles.iter().enumerate() {
            let (tx, ty) = self.corner(k);
            if tile.values.is_empty() {
                c.text(
                    NO_DATA,
                    (tx + self.tile / 2.0, ty + self.tile / 2.0),
                    Txt::new(self.name_size, HAlign::Center, VAlign::Middle).color(MUTED),
                )?;
            }
            c.stroke_rect((tx, ty), (tx + self.tile, ty + self.tile), FRAME, 1)?;
            for (line, text) in tile.lines.iter().enumerate() {
                let y = ty + self.tile + 5.0 + line as f64 * 1.25 * self.name_size;
                c.text(text, (tx + self.tile / 2.0, y), name_txt)?;
            }
        }
        if !self.note.is_empty() {
            let y = MARGIN + title_size() + TITLE_GAP / 2.0;
            c.text(
                &fit_text(&self.note, tick_size(), false, self.width - 2.0 * MARGIN),
                (self.width / 2.0, y),
                Txt::new(tick_size(), HAlign::Center, VAlign::Top).color(MUTED),
            )?;
        }

        // The shared colour bar: low values on the left, a colour step per pixel column.
        let (bx0, by0, bw) = self.bar;
        let (bx1, by1) = (bx0 + bw, by0 + BAR_HEIGHT);
        let steps = bw.round().max(1.0) as usize;
        let edge = |k: usize| bx0 + bw * k as f64 / steps as f64;
        let step_colour = |k: usize| viridis((k as f64 + 0.5) / steps as f64);
        let mut first = 0;
        while first < steps {
            let run = step_colour(first);
            let mut end = first + 1;
            while end < steps && step_colour(end) == run {
                end += 1;
            }
            c.fill_rect(edge(first), by0, edge(end), by1, run)?;
            first = end;
        }
        c.stroke_rect((bx0, by0), (bx1, by1), FRAME, 1)?;
        let tick_txt = Txt::new(tick_size(), HAlign::Center, VAlign::Top);
        for &t in &self.ticks {
            let x = bx0 + self.t(t) * bw;
            c.line(&[(x, by1), (x, by1 + TICK_LEN)], FRAME, 1)?;
            c.text(
                &fmt_num(t, self.tick_decimals),
                (x, by1 + TICK_LEN + 6.0),
                tick_txt,
            )?;
        }
        c.text(
            &self.value_label,
            (
                (bx0 + bx1) / 2.0,
                by1 + TICK_LEN + 6.0 + 1.25 * tick_size() + 10.0,
            ),
            Txt::new(label_size(), HAlign::Center, VAlign::Top),
        )?;
        draw_title(c, &self.title, self.width / 2.0, self.width)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::output::charts::test_support::{check_files, out_dir};

    #[test]
    fn thinning_keeps_grid_points_and_both_ends() {
        assert_eq!(thinned(21, 41), (0..21).collect::<Vec<_>>());
        // 101 points (step 0.01): every 4th, 0.04 apart, 0 and 1 kept.
        let t = thinned(101, 41);
        assert_eq!(t.len(), 26);
        assert_eq!((t[0], t[1], t[25]), (0, 4, 100));
        // 1001 points: every 25th.
        assert_eq!(thinned(1001, 41).len(), 41);
        // 98 steps = 2 x 7 x 7: every 7th gives 15 points (>= 41 / 2 fails), so
        // rounded positions instead, ends kept.
        let t = thinned(99, 41);
        assert_eq!((t.len(), t[0], t[40]), (41, 0, 98));
        assert!(t.windows(2).all(|w| w[1] > w[0]));
        assert_eq!(thinned(0, 41), Vec::<usize>::new());
    }

    #[test]
    fn long_names_break_between_words_into_two_lines() {
        let lines = two_lines("First by Tideman and Chieruzzi: (D, D)", 13.0, 120.0);
        assert_eq!(lines.len(), 2);
        assert!(lines[0].starts_with("First by"));
        assert!(text_width(&lines[0], 13.0, false) <= 120.0);
        assert!(text_width(&lines[1], 13.0, false) <= 120.0);
        assert_eq!(two_lines("Tit For Tat", 13.0, 120.0), vec!["Tit For Tat"]);
        let lines = two_lines("EvolvedLookerUp2_2_2", 13.0, 100.0);
        assert_eq!(lines.concat(), "EvolvedLookerUp2_2_2", "{lines:?}");
        assert!(lines.iter().all(|l| text_width(l, 13.0, false) <= 100.0));
    }

    fn sheet_of(count: usize, side: usize) -> (Vec<String>, Vec<Vec<Vec<f64>>>) {
        let names = (0..count).map(|k| format!("Strategy number {k}")).collect();
        let tiles = (0..count)
            .map(|k| {
                (0..side)
                    .map(|r| {
                        (0..side)
                            .map(|c| ((k + r * c) % 50) as f64 / 10.0)
                            .collect()
                    })
                    .collect()
            })
            .collect();
        (names, tiles)
    }

    #[test]
    fn a_page_of_79_tiles_fits_a4_and_is_drawn() {
        let (names, tiles) = sheet_of(79, 21);
        let sheet = ContactSheet {
            title: "Ashlock fingerprints",
            note: "x across, y up, 0 to 1",
            value_label: "Mean score per turn",
            names: &names,
            tiles: &tiles,
        };
        let scene = SheetScene::new(&sheet);
        let (w, h) = scene.size();
        assert!(w <= 1300 && f64::from(h) <= std::f64::consts::SQRT_2 * f64::from(w) + 1.0);
        assert!(scene.tile >= TILE_RANGE.0, "{}", scene.tile);
        let stem = out_dir("contact-sheet").join("sheet79");
        draw_contact_sheet(&stem, &sheet).expect("drawn");
        check_files(&stem, "Ashlock fingerprints");
    }

    #[test]
    fn few_tiles_are_large_and_empty_input_is_a_frame() {
        let (names, tiles) = sheet_of(5, 101);
        let sheet = ContactSheet {
            title: "Five",
            note: "",
            value_label: "v",
            names: &names,
            tiles: &tiles,
        };
        let scene = SheetScene::new(&sheet);
        assert_eq!(scene.tile, TILE_RANGE.1);
        assert!(scene.tiles.iter().all(|t| t.values.len() == 26));
        let none: Vec<String> = Vec::new();
        let empty = ContactSheet {
            title: "Empty",
            note: "",
            value_label: "",
            names: &none,
            tiles: &[],
        };
        let stem = out_dir("contact-sheet").join("empty");
        draw_contact_sheet(&stem, &empty).expect("drawn");
        check_files(&stem, "Empty");
    }
}
