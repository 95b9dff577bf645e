//! The Learn panel, in the assistant beside the grid: the techniques by tier with their
//! progress, a technique's lesson, the drill's Check and its grade, and the worksheet to print.
//! The lesson's example and the drill are on the main grid ([`crate::state::Learn`]).

use super::on_click;
use crate::protocol::{FindingKind, PlainDrill};
use crate::state::{
    Action, Learn, LearnAction, Screen, Stage, WORKSHEET_DRILLS, WORKSHEET_MAX, syllabus,
};
use deduku::Technique;
use std::rc::Rc;
use yew::prelude::*;

/// The class on `<body>` that prints the worksheet instead of the page.
pub const PRINT_WORKSHEET: &str = "print-worksheet";

/// Today in the person's time zone, as days since 1970 (the day of spaced review).
pub fn today() -> u32 {
    let d = js_sys::Date::new_0();
    let local_ms = d.get_time() - d.get_timezone_offset() * 60_000.0;
    (local_ms / 86_400_000.0).floor().max(0.0) as u32
}

/// The panel's inputs.
#[derive(Properties, PartialEq)]
pub struct LearnProps {
    /// The Learn place's state.
    pub learn: Learn,
    /// Whether the grid shows the lesson's example or the drill.
    pub on_grid: bool,
    /// Where the buttons send their actions.
    pub on_action: Callback<Action>,
}

const TIERS: [&str; 4] = ["Basic", "Intermediate", "Advanced", "Extreme"];

fn act(on_action: &Callback<Action>, a: LearnAction) -> Callback<MouseEvent> {
    on_click(on_action, Action::Learn(a))
}

/// "2 of 3 right" or nothing for a technique never drilled.
fn tally(learn: &Learn, t: Technique) -> String {
    let r = learn.record(t);
    if r.tries == 0 { String::new() } else { format!("{} of {} right", r.right, r.tries) }
}

fn stage_badge(learn: &Learn, t: Technique) -> Html {
    let stage = learn.record(t).stage();
    let due = learn.record(t).is_due(learn.today);
    html! {
        <span class={classes!("stage", format!("stage-{}", stage.word()))} data-stage={stage.word()}>
            { stage.word() }{ if due && stage != Stage::New { " · due" } else { "" } }
        </span>
    }
}

fn list_view(props: &LearnProps) -> Html {
    let learn = &props.learn;
    let all = syllabus();
    let tiers = (1..=4u8).map(|tier| {
        let items = all.iter().filter(|t| t.tier() == tier).map(|&t| {
            let id = t.id();
            html! {
                <li class="learn-item" data-technique={id}>
                    <button class="learn-lesson link" onclick={act(&props.on_action, LearnAction::Lesson(id.into()))}>
                        { t.name() }</button>
                    { stage_badge(learn, t) }
                    <span class="muted learn-tally">{ tally(learn, t) }</span>
                    <button class="small learn-drill" aria-label={format!("Drill {}", t.name())}
                        onclick={act(&props.on_action, LearnAction::Drill(id.into()))}>{ "Drill" }</button>
                </li>
            }
        });
        html! {
            <section class="learn-tier">
                <h3>{ format!("Tier {tier}: {}", TIERS[tier as usize - 1]) }</h3>
                <ul class="learn-list">{ for items }</ul>
            </section>
        }
    });
    let due = learn.due().len();
    html! {
        <>
            <p class="muted">{ "Pick a technique for its lesson, or drill it on a fresh position. \
                Mastered: right on three different days." }</p>
            <div class="button-row">
                <button id="learn-review" onclick={act(&props.on_action, LearnAction::Review)}>
                    { if due == 0 { "Review".to_string() } else { format!("Review ({due} due)") } }</button>
            </div>
            { for tiers }
        </>
    }
}

/// For a technique the page's path never takes first (AIC, WXYZ-wing, forcing net verity:
/// [`deduku::drill::ranked_before`]), why the path beside the lesson or graded drill starts
/// with another technique.
fn ranked_note(t: Technique) -> Html {
    match deduku::drill::ranked_before(t) {
        Some(p) => html! {
            <p class="muted" id="learn-ranked">{ format!("On the page's path, {} (or a chain \
                after it) comes first on this position: it proves the same thing written another \
                way. Lessons and drills rank {} before it.", p.name(), t.name()) }</p>
        },
        None => html! {},
    }
}

