//! The digit pad for touch screens, and the toggles for candidates and givens entry.

use super::on_click;
use crate::state::Action;
use yew::prelude::*;

/// The pad's inputs.
#[derive(Properties, PartialEq)]
pub struct PadProps {
    /// Whether candidates are shown (the toggle's state).
    pub show_candidates: bool,
    /// Whether typed digits are givens (the toggle's state).
    pub givens_mode: bool,
    /// A digit (1–9) or clear (0) was pressed; the same callback as the grid's.
    pub on_input: Callback<u8>,
    /// Where the toggles and "New empty grid" send their actions.
    pub on_action: Callback<Action>,
}

/// The digit pad.
#[component]
pub fn Pad(props: &PadProps) -> Html {
    let input = |d: u8| props.on_input.reform(move |_: MouseEvent| d);
    let act = |a: Action| on_click(&props.on_action, a);
    let digits = (1..=9u8).map(|d| {
        html! {
            <button class="pad-digit" onclick={input(d)}
                aria-label={format!("Enter {d}")}>{ d }</button>
        }
    });
    html! {
        <section class="pad" aria-label="Digit pad">
            <div class="pad-digits">
                { for digits }
                <button class="pad-digit" onclick={input(0)} aria-label="Clear cell">{ "⌫" }</button>
            </div>
            <div class="button-row">
                <button id="toggle-candidates" onclick={act(Action::ToggleCandidates)}
                    aria-pressed={props.show_candidates.to_string()} title="Show candidates (c)">
                    { "Candidates" }</button>
                <button id="toggle-givens" onclick={act(Action::ToggleGivens)}
                    aria-pressed={props.givens_mode.to_string()}
                    title="When on, typed digits are the puzzle's givens">
                    { "Enter givens" }</button>
                <button id="clear" onclick={act(Action::Clear)}>{ "New empty grid" }</button>
            </div>
        </section>
    }
}
