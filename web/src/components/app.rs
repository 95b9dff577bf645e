//! The root component: the model, the hooks that connect it to the worker, the keyboard, the
//! player and the URL/storage, and the layout of the other components.

use super::assist::Assist;
use super::controls::Controls;
use super::export::Export;
use super::grid::Grid;
use super::import::Import;
use super::learn::LearnPanel;
use super::new_puzzle::{NewPuzzle, Toolbar};
use super::pad::Pad;
use super::status::Status;
use super::steps::StepList;
use super::techniques::Techniques;
use super::update::UpdateNotice;
use crate::hooks::use_learn_progress;
use crate::hooks::{
    KEY_HELP, use_action, use_after_first_paint, use_file_drop, use_opened, use_page_keys,
    use_persisted_model, use_player, use_pool_when_idle, use_worker,
};
use crate::state::LearnAction;
use crate::state::{Action, Awaited, POOL_LEVELS, PathState};
use yew::prelude::*;

/// The page.
#[component]
pub fn App() -> Html {
    let model = use_persisted_model();
    let on_action = use_worker(&model);
    use_page_keys(on_action.clone(), model.running());
    use_file_drop(on_action.clone());
    use_player(&model);
    use_pool_when_idle(&model);
    use_learn_progress(&model);
    let keys_fold = use_opened();
    // The closed menus' bodies come after the grid's first frame (see the hook).
    let drawn = use_after_first_paint();

    let on_select = use_action(&on_action, Action::Select);
    let on_jump = use_action(&on_action, Action::Jump);

    let m = &*model;
    let warnings = m.pos.warnings();
    let mistakes = m.mistakes_shown().then(|| m.pos.mistakes(m.solution().unwrap_or_default()));
    let mistake_text = mistakes.as_ref().map(|x| x.describe(&m.pos)).unwrap_or_default();
    let singles = m.view.singles.then(|| m.pos.singles());
    let enabled = m.settings.technique_set();
    let ready: Vec<usize> = POOL_LEVELS.iter().map(|l| m.maker.ready(l)).collect();
    let keys = KEY_HELP
        .iter()
        .take(if keys_fold.opened { KEY_HELP.len() } else { 0 })
        .map(|(k, what)| html! { <li><kbd>{ *k }</kbd>{ " " }{ *what }</li> });
    let making = m.maker.making(&m.mail);
    let live = announcements(m);
    let learn_open = m.learn.open;
    html! {
        <>
            // The title and the actions a first visit looks for (a new puzzle, an empty grid);
            // everything else is in the menus under the assistant.
            <header class="top">
                <div class="brand">
                    <h1>{ "Deduku" }</h1>
                    <p class="tagline">{ "Sudoku helper and explainer — solve it yourself, with hints in plain words." }</p>
                </div>
                <Toolbar level={m.settings.level.clone()} on_action={on_action.clone()} />
                <button id="learn-open" class="learn-open" aria-pressed={m.learn.open.to_string()}
                    onclick={on_action.reform(move |_: MouseEvent| Action::Learn(if learn_open { LearnAction::Close } else { LearnAction::Open(super::learn::today()) }))}>
                    { "Learn" }</button>
            </header>
            // The grid with its pad, the assistant (status, messages, the hint or step and its
            // buttons), then the menus (folds: Puzzle, Tools, Techniques, Share, Keys) and the
            // path: beside each other on a wide screen (the grid stays in view while the side
            // scrolls), one column on a phone with the assistant kept on screen under the pad.
            // The menus open downwards, below the assistant: opening one never moves the grid
            // or the assistant. See style.css's layout rules.
            <main class="layout">
                <div class="board-col">
                    <Grid pos={m.pos.clone()} auto={m.settings.auto} step={m.highlighted_step()}
                        selected={m.selected} warnings={warnings.clone()} mistakes={mistakes.clone()}
                        singles={singles.clone()} highlight={m.view.highlight()}
                        bivalue={m.view.bivalue} drill={m.drill_marks()} {on_select} on_action={on_action.clone()} />
                    <Pad notes_mode={m.view.notes()} highlight_mode={m.view.highlighting()} highlight={m.view.highlight()}
                        can_undo={m.history.can_undo()} can_redo={m.history.can_redo()}
                        on_action={on_action.clone()} />
                </div>
                <div class="assistant" id="assistant">
                    <UpdateNotice />
                    <Status empty={m.pos.is_empty()} warnings={warnings.describe()} mistakes={mistake_text}
                        verdict={m.verdict.clone()} show_solutions={m.view.solutions()}
                        path_state={m.path_state.clone()} rating={m.puzzle_rating.clone()} steps={m.path.len()}
                        complete={m.pos.is_complete()} notice={m.notice.clone()} {making}
                        on_action={on_action.clone()} />
                    <Controls cursor={m.cursor} steps={m.path.len()} step={m.current_step().cloned()}
                        reveal={m.reveal} running={m.running()} waiting={m.waiting()}
                        cancelled={m.path_state == PathState::Cancelled} playing={m.player.playing}
                        speed_ms={m.settings.speed_ms} proof_line={m.proof_line}
                        on_action={on_action.clone()} />
                    <LearnPanel learn={m.learn.clone()} on_grid={m.learn_on_grid()} on_action={on_action.clone()} />
                </div>
                <div class="side-col">
                    <nav class="menus" aria-label="Menus">
                        <details class="drawer" id="puzzle-menu">
                            <summary>{ "Puzzle" }</summary>
                            <div class="fold-body">
                                if drawn { <NewPuzzle level={m.settings.level.clone()} {ready} givens_mode={m.view.givens}
                                    on_action={on_action.clone()} />
                                <Import on_action={on_action.clone()} /> }
                            </div>
                        </details>
                        <details class="drawer" id="tools-menu">
                            <summary>{ "Tools" }</summary>
                            <div class="fold-body">
                                if drawn { <Assist checking={m.view.checking()} show_mistakes={m.settings.show_mistakes}
                                    show_singles={m.view.singles} bivalue={m.view.bivalue} auto={m.settings.auto}
                                    on_action={on_action.clone()} /> }
                            </div>
                        </details>
                        <Techniques {enabled} found={m.found.clone()} finding={m.mail.waiting(Awaited::Find)}
                            on_action={on_action.clone()} />
                        <details class="drawer" id="share-menu">
                            <summary>{ "Share, export and print" }</summary>
                            <div class="fold-body">
                                if drawn { <Export pos={m.pos.clone()} auto={m.settings.auto} step={m.highlighted_step()}
                                    {warnings} {mistakes} {singles} highlight={m.view.highlight()} bivalue={m.view.bivalue}
                                    {on_action} /> }
                            </div>
                        </details>
                        // The list is there from the start, empty, so that filling it keeps the
                        // summary the person clicked (Yew matches unkeyed children from the end).
                        <details class="drawer keys" id="key-help" ontoggle={keys_fold.on_toggle}>
                            <summary onclick={keys_fold.on_summary}>{ "Keys" }</summary>
                            <ul class="key-list">{ for keys }</ul>
                        </details>
                    </nav>
                    <StepList entries={m.path.clone()} reduced={m.reduced} cursor={m.cursor}
                        more_coming={m.running()} {on_jump} />
                </div>
            </main>
            // The page's one live region: a sentence for each event (a message, the hint or the
            // step, the warnings, the verdict), each part its own node, so a screen reader says
            // the part that changed and not the rest. The path's progress is not in it.
            <div id="live" class="sr-only" aria-live="polite">
                <p key="notice">{ live[0].clone() }</p>
                <p key="step">{ live[1].clone() }</p>
                <p key="warnings">{ live[2].clone() }</p>
                <p key="verdict">{ live[3].clone() }</p>
            </div>
        </>
    }
}