fn lesson_view(props: &LearnProps, t: Technique) -> Html {
    let learn = &props.learn;
    let on = &props.on_action;
    let on_size = on.reform(|e: Event| {
        let n = e
            .target_dyn_into::<web_sys::HtmlSelectElement>()
            .and_then(|s| s.value().parse().ok())
            .unwrap_or(WORKSHEET_DRILLS);
        Action::Learn(LearnAction::SheetSize(n))
    });
    let example = learn.drill.as_ref().filter(|d| d.technique == t.id() && props.on_grid);
    let body = match example {
        Some(d) => {
            let proof = (!d.step.proof.is_empty()).then(|| {
                let lines = d.step.proof.iter().map(|l| {
                    html! { <li class={classes!("proof-line", format!("depth-{}", l.depth.min(3)))}>
                        if !l.label.is_empty() { <span class="proof-no">{ format!("{}. ", l.label) }</span> }
                        { &l.text }</li> }
                });
                html! { <div class="proof"><p><strong>{ "The proof, line by line:" }</strong></p>
                    <ol class="proof-lines learn-proof">{ for lines }</ol></div> }
            });
            html! {
                <>
                    <h4>{ "Worked example" }</h4>
                    <p class="learn-example" id="learn-example">{ &d.step.explanation }</p>
                    { ranked_note(t) }
                    <p class="muted step-text">{ &d.step.text }</p>
                    { for proof }
                    <div class="button-row">
                        if learn.applied {
                            <button id="learn-unapply" onclick={act(on, LearnAction::Apply(false))}>
                                { "Before the step" }</button>
                        } else {
                            <button id="learn-apply" onclick={act(on, LearnAction::Apply(true))}>
                                { "Apply the step" }</button>
                        }
                    </div>
                </>
            }
        }
        None if learn.making() => {
            html! { <p class="muted" role="status">{ "Making an example…" }</p> }
        }
        None => html! {
            <button onclick={act(on, LearnAction::Lesson(t.id().into()))}>{ "Show an example" }</button>
        },
    };
    html! {
        <>
            // The description comes with the example from the worker (the page's own code
            // does not carry the catalogue's texts: they would make its first load longer).
            if let Some(about) = learn.drill.as_ref().filter(|d| d.technique == t.id()).map(|d| &d.step.about) {
                <p class="learn-about" id="learn-about">{ about }</p>
            }
            { body }
            <div class="button-row">
                <button id="learn-start-drill" onclick={act(on, LearnAction::Drill(t.id().into()))}>{ "Drill" }</button>
                <button id="learn-sheet" onclick={act(on, LearnAction::Sheet(t.id().into(), learn.sheet_size()))}>{ "Worksheet" }</button>
                <label class="learn-sheet-size">{ "of " }
                    <select id="learn-sheet-size" aria-label="Drills on the worksheet" onchange={on_size}>
                        { for (1..=WORKSHEET_MAX).map(|n| html! {
                            <option value={n.to_string()} selected={n == learn.sheet_size()}>{ n }</option>
                        }) }
                    </select>{ " drills" }</label>
            </div>
        </>
    }
}

