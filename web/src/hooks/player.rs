//! The player: steps through the path on a timer.

use crate::state::{Action, Model};
use yew::prelude::*;

/// While the model is playing, dispatches [`Action::Tick`] every
/// [`speed_ms`](Model::speed_ms) milliseconds.
#[hook]
pub fn use_player(model: &UseReducerHandle<Model>) {
    let dispatcher = model.dispatcher();
    use_effect_with((model.player.playing, model.settings.speed_ms), move |&(playing, ms)| {
        let timer = playing.then(|| {
            gloo_timers::callback::Interval::new(ms, move || dispatcher.dispatch(Action::Tick))
        });
        move || drop(timer)
    });
}
