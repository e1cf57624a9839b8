//! Invasion diagram: the strategies as nodes on a circle, an arrow from B to
//! A where a single A mutant takes over a population of B more often than a
//! neutral mutant would (ρ(B -> A) > 1/Z), thicker the larger ρZ is, and each
//! node's area proportional to the strategy's stationary abundance in the
//! small-mutation limit (the abundance written beside its name). Readable
//! for up to a dozen strategies; the caller gives a table beyond that.

use std::f64::consts::PI;
use std::path::Path;

use plotters::prelude::DrawingBackend;
use plotters::style::RGBColor;

use super::canvas::{
    Canvas, DrawResult, HAlign, Scene, Txt, VAlign, canvas_size, draw_title, render,
};
use super::font::{ensure_fonts, fit_text};
use super::palette::category_colour;
use super::style::{FRAME, MARGIN, MUTED, TITLE_GAP, label_size, tick_size, title_size};
use super::{ChartError, InvasionDiagram};

const WIDTH: f64 = 1100.0;
/// Radius of the circle the nodes sit on.
const RING: f64 = 300.0;
const NODE_MIN: f64 = 9.0;
const NODE_MAX: f64 = 56.0;
const ARROW: RGBColor = RGBColor(70, 70, 70);
/// Widest arrow shaft, in pixels.
const SHAFT_MAX: f64 = 7.0;

/// Draws `chart` to `<stem>.png` and `<stem>.svg`.
pub fn draw_invasion_diagram(stem: &Path, chart: &InvasionDiagram) -> Result<(), ChartError> {
    ensure_fonts(stem)?;
    render(stem, &DiagramScene::new(chart))
}

struct DiagramScene<'a> {
    chart: &'a InvasionDiagram<'a>,
    centre: (f64, f64),
    /// Node centres and radii.
    nodes: Vec<((f64, f64), f64)>,
    /// Where the notes start.
    notes_y: f64,
    height: f64,
    /// ln(ρZ) of the strongest arrow (the widest shaft).
    strongest: f64,
    /// ln(ρZ) of the weakest arrow (the thinnest shaft).
    weakest: f64,
}

impl<'a> DiagramScene<'a> {
    fn new(chart: &'a InvasionDiagram<'a>) -> Self {
        let n = chart.names.len();
        let top = MARGIN + title_size() + TITLE_GAP + label_size() * 2.6;
        let centre = (WIDTH / 2.0, top + RING + NODE_MAX);
        let most = chart
            .abundance
            .iter()
            .copied()
            .filter(|a| a.is_finite())
            .fold(0.0, f64::max);
        let nodes = (0..n)
            .map(|i| {
                // First strategy at the top, then clockwise.
                let angle = -PI / 2.0 + 2.0 * PI * i as f64 / n.max(1) as f64;
                let at = (centre.0 + RING * angle.cos(), centre.1 + RING * angle.sin());
                let share = chart.abundance.get(i).copied().unwrap_or(0.0);
                let share = if share.is_finite() && most > 0.0 {
                    (share / most).clamp(0.0, 1.0)
                } else {
                    0.0
                };
                // Area in proportion to the abundance.
                let radius = NODE_MIN + (NODE_MAX - NODE_MIN) * share.sqrt();
                (at, radius)
            })
            .collect();
        let strongest = chart
            .arrows
            .iter()
            .map(|a| a.2.ln())
            .filter(|v| v.is_finite())
            .fold(0.0, f64::max);
        let weakest = chart
            .arrows
            .iter()
            .map(|a| a.2.ln())
            .filter(|v| v.is_finite())
            .fold(strongest, f64::min);
        let notes_y = centre.1 + RING + NODE_MAX + label_size() * 2.6 + 16.0;
        let height = notes_y + 3.0 * (tick_size() + 10.0) + MARGIN;
        DiagramScene {
            chart,
            centre,
            nodes,
            notes_y,
            height,
            strongest,
            weakest,
        }
    }