fn drill_view(props: &LearnProps, t: Technique) -> Html {
    let learn = &props.learn;
    let on = &props.on_action;
    let ready = learn.drill.as_ref().is_some_and(|d| d.technique == t.id()) && props.on_grid;
    let next = if learn.review {
        act(on, LearnAction::Review)
    } else {
        act(on, LearnAction::Drill(t.id().into()))
    };
    let body = match (&learn.grade, ready) {
        (_, false) if learn.making() => {
            html! { <p class="muted" role="status">{ "Making a drill…" }</p> }
        }
        (_, false) => html! { <p class="muted">{ "The grid no longer shows this drill." }</p> },
        (None, true) => html! {
            <>
                <p>{ format!("Strike what {} removes here (Notes, then the digit) or place what it \
                    places, then press Check.", t.name()) }</p>
                <div class="button-row">
                    <button id="learn-check" class="primary" disabled={learn.grading()}
                        onclick={act(on, LearnAction::Check)}>{ "Check" }</button>
                    <button id="learn-hint" onclick={on_click(on, Action::Hint)}>
                        { if learn.hint == 0 { "Hint" } else { "More hint" } }</button>
                </div>
                if learn.hinted {
                    <p class="muted" id="learn-hinted">{ "With a hint, a right answer counts but does \
                        not move the technique up a box: it comes back tomorrow." }</p>
                }
            </>
        },
        (Some(g), true) => {
            let items = g.findings.iter().map(|f| {
                let kind = match f.kind {
                    FindingKind::AllFound => "all-found",
                    FindingKind::SomeFound => "some-found",
                    FindingKind::NotProven => "not-proven",
                    FindingKind::AgainstSolution => "against-solution",
                };
                html! { <li class={classes!("finding", kind)} data-kind={kind}>{ &f.text }</li> }
            });
            let why = g.instances.first().map(|s| s.explanation.clone()).unwrap_or_default();
            html! {
                <>
                    <p class={classes!("grade", if g.correct { "right" } else { "wrong" })} id="learn-grade">
                        { match (g.correct, learn.hinted) {
                            (true, false) => "Right!",
                            (true, true) => "Right, with a hint.",
                            _ => "Not quite.",
                        } }</p>
                    if g.correct && learn.hinted {
                        <p class="muted" id="learn-hinted">{ "A hinted answer counts as right, but the \
                            technique stays in its box and comes back tomorrow." }</p>
                    }
                    if g.findings.iter().any(|f| f.candidate.is_some()) {
                        <p class="muted">{ "The wrong strikes are marked on the grid: amber, not \
                            proven by the technique; red, the solution's digit." }</p>
                    }
                    <ul class="findings" id="learn-findings">{ for items }</ul>
                    <p><strong>{ "The answer: " }</strong>{ &g.key }</p>
                    <p class="learn-example">{ why }</p>
                    { ranked_note(t) }
                    <div class="button-row">
                        <button id="learn-next" class="primary" onclick={next}>
                            { if learn.review { "Next review" } else { "Next drill" } }</button>
                        <button id="learn-to-lesson" onclick={act(on, LearnAction::Lesson(t.id().into()))}>
                            { "Lesson" }</button>
                    </div>
                </>
            }
        }
    };
    html! {
        <>
            <p class="muted">{ stage_badge(learn, t) }{ " " }{ tally(learn, t) }</p>
            { body }
        </>
    }
}

/// One drill as a small grid with its pencil marks, for the worksheet.
fn sheet_grid(n: usize, d: &PlainDrill) -> Html {
    let cells = (0..81).map(|i| {
        let v = d.position.value(i);
        let thick = classes!(
            (i % 9 == 2 || i % 9 == 5).then_some("br"),
            (i / 9 == 2 || i / 9 == 5).then_some("bb")
        );
        if v != 0 {
            html! { <div class={classes!("ws-cell", "ws-digit", thick)}>{ v }</div> }
        } else {
            let mask = d.position.cand_mask(i);
            let cands = (1..=9u8).map(|k| {
                html! { <span>{ if mask & (1 << (k - 1)) != 0 { k.to_string() } else { String::new() } }</span> }
            });
            html! { <div class={classes!("ws-cell", "ws-cands", thick)}>{ for cands }</div> }
        }
    });
    html! {
        <figure class="ws-drill">
            <figcaption>{ format!("{n}.") }</figcaption>
            <div class="ws-grid">{ for cells }</div>
        </figure>
    }
}

