//! The solver worker as a hook: the one place that spawns and feeds the [`WorkerClient`].

use crate::client::{WorkerClient, default_worker_path};
use crate::state::{Action, Model};
use yew::prelude::*;

/// Connects the model to the solver worker and returns the callback every action of the page
/// goes through.
///
/// The worker is spawned once. After each change of the model, the requests it added to its
/// [`outbox`](Model::outbox) are sent, each once and in order; every response comes back as
/// [`Action::Worker`] (the model drops stale ones). The returned callback hands each action to
/// the model (a cancel is a request like any other: [`Job::Cancel`](crate::protocol::Job) in
/// the outbox, which the worker honours between slices of a few milliseconds). The callback is
/// the same on every render.
#[hook]
pub fn use_worker(model: &UseReducerHandle<Model>) -> Callback<Action> {
    let client = use_mut_ref(|| None::<WorkerClient>);
    let sent = use_mut_ref(|| 0u64);
    {
        let client = client.clone();
        let dispatcher = model.dispatcher();
        use_effect_with((), move |_| {
            *client.borrow_mut() = Some(WorkerClient::new(&default_worker_path(), move |r| {
                dispatcher.dispatch(Action::Worker(r))
            }));
        });
    }
    {
        let client = client.clone();
        let model = model.clone();
        use_effect_with(model.next_id, move |_| {
            if let Some(c) = client.borrow().as_ref() {
                let mut last = sent.borrow_mut();
                let from = *last;
                for r in model.outbox.iter().filter(|r| r.id > from) {
                    c.send(r.clone());
                    *last = r.id;
                }
            }
        });
    }
    let dispatcher = model.dispatcher();
    use_callback((), move |a: Action, _| dispatcher.dispatch(a))
}
