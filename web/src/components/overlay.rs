//! Chain links drawn as arrows over the grid: solid for strong links, dashed for weak ones,
//! from candidate to candidate (a group node's arrow ends at the middle of its candidates).

use crate::fixed::Fixed;
use crate::protocol::{PlainLink, PlainNode};
use yew::prelude::*;

/// The overlay's inputs.
#[derive(Properties, PartialEq)]
pub struct OverlayProps {
    /// The links, in chain order.
    pub links: Vec<PlainLink>,
}

/// The centre of a node in grid units (one cell = 1), `None` for an empty node.
pub fn node_center(n: &PlainNode) -> Option<(f64, f64)> {
    if n.cells.is_empty() || !(1..=9).contains(&n.digit) {
        return None;
    }
    let d = f64::from(n.digit - 1);
    let (mut x, mut y) = (0.0, 0.0);
    for &c in &n.cells {
        x += f64::from(c % 9) + ((d % 3.0) + 0.5) / 3.0;
        y += f64::from(c / 9) + ((d / 3.0).floor() + 0.5) / 3.0;
    }
    let k = n.cells.len() as f64;
    Some((x / k, y / k))
}

/// A link's arrow in grid units: the curve's start, control point and end, and the
/// arrowhead's tip and two back corners. `None` when the link has no length.
fn arrow(l: &PlainLink) -> Option<[(f64, f64); 6]> {
    let (x1, y1) = node_center(&l.from)?;
    let (x2, y2) = node_center(&l.to)?;
    let (dx, dy) = (x2 - x1, y2 - y1);
    let len = (dx * dx + dy * dy).sqrt();
    if len < 0.01 {
        return None;
    }
    // Start and stop short of the candidates so the digits stay readable; bend the line a
    // little so arrows between the same cells in both directions do not overlap.
    let pad = 0.14;
    let (ux, uy) = (dx / len, dy / len);
    let (sx, sy) = (x1 + ux * pad, y1 + uy * pad);
    let (ex, ey) = (x2 - ux * (pad + 0.02), y2 - uy * (pad + 0.02));
    let bend = (0.12 * len).min(0.5);
    let (cx, cy) = ((sx + ex) / 2.0 - uy * bend, (sy + ey) / 2.0 + ux * bend);
    // The head points along the curve's end (from the control point to the end): its tip
    // 0.035 past the end, its back 0.14 before it and 0.175 wide (the size an SVG marker of
    // 5 × 5 stroke widths would have at the 0.035 stroke).
    let (hx, hy) = (ex - cx, ey - cy);
    let h = (hx * hx + hy * hy).sqrt();
    let (vx, vy) = (hx / h, hy / h);
    let tip = (ex + vx * 0.035, ey + vy * 0.035);
    let (bx, by) = (ex - vx * 0.14, ey - vy * 0.14);
    let side = 0.0875;
    Some([
        (sx, sy),
        (cx, cy),
        (ex, ey),
        tip,
        (bx - vy * side, by + vx * side),
        (bx + vy * side, by - vx * side),
    ])
}

/// The arrows of a step's links as three SVG paths (`d`, in grid units): the strong links'
/// curves, the weak links' curves and every arrowhead. One element each however many links
/// a step has: a forcing net's hundreds of arrows, drawn as an element each, cost the page
/// (Yew's render, style, layout and paint) about a quarter of each step's longest task. The
/// screen's overlay and the picture ([`crate::picture`]) draw the same paths.
#[derive(Debug, Default, PartialEq)]
pub struct LinkPaths {
    /// The strong links' curves (drawn solid).
    pub strong: String,
    /// The weak links' curves (drawn dashed; SVG restarts the dashes at each curve).
    pub weak: String,
    /// The arrowheads, filled triangles.
    pub heads: String,
}