/// The worksheet: the drills with their pencil marks on one page, the answers on the next.
fn worksheet(t: Technique, sheet: &[Rc<PlainDrill>]) -> Html {
    // The grids' size so that they all fit one A4 page (style.css): up to 4 at full size, 5–6
    // smaller in two columns, 7–8 smaller still in three.
    let size = match sheet.len() {
        0..=4 => "ws-large",
        5..=6 => "ws-medium",
        _ => "ws-small",
    };
    let grids = sheet.iter().enumerate().map(|(k, d)| sheet_grid(k + 1, d));
    let answers = sheet.iter().map(|d| {
        html! { <li><strong>{ &d.key }</strong>
        <br /><span class="ws-why">{ &d.step.explanation }</span></li> }
    });
    html! {
        <div class={classes!("worksheet", size)} id="worksheet" data-drills={sheet.len().to_string()}>
            <section class="ws-page">
                <h2>{ format!("Deduku worksheet: {}", t.name()) }</h2>
                <p>{ format!("In each grid, find what {} proves: strike the candidates it removes, \
                    or write the digit it places. Name: ____________", t.name()) }</p>
                <div class="ws-grids">{ for grids }</div>
            </section>
            <section class="ws-page ws-answers">
                <h2>{ format!("Answers: {}", t.name()) }</h2>
                <ol class="ws-answer-list">{ for answers }</ol>
            </section>
        </div>
    }
}

fn sheet_view(props: &LearnProps, t: Technique) -> Html {
    let learn = &props.learn;
    let done = !learn.making() && !learn.sheet.is_empty();
    let on_print = Callback::from(|_: MouseEvent| {
        if let Some(w) = web_sys::window() {
            let _ = w.print();
        }
    });
    html! {
        <>
            if done {
                <p role="status">{ format!("{} drills of {} with their answers: two A4 pages.",
                    learn.sheet.len(), t.name()) }</p>
                <div class="button-row">
                    <button id="learn-print" class="primary" onclick={on_print}>{ "Print worksheet" }</button>
                </div>
                { worksheet(t, &learn.sheet) }
            } else {
                <p class="muted" role="status">{ format!("Making drills: {} of {}…",
                    learn.sheet.len(), learn.sheet_size()) }</p>
            }
        </>
    }
}

/// The Learn panel.
#[component]
pub fn LearnPanel(props: &LearnProps) -> Html {
    let learn = &props.learn;
    let on = &props.on_action;
    let printable =
        learn.open && learn.view == Screen::Sheet && !learn.making() && !learn.sheet.is_empty();
    use_effect_with(printable, |&printable| {
        let body = web_sys::window().and_then(|w| w.document()).and_then(|d| d.body());
        if let Some(b) = &body {
            let _ = b.class_list().toggle_with_force(PRINT_WORKSHEET, printable);
        }
        move || {
            if let Some(b) = body {
                let _ = b.class_list().remove_1(PRINT_WORKSHEET);
            }
        }
    });
    // A new view (or a new drill in it) starts at the panel's top.
    let panel = use_node_ref();
    {
        let panel = panel.clone();
        let shown = (learn.view, learn.technique, learn.drill.as_ref().map(|d| d.puzzle.clone()));
        use_effect_with(shown, move |_| {
            if let Some(el) = panel.cast::<web_sys::Element>() {
                el.set_scroll_top(0);
            }
        });
    }
    if !learn.open {
        return html! {};
    }
    let t = learn.technique;
    let (title, body) = match (learn.view, t) {
        (Screen::Lesson, Some(t)) => (format!("Lesson: {}", t.name()), lesson_view(props, t)),
        (Screen::Drill, Some(t)) => (format!("Drill: {}", t.name()), drill_view(props, t)),
        (Screen::Sheet, Some(t)) => (format!("Worksheet: {}", t.name()), sheet_view(props, t)),
        _ => ("Learn".to_string(), list_view(props)),
    };
    // While a drill waits for its answer, the page's path (whose first step is the answer) is
    // hidden (style.css).
    let drilling = learn.view == Screen::Drill && learn.grade.is_none() && props.on_grid;
    html! {
        <section class="learn" id="learn" ref={panel} aria-labelledby="learn-title" data-drilling={drilling.to_string()}>
            <div class="learn-head">
                <h2 id="learn-title">{ title }</h2>
                if learn.view != Screen::List {
                    <button id="learn-list" class="small" onclick={act(on, LearnAction::List)}>{ "All techniques" }</button>
                }
                <button id="learn-close" class="small" onclick={act(on, LearnAction::Close)}>{ "Close" }</button>
            </div>
            { body }
        </section>
    }
}
