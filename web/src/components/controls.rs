//! The assistant's step-through: hint, previous, next, solve all, to start, play/pause with a
//! speed and cancel, plus the current hint or step's text in a place of fixed height.

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
    /// The line of the step's proof being shown, if any.
    pub proof_line: Option<usize>,
    /// Where the buttons and the speed slider send their actions.
    pub on_action: Callback<Action>,
}

/// At the next frame (the line's new classes are laid out then), scrolls the step box so that
/// the proof's current line shows; only the box scrolls (`scrollIntoView` would move the page).
fn scroll_current_line_soon(step_box: NodeRef) {
    use wasm_bindgen::JsCast;
    let scroll = wasm_bindgen::closure::Closure::once_into_js(move || {
        let Some(el) = step_box.cast::<web_sys::HtmlElement>() else { return };
        let Ok(Some(line)) = el.query_selector(".proof-line.current") else { return };
        let Ok(line) = line.dyn_into::<web_sys::HtmlElement>() else { return };
        // Both boxes' tops on the screen give the line's place in the box's content.
        let top = line.get_bounding_client_rect().top() - el.get_bounding_client_rect().top()
            + f64::from(el.scroll_top());
        let (height, shown) = (f64::from(line.offset_height()), f64::from(el.client_height()));
        let from = f64::from(el.scroll_top());
        if top < from || top + height > from + shown {
            el.set_scroll_top((top - shown / 3.0).max(0.0) as i32);
        }
    });
    if let Some(w) = web_sys::window() {
        let _ = w.request_animation_frame(scroll.unchecked_ref());
    }
}

/// Proofs longer than this are folded until a line is shown (their ending stays in view).
const FOLD_PROOF_OVER: usize = 12;

/// A forcing step's proof: its ending first, then the numbered lines, each a button that draws
/// that line on the grid; Line ◀ / ▶ (or `[` / `]`) step through them.
fn proof_view(step: &PlainStep, shown: Option<usize>, on_action: &Callback<Action>) -> Html {
    let lines: Vec<usize> =
        (0..step.proof.len()).filter(|&i| !step.proof[i].label.is_empty()).collect();
    let ending = step.proof.last().map(|l| l.text.clone()).unwrap_or_default();
    let position = match shown.and_then(|i| lines.iter().position(|&l| l == i)) {
        Some(k) => format!("line {} of {}", k + 1, lines.len()),
        None => format!("{} lines", lines.len()),
    };
    let items = step.proof.iter().enumerate().map(|(i, l)| {
        let class = classes!(
            "proof-line",
            format!("depth-{}", l.depth.min(3)),
            l.ends.then_some("ends"),
            (shown == Some(i)).then_some("current")
        );
        if l.label.is_empty() {
            return html! { <li class={classes!(class, "heading")}>{ &l.text }</li> };
        }
        let onclick = on_action.reform(move |_: MouseEvent| {
            Action::ProofLine(if shown == Some(i) { None } else { Some(i) })
        });
        html! {
            <li class={class}>
                <button class="proof-item" data-line={i.to_string()} {onclick}
                    aria-current={if shown == Some(i) { "step" } else { "false" }}>
                    <span class="proof-no">{ format!("{}.", l.label) }</span>{ " " }{ &l.text }
                </button>
            </li>
        }
    });
    let list = html! { <ol class="proof-lines" id="proof-lines">{ for items }</ol> };
    let folded = lines.len() > FOLD_PROOF_OVER && shown.is_none();
    html! {
        <div class="proof" id="proof">
            <p class="proof-ending" id="proof-ending"><strong>{ "Proof: " }</strong>{ ending }</p>
            <div class="button-row proof-buttons">
                <button id="proof-prev" class="small" onclick={on_click(on_action, Action::ProofStep(-1))}
                    title="Previous line of the proof ([)" aria-label="Previous line">{ "◀ Line" }</button>
                <span class="muted" id="proof-position">{ position }</span>
                <button id="proof-next" class="small" onclick={on_click(on_action, Action::ProofStep(1))}
                    title="Next line of the proof (])" aria-label="Next line">{ "Line ▶" }</button>
                if shown.is_some() {
                    <button id="proof-whole" class="small" onclick={on_click(on_action, Action::ProofLine(None))}
                        title="Draw the whole step again">{ "Whole step" }</button>
                }
            </div>
            if folded {
                <details class="proof-fold">
                    <summary>{ format!("All {} lines", lines.len()) }</summary>
                    { list }
                </details>
            } else {
                { list }
            }
        </div>
    }
}

/// A technique's name with the article it takes in a sentence: "a Naked Pair", "an X-Wing"
/// (X is read "ex"), "a Uniqueness Test 1" (U read "you"), and none for the names that are
/// plural or uncountable ("Locked Candidates Type 1 (Pointing)", "Multi Colors").
pub fn with_article(technique: &str) -> String {
    let bare = technique.starts_with("Locked Candidates")
        || technique.contains("Colors")
        || technique == "Brute Force";
    if bare {
        technique.to_string()
    } else if technique.starts_with(['A', 'E', 'I', 'O', 'X']) {
        format!("an {technique}")
    } else {
        format!("a {technique}")
    }
}

/// "What is a Naked Pair?", "What is an X-Wing?".
pub fn what_is(technique: &str) -> String {
    format!("What is {}?", with_article(technique))
}

