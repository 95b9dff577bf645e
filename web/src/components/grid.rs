//! The 9×9 grid: an ARIA grid of cells, each a digit or a 3×3 mini-grid of candidates, with the
//! highlights of one step drawn from its generic roles (no technique is named here) and the
//! chain links in an SVG overlay.

use crate::protocol::{CellOrigin, PlainBoard, PlainCand, PlainStep};
use deduku::House;
use web_sys::HtmlElement;
use yew::prelude::*;

/// The grid's inputs.
#[derive(Properties, PartialEq)]
pub struct GridProps {
    /// The position to draw.
    pub board: PlainBoard,
    /// The step whose highlights are drawn, if any.
    pub step: Option<PlainStep>,
    /// The selected cell.
    pub selected: usize,
    /// Whether candidates are drawn.
    pub show_candidates: bool,
    /// Cells with a duplicate digit.
    pub conflicts: Vec<usize>,
    /// A cell (0–80) was clicked.
    pub on_select: Callback<usize>,
    /// An arrow key: move the selection by (rows, columns).
    pub on_move: Callback<(i32, i32)>,
    /// A digit key (1–9), or 0 for Delete, Backspace, `0` and `.`.
    pub on_input: Callback<u8>,
}

/// The screen-reader label of a cell: `row 3 column 5, empty, candidates 1 4 7`.
pub fn cell_label(board: &PlainBoard, i: usize) -> String {
    let (r, c) = (i / 9 + 1, i % 9 + 1);
    let v = board.value(i);
    if v != 0 {
        let kind = match board.origin(i) {
            CellOrigin::Given => "given",
            CellOrigin::User => "entered",
            _ => "solved",
        };
        return format!("row {r} column {c}, {v}, {kind}");
    }
    let cands: Vec<String> = (1..=9u8)
        .filter(|d| board.cand_mask(i) & (1 << (d - 1)) != 0)
        .map(|d| d.to_string())
        .collect();
    if cands.is_empty() {
        format!("row {r} column {c}, empty, no candidates")
    } else {
        format!("row {r} column {c}, empty, candidates {}", cands.join(" "))
    }
}

/// Roles of one candidate in a step, as CSS classes.
fn candidate_classes(step: &PlainStep, cell: usize, digit: u8) -> Classes {
    let k = PlainCand { cell: cell as u8, digit };
    let mut c = Classes::new();
    if step.placements.contains(&k) {
        c.push("c-place");
    }
    if step.eliminations.contains(&k) {
        c.push("c-elim");
    }
    if step.fins.contains(&k) {
        c.push("c-fin");
    }
    if step.alternate.contains(&k) {
        c.push("c-alt");
    }
    if step.candidates.contains(&k) {
        c.push("c-pat");
    }
    if step.links.iter().any(|l| {
        (l.from.digit == digit && l.from.cells.contains(&(cell as u8)))
            || (l.to.digit == digit && l.to.cells.contains(&(cell as u8)))
    }) {
        c.push("c-link");
    }
    c
}

/// Roles of one cell in a step, as CSS classes.
fn cell_step_classes(step: &PlainStep, cell: usize) -> Classes {
    let mut c = Classes::new();
    let in_houses = |hs: &[u8]| {
        hs.iter().any(|&h| {
            House::new(h as usize).is_some_and(|h| h.cells().iter().any(|x| x.index() == cell))
        })
    };
    if step.cells.contains(&(cell as u8)) {
        c.push("hl-cell");
    }
    if in_houses(&step.houses) {
        c.push("hl-house");
    }
    if in_houses(&step.cover_houses) {
        c.push("hl-cover");
    }
    c
}

/// What a key pressed on the grid means.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum GridKey {
    /// Move the selection by (rows, columns).
    Move(i32, i32),
    /// Type a digit (1–9) or clear (0).
    Input(u8),
}

