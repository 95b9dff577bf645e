//! The Learn place's progress and the drill being worked on, kept in local storage: read once
//! when the page opens, written whenever they change.

use crate::components::learn::today;
use crate::persist;
use crate::state::{Action, LearnAction, Model};
use yew::prelude::*;

/// Restores the drill progress kept from the last visit and saves it as it changes.
#[hook]
pub fn use_learn_progress(model: &UseReducerHandle<Model>) {
    let dispatcher = model.dispatcher();
    use_effect_with((), move |_| {
        let (progress, kept, ready) = persist::load_progress();
        if !progress.is_empty() {
            dispatcher.dispatch(Action::Learn(LearnAction::Restore(progress, today())));
        }
        if !ready.is_empty() {
            dispatcher.dispatch(Action::Learn(LearnAction::Ready(ready)));
        }
        if let Some(k) = kept {
            dispatcher.dispatch(Action::Learn(LearnAction::Resume(k)));
        }
    });
    let model = model.clone();
    use_effect_with(model.learn.revision, move |&revision| {
        if revision > 0 {
            persist::save_progress(&model.learn);
        }
    });
}
