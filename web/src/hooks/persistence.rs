//! The model as a hook, kept in the URL hash and local storage through [`crate::persist`].

use crate::persist;
use crate::state::{Action, Model};
use gloo_events::EventListener;
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// The page's model: restored from local storage and the URL hash when the page opens, opened
/// anew when the hash changes to another position (a link opened in the same tab), and written
/// back whenever the history or the settings change (not while steps are still being followed,
/// which ends in one more change).
#[hook]
pub fn use_persisted_model() -> UseReducerHandle<Model> {
    let model = use_reducer(|| {
        let (history, settings, first_visit, warning) = persist::load();
        let mut m = Model::restored(history, settings);
        if first_visit {
            m.welcome();
        }
        if let Some(text) = warning {
            m = m.apply(Action::Warn(text));
        }
        // The generator's seed for this visit comes from the clock; the model reads none.
        m.start_pool(persist::load_pool(), js_sys::Date::now() as u64);
        m
    });
    {
        let dispatcher = model.dispatcher();
        use_effect_with((), move |_| {
            let window: web_sys::EventTarget = web_sys::window().expect("a window").into();
            let listener = EventListener::new(&window, "hashchange", move |event| {
                let went_to = event.dyn_ref::<web_sys::HashChangeEvent>().map(|e| e.new_url());
                if let Some(pos) = went_to.as_deref().and_then(persist::url_position) {
                    dispatcher.dispatch(Action::Load(Box::new(pos)));
                } else if let Some(why) = went_to.as_deref().and_then(persist::url_problem) {
                    dispatcher.dispatch(Action::Warn(why));
                }
            });
            move || drop(listener)
        });
    }
    {
        let model = model.clone();
        let key =
            (model.history.revision, model.settings.clone(), model.player.follow_to.is_none());
        use_effect_with(key, move |_| {
            if model.player.follow_to.is_none()
                && let Some(text) = persist::save(&model.history, &model.settings)
            {
                model.dispatch(Action::Warn(text));
            }
        });
    }
    {
        let model = model.clone();
        use_effect_with(model.maker.revision(), move |_| persist::save_pool(model.maker.pool()));
    }
    model
}
