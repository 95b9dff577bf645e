//! The grid as a picture (Save picture): SVG text drawn from the same roles as the screen
//! ([`GridView::cell`] gives every cell and candidate the classes the grid component uses, and
//! [`link_paths`] the arrows' paths), in the colours of `style.css`, read from its custom
//! properties ([`Palette`]), light or dark as the page is. Plain Rust, tested natively; the
//! browser part (download, PNG through a canvas) is in [`crate::components::export`].
//!
//! The picture shows what the grid shows, except what only belongs to the screen: the selected
//! cell and its peers (pass `selected: None`).

use crate::components::overlay::link_paths;
use crate::fixed::Fixed;
use crate::roles::{CandidateView, CellView, GridView};
use std::collections::HashMap;
use std::fmt::Write;

/// A cell's side in the picture, in pixels.
pub const CELL: f64 = 60.0;
/// The margin around the grid.
pub const PAD: f64 = 6.0;
/// The picture's width and height.
pub const SIZE: f64 = 9.0 * CELL + 2.0 * PAD;

/// `x` with one decimal, as the picture's coordinates are written.
fn d1(x: f64) -> Fixed {
    Fixed(x, 1)
}

/// `x` rounded to a whole number (the picture's sizes and grid lines are whole pixels).
fn d0(x: f64) -> Fixed {
    Fixed(x, 0)
}

/// The colours of `style.css`: its `--name: value` custom properties, the light ones overlaid
/// with those of `prefers-color-scheme: dark` blocks for the dark palette. The page reads them
/// from its own stylesheet as the browser parsed it
/// ([`stylesheet_text`](crate::components::export::stylesheet_text)), so the page does not
/// carry a second copy of `style.css`; the tests read the file.
#[derive(Clone, Debug, PartialEq)]
pub struct Palette(HashMap<String, String>);

impl Palette {
    /// Reads the custom properties of `css`.
    pub fn from_css(css: &str, dark: bool) -> Palette {
        // Drop comments, then walk the blocks, knowing whether each is inside a dark one.
        let mut text = String::new();
        let mut rest = css;
        while let Some(i) = rest.find("/*") {
            text.push_str(&rest[..i]);
            rest = rest[i..].find("*/").map_or("", |j| &rest[i + j + 2..]);
        }
        text.push_str(rest);
        let (mut light, mut darks) = (HashMap::new(), HashMap::new());
        let mut stack: Vec<bool> = Vec::new();
        let mut buf = String::new();
        for ch in text.chars() {
            match ch {
                '{' => {
                    let inside = stack.last().copied().unwrap_or(false);
                    stack.push(inside || buf.contains("prefers-color-scheme: dark"));
                    buf.clear();
                }
                ';' | '}' => {
                    let decl = buf.trim();
                    if let Some((name, value)) = decl.split_once(':')
                        && name.trim_start().starts_with("--")
                    {
                        let map = if stack.last().copied().unwrap_or(false) {
                            &mut darks
                        } else {
                            &mut light
                        };
                        map.insert(name.trim().to_string(), value.trim().to_string());
                    }
                    buf.clear();
                    if ch == '}' {
                        stack.pop();
                    }
                }
                c => buf.push(c),
            }
        }
        if dark {
            light.extend(darks);
        }
        Palette(light)
    }

    /// The value of `--name` (black if the stylesheet lacks it).
    pub fn get(&self, name: &str) -> &str {
        self.0.get(name).map_or("#000", String::as_str)
    }
}

/// Cell backgrounds in the order `style.css` declares them: the last one a cell has wins, as in
/// the cascade.
const CELL_BACKGROUNDS: &[(&str, &str)] = &[
    ("peer", "--peer"),
    ("same-digit", "--same"),
    ("hl-house", "--hl-house"),
    ("hl-cover", "--hl-cover"),
    ("hl-cell", "--hl-cell"),
    ("selected", "--sel"),
    ("conflict", "--conflict-bg"),
    ("bivalue", "--bivalue"),
    ("has-digit", "--hl-digit"),
    ("color-1", "--c1"),
    ("color-2", "--c2"),
    ("color-3", "--c3"),
    ("color-4", "--c4"),
    ("no-cand", "--warn-bg"),
];

/// How a candidate's class draws it: background, text colour, bold, ring, struck through.
struct CandStyle {
    class: &'static str,
    bg: Option<&'static str>,
    fg: &'static str,
    bold: bool,
    ring: bool,
    strike: bool,
}

const fn cs(class: &'static str, bg: Option<&'static str>, fg: &'static str) -> CandStyle {
    CandStyle { class, bg, fg, bold: true, ring: false, strike: false }
}

