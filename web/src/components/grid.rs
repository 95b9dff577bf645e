//! The 9×9 grid: an ARIA grid of cells, each a digit or a 3×3 mini-grid of candidates, with the
//! highlights of one step drawn from its generic roles (no technique is named here) and the
//! chain links in an SVG overlay.

use crate::position::{Mistakes, Position, Singles, Warnings};
use crate::protocol::{CellOrigin, PlainStep};
use crate::roles::{CandidateView, CellView, DrillMark, GridView};
use crate::state::Action;
use std::rc::Rc;
use web_sys::HtmlElement;
use yew::prelude::*;

/// The grid's inputs.
#[derive(Properties, PartialEq)]
pub struct GridProps {
    /// The person's position.
    pub pos: Position,
    /// Auto candidates (else only the person's marks are drawn).
    pub auto: bool,
    /// The step whose highlights are drawn, if any.
    pub step: Option<Rc<PlainStep>>,
    /// The selected cell.
    pub selected: usize,
    /// What is visibly wrong (marked on its cells).
    pub warnings: Warnings,
    /// The mistakes to mark, when Check is on.
    pub mistakes: Option<Mistakes>,
    /// The singles to mark, when shown.
    pub singles: Option<Singles>,
    /// The highlighted digit.
    pub highlight: Option<u8>,
    /// Shade the cells with two candidates.
    pub bivalue: bool,
    /// A graded drill's wrong strikes and placements, marked on their cells.
    #[prop_or_default]
    pub drill: Vec<DrillMark>,
    /// A cell (0–80) was clicked.
    pub on_select: Callback<usize>,
    /// A key of the grid ([`grid_key`]).
    pub on_action: Callback<Action>,
}

/// The screen-reader label of a cell: `row 3 column 5, empty, candidates 1 4 7`.
pub fn cell_label(pos: &Position, i: usize, shown: u16) -> String {
    let (r, c) = (i / 9 + 1, i % 9 + 1);
    let v = pos.value(i);
    if v != 0 {
        let kind = match pos.kind(i) {
            CellOrigin::Given => "given",
            CellOrigin::User => "yours",
            _ => "helper",
        };
        return format!("row {r} column {c}, {v}, {kind}");
    }
    let cands: Vec<String> =
        (1..=9u8).filter(|d| shown & (1 << (d - 1)) != 0).map(|d| d.to_string()).collect();
    if cands.is_empty() {
        format!("row {r} column {c}, empty, no candidates")
    } else {
        format!("row {r} column {c}, empty, candidates {}", cands.join(" "))
    }
}

/// Maps a key pressed on the grid to its action: arrows move, digits place (or note, with
/// Shift: `code` is the physical key, `Digit5` or `Numpad5`, since Shift changes `key`), 0,
/// `.` and Delete clear, Backspace backs out, Home and End go to the row's first and last cell
/// (with Shift they are the page's: the path's start and end).
pub fn grid_key(key: &str, code: &str, shift: bool) -> Option<Action> {
    let digit =
        |s: &str| (s.len() == 1 && ("1"..="9").contains(&s)).then(|| s.as_bytes()[0] - b'0');
    if shift {
        let d = code.strip_prefix("Digit").or_else(|| code.strip_prefix("Numpad"));
        if let Some(d) = d.and_then(digit) {
            return Some(Action::Note(d));
        }
    }
    Some(match key {
        "ArrowUp" => Action::Move(-1, 0),
        "ArrowDown" => Action::Move(1, 0),
        "ArrowLeft" => Action::Move(0, -1),
        "ArrowRight" => Action::Move(0, 1),
        "Home" if !shift => Action::RowEdge(false),
        "End" if !shift => Action::RowEdge(true),
        "Delete" | "0" | "." => Action::Erase,
        "Backspace" => Action::BackOut,
        k => Action::Input(digit(k)?),
    })
}

/// A cell's unmarked candidates as one text of three lines, `123`, `456`, `789`, each digit
/// not drawn plainly a figure space (as wide as a digit), so that every digit keeps its column.
fn plain_text(candidates: &[CandidateView]) -> String {
    let mut text = String::with_capacity(31);
    for d in 1..=9u8 {
        let plain = candidates.iter().any(|k| k.digit == d && k.is_plain());
        text.push(if plain { char::from(b'0' + d) } else { '\u{2007}' });
        if d % 3 == 0 && d < 9 {
            text.push('\n');
        }
    }
    text
}

