//! Making puzzles: the toolbar's New puzzle (the level chosen) and New empty grid, and the
//! Puzzle menu's level, technique to practise and Enter givens. A puzzle is ready at once from the pool when one is
//! kept, else made by the worker (its progress and Cancel are in the messages, see
//! `components::status`).

use super::on_click;
use crate::protocol::PuzzleChoice;
use crate::state::{Action, POOL_LEVELS};
use deduku::Technique;
use web_sys::HtmlSelectElement;
use yew::prelude::*;

/// The panel's inputs.
#[derive(Properties, PartialEq)]
pub struct NewPuzzleProps {
    /// The level chosen.
    pub level: String,
    /// Puzzles ready per level, in [`POOL_LEVELS`] order.
    pub ready: Vec<usize>,
    /// Entering givens (the switch's state).
    pub givens_mode: bool,
    /// Where the buttons send their actions.
    pub on_action: Callback<Action>,
}

/// The toolbar's inputs.
#[derive(Properties, PartialEq)]
pub struct ToolbarProps {
    /// The level chosen.
    pub level: String,
    /// Where the button sends its action.
    pub on_action: Callback<Action>,
}

/// The two buttons always in view at the top of the page: "New puzzle" (of the level chosen in
/// the Puzzle menu) and "New empty grid".
#[component]
pub fn Toolbar(props: &ToolbarProps) -> Html {
    html! {
        <div class="toolbar">
            <button id="new-puzzle" class="primary" onclick={on_click(&props.on_action, Action::NewChosenPuzzle)}
                title={format!("A new {} puzzle (g); the level, practice and more are in the Puzzle menu", props.level)}>
                { "New puzzle" }</button>
            <button id="clear" onclick={on_click(&props.on_action, Action::Clear)}
                title="An empty grid, to type a puzzle's givens">{ "New empty grid" }</button>
        </div>
    }
}

/// The Puzzle menu's making of puzzles: level, practice, Enter givens.
#[component]
pub fn NewPuzzle(props: &NewPuzzleProps) -> Html {
    let technique = use_node_ref();
    let on_level = props.on_action.reform(|e: Event| {
        let s: HtmlSelectElement = e.target_unchecked_into();
        Action::SetLevel(s.value())
    });
    let on_new = on_click(&props.on_action, Action::NewChosenPuzzle);
    let on_practise = {
        let technique = technique.clone();
        let cb = props.on_action.clone();
        Callback::from(move |_: MouseEvent| {
            if let Some(s) = technique.cast::<HtmlSelectElement>() {
                cb.emit(Action::NewPuzzle(PuzzleChoice::Technique(s.value())));
            }
        })
    };
    let levels = POOL_LEVELS.iter().zip(&props.ready).map(|(l, n)| {
        html! { <option value={*l} selected={*l == props.level}>{ if *n > 0 { format!("{l} ({n} ready)") } else { l.to_string() } }</option> }
    });
    let techniques = Technique::ALL.iter().filter(|t| matches!(t.tier(), 1..=3)).filter(|t| {
        !matches!(t.id(), "full-house" | "naked-single" | "hidden-single" | "unit-permutation")
    });
    let options = techniques.enumerate().map(|(i, t)| {
        html! { <option value={t.id()} selected={i == 0}>{ t.name() }</option> }
    });
    html! {
        <div class="new-puzzle">
            <div class="sample-row">
                <label for="gen-level">{ "Level" }</label>
                <select id="gen-level" onchange={on_level}>{ for levels }</select>
                <button id="gen-new" onclick={on_new} title="A new puzzle of this level (g)">
                    { format!("New {} puzzle", props.level) }</button>
            </div>
            <div class="sample-row">
                <label for="gen-technique">{ "Technique to practise" }</label>
                <select id="gen-technique" ref={technique}>{ for options }</select>
                <button id="practise" onclick={on_practise}
                    title="A new puzzle whose path uses this technique and nothing harder">
                    { "New practice puzzle" }</button>
            </div>
            <div class="button-row">
                <button id="toggle-givens" onclick={on_click(&props.on_action, Action::ToggleGivens)}
                    aria-pressed={props.givens_mode.to_string()}
                    title="When on, typed digits are the puzzle's givens">
                    { "Enter givens" }</button>
            </div>
        </div>
    }
}