    /// Shaft width of an arrow of strength ρZ: 1 pixel for the weakest
    /// arrow to [`SHAFT_MAX`] for the strongest, linear in ln(ρZ).
    fn shaft(&self, rho_z: f64) -> f64 {
        let span = self.strongest - self.weakest;
        if span <= 1e-12 || !rho_z.is_finite() {
            return 2.0;
        }
        (1.0 + (SHAFT_MAX - 1.0) * ((rho_z.ln() - self.weakest) / span)).clamp(1.0, SHAFT_MAX)
    }
}

/// A filled disc as a polygon (the canvas strokes circles only).
fn disc(centre: (f64, f64), radius: f64) -> Vec<(f64, f64)> {
    (0..72)
        .map(|k| {
            let a = 2.0 * PI * k as f64 / 72.0;
            (centre.0 + radius * a.cos(), centre.1 + radius * a.sin())
        })
        .collect()
}

impl Scene for DiagramScene<'_> {
    fn size(&self) -> (u32, u32) {
        canvas_size(WIDTH, self.height)
    }

    fn paint<DB: DrawingBackend>(&self, c: &Canvas<DB>) -> DrawResult {
        let n = self.nodes.len();
        // Arrows first, under the nodes.
        for &(from, to, rho_z) in self.chart.arrows {
            if from >= n || to >= n || from == to {
                continue;
            }
            let ((a, ra), (b, rb)) = (self.nodes[from], self.nodes[to]);
            let (dx, dy) = (b.0 - a.0, b.1 - a.1);
            let length = (dx * dx + dy * dy).sqrt();
            if length <= ra + rb + 4.0 {
                continue;
            }
            let (ux, uy) = (dx / length, dy / length);
            // Two arrows between one pair (each invades the other) sit
            // side by side instead of on top of each other.
            let both = self
                .chart
                .arrows
                .iter()
                .any(|&(f, t, _)| f == to && t == from);
            let side = if both { 7.0 } else { 0.0 };
            let (ox, oy) = (-uy * side, ux * side);
            let width = self.shaft(rho_z);
            let head = 10.0 + 2.2 * width;
            let start = (a.0 + ux * (ra + 3.0) + ox, a.1 + uy * (ra + 3.0) + oy);
            let tip = (b.0 - ux * (rb + 3.0) + ox, b.1 - uy * (rb + 3.0) + oy);
            let base = (tip.0 - ux * head, tip.1 - uy * head);
            c.line(&[start, base], ARROW, width.round().max(1.0) as u32)?;
            let half = 0.45 * head;
            c.fill_polygon(
                &[
                    tip,
                    (base.0 - uy * half, base.1 + ux * half),
                    (base.0 + uy * half, base.1 - ux * half),
                ],
                ARROW,
            )?;
        }
        for (i, &(at, radius)) in self.nodes.iter().enumerate() {
            c.fill_polygon(&disc(at, radius), category_colour(i, n))?;
            c.circle(at, radius.round() as u32, FRAME, 1)?;
            // The name and abundance outside the ring, on the node's ray.
            let (dx, dy) = (at.0 - self.centre.0, at.1 - self.centre.1);
            let norm = (dx * dx + dy * dy).sqrt().max(1.0);
            let (ux, uy) = (dx / norm, dy / norm);
            let gap = radius + 10.0;
            let anchor = (at.0 + ux * gap, at.1 + uy * gap);
            let h = if ux > 0.3 {
                HAlign::Left
            } else if ux < -0.3 {
                HAlign::Right
            } else {
                HAlign::Center
            };
            let room = match h {
                HAlign::Left => WIDTH - MARGIN - anchor.0,
                HAlign::Right => anchor.0 - MARGIN,
                HAlign::Center => 2.0 * anchor.0.min(WIDTH - anchor.0) - 2.0 * MARGIN,
            }
            .max(60.0);
            let name = fit_text(&self.chart.names[i], label_size(), false, room);
            let share = self.chart.abundance.get(i).copied().unwrap_or(f64::NAN);
            let share = percent(share);
            // Two lines: below the node when it points down, above when up.
            let line = label_size() * 1.25;
            let block = line + tick_size();
            let first_y = if uy > 0.3 {
                anchor.1
            } else if uy < -0.3 {
                anchor.1 - block
            } else {
                anchor.1 - block / 2.0
            };
            let v = VAlign::Top;
            c.text(&name, (anchor.0, first_y), Txt::new(label_size(), h, v))?;
            c.text(
                &share,
                (anchor.0, first_y + line),
                Txt::new(tick_size(), h, v).color(MUTED),
            )?;
        }
        draw_title(c, self.chart.title, WIDTH / 2.0, WIDTH)?;
        let arrows = self.chart.arrows;
        let range = arrows
            .iter()
            .map(|a| a.2)
            .filter(|v| v.is_finite())
            .fold((f64::INFINITY, 0.0f64), |(lo, hi), v| {
                (lo.min(v), hi.max(v))
            });
        let strength = if arrows.is_empty() {
            "no strategy invades another more often than 1/Z".to_string()
        } else {
            format!(
                "arrow width grows with ln(ρZ), from ρZ = {} (thinnest) to {} (widest)",
                short(range.0),
                short(range.1)
            )
        };
        let notes = [
            format!(
                "Arrow B → A: one A mutant takes over a population of B with probability ρ above the neutral 1/Z = 1/{};",
                self.chart.population
            ),
            format!("{strength}. Node area: stationary abundance with rare mutations."),
        ];
        for (k, note) in notes.iter().enumerate() {
            let text = fit_text(note, tick_size(), false, WIDTH - 2.0 * MARGIN);
            let y = self.notes_y + k as f64 * (tick_size() + 10.0);
            c.text(
                &text,
                (WIDTH / 2.0, y),
                Txt::new(tick_size(), HAlign::Center, VAlign::Top).color(MUTED),
            )?;
        }
        Ok(())
    }
}