/// Candidate roles in the order `style.css` declares them (later ones win).
const CAND_STYLES: &[CandStyle] = &[
    cs("c-pat", Some("--pat"), "--on-accent"),
    cs("c-link", Some("--link"), "--on-accent"),
    cs("c-alt", Some("--alt"), "--on-accent"),
    cs("c-fin", Some("--fin"), "--on-accent"),
    cs("c-place", Some("--place"), "--on-accent"),
    CandStyle { class: "c-elim", bg: Some(""), fg: "--elim", bold: true, ring: true, strike: true },
    cs("c-hl", Some("--hl-digit"), "--text"),
    cs("c-single", Some("--single"), "--on-accent"),
    cs("c-wrong", None, "--mistake"),
    cs("cc-1", Some("--c1"), "--text"),
    cs("cc-2", Some("--c2"), "--text"),
    cs("cc-3", Some("--c3"), "--text"),
    cs("cc-4", Some("--c4"), "--text"),
];

const FONT: &str = "system-ui, -apple-system, Segoe UI, Roboto, sans-serif";

fn candidate(out: &mut String, pal: &Palette, x: f64, y: f64, k: &CandidateView) {
    if !k.on {
        return;
    }
    let (mut bg, mut fg, mut bold, mut ring, mut strike) = ("", "--muted", false, false, false);
    for s in CAND_STYLES {
        if k.classes.iter().any(|c| c == s.class) {
            if let Some(b) = s.bg {
                bg = b;
            }
            fg = s.fg;
            bold |= s.bold;
            ring |= s.ring;
            strike |= s.strike;
        }
    }
    let d = f64::from(k.digit - 1);
    let third = CELL / 3.0;
    let (cx, cy) =
        (x + (d % 3.0) * third + third / 2.0, y + (d / 3.0).floor() * third + third / 2.0);
    let r = third / 2.0 - 1.0;
    let classes = k.classes.join(" ");
    let _ = write!(out, r#"<g class="cand {classes}" data-digit="{}">"#, k.digit);
    let (fx, fy) = (d1(cx), d1(cy));
    if !bg.is_empty() {
        let _ =
            write!(out, r#"<circle cx="{fx}" cy="{fy}" r="{}" fill="{}"/>"#, d1(r), pal.get(bg));
    }
    if ring {
        let _ = write!(
            out,
            r#"<circle cx="{fx}" cy="{fy}" r="{}" fill="none" stroke="{}" stroke-width="2"/>"#,
            d1(r - 1.0),
            pal.get("--elim")
        );
    }
    let size = if k.classes.iter().any(|c| c == "c-wrong") { CELL * 0.3 } else { CELL * 0.24 };
    let weight = if bold { 700 } else { 400 };
    let _ = write!(
        out,
        r#"<text x="{fx}" y="{fy}" font-size="{}" font-weight="{weight}" fill="{}" text-anchor="middle" dominant-baseline="central">{}</text>"#,
        d1(size),
        pal.get(fg),
        k.digit
    );
    if strike {
        let _ = write!(
            out,
            r#"<line x1="{}" y1="{fy}" x2="{}" y2="{fy}" stroke="{}" stroke-width="2"/>"#,
            d1(cx - size * 0.4),
            d1(cx + size * 0.4),
            pal.get(fg)
        );
    }
    out.push_str("</g>");
}

fn cell(out: &mut String, pal: &Palette, i: usize, v: &CellView) {
    let (x, y) = (PAD + (i % 9) as f64 * CELL, PAD + (i / 9) as f64 * CELL);
    let bg = CELL_BACKGROUNDS.iter().rfind(|(c, _)| v.has(c)).map_or("--panel", |(_, var)| var);
    let _ = write!(
        out,
        r#"<g class="{}" data-cell="{i}" data-value="{}"><rect x="{}" y="{}" width="{}" height="{}" fill="{}"/>"#,
        v.classes.join(" "),
        v.value,
        d1(x),
        d1(y),
        d0(CELL),
        d0(CELL),
        pal.get(bg)
    );
    // Inset rings: a warning, a mistake (declared later, so it wins).
    let ring = if v.has("mistake") {
        Some("--mistake")
    } else if v.has("warning") {
        Some("--alt")
    } else {
        None
    };
    if let Some(ring) = ring {
        let _ = write!(
            out,
            r#"<rect x="{}" y="{}" width="{}" height="{}" fill="none" stroke="{}" stroke-width="3"/>"#,
            d1(x + 1.5),
            d1(y + 1.5),
            d1(CELL - 3.0),
            d1(CELL - 3.0),
            pal.get(ring)
        );
    }
    if v.value != 0 {
        let (mut fg, weight, italic) = if v.has("given") {
            ("--given", 700, false)
        } else if v.has("user") {
            ("--user", 500, false)
        } else {
            ("--solver", 500, true)
        };
        if v.has("mistake") {
            fg = "--mistake";
        }
        let (cx, cy) = (x + CELL / 2.0, y + CELL / 2.0);
        let fy = d1(cy);
        let _ = write!(
            out,
            r#"<text class="digit" x="{}" y="{fy}" font-size="{}" font-weight="{weight}"{} fill="{}" text-anchor="middle" dominant-baseline="central">{}</text>"#,
            d1(cx),
            d1(CELL * 0.58),
            if italic { r#" font-style="italic""# } else { "" },
            pal.get(fg),
            v.value
        );
        if v.has("mistake") {
            let _ = write!(
                out,
                r#"<line x1="{}" y1="{fy}" x2="{}" y2="{fy}" stroke="{}" stroke-width="3"/>"#,
                d1(cx - CELL * 0.22),
                d1(cx + CELL * 0.22),
                pal.get(fg)
            );
        }
        if v.has("conflict") {
            // The screen's wavy underline.
            let base = cy + CELL * 0.26;
            let mut d = format!("M{} {}", d1(cx - CELL * 0.2), d1(base));
            for k in 1..=8 {
                let px = cx - CELL * 0.2 + f64::from(k) * CELL * 0.05;
                let py = base + if k % 2 == 1 { 2.5 } else { 0.0 };
                let _ = write!(d, " L{} {}", d1(px), d1(py));
            }
            let _ = write!(
                out,
                r#"<path d="{d}" fill="none" stroke="{}" stroke-width="1.5"/>"#,
                pal.get(fg)
            );
        }
    } else {
        for k in &v.candidates {
            candidate(out, pal, x, y, k);
        }
    }
    out.push_str("</g>");
}

/// The SVG picture of the grid as `view` draws it, in `pal`'s colours.
pub fn svg(view: &GridView, pal: &Palette) -> String {
    let mut out = String::new();
    let line: String = view.pos.values().iter().map(|&v| char::from(b'0' + v)).collect();
    let size = d0(SIZE);
    let _ = write!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" viewBox="0 0 {size} {size}" font-family="{FONT}"><title>Deduku grid</title><desc>{line}</desc>"#
    );
    let _ = write!(out, r#"<rect width="{size}" height="{size}" fill="{}"/>"#, pal.get("--panel"));
    for i in 0..81 {
        cell(&mut out, pal, i, &view.cell(i));
    }
    // Cell lines, then box lines, then the border.
    let (thin, thick) = (pal.get("--line"), pal.get("--thick"));
    for k in 1..9 {
        let p = d0(PAD + f64::from(k) * CELL);
        let (color, width) = if k % 3 == 0 { (thick, 2) } else { (thin, 1) };
        let (a, b) = (d0(PAD), d0(PAD + 9.0 * CELL));
        let _ = write!(
            out,
            r#"<path d="M{p} {a} V{b} M{a} {p} H{b}" stroke="{color}" stroke-width="{width}"/>"#
        );
    }
    let _ = write!(
        out,
        r#"<rect x="{}" y="{}" width="{}" height="{}" rx="4" fill="none" stroke="{thick}" stroke-width="3"/>"#,
        d1(PAD - 1.5),
        d1(PAD - 1.5),
        d1(9.0 * CELL + 3.0),
        d1(9.0 * CELL + 3.0)
    );
    // Every arrow drawn has a head, so no heads means no arrows (no links, or none with length).
    let p = view.step.map(|s| link_paths(&s.links)).unwrap_or_default();
    if !p.heads.is_empty() {
        // Colour, width, dashes and opacity from the stylesheet, as the screen's overlay has them.
        let link = pal.get("--link");
        let (width, opacity) = (pal.get("--link-width"), pal.get("--link-opacity"));
        let dashes = format!(r#" stroke-dasharray="{}""#, pal.get("--link-dash"));
        let (pad, cell) = (d0(PAD), d0(CELL));
        let _ = write!(
            out,
            r#"<g class="links" transform="translate({pad} {pad}) scale({cell})" opacity="{opacity}">"#
        );
        let stroke = format!(r#"fill="none" stroke="{link}" stroke-width="{width}""#);
        for (d, dash) in [(&p.strong, ""), (&p.weak, dashes.as_str())] {
            if !d.is_empty() {
                let _ = write!(out, r#"<path d="{d}" {stroke}{dash}/>"#);
            }
        }
        let _ = write!(out, r#"<path d="{}" fill="{link}"/>"#, p.heads);
        out.push_str("</g>");
    }
    out.push_str("</svg>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::Position;
    use crate::protocol::{PlainCand, PlainLink, PlainNode, PlainStep};

    const EASY: &str =
        "530070000600195000098000060800060003400803001700020006060000280000419005000080079";

    /// The palette of `style.css`, as the page reads it from its stylesheet.
    fn page(dark: bool) -> Palette {
        Palette::from_css(include_str!("../style.css"), dark)
    }

    #[test]
    fn the_palette_reads_light_and_dark_from_the_stylesheet() {
        let light = page(false);
        let dark = page(true);
        assert_eq!(light.get("--given"), "#11161c");
        assert_eq!(dark.get("--given"), "#f2f4f7");
        assert_eq!(light.get("--c1"), "#ffc9d2");
        assert_ne!(light.get("--c1"), dark.get("--c1"));
        assert_eq!(dark.get("--place"), "#5fd39a");
    }

    #[test]
    fn the_svg_has_81_cells_the_digits_and_the_steps_roles_and_arrows() {
        let givens: [u8; 81] = std::array::from_fn(|i| EASY.as_bytes()[i] - b'0');
        let pos = Position::from_givens(&givens);
        let warnings = pos.warnings();
        let step = PlainStep {
            technique: String::new(),
            text: String::new(),
            explanation: String::new(),
            about: String::new(),
            place: String::new(),
            placements: vec![PlainCand { cell: 2, digit: 4 }],
            eliminations: vec![PlainCand { cell: 2, digit: 1 }],
            cells: vec![2],
            candidates: vec![],
            alternate: vec![],
            fins: vec![],
            houses: vec![],
            cover_houses: vec![],
            links: vec![PlainLink {
                from: PlainNode { digit: 2, cells: vec![2] },
                to: PlainNode { digit: 2, cells: vec![20] },
                strong: false,
            }],
            proof: vec![],
        };
        let view = GridView {
            pos: &pos,
            auto: true,
            step: Some(&step),
            selected: None,
            warnings: &warnings,
            mistakes: None,
            singles: None,
            highlight: None,
            bivalue: false,
            drill: &[],
        };
        let pal = page(false);
        let svg = svg(&view, &pal);
        assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
        assert_eq!(svg.matches("data-cell=").count(), 81);
        let digits = svg.matches(r#"class="digit""#).count();
        assert_eq!(digits, givens.iter().filter(|&&d| d != 0).count());
        assert!(svg.contains(EASY));
        // Roles: the placed candidate in --place, the removed one struck, the cell shaded.
        assert!(svg.contains(&format!(r#"fill="{}""#, pal.get("--place"))));
        assert!(svg.contains("c-elim"));
        assert!(svg.contains(&format!(r#"fill="{}""#, pal.get("--hl-cell"))));
        // The one link, weak: dashed, its head filled, no empty path for the strong ones; its
        // width, dashes and opacity those of the stylesheet (which the screen's overlay uses).
        assert_eq!(
            ["--link-width", "--link-dash", "--link-opacity"].map(|v| pal.get(v)),
            ["0.035", "0.1 0.07", "0.9"]
        );
        assert!(svg.contains(r#"stroke-width="0.035""#));
        assert!(svg.contains(r#"stroke-dasharray="0.1 0.07""#));
        assert!(svg.contains(r#"opacity="0.9""#));
        // Read, not written in: another stylesheet's values reach the picture.
        let css = include_str!("../style.css")
            .replace("--link-width: 0.035", "--link-width: 0.05")
            .replace("--link-dash: 0.1 0.07", "--link-dash: 0.2 0.1")
            .replace("--link-opacity: 0.9", "--link-opacity: 0.75");
        let other = super::svg(&view, &Palette::from_css(&css, false));
        for attr in [r#"stroke-width="0.05""#, r#"stroke-dasharray="0.2 0.1""#, r#"opacity="0.75""#]
        {
            assert!(other.contains(attr), "{attr}");
        }
        assert_eq!(svg.matches('Z').count(), 1);
        assert!(!svg.contains(r#"d="""#));
        assert!(!svg.contains("selected") && !svg.contains("peer"));
        // Balanced groups.
        assert_eq!(svg.matches("<g").count(), svg.matches("</g>").count());
        assert!(svg.contains(r#"<g class="links""#));
        // A link with no length (a node to itself) draws no arrow, so no group for it.
        let still = PlainLink {
            from: PlainNode { digit: 2, cells: vec![2] },
            to: PlainNode { digit: 2, cells: vec![2] },
            strong: true,
        };
        let step = PlainStep { links: vec![still], ..step.clone() };
        let svg = super::svg(&GridView { step: Some(&step), ..view }, &pal);
        assert!(!svg.contains(r#"class="links""#) && !svg.contains(r#"d="""#));
    }
}
