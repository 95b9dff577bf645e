//! Step-through controls: previous, next, play/pause with a speed, to start, solve all, hint and
//! cancel, plus the current step's text.

use super::on_click;
use crate::protocol::PlainStep;
use crate::state::{Action, Reveal};
use std::rc::Rc;
use web_sys::HtmlInputElement;
use yew::prelude::*;

/// The controls' inputs.
#[derive(Properties, PartialEq)]
pub struct ControlsProps {
    /// Number of steps applied in the position shown.
    pub cursor: usize,
    /// Number of steps received so far.
    pub steps: usize,
    /// The step at the cursor (the next one to apply), if it has arrived.
    pub step: Option<Rc<PlainStep>>,
    /// How much of that step is shown.
    pub reveal: Reveal,
    /// Whether steps are still arriving.
    pub running: bool,
    /// Whether a parse or an analysis is awaited (Cancel is offered then too).
    pub waiting: bool,
    /// Whether the path was cancelled.
    pub cancelled: bool,
    /// Whether the player runs.
    pub playing: bool,
    /// The player's delay between steps, in milliseconds.
    pub speed_ms: u32,
    /// Where the buttons and the speed slider send their actions.
    pub on_action: Callback<Action>,
}

/// "What is a Naked Pair?", "What is an X-Wing?".
pub fn what_is(technique: &str) -> String {
    // X is read "ex": an X-Wing, an XY-Chain.
    let article = if technique.starts_with(['A', 'E', 'I', 'O', 'U', 'X']) { "an" } else { "a" };
    format!("What is {article} {technique}?")
}

/// The Hint button's labels: before the hint, after it names the technique, after it shows where.
const HINT_LABELS: [&str; 3] = ["Hint", "Hint: where?", "Apply step"];

/// The speeds offered, as delays in milliseconds, slowest first.
const SPEEDS: [u32; 6] = [2000, 1200, 600, 300, 120, 50];

/// The step-through controls.
#[component]
pub fn Controls(props: &ControlsProps) -> Html {
    let act = |a: Action| on_click(&props.on_action, a);
    let n = props.steps;
    let has_next = props.cursor < n;
    let speed_index = SPEEDS.iter().position(|&s| s <= props.speed_ms).unwrap_or(SPEEDS.len() - 1);
    let on_speed = props.on_action.reform(|e: InputEvent| {
        let input: HtmlInputElement = e.target_unchecked_into();
        let i: usize = input.value().parse().unwrap_or(2);
        Action::SetSpeed(SPEEDS[i.min(SPEEDS.len() - 1)])
    });
    let hint_label = match props.reveal {
        _ if !has_next => HINT_LABELS[0],
        Reveal::Nothing => HINT_LABELS[0],
        Reveal::Name => HINT_LABELS[1],
        Reveal::Everything => HINT_LABELS[2],
    };
    let step_text = match (props.step.as_deref(), props.reveal) {
        (Some(s), Reveal::Everything) => html! {
            <div class="step-text" id="step-text">
                <p><strong>{ format!("Step {} of {}{}: {}", props.cursor + 1, n, if props.running { "+" } else { "" }, s.technique) }</strong></p>
                <p class="explanation" id="step-explanation">{ &s.explanation }</p>
                <p class="notation muted" id="step-notation"><code>{ &s.text }</code></p>
                if !s.about.is_empty() {
                    <details class="about" id="step-about">
                        <summary>{ what_is(&s.technique) }</summary>
                        <p>{ &s.about }</p>
                    </details>
                }
            </div>
        },
        (Some(s), Reveal::Name) => html! {
            <p class="step-text" id="step-text"><strong>{ "Hint: " }</strong>
                { format!("look for a {}.", s.technique) }</p>
        },
        (None, _) if n > 0 && props.cursor == n && !props.running => html! {
            <p class="step-text" id="step-text">{ format!("End of the path ({n} steps).") }</p>
        },
        _ => {
            html! { <p class="step-text muted" id="step-text">{ "Step through the solution, or ask for a hint." }</p> }
        }
    };
    html! {
        <section class="controls" aria-label="Step through">
            <div class="button-row">
                <button id="to-start" onclick={act(Action::ToStart)} disabled={props.cursor == 0}
                    title="To start (Home)">{ "|◀ Start" }</button>
                <button id="prev" onclick={act(Action::Prev)} disabled={props.cursor == 0}
                    title="Previous step (p)" aria-label="Previous step">{ "◀ Prev" }</button>
                <button id="next" onclick={act(Action::Next)} disabled={!has_next}
                    title="Next step (n)" aria-label="Next step">{ "Next ▶" }</button>
                <button id="play" onclick={act(Action::TogglePlay)} disabled={!has_next && !props.playing}
                    aria-pressed={props.playing.to_string()} title="Play or pause (space)">
                    { if props.playing { "Pause" } else { "Play ▶" } }</button>
                <button id="solve-all" onclick={act(Action::SolveAll)} disabled={!has_next && !props.running}
                    title="Solve all (End)">{ "Solve all ▶|" }</button>
                // As wide as its widest label, and Cancel's place kept while there is nothing to
                // cancel: the row wraps the same way whatever the state, so no button moves
                // under the pointer when a label changes or the path ends.
                <button id="hint" class="stacked" onclick={act(Action::Hint)} title="Hint (h)">
                    { for HINT_LABELS.iter().map(|&l| html! {
                        <span class={classes!((l != hint_label).then_some("off"))}>{ l }</span>
                    }) }
                </button>
                if props.running || props.waiting {
                    <button id="cancel" class="danger" onclick={act(Action::Cancel)} title="Cancel (Escape)">
                        { "Cancel" }</button>
                } else {
                    <button class="danger slot" disabled=true aria-hidden="true">{ "Cancel" }</button>
                }
            </div>
            <label class="speed">{ "Speed " }
                <input id="speed" type="range" min="0" max={(SPEEDS.len() - 1).to_string()}
                    value={speed_index.to_string()} oninput={on_speed}
                    aria-valuetext={format!("{} ms per step", props.speed_ms)} />
            </label>
            // Announced to screen readers as the step, hint or end of the path changes.
            <div class="step-live" aria-live="polite">{ step_text }</div>
            if props.cancelled {
                <p class="muted">{ format!("Stopped after {n} steps.") }</p>
            }
        </section>
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn what_is_uses_the_right_article() {
        assert_eq!(super::what_is("Naked Pair"), "What is a Naked Pair?");
        assert_eq!(super::what_is("X-Wing"), "What is an X-Wing?");
        assert_eq!(super::what_is("Empty Rectangle"), "What is an Empty Rectangle?");
    }
}
