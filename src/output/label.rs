//! Strategy names as people read them. axelrod names its sequence players in LaTeX
//! (`$\pi$`, `$e$`, `$\phi$`, written for matplotlib); charts, terminal tables and pages
//! show π, e and φ instead, through [`display_label`], the one place that converts.
//!
//! Invariant: only text for people is converted. Results files (CSV, JSON) keep axelrod's
//! exact names, so scripts written for axelrod's output files read them unchanged.

use std::borrow::Cow;

/// axelrod's LaTeX names and what they show.
const LATEX_NAMES: [(&str, &str); 3] =
    [("$\\pi$", "\u{3c0}"), ("$\\phi$", "\u{3c6}"), ("$e$", "e")];

/// `name` as shown to people: each of axelrod's LaTeX names in it (`$\pi$`, `$e$`,
/// `$\phi$`, also inside a longer label such as "$\pi$ (2)") replaced by its character
/// (π, e, φ); any other text is returned as it is, without copying.
pub fn display_label(name: &str) -> Cow<'_, str> {
    if !name.contains('$') {
        return Cow::Borrowed(name);
    }
    let mut label = Cow::Borrowed(name);
    for (latex, shown) in LATEX_NAMES {
        if label.contains(latex) {
            label = Cow::Owned(label.replace(latex, shown));
        }
    }
    label
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn latex_names_show_their_characters() {
        assert_eq!(display_label("$\\pi$"), "π");
        assert_eq!(display_label("$e$"), "e");
        assert_eq!(display_label("$\\phi$"), "φ");
        assert_eq!(display_label("$\\pi$ (2)"), "π (2)");
        assert_eq!(display_label("$\\phi$ vs $e$"), "φ vs e");
        // Counted in characters, a converted name is one column wide.
        assert_eq!(display_label("$\\pi$").chars().count(), 1);
    }

    #[test]
    fn other_text_is_kept_without_a_copy() {
        for text in [
            "Tit For Tat",
            "DBS: 0.75, 3, 4, 3, 5",
            "$5",
            "$\\psi$",
            "$E$",
            "",
        ] {
            let shown = display_label(text);
            assert!(matches!(shown, Cow::Borrowed(_)), "{text:?}");
            assert_eq!(shown, text);
        }
    }
}
