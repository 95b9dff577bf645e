//! The model as a hook, kept in the URL hash and local storage through [`crate::persist`].

use crate::persist;
use crate::state::{Action, Model};
use gloo_events::EventListener;
use yew::prelude::*;

/// The page's model: restored from the URL hash or local storage when the page opens (and when
/// the hash changes, as when a link to another position is opened in the same tab), and written
/// back to both whenever the starting position, the step or the candidates toggle changes (not
/// while a restore is still catching up with the steps arriving).
#[hook]
pub fn use_persisted_model() -> UseReducerHandle<Model> {
    let model = use_reducer(|| {
        let mut m = Model { show_candidates: persist::load_show_candidates(), ..Model::default() };
        if let Some((board, cursor)) = persist::load() {
            m = m.apply(Action::Restore(board, cursor));
        }
        m
    });
    {
        let dispatcher = model.dispatcher();
        use_effect_with((), move |_| {
            let window: web_sys::EventTarget = web_sys::window().expect("a window").into();
            let listener = EventListener::new(&window, "hashchange", move |_| {
                if let Some((board, cursor)) = persist::load() {
                    dispatcher.dispatch(Action::Restore(board, cursor));
                }
            });
            move || drop(listener)
        });
    }
    {
        let model = model.clone();
        let key = (model.start.clone(), model.cursor, model.show_candidates, model.follow_to);
        use_effect_with(key, move |_| {
            if model.follow_to.is_none() {
                persist::save(&model.start, model.cursor, model.show_candidates);
            }
        });
    }
    model
}
