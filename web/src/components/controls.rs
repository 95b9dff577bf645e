//! Step-through controls: previous, next, play/pause with a speed, to start, solve all, hint and
//! cancel, plus the current step's text.

use crate::state::{Action, Model, PathState, Reveal};
use std::rc::Rc;
use web_sys::HtmlInputElement;
use yew::prelude::*;

/// The controls' inputs.
#[derive(Properties, PartialEq)]
pub struct ControlsProps {
    /// The model (read only).
    pub model: Rc<Model>,
    /// Where actions go.
    pub on_action: Callback<Action>,
}

/// The speeds offered, as delays in milliseconds, slowest first.
const SPEEDS: [u32; 6] = [2000, 1200, 600, 300, 120, 50];

/// The step-through controls.
#[component]
pub fn Controls(props: &ControlsProps) -> Html {
    let m = &props.model;
    let act = |a: Action| {
        let cb = props.on_action.clone();
        Callback::from(move |_: MouseEvent| cb.emit(a.clone()))
    };
    let n = m.path.len();
    let has_next = m.cursor < n;
    let speed_index = SPEEDS.iter().position(|&s| s <= m.speed_ms).unwrap_or(SPEEDS.len() - 1);
    let on_speed = {
        let cb = props.on_action.clone();
        Callback::from(move |e: InputEvent| {
            let input: HtmlInputElement = e.target_unchecked_into();
            let i: usize = input.value().parse().unwrap_or(2);
            cb.emit(Action::SetSpeed(SPEEDS[i.min(SPEEDS.len() - 1)]));
        })
    };
    let hint_label = match m.reveal {
        _ if !has_next => "Hint",
        Reveal::Nothing => "Hint",
        Reveal::Name => "Hint: where?",
        Reveal::Everything => "Apply step",
    };
    let step_text = match (m.current_step(), m.reveal) {
        (Some(s), Reveal::Everything) => html! {
            <p class="step-text" id="step-text">
                <strong>{ format!("Step {} of {}{}: ", m.cursor + 1, n, if m.running() { "+" } else { "" }) }</strong>
                { &s.text }
            </p>
        },
        (Some(s), Reveal::Name) => html! {
            <p class="step-text" id="step-text"><strong>{ "Hint: " }</strong>
                { format!("look for a {}.", s.technique) }</p>
        },
        (None, _) if n > 0 && m.cursor == n && !m.running() => html! {
            <p class="step-text" id="step-text">{ format!("End of the path ({n} steps).") }</p>
        },
        _ => {
            html! { <p class="step-text muted" id="step-text">{ "Step through the solution, or ask for a hint." }</p> }
        }
    };
    html! {
        <section class="controls" aria-label="Step through">
            <div class="button-row">
                <button id="to-start" onclick={act(Action::ToStart)} disabled={m.cursor == 0}
                    title="To start (Home)">{ "|◀ Start" }</button>
                <button id="prev" onclick={act(Action::Prev)} disabled={m.cursor == 0}
                    title="Previous step (p)" aria-label="Previous step">{ "◀ Prev" }</button>
                <button id="next" onclick={act(Action::Next)} disabled={!has_next}
                    title="Next step (n)" aria-label="Next step">{ "Next ▶" }</button>
                <button id="play" onclick={act(Action::TogglePlay)} disabled={!has_next && !m.playing}
                    aria-pressed={m.playing.to_string()} title="Play or pause (space)">
                    { if m.playing { "Pause" } else { "Play ▶" } }</button>
                <button id="solve-all" onclick={act(Action::SolveAll)} disabled={!has_next && !m.running()}
                    title="Solve all (End)">{ "Solve all ▶|" }</button>
                <button id="hint" onclick={act(Action::Hint)} title="Hint (h)">{ hint_label }</button>
                if m.running() || m.waiting() {
                    <button id="cancel" class="danger" onclick={act(Action::Cancel)} title="Cancel (Escape)">
                        { "Cancel" }</button>
                }
            </div>
            <label class="speed">{ "Speed " }
                <input id="speed" type="range" min="0" max={(SPEEDS.len() - 1).to_string()}
                    value={speed_index.to_string()} oninput={on_speed}
                    aria-valuetext={format!("{} ms per step", m.speed_ms)} />
            </label>
            { step_text }
            if m.path_state == PathState::Cancelled {
                <p class="muted">{ format!("Stopped after {n} steps.") }</p>
            }
        </section>
    }
}