/// What the live region says: the message, the hint or step shown, the warnings and the
/// verdict, one sentence each (empty when there is none).
fn announcements(m: &crate::state::Model) -> [String; 4] {
    use crate::protocol::Verdict;
    use crate::state::Reveal;
    let notice = m.notice.as_ref().map(|n| n.text.clone()).unwrap_or_default();
    let line = m.current_step().zip(m.proof_line).and_then(|(s, i)| s.proof.get(i));
    let step = match (m.current_step(), m.reveal) {
        (Some(_), Reveal::Everything) if line.is_some() => {
            let l = line.expect("checked");
            format!("Proof line {}: {}", l.label, l.text)
        }
        // "of N" only once the path is complete: steps arriving must not change the sentence.
        (Some(s), Reveal::Everything) if m.running() => {
            format!("Step {}: {}. {}", m.cursor + 1, s.technique, s.explanation)
        }
        (Some(s), Reveal::Everything) => {
            format!("Step {} of {}: {}. {}", m.cursor + 1, m.path.len(), s.technique, s.explanation)
        }
        (Some(s), Reveal::Name) => {
            format!("Hint: look for {}.", super::controls::with_article(&s.technique))
        }
        (None, _) if !m.path.is_empty() && m.cursor == m.path.len() && !m.running() => {
            format!("End of the path ({}).", super::status::steps_word(m.path.len()))
        }
        _ => String::new(),
    };
    let w = m.pos.warnings().describe();
    let warnings = if w.is_empty() { String::new() } else { format!("Warning: {}.", w.join("; ")) };
    let verdict = match &m.verdict {
        _ if m.pos.is_empty() => String::new(),
        None => String::new(),
        Some(Verdict::NoSolution(_)) => "No solution.".into(),
        Some(Verdict::Multiple(..)) => "Multiple solutions.".into(),
        Some(Verdict::Unique(_)) if m.pos.is_complete() && w.is_empty() => {
            "Solved: unique solution.".into()
        }
        Some(Verdict::Unique(_)) => match &m.puzzle_rating {
            Some(r) => format!("Unique solution, {}.", r.level),
            None => "Unique solution.".into(),
        },
    };
    [notice, step, warnings, verdict]
}
