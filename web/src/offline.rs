//! The service worker seen from the page: registers `sw.js` (written by the build, see
//! `scripts/precache.mjs` and `web/service-worker.js`), reports a new version that waits, and
//! activates it when the person asks. Browser-only; nothing here runs in native tests.

use gloo_events::EventListener;
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

/// Registers the service worker. Calls `on_update` with the registration when a new version
/// has installed and waits — only while a version already controls the page, so the very
/// first install is not announced as an update. A version found while the page loads (the
/// browser checks `sw.js` on every navigation) counts too, at whatever stage it is.
pub fn register(on_update: impl Fn(ServiceWorkerRegistration) + 'static) {
    let Some(c) = container() else { return };
    let on_update: OnUpdate = Rc::new(on_update);
    wasm_bindgen_futures::spawn_local(async move {
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
