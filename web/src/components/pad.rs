//! The digit pad for touch screens, and the toggles for candidates and givens entry.

use crate::state::{Action, Model};
use std::rc::Rc;
use yew::prelude::*;

/// The pad's inputs.
#[derive(Properties, PartialEq)]
pub struct PadProps {
    /// The model (read only).
    pub model: Rc<Model>,
    /// Where actions go.
    pub on_action: Callback<Action>,
}

/// The digit pad.
#[component]
pub fn Pad(props: &PadProps) -> Html {
    let m = &props.model;
    let act = |a: Action| {
        let cb = props.on_action.clone();
        Callback::from(move |_: MouseEvent| cb.emit(a.clone()))
    };
    let digits = (1..=9u8).map(|d| {
        html! {
            <button class="pad-digit" onclick={act(Action::Input(d))}
                aria-label={format!("Enter {d}")}>{ d }</button>
        }
    });
    html! {
        <section class="pad" aria-label="Digit pad">
            <div class="pad-digits">
                { for digits }
                <button class="pad-digit" onclick={act(Action::Input(0))} aria-label="Clear cell">{ "⌫" }</button>
            </div>
            <div class="button-row">
                <button id="toggle-candidates" onclick={act(Action::ToggleCandidates)}
                    aria-pressed={m.show_candidates.to_string()} title="Show candidates (c)">
                    { "Candidates" }</button>
                <button id="toggle-givens" onclick={act(Action::ToggleGivens)}
                    aria-pressed={m.givens_mode.to_string()}
                    title="When on, typed digits are the puzzle's givens">
                    { "Enter givens" }</button>
                <button id="clear" onclick={act(Action::Clear)}>{ "New empty grid" }</button>
            </div>
        </section>
    }
}
