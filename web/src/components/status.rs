//! Live status from the worker: conflicts, no solution, several solutions (with the two that
//! differ on request), unique with the rating, and progress of a long path.

use crate::protocol::{PathEnd, Verdict};
use crate::state::{Action, Model, PathState};
use std::rc::Rc;
use yew::prelude::*;

/// The status's inputs.
#[derive(Properties, PartialEq)]
pub struct StatusProps {
    /// The model (read only).
    pub model: Rc<Model>,
    /// Where actions go.
    pub on_action: Callback<Action>,
}

fn mini_grid(values: &[u8], other: &[u8], label: &str) -> Html {
    let cells = (0..81).map(|i| {
        let v = values.get(i).copied().unwrap_or(0);
        let differs = other.get(i).copied().unwrap_or(0) != v;
        let class = classes!(
            "mini-cell",
            differs.then_some("differs"),
            (i % 9 == 2 || i % 9 == 5).then_some("box-right"),
            ((i / 9) == 2 || (i / 9) == 5).then_some("box-bottom")
        );
        html! { <span class={class}>{ v }</span> }
    });
    html! { <div class="mini-grid" role="img" aria-label={label.to_string()}>{ for cells }</div> }
}

/// The status line.
#[component]
pub fn Status(props: &StatusProps) -> Html {
    let m = &props.model;
    let conflicts = m.conflicts();
    let verdict = if m.start.is_empty() {
        html! { <span id="verdict" class="verdict">{ "Type or paste a puzzle, or pick a sample." }</span> }
    } else if !conflicts.is_empty() {
        html! { <span id="verdict" class="verdict bad">{ format!("Conflict: {} cells share a digit with a peer", conflicts.len()) }</span> }
    } else {
        match &m.verdict {
            None => html! { <span id="verdict" class="verdict busy">{ "Checking…" }</span> },
            Some(Verdict::NoSolution(why)) => html! {
                <span id="verdict" class="verdict bad">{ "No solution" }
                    if !why.is_empty() { { format!(": {why}") } }</span>
            },
            Some(Verdict::Multiple(..)) => html! {
                <span id="verdict" class="verdict warn">{ "Multiple solutions " }
                    <button id="show-solutions" class="small" onclick={
                        let cb = props.on_action.clone();
                        Callback::from(move |_: MouseEvent| cb.emit(Action::ToggleSolutions))
                    } aria-expanded={m.show_solutions.to_string()}>
                        { if m.show_solutions { "Hide the two" } else { "Show two that differ" } }
                    </button>
                </span>
            },
            Some(Verdict::Unique(_)) => {
                let rating = match &m.path_state {
                    PathState::Done { end: PathEnd::Solved | PathEnd::Stuck, rating } => format!(
                        " · SE {:.1}, {}{}",
                        rating.se,
                        rating.level,
                        rating
                            .hardest
                            .as_ref()
                            .map(|h| format!(" (hardest: {h})"))
                            .unwrap_or_default()
                    ),
                    _ => String::new(),
                };
                let head = if m.current().is_complete() {
                    "Solved — unique solution"
                } else {
                    "Unique solution"
                };
                html! { <span id="verdict" class="verdict good">{ format!("{head}{rating}") }</span> }
            }
        }
    };
    let progress = match &m.path_state {
        PathState::Running => html! {
            <span id="progress" class="progress" role="status">{ format!("Explaining… {} steps so far", m.path.len()) }</span>
        },
        PathState::Done { end: PathEnd::Stuck, .. } => html! {
            <span id="progress" class="progress">{ "No technique applies past the last step." }</span>
        },
        _ => html! {},
    };
    let solutions = match (&m.verdict, m.show_solutions) {
        (Some(Verdict::Multiple(a, b)), true) => html! {
            <div class="solutions" id="solutions">
                { mini_grid(a, b, "first solution") }
                { mini_grid(b, a, "second solution") }
                <p class="muted">{ "Highlighted cells differ." }</p>
            </div>
        },
        _ => html! {},
    };
    let notice = match &m.notice {
        Some(n) => {
            let dismiss = {
                let cb = props.on_action.clone();
                Callback::from(move |_: MouseEvent| cb.emit(Action::Dismiss))
            };
            html! {
                <div id="notice" class={classes!("notice", n.error.then_some("error"))}
                    role={if n.error { "alert" } else { "status" }}>
                    <span>{ &n.text }</span>
                    <button class="small" onclick={dismiss} aria-label="Dismiss message">{ "✕" }</button>
                </div>
            }
        }
        None => html! {},
    };
    html! {
        <section class="status" aria-live="polite">
            { notice }
            <div class="status-line">{ verdict }{ progress }</div>
            { solutions }
        </section>
    }
}