/// One cell's inputs: what it draws, already decided ([`GridView::cell`]).
#[derive(Properties, PartialEq)]
struct GridCellProps {
    /// The cell (0–80).
    index: usize,
    /// Its digit or candidates, with their classes.
    view: CellView,
    /// Its screen-reader label.
    label: AttrValue,
    /// Whether it is the selected cell (it then takes the keyboard focus).
    selected: bool,
    /// Clicked.
    on_select: Callback<usize>,
}

/// One cell of the grid. Its own component with props that compare equal when nothing it
/// draws changed, so Yew redraws only the cells a change touches.
#[component]
fn GridCell(props: &GridCellProps) -> Html {
    let i = props.index;
    let cell = &props.view;
    let (v, shown) = (cell.value, cell.shown);
    // The digit and the candidates are keyed apart, so a cell that turns from one to the other
    // replaces its content in one DOM removal instead of Yew reusing the span and removing the
    // candidates one by one (a pasted puzzle's givens: 9 removals each).
    let content = if v != 0 {
        html! { <span key="digit" class="digit">{ v }</span> }
    } else {
        // The marked candidates (a step's role, a highlight, a colour, a mistake) are boxes,
        // placed on the 3×3 lattice by their digit's class (`d1`–`d9`); the unmarked ones are
        // one text of three lines, set out by the stylesheet on the same lattice. A new puzzle
        // then lays out 81 texts, not up to 729 boxes. The text is the last child: Yew matches
        // unkeyed children from the end, so it stays the same node as the boxes come and go.
        const SLOT: [&str; 9] = ["d1", "d2", "d3", "d4", "d5", "d6", "d7", "d8", "d9"];
        let boxes = cell.candidates.iter().filter(|k| k.on && !k.is_plain()).map(|k| {
            let has = |class: &str| k.classes.iter().any(|c| c == class);
            let title = if has("c-wrong") {
                Some("removed, but the solution needs it")
            } else if has("c-against") {
                Some("struck, but it is the solution's digit")
            } else if has("c-unproven") {
                Some("struck, but the technique does not prove it")
            } else {
                None
            };
            let mut cc = classes!("cand", SLOT[usize::from(k.digit.clamp(1, 9) - 1)]);
            for c in &k.classes {
                cc.push(c.clone());
            }
            html! {
                <span class={cc} {title}>
                    { k.digit }</span>
            }
        });
        html! {
            <span key="cands" class="cands" aria-hidden="true">
                { for boxes }{ plain_text(&cell.candidates) }</span>
        }
    };
    let onclick = props.on_select.reform(move |_: MouseEvent| i);
    html! {
        <div role="gridcell" class={classes!(cell.classes.clone())} data-cell={i.to_string()} data-value={v.to_string()}
            data-cands={shown.to_string()}
            aria-label={props.label.clone()} aria-selected={props.selected.to_string()}
            tabindex={if props.selected { "0" } else { "-1" }} {onclick}>
            { content }
        </div>
    }
}

