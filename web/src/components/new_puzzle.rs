//! "New puzzle": a level, or a technique to practise; ready at once from the pool when one is
//! kept, else made by the worker with progress and Cancel.

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
    /// What the worker is making, if anything, and its attempts so far.
    pub making: Option<(PuzzleChoice, u32)>,
    /// Entering givens (the switch's state).
    pub givens_mode: bool,
    /// Where the buttons send their actions.
    pub on_action: Callback<Action>,
}

/// The new-puzzle panel.
#[component]
pub fn NewPuzzle(props: &NewPuzzleProps) -> Html {
    let technique = use_node_ref();
    let on_level = props.on_action.reform(|e: Event| {
        let s: HtmlSelectElement = e.target_unchecked_into();
        Action::SetLevel(s.value())
    });
    let level = props.level.clone();
    let on_new = props
        .on_action
        .reform(move |_: MouseEvent| Action::NewPuzzle(PuzzleChoice::Level(level.clone())));
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
    let making = match &props.making {
        Some((choice, attempts)) => html! {
            <p id="gen-progress" class="muted" role="status">
                { format!("Making a {} puzzle… {attempts} attempts", choice.label()) }
                { " " }
                <button id="gen-cancel" class="small danger" onclick={on_click(&props.on_action, Action::Cancel)}>{ "Cancel" }</button>
            </p>
        },
        None => html! {},
    };
    html! {
        <section class="new-puzzle" aria-labelledby="puzzle-title">
            <h2 id="puzzle-title">{ "Puzzle" }</h2>
            <div class="sample-row">
                <label for="gen-level">{ "New puzzle" }</label>
                <select id="gen-level" onchange={on_level}>{ for levels }</select>
                <button id="new-puzzle" onclick={on_new} title="A new puzzle of this level (g)" aria-label="New puzzle">{ "New" }</button>
            </div>
            <div class="sample-row">
                <label for="gen-technique">{ "Practise" }</label>
                <select id="gen-technique" ref={technique}>{ for options }</select>
                <button id="practise" onclick={on_practise}
                    title="A new puzzle whose path uses this technique and nothing harder"
                    aria-label="New practice puzzle">{ "New" }</button>
            </div>
            { making }
            <div class="button-row">
                <button id="toggle-givens" onclick={on_click(&props.on_action, Action::ToggleGivens)}
                    aria-pressed={props.givens_mode.to_string()}
                    title="When on, typed digits are the puzzle's givens">
                    { "Enter givens" }</button>
                <button id="clear" onclick={on_click(&props.on_action, Action::Clear)}>{ "New empty grid" }</button>
            </div>
        </section>
    }
}
