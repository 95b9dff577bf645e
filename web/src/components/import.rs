//! Getting puzzles in: the Samples menu and the Import box (in the Puzzle menu), and the
//! clipboard helper the Share menu's Copy buttons use.

use crate::samples::SAMPLES;
use crate::state::{Action, Notice};
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{HtmlSelectElement, HtmlTextAreaElement};
use yew::prelude::*;

/// The import box's inputs.
#[derive(Properties, PartialEq)]
pub struct ImportProps {
    /// Where imported and sample texts go ([`Action::Paste`]).
    pub on_action: Callback<Action>,
}

/// Writes `text` to the clipboard; tells through `notify` whether it worked.
pub(crate) fn copy_text(text: String, what: &'static str, notify: Callback<Action>) {
    let clipboard = web_sys::window()
        .map(|w| w.navigator())
        .and_then(|n| js_sys::Reflect::get(&n, &JsValue::from_str("clipboard")).ok())
        .filter(|c| !c.is_undefined() && !c.is_null());
    let promise = clipboard.and_then(|c| {
        let f = js_sys::Reflect::get(&c, &JsValue::from_str("writeText")).ok()?;
        let f: js_sys::Function = f.dyn_into().ok()?;
        f.call1(&c, &JsValue::from_str(&text)).ok()?.dyn_into::<js_sys::Promise>().ok()
    });
    wasm_bindgen_futures::spawn_local(async move {
        let ok = match promise {
            Some(p) => wasm_bindgen_futures::JsFuture::from(p).await.is_ok(),
            None => false,
        };
        let text = if ok {
            format!("Copied the {what}.")
        } else {
            format!("The browser refused the clipboard; here is the {what}:\n{text}")
        };
        notify.emit(Action::Notify(Notice { error: false, text }));
    });
}

/// The samples menu and the import box.
#[component]
pub fn Import(props: &ImportProps) -> Html {
    let area = use_node_ref();
    let select = use_node_ref();
    let on_import = {
        let area = area.clone();
        let cb = props.on_action.clone();
        Callback::from(move |_: MouseEvent| {
            if let Some(a) = area.cast::<HtmlTextAreaElement>() {
                cb.emit(Action::Paste(a.value()));
            }
        })
    };
    let on_sample = {
        let select = select.clone();
        let cb = props.on_action.clone();
        Callback::from(move |_: MouseEvent| {
            if let Some(s) = select.cast::<HtmlSelectElement>()
                && let Some(sample) = crate::samples::find(&s.value())
            {
                cb.emit(Action::Paste(sample.text.to_string()));
            }
        })
    };
    // Mark the first option selected: Yew inserts children last first, so the browser's default
    // would otherwise be the last one.
    let options = SAMPLES.iter().enumerate().map(|(i, s)| {
        html! { <option value={s.id} selected={i == 0}>{ s.label }</option> }
    });
    html! {
        <div class="import">
            <div class="sample-row">
                <label for="samples">{ "Samples" }</label>
                <select id="samples" ref={select}>{ for options }</select>
                <button id="load-sample" onclick={on_sample}>{ "Load" }</button>
            </div>
            <details id="import-details">
                <summary>{ "Import" }</summary>
                <label for="import-text" class="muted">
                    { "Paste a puzzle in any format: 81 characters, 9 lines, numbers with 0 or -1, [d] x brackets, a pencil-mark grid or 729 characters. Ctrl/Cmd+V anywhere on the page works too." }
                </label>
                <textarea id="import-text" ref={area} rows="6" spellcheck="false" />
                <button id="import-button" onclick={on_import}>{ "Import" }</button>
            </details>
        </div>
    }
}