/// The grid component.
#[component]
pub fn Grid(props: &GridProps) -> Html {
    let grid_ref = use_node_ref();
    // Keep keyboard focus on the selected cell when the grid has focus.
    {
        let grid_ref = grid_ref.clone();
        use_effect_with(props.selected, move |&sel| {
            if let Some(grid) = grid_ref.cast::<HtmlElement>() {
                let active =
                    web_sys::window().and_then(|w| w.document()).and_then(|d| d.active_element());
                let inside = active.as_ref().is_some_and(|a| grid.contains(Some(a)));
                if inside
                    && let Ok(Some(cell)) = grid.query_selector(&format!("[data-cell='{sel}']"))
                    && let Ok(cell) = wasm_bindgen::JsCast::dyn_into::<HtmlElement>(cell)
                {
                    let _ = cell.focus();
                }
            }
        });
    }
    let onkeydown = {
        let on_action = props.on_action.clone();
        Callback::from(move |e: KeyboardEvent| {
            if e.ctrl_key() || e.meta_key() || e.alt_key() {
                return;
            }
            let Some(action) = grid_key(&e.key(), &e.code(), e.shift_key()) else { return };
            e.prevent_default();
            on_action.emit(action);
        })
    };
    let p = &props.pos;
    let step = props.step.as_deref();
    let view = GridView {
        pos: p,
        auto: props.auto,
        step,
        selected: Some(props.selected),
        warnings: &props.warnings,
        mistakes: props.mistakes.as_ref(),
        singles: props.singles.as_ref(),
        highlight: props.highlight,
        bivalue: props.bivalue,
        drill: &props.drill,
    };
    let rows = (0..9).map(|r| {
        let cells = (0..9).map(|c| {
            let i = r * 9 + c;
            let view = view.cell(i);
            let mut label = cell_label(p, i, view.shown);
            for (on, what) in [
                (view.has("conflict"), "conflict"),
                (view.has("no-cand"), "no candidate left"),
                (view.has("mistake"), "mistake"),
            ] {
                if on {
                    label.push_str(", ");
                    label.push_str(what);
                }
            }
            if p.cell_color(i) != 0 {
                label.push_str(&format!(", colour {}", p.cell_color(i)));
            }
            for m in props.drill.iter().filter(|m| m.cell == i) {
                label.push_str(", ");
                label.push_str(&m.label());
            }
            html! {
                <GridCell index={i} {view} label={AttrValue::from(label)}
                    selected={i == props.selected} on_select={props.on_select.clone()} />
            }
        });
        html! { <div role="row" class="grid-row">{ for cells }</div> }
    });
    html! {
        <div class="grid-wrap">
            <div ref={grid_ref} role="grid" class="grid" aria-label="Sudoku grid" aria-rowcount="9"
                aria-colcount="9" {onkeydown}>
                { for rows }
            </div>
            if let Some(s) = step {
                if !s.links.is_empty() {
                    <super::overlay::LinkOverlay links={s.links.clone()} />
                }
            }
            // The font faces of given, entered and solver digits, of highlighted candidates, of
            // the step list (its places, the current step's bold place, the verdict) and of the
            // small buttons (a message's dismiss button, and the verdict's bold one), laid out
            // (hidden) with the first grid
            // so that their font lookup is paid at load, not in the first paste or step (see
            // `.font-warm` in style.css). A face missing here costs the first paste a
            // synchronous lookup in the browser process, which is busy then: the current
            // step's bold monospace place took 20–47 ms of its longest task.
            <div class="font-warm" aria-hidden="true">
                <span class="given">{ "1" }</span><span class="user">{ "2" }</span>
                <span class="solver">{ "3" }</span><span class="cand-bold">{ "4" }</span>
                <span class="step-no">{ "1" }</span><span class="step-place">{ "r1c1" }</span>
                <span class="step-place current">{ "r1c1" }</span>
                <span class="verdict good">{ "5" }<span class="small">{ "6" }</span></span>
                <span class="small">{ "✕" }</span>
            </div>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_describe_cells() {
        const EASY: &str =
            "530070000600195000098000060800060003400803001700020006060000280000419005000080079";
        let givens: [u8; 81] = std::array::from_fn(|i| EASY.as_bytes()[i] - b'0');
        let pos = Position::from_givens(&givens);
        assert_eq!(cell_label(&pos, 0, 0), "row 1 column 1, 5, given");
        assert!(
            cell_label(&pos, 2, pos.candidates(2))
                .starts_with("row 1 column 3, empty, candidates 1 2 4")
        );
    }

    #[test]
    fn plain_candidates_keep_their_columns() {
        let k = |digit, classes: &[&str]| CandidateView {
            digit,
            on: !classes.is_empty(),
            classes: classes.iter().map(|&c| c.to_owned().into()).collect(),
        };
        let cands = [
            k(1, &["on"]),
            k(2, &[]),
            k(3, &["on", "c-elim"]),
            k(4, &["on"]),
            k(5, &[]),
            k(6, &[]),
            k(7, &[]),
            k(8, &[]),
            k(9, &["on"]),
        ];
        assert_eq!(plain_text(&cands), "1\u{2007}\u{2007}\n4\u{2007}\u{2007}\n\u{2007}\u{2007}9");
        assert_eq!(plain_text(&[]).chars().filter(|&c| c == '\u{2007}').count(), 9);
    }

    #[test]
    fn keys_map_to_actions() {
        assert_eq!(grid_key("7", "Digit7", false), Some(Action::Input(7)));
        assert_eq!(grid_key("&", "Digit7", true), Some(Action::Note(7)));
        assert_eq!(grid_key("7", "Numpad7", true), Some(Action::Note(7)));
        assert_eq!(grid_key("Backspace", "Backspace", false), Some(Action::BackOut));
        assert_eq!(grid_key("0", "Digit0", false), Some(Action::Erase));
        assert_eq!(grid_key("ArrowLeft", "ArrowLeft", false), Some(Action::Move(0, -1)));
        assert_eq!(grid_key("a", "KeyA", false), None);
        assert_eq!(grid_key("10", "", false), None);
    }
}