/// An abundance as a percentage: one decimal from 1%, two significant
/// digits below (0.013%), "n/a" when not a number.
fn percent(share: f64) -> String {
    let p = 100.0 * share;
    if !p.is_finite() {
        "n/a".into()
    } else if p >= 1.0 || p == 0.0 {
        format!("{p:.1}%")
    } else {
        let digits = (1 - p.log10().floor() as i32).clamp(1, 300) as usize;
        format!("{p:.digits$}%")
    }
}

/// ρZ in a few digits.
fn short(v: f64) -> String {
    if !v.is_finite() {
        "n/a".into()
    } else if v >= 100.0 {
        format!("{v:.0}")
    } else if v >= 10.0 {
        format!("{v:.1}")
    } else {
        format!("{v:.2}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::output::charts::test_support::{check_files, out_dir};

    #[test]
    fn draws_nodes_arrows_and_notes_in_both_formats() {
        let dir = out_dir("invasion-diagram");
        let names: Vec<String> = [
            "Tit For Tat",
            "Defector",
            "Cooperator",
            "Win-Stay Lose-Shift",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        let abundance = [0.5, 0.3, 0.01, 0.19];
        let arrows = [(2, 1, 40.0), (1, 0, 3.0), (0, 3, 1.2), (3, 0, 1.1)];
        let stem = dir.join("diagram");
        draw_invasion_diagram(
            &stem,
            &InvasionDiagram {
                title: "who invades whom",
                names: &names,
                abundance: &abundance,
                arrows: &arrows,
                population: 100,
            },
        )
        .unwrap();
        check_files(&stem, "who invades whom");
    }

    #[test]
    fn empty_and_degenerate_input_does_not_panic() {
        let dir = out_dir("invasion-diagram-empty");
        let names = vec!["A".to_string(), "B".to_string()];
        draw_invasion_diagram(
            &dir.join("none"),
            &InvasionDiagram {
                title: "",
                names: &names,
                abundance: &[f64::NAN, 0.0],
                arrows: &[(0, 1, f64::INFINITY), (5, 0, 2.0), (1, 1, 3.0)],
                population: 2,
            },
        )
        .unwrap();
        draw_invasion_diagram(
            &dir.join("nothing"),
            &InvasionDiagram {
                title: "t",
                names: &[],
                abundance: &[],
                arrows: &[],
                population: 10,
            },
        )
        .unwrap();
    }
}
