//! The list of all steps of the path, by technique; clicking one jumps there.

use crate::protocol::PlainStep;
use std::rc::Rc;
use yew::prelude::*;

/// The list's inputs.
#[derive(Properties, PartialEq)]
pub struct StepListProps {
    /// The steps received so far (shared with the model, not copied).
    pub entries: Rc<Vec<PlainStep>>,
    /// How many of the first steps are a Reduce round.
    pub reduced: usize,
    /// The index of the step at the cursor (the next one to apply); the steps before it are done.
    pub cursor: usize,
    /// Whether more steps are still coming.
    pub more_coming: bool,
    /// A step was clicked: jump to the position before it.
    pub on_jump: Callback<usize>,
}

/// The step list.
#[component]
pub fn StepList(props: &StepListProps) -> Html {
    let cursor = props.cursor;
    let list_ref = use_node_ref();
    {
        // Keep the current step in view.
        let list_ref = list_ref.clone();
        use_effect_with(cursor, move |&cursor| {
            if let Some(list) = list_ref.cast::<web_sys::Element>()
                && let Ok(Some(item)) = list.query_selector(&format!("[data-step='{cursor}']"))
            {
                let opts = web_sys::ScrollIntoViewOptions::new();
                opts.set_block(web_sys::ScrollLogicalPosition::Nearest);
                item.scroll_into_view_with_scroll_into_view_options(&opts);
            }
        });
    }
    let items = props.entries.iter().enumerate().map(|(i, e)| {
        let onclick = props.on_jump.reform(move |_: MouseEvent| i);
        let current = i == cursor;
        let class = classes!(
            "step-item",
            current.then_some("current"),
            (i < cursor).then_some("done"),
            (i < props.reduced).then_some("reduce")
        );
        html! {
            <li>
                <button class={class} data-step={i.to_string()} {onclick}
                    aria-current={if current { "step" } else { "false" }} title={e.text.clone()}>
                    <span class="step-no">{ i + 1 }</span>
                    <span class="step-name">{ &e.technique }</span>
                    <span class="step-place">{ &e.place }</span>
                </button>
            </li>
        }
    });
    let n = props.entries.len();
    html! {
        <section class="steps" aria-label="Solution path">
            <h2>{ format!("Path ({n} steps{})", if props.more_coming { ", more coming" } else { "" }) }</h2>
            <ol ref={list_ref} class={classes!("step-list", (n == 0).then_some("empty"))}
                id="step-list">{ for items }</ol>
        </section>
    }
}
