//! "A new version is ready — Reload": shown when a new build's service worker has installed and
//! waits. The page is never switched under the person; Reload activates the new version and
//! reloads once it controls the page.

use crate::offline;
use web_sys::ServiceWorkerRegistration;
use yew::prelude::*;

/// The update notice (empty until a new version waits). Registers the service worker once.
#[component]
pub fn UpdateNotice() -> Html {
    let waiting = use_state(|| None::<ServiceWorkerRegistration>);
    {
        let waiting = waiting.clone();
        use_effect_with((), move |_| offline::register(move |reg| waiting.set(Some(reg))));
    }
    let Some(reg) = (*waiting).clone() else { return html! {} };
    let onclick = Callback::from(move |_: MouseEvent| offline::activate(&reg));
    html! {
        <div id="update-notice" class="notice update" role="status">
            <span>{ "A new version is ready — " }</span>
            <button id="update-reload" class="small" {onclick}>{ "Reload" }</button>
        </div>
    }
}