/// The paths of `links` (see [`LinkPaths`]); a link with no length draws nothing.
pub fn link_paths(links: &[PlainLink]) -> LinkPaths {
    use std::fmt::Write;
    let mut p = LinkPaths::default();
    let f = |x: f64| Fixed(x, 3);
    for l in links {
        let Some([s, c, e, t, a, b]) = arrow(l) else { continue };
        let curve = if l.strong { &mut p.strong } else { &mut p.weak };
        let _ = write!(curve, "M{} {}Q{} {} {} {}", f(s.0), f(s.1), f(c.0), f(c.1), f(e.0), f(e.1));
        let _ =
            write!(p.heads, "M{} {}L{} {}L{} {}Z", f(t.0), f(t.1), f(a.0), f(a.1), f(b.0), f(b.1));
    }
    p
}

/// The overlay component.
#[component]
pub fn LinkOverlay(props: &OverlayProps) -> Html {
    let LinkPaths { strong, weak, heads } = link_paths(&props.links);
    html! {
        <svg class="overlay" viewBox="0 0 9 9" aria-hidden="true" focusable="false">
            if !strong.is_empty() {
                <path class="link strong" d={strong} />
            }
            if !weak.is_empty() {
                <path class="link weak" d={weak} />
            }
            if !heads.is_empty() {
                <path class="link-heads" d={heads} />
            }
        </svg>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn centres_sit_on_the_candidate_and_groups_average() {
        let one = PlainNode { digit: 5, cells: vec![0] };
        assert_eq!(node_center(&one), Some((0.5, 0.5)));
        let nine = PlainNode { digit: 9, cells: vec![80] };
        let (x, y) = node_center(&nine).unwrap();
        assert!((x - (8.0 + 2.5 / 3.0)).abs() < 1e-9 && (y - (8.0 + 2.5 / 3.0)).abs() < 1e-9);
        let group = PlainNode { digit: 1, cells: vec![0, 1] };
        assert_eq!(node_center(&group).map(|p| p.1), Some(0.5 / 3.0));
        assert_eq!(node_center(&PlainNode { digit: 0, cells: vec![1] }), None);
    }

    #[test]
    fn links_become_one_path_per_kind_and_one_for_the_heads() {
        let node = |digit, cell| PlainNode { digit, cells: vec![cell] };
        let link = |from, to, strong| PlainLink { from, to, strong };
        let links = [
            link(node(1, 0), node(1, 8), true),
            link(node(1, 8), node(1, 80), false),
            link(node(1, 80), node(1, 72), true),
            // No length: drawn nowhere.
            link(node(5, 40), node(5, 40), true),
        ];
        let p = link_paths(&links);
        assert_eq!(p.strong.matches('M').count(), 2);
        assert_eq!(p.weak.matches('M').count(), 1);
        assert_eq!(p.heads.matches('Z').count(), 3);
        // The first arrow, r1c1 to r1c9 (digit 1 sits at a sixth of a cell from the corner):
        // it starts 0.14 right of the first candidate and bends down (to the right of its way);
        // its head's tip lies 0.035 past the curve's end, along the curve.
        assert!(p.strong.starts_with("M0.307 0.167Q"), "{}", p.strong);
        let [s, c, e, t, a, b] = arrow(&links[0]).unwrap();
        assert!(
            (s.1 - 1.0 / 6.0).abs() < 1e-9
                && c.1 > s.1
                && (e.0 - (8.0 + 1.0 / 6.0 - 0.16)).abs() < 1e-9
        );
        let along = ((t.0 - e.0) * (e.0 - c.0) + (t.1 - e.1) * (e.1 - c.1))
            / ((e.0 - c.0).hypot(e.1 - c.1));
        assert!((along - 0.035).abs() < 1e-9 && (t.0 - e.0).hypot(t.1 - e.1) < 0.0351);
        // The back corners are 0.175 apart, the tip 0.175 ahead of their middle.
        assert!(((a.0 - b.0).hypot(a.1 - b.1) - 0.175).abs() < 1e-9);
        let (mx, my) = ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
        assert!(((t.0 - mx).hypot(t.1 - my) - 0.175).abs() < 1e-9);
        assert_eq!(link_paths(&links[3..]), LinkPaths::default());
    }
}
