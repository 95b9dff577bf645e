//! The list of all steps of the path, by technique; clicking one jumps there.

use crate::state::{Action, Model};
use std::rc::Rc;
use yew::prelude::*;

/// The list's inputs.
#[derive(Properties, PartialEq)]
pub struct StepListProps {
    /// The model (read only).
    pub model: Rc<Model>,
    /// Where actions go.
    pub on_action: Callback<Action>,
}

/// The step list.
#[component]
pub fn StepList(props: &StepListProps) -> Html {
    let m = &props.model;
    let list_ref = use_node_ref();
    {
        // Keep the current step in view.
        let list_ref = list_ref.clone();
        use_effect_with(m.cursor, move |&cursor| {
            if let Some(list) = list_ref.cast::<web_sys::Element>()
                && let Ok(Some(item)) = list.query_selector(&format!("[data-step='{cursor}']"))
            {
                let opts = web_sys::ScrollIntoViewOptions::new();
                opts.set_block(web_sys::ScrollLogicalPosition::Nearest);
                item.scroll_into_view_with_scroll_into_view_options(&opts);
            }
        });
    }
    let items = m.path.iter().enumerate().map(|(i, e)| {
        let onclick = {
            let cb = props.on_action.clone();
            Callback::from(move |_: MouseEvent| cb.emit(Action::Jump(i)))
        };
        let current = i == m.cursor;
        let class = classes!("step-item", current.then_some("current"), (i < m.cursor).then_some("done"));
        html! {
            <li>
                <button class={class} data-step={i.to_string()} {onclick}
                    aria-current={if current { "step" } else { "false" }} title={e.step.text.clone()}>
                    <span class="step-no">{ i + 1 }</span>
                    <span class="step-name">{ &e.step.technique }</span>
                    <span class="step-place">{ &e.step.place }</span>
                </button>
            </li>
        }
    });
    html! {
        <section class="steps" aria-label="Solution path">
            <h2>{ format!("Path ({} steps{})", m.path.len(), if m.running() { ", more coming" } else { "" }) }</h2>
            <ol ref={list_ref} class={classes!("step-list", m.path.is_empty().then_some("empty"))}
                id="step-list">{ for items }</ol>
        </section>
    }
}
