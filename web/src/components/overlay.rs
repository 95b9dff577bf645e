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

/// The SVG path (`d`, in grid units) of the arrow of link `l`, `None` when it has no length.
/// The screen's overlay and the picture ([`crate::picture`]) draw the same paths.
pub fn link_path(l: &PlainLink) -> Option<String> {
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
    let f = |x: f64| Fixed(x, 3);
    Some(format!("M{} {} Q{} {} {} {}", f(sx), f(sy), f(cx), f(cy), f(ex), f(ey)))
}

/// The overlay component.
#[component]
pub fn LinkOverlay(props: &OverlayProps) -> Html {
    let arrows = props.links.iter().filter_map(|l| {
        let d = link_path(l)?;
        let class = if l.strong { "link strong" } else { "link weak" };
        Some(html! { <path class={class} d={d} marker-end="url(#arrowhead)" /> })
    });
    html! {
        <svg class="overlay" viewBox="0 0 9 9" aria-hidden="true" focusable="false">
            <defs>
                <marker id="arrowhead" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5"
                    markerHeight="5" orient="auto-start-reverse">
                    <path d="M0 0 L10 5 L0 10 z" class="arrowhead" />
                </marker>
            </defs>
            { for arrows }
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
}