/// Maps a key pressed on the grid to its meaning, if it has one.
pub fn grid_key(key: &str) -> Option<GridKey> {
    Some(match key {
        "ArrowUp" => GridKey::Move(-1, 0),
        "ArrowDown" => GridKey::Move(1, 0),
        "ArrowLeft" => GridKey::Move(0, -1),
        "ArrowRight" => GridKey::Move(0, 1),
        "Delete" | "Backspace" | "0" | "." => GridKey::Input(0),
        k if k.len() == 1 && ("1"..="9").contains(&k) => GridKey::Input(k.as_bytes()[0] - b'0'),
        _ => return None,
    })
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
        let (on_move, on_input) = (props.on_move.clone(), props.on_input.clone());
        Callback::from(move |e: KeyboardEvent| {
            if e.ctrl_key() || e.meta_key() || e.alt_key() {
                return;
            }
            let Some(key) = grid_key(&e.key()) else { return };
            e.prevent_default();
            match key {
                GridKey::Move(dr, dc) => on_move.emit((dr, dc)),
                GridKey::Input(d) => on_input.emit(d),
            }
        })
    };
    let b = &props.board;
    let step = props.step.as_ref();
    let sel_value = b.value(props.selected);
    let sel_cell = deduku::Cell::from_index(props.selected.min(80));
    let rows = (0..9).map(|r| {
        let cells = (0..9).map(|c| {
            let i = r * 9 + c;
            let v = b.value(i);
            let mut class = classes!("cell");
            class.push(match b.origin(i) {
                CellOrigin::Given => "given",
                CellOrigin::User => "user",
                CellOrigin::Solver => "solver",
                CellOrigin::Empty => "empty",
            });
            if c % 3 == 2 && c < 8 {
                class.push("box-right");
            }
            if r % 3 == 2 && r < 8 {
                class.push("box-bottom");
            }
            if i == props.selected {
                class.push("selected");
            } else if sel_cell.sees(deduku::Cell::from_index(i)) {
                class.push("peer");
            }
            if v != 0 && v == sel_value {
                class.push("same-digit");
            }
            if props.conflicts.contains(&i) {
                class.push("conflict");
            }
            if let Some(s) = step {
                class.extend(cell_step_classes(s, i));
            }
            let content = if v != 0 {
                html! { <span class="digit">{ v }</span> }
            } else if props.show_candidates || step.is_some() {
                let mask = b.cand_mask(i);
                let slots = (1..=9u8).map(|d| {
                    if mask & (1 << (d - 1)) == 0 {
                        html! { <span class="cand"></span> }
                    } else {
                        let mut cc = classes!("cand", "on");
                        if let Some(s) = step {
                            cc.extend(candidate_classes(s, i, d));
                        }
                        html! { <span class={cc}>{ d }</span> }
                    }
                });
                html! { <span class="cands" aria-hidden="true">{ for slots }</span> }
            } else {
                html! {}
            };
            let onclick = props.on_select.reform(move |_: MouseEvent| i);
            let label = if props.conflicts.contains(&i) {
                format!("{}, conflict", cell_label(b, i))
            } else {
                cell_label(b, i)
            };
            html! {
                <div role="gridcell" class={class} data-cell={i.to_string()} data-value={v.to_string()}
                    aria-label={label} aria-selected={(i == props.selected).to_string()}
                    tabindex={if i == props.selected { "0" } else { "-1" }} {onclick}>
                    { content }
                </div>
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
        let board = PlainBoard::from_board(&deduku::format::parse(EASY).expect("a puzzle"));
        assert_eq!(cell_label(&board, 0), "row 1 column 1, 5, given");
        assert!(cell_label(&board, 2).starts_with("row 1 column 3, empty, candidates 1 2 4"));
    }

    #[test]
    fn keys_map_to_moves_and_digits() {
        assert_eq!(grid_key("7"), Some(GridKey::Input(7)));
        assert_eq!(grid_key("Backspace"), Some(GridKey::Input(0)));
        assert_eq!(grid_key("0"), Some(GridKey::Input(0)));
        assert_eq!(grid_key("ArrowLeft"), Some(GridKey::Move(0, -1)));
        assert_eq!(grid_key("a"), None);
        assert_eq!(grid_key("10"), None);
    }
}
