//! The root component: the model, the hooks that connect it to the worker, the keyboard, the
//! player and the URL/storage, and the layout of the other components.

use super::controls::Controls;
use super::grid::Grid;
use super::import::Import;
use super::pad::Pad;
use super::status::Status;
use super::steps::StepList;
use crate::hooks::{use_page_keys, use_persisted_model, use_player, use_worker};
use crate::state::Model;
use std::rc::Rc;
use yew::prelude::*;

/// The page.
#[component]
pub fn App() -> Html {
    let model = use_persisted_model();
    let on_action = use_worker(&model);
    use_page_keys(on_action.clone(), model.running());
    use_player(&model);

    let m: Rc<Model> = Rc::new((*model).clone());
    let conflicts = m.conflicts();
    html! {
        <>
            <header class="top">
                <h1>{ "Deduku" }</h1>
                <p class="tagline">{ "Sudoku solver and explainer — every step, in plain words." }</p>
            </header>
            <main class="layout">
                <div class="board-col">
                    <Status model={m.clone()} on_action={on_action.clone()} />
                    <Grid board={m.current().clone()} step={m.highlighted_step().cloned()}
                        selected={m.selected} show_candidates={m.show_candidates}
                        conflicts={conflicts} on_action={on_action.clone()} />
                    <Pad model={m.clone()} on_action={on_action.clone()} />
                </div>
                <div class="side-col">
                    <Controls model={m.clone()} on_action={on_action.clone()} />
                    <StepList model={m.clone()} on_action={on_action.clone()} />
                    <Import model={m.clone()} on_action={on_action.clone()} />
                    <p class="keys muted">
                        { "Keys: arrows move, 1–9 type, 0/Delete clear, n next, p previous, space play, Home start, End solve all, h hint, c candidates, Esc cancel." }
                    </p>
                </div>
            </main>
        </>
    }
}
