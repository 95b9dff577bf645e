//! The service worker seen from the page: registers `sw.js` (written by the build, see
//! `scripts/precache.mjs` and `web/service-worker.js`), reports a new version that waits, and
//! activates it when the person asks. Browser-only; nothing here runs in native tests.
//!
//! The service worker is registered only once the page has loaded (window `load`) and the solver
//! worker has answered its first request (or [`WORKER_WAIT_MS`] after the load, whichever comes
//! first). On a first visit its install then takes the files from the browser's HTTP cache
//! instead of downloading them a second time while the page and the worker still need the link.

use futures::channel::oneshot;
use gloo_events::EventListener;
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{
    ServiceWorker, ServiceWorkerContainer, ServiceWorkerRegistration, ServiceWorkerState,
};

/// `navigator.serviceWorker`, when the browser offers it (a secure context: https or loopback).
fn container() -> Option<ServiceWorkerContainer> {
    let nav = web_sys::window()?.navigator();
    let sw = js_sys::Reflect::get(&nav, &JsValue::from_str("serviceWorker")).ok()?;
    if sw.is_undefined() || sw.is_null() {
        return None;
    }
    sw.dyn_into().ok()
}

fn controlled() -> bool {
    container().and_then(|c| c.controller()).is_some()
}

type OnUpdate = Rc<dyn Fn(ServiceWorkerRegistration)>;

/// Calls `on_update` when `worker` (a new version being installed) has installed and waits.
fn watch(worker: ServiceWorker, reg: ServiceWorkerRegistration, on_update: OnUpdate) {
    let w = worker.clone();
    EventListener::new(&worker, "statechange", move |_| {
        if w.state() == ServiceWorkerState::Installed && controlled() {
            on_update(reg.clone());
        }
    })
    .forget();
}

/// How long after the page's `load` the registration waits for the solver worker's first reply
/// at most (a page that asks the worker nothing still gets its service worker).
pub const WORKER_WAIT_MS: u32 = 10_000;

thread_local! {
    static REPLIED: Cell<bool> = const { Cell::new(false) };
    static WAITING: RefCell<Vec<oneshot::Sender<()>>> = const { RefCell::new(Vec::new()) };
}

/// Called by the worker's client on the solver worker's first reply.
pub fn worker_replied() {
    if !REPLIED.with(|r| r.replace(true)) {
        for tx in WAITING.with(|w| std::mem::take(&mut *w.borrow_mut())) {
            let _ = tx.send(());
        }
    }
}

/// Resolves once the solver worker has replied (at once if it has).
async fn worker_ready() {
    if REPLIED.with(Cell::get) {
        return;
    }
    let (tx, rx) = oneshot::channel();
    WAITING.with(|w| w.borrow_mut().push(tx));
    let _ = rx.await;
}

/// Resolves once the window's `load` event has fired (at once if it has).
async fn page_loaded() {
    let Some(window) = web_sys::window() else { return };
    if window.document().is_some_and(|d| d.ready_state() == "complete") {
        return;
    }
    let (tx, rx) = oneshot::channel();
    let _listener = EventListener::once(&window, "load", move |_| {
        let _ = tx.send(());
    });
    let _ = rx.await;
}

/// Registers the service worker once the page and the solver worker have loaded (see the
/// module's documentation). Calls `on_update` with the registration when a new version has
/// installed and waits — only while a version already controls the page, so the very
/// first install is not announced as an update. A version found while the page loads (the
/// browser checks `sw.js` on every navigation) counts too, at whatever stage it is.
pub fn register(on_update: impl Fn(ServiceWorkerRegistration) + 'static) {
    let Some(c) = container() else { return };
    let on_update: OnUpdate = Rc::new(on_update);
    wasm_bindgen_futures::spawn_local(async move {
        page_loaded().await;
        let timeout = gloo_timers::future::TimeoutFuture::new(WORKER_WAIT_MS);
        futures::future::select(Box::pin(worker_ready()), timeout).await;
        let Ok(reg) = JsFuture::from(c.register("sw.js")).await else { return };
        let Ok(reg) = reg.dyn_into::<ServiceWorkerRegistration>() else { return };
        if reg.waiting().is_some() && controlled() {
            on_update(reg.clone());
        }
        if let Some(w) = reg.installing() {
            watch(w, reg.clone(), on_update.clone());
        }
        let found = reg.clone();
        EventListener::new(&reg, "updatefound", move |_| {
            if let Some(w) = found.installing() {
                watch(w, found.clone(), on_update.clone());
            }
        })
        .forget();
    });
}

fn reload() {
    if let Some(w) = web_sys::window() {
        let _ = w.location().reload();
    }
}

/// Lets the waiting version take over (`SKIP_WAITING`) and reloads the page once it controls
/// it; reloads at once when nothing waits.
pub fn activate(reg: &ServiceWorkerRegistration) {
    match (container(), reg.waiting()) {
        (Some(c), Some(waiting)) => {
            EventListener::once(&c, "controllerchange", |_| reload()).forget();
            if waiting.post_message(&JsValue::from_str("SKIP_WAITING")).is_err() {
                reload();
            }
        }
        _ => reload(),
    }
}
