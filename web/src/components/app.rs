//! The root component: the model, the hooks that connect it to the worker, the keyboard, the
//! player and the URL/storage, and the layout of the other components.

use super::controls::Controls;
use super::grid::Grid;
use super::import::Import;
use super::pad::Pad;
use super::status::Status;
use super::steps::StepList;
use crate::hooks::{use_action, use_page_keys, use_persisted_model, use_player, use_worker};
use crate::state::{Action, PathState};
use yew::prelude::*;

/// The page.
#[component]
pub fn App() -> Html {
    let model = use_persisted_model();
    let on_action = use_worker(&model);
    use_page_keys(on_action.clone(), model.running());
    use_player(&model);

    let on_select = use_action(&on_action, Action::Select);
    let on_move = use_action(&on_action, |(dr, dc): (i32, i32)| Action::Move(dr, dc));
    let on_input = use_action(&on_action, Action::Input);
    let on_jump = use_action(&on_action, Action::Jump);

    let m = &*model;
    let conflicts = m.conflicts();
    html! {
        <>
            <header class="top">
                <h1>{ "Deduku" }</h1>
                <p class="tagline">{ "Sudoku solver and explainer — every step, in plain words." }</p>
            </header>
            <main class="layout">
                <div class="board-col">
                    <Status empty={m.start.is_empty()} conflicts={conflicts.len()}
                        verdict={m.verdict.clone()} show_solutions={m.show_solutions}
                        path_state={m.path_state.clone()} steps={m.path.len()}
                        complete={m.current().is_complete()} notice={m.notice.clone()}
                        on_action={on_action.clone()} />
                    <Grid board={m.current().clone()} step={m.highlighted_step().cloned()}
                        selected={m.selected} show_candidates={m.show_candidates} {conflicts}
                        {on_select} {on_move} on_input={on_input.clone()} />
                    <Pad show_candidates={m.show_candidates} givens_mode={m.givens_mode}
                        {on_input} on_action={on_action.clone()} />
                </div>
                <div class="side-col">
                    <Controls cursor={m.cursor} steps={m.path.len()} step={m.current_step().cloned()}
                        reveal={m.reveal} running={m.running()} waiting={m.waiting()}
                        cancelled={m.path_state == PathState::Cancelled} playing={m.playing}
                        speed_ms={m.speed_ms} on_action={on_action.clone()} />
                    <StepList entries={m.path.clone()} cursor={m.cursor} more_coming={m.running()}
                        {on_jump} />
                    <Import board={m.current().clone()} {on_action} />
                    <p class="keys muted">
                        { "Keys: arrows move, 1–9 type, 0/Delete clear, n next, p previous, space play, Home start, End solve all, h hint, c candidates, Esc cancel." }
                    </p>
                </div>
            </main>
        </>
    }
}
