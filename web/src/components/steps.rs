//! The list of all steps of the path, by technique; clicking one jumps there.
//!
//! Each item is its own component whose props are the shared step and its flags, so a step of
//! the cursor redraws the two items whose flags changed and a step arriving draws one item; the
//! list is keyed by the step's index.
//!
//! The list is one Tab stop (a roving tabindex: the current step's item, or the last one, takes
//! the focus); the arrow keys, Page Up/Down, Home and End move the focus among the items, and
//! Enter or a click jumps to the step.

use crate::components::status::steps_word;
use crate::protocol::PlainStep;
use std::rc::Rc;
use wasm_bindgen::JsCast;
use wasm_bindgen::closure::Closure;
use yew::prelude::*;

/// The list's inputs.
#[derive(Properties, PartialEq)]
pub struct StepListProps {
    /// The steps received so far (shared with the model, not copied).
    pub entries: Rc<Vec<Rc<PlainStep>>>,
    /// How many of the first steps are a Reduce round.
    pub reduced: usize,
    /// The index of the step at the cursor (the next one to apply); the steps before it are done.
    pub cursor: usize,
    /// Whether more steps are still coming.
    pub more_coming: bool,
    /// A step was clicked: jump to the position before it.
    pub on_jump: Callback<usize>,
}

/// One item's inputs.
#[derive(Properties, PartialEq)]
struct StepItemProps {
    /// The step's index in the path.
    index: usize,
    /// The step (shared with the model: comparing an unchanged one is a pointer comparison).
    step: Rc<PlainStep>,
    /// The step at the cursor.
    current: bool,
    /// Applied already.
    done: bool,
    /// Part of a Reduce round.
    reduce: bool,
    /// The list's one Tab stop.
    tab_stop: bool,
    /// Clicked: jump to the position before it.
    on_jump: Callback<usize>,
}

/// One step of the list: number, technique, place; the notation as its tooltip.
#[component]
fn StepItem(props: &StepItemProps) -> Html {
    let i = props.index;
    let onclick = props.on_jump.reform(move |_: MouseEvent| i);
    let class = classes!(
        "step-item",
        props.current.then_some("current"),
        props.done.then_some("done"),
        props.reduce.then_some("reduce")
    );
    let e = &props.step;
    html! {
        <li>
            <button class={class} data-step={i.to_string()} {onclick}
                tabindex={if props.tab_stop { "0" } else { "-1" }}
                aria-current={if props.current { "step" } else { "false" }} title={e.text.clone()}>
                <span class="step-no">{ i + 1 }</span>
                <span class="step-name">{ &e.technique }</span>
                <span class="step-place">{ &e.place }</span>
            </button>
        </li>
    }
}

/// Scrolls the list so that its item of step `cursor` shows, at the start of the next frame:
/// the frame lays the page out then anyway, where scrolling now would lay it out once more inside
/// the task that changed it. Only the list scrolls, never the page: `scrollIntoView` would also
/// scroll the window when the list reaches below it, moving the grid and the Next button away
/// from the person stepping (and repainting the whole page at every step).
///
/// Items never shown are laid out at a guessed height (`content-visibility` in style.css), so
/// a long jump can land a little off; the frames after a scroll look again (`tries` times) once
/// the items it brought into view have their real heights.
fn scroll_into_view_soon(list: NodeRef, cursor: usize, tries: u8) {
    let scroll = Closure::once_into_js(move || {
        if let Some(el) = list.cast::<web_sys::HtmlElement>()
            && let Ok(Some(button)) = el.query_selector(&format!("[data-step='{cursor}']"))
            && let Some(item) = button.parent_element()
            && let Ok(item) = item.dyn_into::<web_sys::HtmlElement>()
        {
            // The list is its items' (`li`) offset parent (`position: relative` in style.css),
            // so `offset_top` is the item's place in the list's scrolled content. (Not the
            // button's: each `li` contains its layout, see style.css, and so is the button's
            // offset parent.)
            let (top, bottom) = (item.offset_top(), item.offset_top() + item.offset_height());
            let (shown, height) = (el.scroll_top(), el.client_height());
            let to = if top < shown {
                top
            } else if bottom > shown + height {
                bottom - height
            } else {
                return;
            };
            el.set_scroll_top(to);
            if tries > 0 {
                scroll_into_view_soon(list, cursor, tries - 1);
            }
        }
    });
    if let Some(w) = web_sys::window() {
        let _ = w.request_animation_frame(scroll.unchecked_ref());
    }
}

/// Moves the keyboard focus to item `i` without scrolling the page, then scrolls the list alone
/// so that the item shows.
fn focus_item(list: &NodeRef, i: usize) {
    if let Some(el) = list.cast::<web_sys::HtmlElement>()
        && let Ok(Some(button)) = el.query_selector(&format!("[data-step='{i}']"))
        && let Ok(button) = button.dyn_into::<web_sys::HtmlElement>()
    {
        let options = web_sys::FocusOptions::new();
        options.set_prevent_scroll(true);
        let _ = button.focus_with_options(&options);
        scroll_into_view_soon(list.clone(), i, 2);
    }
}

/// The step list.
#[component]
pub fn StepList(props: &StepListProps) -> Html {
    let cursor = props.cursor;
    let list_ref = use_node_ref();
    {
        // Keep the current step in view.
        let list_ref = list_ref.clone();
        use_effect_with(cursor, move |&cursor| scroll_into_view_soon(list_ref, cursor, 2));
    }
    let n = props.entries.len();
    let tab_stop = cursor.min(n.saturating_sub(1));
    let items = props.entries.iter().enumerate().map(|(i, step)| {
        html! {
            <StepItem key={i} index={i} step={step.clone()} current={i == cursor} done={i < cursor}
                reduce={i < props.reduced} tab_stop={i == tab_stop} on_jump={props.on_jump.clone()} />
        }
    });
    let onkeydown = {
        let list_ref = list_ref.clone();
        Callback::from(move |e: KeyboardEvent| {
            let Some(from) = e
                .target()
                .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                .and_then(|el| el.get_attribute("data-step"))
                .and_then(|v| v.parse::<usize>().ok())
            else {
                return;
            };
            let last = n.saturating_sub(1);
            let to = match e.key().as_str() {
                "ArrowDown" | "ArrowRight" => (from + 1).min(last),
                "ArrowUp" | "ArrowLeft" => from.saturating_sub(1),
                "PageDown" => (from + 10).min(last),
                "PageUp" => from.saturating_sub(10),
                "Home" => 0,
                "End" => last,
                _ => return,
            };
            // The page's own keys (digits and arrows to the grid) leave a handled key alone.
            e.prevent_default();
            focus_item(&list_ref, to);
        })
    };
    html! {
        <section class="steps" aria-label="Solution path">
            <h2>{ format!("Path ({}{})", steps_word(n), if props.more_coming { ", more coming" } else { "" }) }</h2>
            <ol ref={list_ref} class={classes!("step-list", (n == 0).then_some("empty"))}
                id="step-list" {onkeydown}>{ for items }</ol>
        </section>
    }
}