/// The Hint button's labels: before the hint, after it names the technique, after it shows where.
const HINT_LABELS: [&str; 3] = ["Hint", "Hint: where?", "Apply step"];

/// The speeds offered, as delays in milliseconds, slowest first.
const SPEEDS: [u32; 6] = [2000, 1200, 600, 300, 120, 50];

/// The step-through controls.
#[component]
pub fn Controls(props: &ControlsProps) -> Html {
    let act = |a: Action| on_click(&props.on_action, a);
    let step_box = use_node_ref();
    {
        // Keep the proof's current line in view: the box scrolls, never the page.
        let step_box = step_box.clone();
        use_effect_with(props.proof_line, move |line| {
            if line.is_some() {
                scroll_current_line_soon(step_box);
            }
        });
    }
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
        (Some(s), Reveal::Everything) if !s.proof.is_empty() => {
            // The explanation of a step with a proof is its intro, the numbered lines and the
            // conclusion: the lines are drawn as the proof's list here.
            let intro = s.explanation.lines().next().unwrap_or_default();
            let last = s.explanation.lines().last().unwrap_or_default();
            html! {
                <div class="step-text" id="step-text">
                    <p><strong>{ format!("Step {} of {}{}: {}", props.cursor + 1, n, if props.running { "+" } else { "" }, s.technique) }</strong></p>
                    <p class="explanation" id="step-explanation">{ intro }</p>
                    { proof_view(s, props.proof_line, &props.on_action) }
                    <p class="explanation">{ last }</p>
                    <p class="notation muted" id="step-notation"><code>{ &s.text }</code></p>
                </div>
            }
        }
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
                { format!("look for {}.", with_article(&s.technique)) }</p>
        },
        (None, _) if n > 0 && props.cursor == n && !props.running => html! {
            <p class="step-text" id="step-text">{ format!("End of the path ({}).", crate::components::status::steps_word(n)) }</p>
        },
        _ => {
            html! { <p class="step-text muted" id="step-text">{ "Step through the solution, or ask for a hint." }</p> }
        }
    };
    html! {
        <section class="controls" aria-label="Step through">
            <div class="button-row step-buttons">
                // Hint first; short labels with a plain name each (the symbols are hidden from
                // screen readers). Hint is as wide as its widest label, and Cancel's place is
                // kept while there is nothing to cancel: the row wraps the same way whatever the
                // state, so no button moves under the pointer when a label changes or the path
                // ends.
                <button id="hint" class="stacked" onclick={act(Action::Hint)} title="Hint (h)">
                    { for HINT_LABELS.iter().map(|&l| html! {
                        <span class={classes!((l != hint_label).then_some("off"))}>{ l }</span>
                    }) }
                </button>
                <button id="prev" onclick={act(Action::Prev)} disabled={props.cursor == 0}
                    title="Previous step (p)" aria-label="Previous step">
                    <span aria-hidden="true">{ "◀" }</span><span class="wide">{ " Prev" }</span></button>
                <button id="next" onclick={act(Action::Next)} disabled={!has_next}
                    title="Next step (n)" aria-label="Next step">
                    <span class="wide">{ "Next " }</span><span aria-hidden="true">{ "▶" }</span></button>
                <button id="solve-all" onclick={act(Action::SolveAll)} disabled={!has_next && !props.running}
                    title="Solve all (Shift+End)">{ "Solve all" }</button>
                <button id="to-start" onclick={act(Action::ToStart)} disabled={props.cursor == 0}
                    title="To the start of the path (Shift+Home)" aria-label="To start">
                    <span aria-hidden="true">{ "|◀" }</span></button>
                <button id="play" onclick={act(Action::TogglePlay)} disabled={!has_next && !props.playing}
                    aria-pressed={props.playing.to_string()} title="Play or pause (space)" aria-label="Play">
                    <span aria-hidden="true">{ if props.playing { "❚❚" } else { "▷" } }</span></button>
                <label class="speed">{ "Speed " }
                    <input id="speed" type="range" min="0" max={(SPEEDS.len() - 1).to_string()}
                        value={speed_index.to_string()} oninput={on_speed}
                        aria-valuetext={format!("{} ms per step", props.speed_ms)} />
                </label>
                if props.running || props.waiting {
                    <button id="cancel" class="danger" onclick={act(Action::Cancel)} title="Cancel (Escape)">
                        { "Cancel" }</button>
                } else {
                    <button class="danger slot" disabled=true aria-hidden="true">{ "Cancel" }</button>
                }
            </div>
            // A place of fixed height that scrolls: a long explanation never moves what is
            // under it. The page's live region says the step (see `components::app`).
            <div class="step-box" ref={step_box}>
                { step_text }
                if props.cancelled {
                    <p class="muted">{ format!("Stopped after {}.", crate::components::status::steps_word(n)) }</p>
                }
            </div>
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
        assert_eq!(super::what_is("Uniqueness Test 1"), "What is a Uniqueness Test 1?");
        assert_eq!(super::what_is("AIC"), "What is an AIC?");
        assert_eq!(
            super::with_article("Locked Candidates Type 1 (Pointing)"),
            "Locked Candidates Type 1 (Pointing)"
        );
        assert_eq!(super::with_article("W-Wing"), "a W-Wing");
    }
}
