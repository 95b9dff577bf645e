//! Live status: the warnings and mistakes on the person's position, the worker's verdict on the
//! puzzle (no solution, several solutions with the two that differ on request, unique with the
//! rating), and progress of a long path. The messages (the notice, the warnings and the
//! mistakes) have a place of their own of fixed height that scrolls, so a message never moves
//! the controls under the pointer. Nothing here is a live region: the page's one live region
//! (`#live`, see `components::app`) says one sentence per event.

use super::on_click;
use crate::fixed::Fixed;
use crate::protocol::{PathEnd, PlainRating, PuzzleChoice, Verdict};
use crate::state::{Action, Notice, PathState};
use yew::prelude::*;

/// The status's inputs.
#[derive(Properties, PartialEq)]
pub struct StatusProps {
    /// Whether the starting grid has no digit yet.
    pub empty: bool,
    /// The warnings on the position, in words.
    pub warnings: Vec<String>,
    /// The mistakes marked, in words (Check).
    pub mistakes: Vec<String>,
    /// The worker's verdict on the puzzle (its givens), when known.
    pub verdict: Option<Verdict>,
    /// Whether the two differing solutions are shown.
    pub show_solutions: bool,
    /// Where the path job stands.
    pub path_state: PathState,
    /// The puzzle's rating, when known.
    pub rating: Option<PlainRating>,
    /// Number of steps received so far.
    pub steps: usize,
    /// Whether the position shown is full.
    pub complete: bool,
    /// The message above the grid.
    pub notice: Option<Notice>,
    /// The puzzle the worker is making, if any, and its attempts so far (with Cancel: the
    /// toolbar's New puzzle and the Puzzle menu both start one, and this place is always in
    /// view).
    pub making: Option<(PuzzleChoice, u32)>,
    /// Where "Show two that differ" and the notice's dismiss button send their actions.
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

/// "1 step", "12 steps".
pub fn steps_word(n: usize) -> String {
    if n == 1 { "1 step".to_string() } else { format!("{n} steps") }
}

/// The status line.
#[component]
pub fn Status(props: &StatusProps) -> Html {
    let verdict = if props.empty {
        html! { <span id="verdict" class="verdict">{ "Type or paste a puzzle, or pick a sample." }</span> }
    } else {
        match &props.verdict {
            None => html! { <span id="verdict" class="verdict busy">{ "Checking…" }</span> },
            Some(Verdict::NoSolution(why)) => html! {
                <span id="verdict" class="verdict bad">{ "No solution" }
                    if !why.is_empty() { { format!(": {why}") } }</span>
            },
            Some(Verdict::Multiple(..)) => html! {
                <span id="verdict" class="verdict warn">{ "Multiple solutions " }
                    <button id="show-solutions" class="small"
                        onclick={on_click(&props.on_action, Action::ToggleSolutions)}
                        aria-expanded={props.show_solutions.to_string()}>
                        { if props.show_solutions { "Hide the two" } else { "Show two that differ" } }
                    </button>
                </span>
            },
            Some(Verdict::Unique(_)) => {
                let head = if props.complete && props.warnings.is_empty() {
                    "Solved — unique solution"
                } else {
                    "Unique solution"
                };
                // The rating in parts, so that a phone can leave the details out (style.css).
                let rating = match &props.rating {
                    Some(r) => html! {
                        <>
                            { format!(" · SE {}", Fixed(f64::from(r.se), 1)) }
                            <span class="detail">{ format!(
                                " (EP {}, ED {})",
                                Fixed(f64::from(r.ep), 1),
                                Fixed(f64::from(r.ed), 1)
                            ) }</span>
                            { format!(", {}", r.level) }
                            if let Some(h) = &r.hardest {
                                <span class="detail">{ format!(" (hardest: {h})") }</span>
                            }
                        </>
                    },
                    None => html! {},
                };
                html! { <span id="verdict" class="verdict good">{ head }{ rating }</span> }
            }
        }
    };
    let progress = match &props.path_state {
        PathState::Running => html! {
            <span id="progress" class="progress">{ format!("Explaining… {} so far", steps_word(props.steps)) }</span>
        },
        // `#progress` only while steps arrive; why no (more) steps come is `#path-note`.
        PathState::Done { end: PathEnd::Stuck, .. } => html! {
            <span id="path-note" class="progress">{ "No technique that is on applies past the last step." }</span>
        },
        PathState::Broken(why) if !why.is_empty() => html! {
            <span id="path-note" class="progress bad">{ format!("No steps from here. {why}") }</span>
        },
        _ => html! {},
    };
    let solutions = match (&props.verdict, props.show_solutions) {
        (Some(Verdict::Multiple(a, b)), true) => html! {
            <div class="solutions" id="solutions">
                { mini_grid(a, b, "first solution") }
                { mini_grid(b, a, "second solution") }
                <p class="muted">{ "Highlighted cells differ." }</p>
            </div>
        },
        _ => html! {},
    };
    let notice = match &props.notice {
        Some(n) => {
            let dismiss = on_click(&props.on_action, Action::Dismiss);
            html! {
                <div id="notice" class={classes!("notice", n.error.then_some("error"))}>
                    <span>{ &n.text }</span>
                    <button class="small" onclick={dismiss} aria-label="Dismiss message">{ "✕" }</button>
                </div>
            }
        }
        None => html! {},
    };
    let making = match &props.making {
        Some((choice, attempts)) => html! {
            <p id="gen-progress" class="making">
                { format!("Making a {} puzzle… {attempts} attempts", choice.label()) }
                { " " }
                <button id="gen-cancel" class="small danger" onclick={on_click(&props.on_action, Action::Cancel)}>{ "Cancel" }</button>
            </p>
        },
        None => html! {},
    };
    let list = |id: &'static str, title: &'static str, items: &[String]| {
        if items.is_empty() {
            return html! {};
        }
        let items = items.iter().map(|w| html! { <li>{ w }</li> });
        html! {
            <div id={id} class={classes!("problems", id)}>
                <strong>{ title }</strong>
                <ul>{ for items }</ul>
            </div>
        }
    };
    html! {
        <section class="status" aria-label="Status">
            <div class="status-line">{ verdict }{ progress }</div>
            <div id="messages" class={classes!("messages", props.show_solutions.then_some("tall"))}>
                { making }
                { notice }
                { list("warnings", "Warnings", &props.warnings) }
                { list("mistakes", "Mistakes", &props.mistakes) }
                { solutions }
            </div>
        </section>
    }
}
