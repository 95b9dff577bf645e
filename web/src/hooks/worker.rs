//! The solver worker as a hook: the one place that spawns and feeds the [`WorkerClient`].

use crate::client::{WorkerClient, default_worker_path};
use crate::protocol::{FaultKind, Job, Request};
use crate::state::{Action, Model};
use gloo_events::EventListener;
use gloo_timers::callback::Timeout;
use std::collections::VecDeque;
use wasm_bindgen::JsValue;
use yew::prelude::*;

/// Connects the model to the solver worker and returns the callback every action of the page
/// goes through.
///
/// The worker is spawned once, on the first render (the client replaces it if it dies, and the
/// model hears of it as [`Action::WorkerRestarted`]). After each change of the model, the
/// requests it added to its [`mailbox`](Model::mail) are sent, each once and in order; every
/// response comes back as [`Action::Worker`] (the model drops stale ones). The returned callback
/// hands each action to the model (a cancel is a request like any other:
/// [`Job::Cancel`](crate::protocol::Job) in the outbox, which the worker honours between slices
/// of a few milliseconds). The callback is the same on every render.
#[hook]
pub fn use_worker(model: &UseReducerHandle<Model>) -> Callback<Action> {
    // Spawned during the first render, not in an effect after it: on a slow link the worker's
    // files then start downloading as soon as the app runs, one render earlier.
    let dispatcher = model.dispatcher();
    let client = use_mut_ref(move || {
        let restarted = dispatcher.clone();
        Some(WorkerClient::new(
            &default_worker_path(),
            move |r| dispatcher.dispatch(Action::Worker(r)),
            move |r| restarted.dispatch(Action::WorkerRestarted(r.dropped)),
        ))
    });
    {
        // The end-to-end tests' way to make the worker die mid-path: with `faults` in the
        // page's query, a `deduku-fault` event sends [`Job::Fault`]; its detail is the step
        // index (a panic there), `{at, trap: true}` (a wasm trap without a panic) or `{at,
        // hang: true}` (an endless loop). Without it nothing listens.
        let client = client.clone();
        use_effect_with((), move |_| {
            let window = web_sys::window().expect("a window");
            let search = window.location().search().unwrap_or_default();
            let asked = search.contains("faults");
            // `watchdog=MS` beside `faults`: a shorter watchdog, so a test of a hung worker
            // need not wait the default 20 s.
            let watchdog = search
                .split(['?', '&'])
                .find_map(|p| p.strip_prefix("watchdog=")?.parse::<u32>().ok());
            if let (true, Some(ms), Some(c)) = (asked, watchdog, client.borrow().as_ref()) {
                c.set_watchdog(ms);
            }
            let listener = asked.then(|| {
                EventListener::new(&window, "deduku-fault", move |event| {
                    let detail =
                        js_sys::Reflect::get(event, &"detail".into()).unwrap_or(JsValue::UNDEFINED);
                    let field = |name: &str| js_sys::Reflect::get(&detail, &name.into()).ok();
                    let set = |name: &str| field(name).is_some_and(|t| t.is_truthy());
                    let at = detail.as_f64().or_else(|| field("at")?.as_f64()).unwrap_or(0.0);
                    let kind = match (set("trap"), set("hang")) {
                        (true, _) => FaultKind::Trap,
                        (_, true) => FaultKind::Hang,
                        _ => FaultKind::Panic,
                    };
                    if let Some(c) = client.borrow().as_ref() {
                        c.send(Request { id: 0, job: Job::Fault { at: at as u32, kind } });
                    }
                })
            });
            move || drop(listener)
        });
    }
    let sent = use_mut_ref(|| 0u64);
    {
        let client = client.clone();
        let model = model.clone();
        use_effect_with(model.mail.next_id(), move |_| {
            if let Some(c) = client.borrow().as_ref() {
                let mut last = sent.borrow_mut();
                let from = *last;
                for r in model.mail.after(from) {
                    c.send(r.clone());
                    *last = r.id;
                }
            }
        });
    }
    let dispatcher = model.dispatcher();
    let held = use_mut_ref(Held::default);
    use_callback((), move |a: Action, _| {
        let flush = match held.borrow_mut().take(a) {
            Take::Now(a) => {
                dispatcher.dispatch(a);
                return;
            }
            Take::Held { flush } => flush,
        };
        if flush {
            let (held, dispatcher) = (held.clone(), dispatcher.clone());
            Timeout::new(0, move || {
                // Not borrowed while dispatching: a redraw's effects may send more actions.
                while let Some(a) = held.borrow_mut().next() {
                    dispatcher.dispatch(a);
                }
            })
            .forget();
        }
    })
}

/// The actions held for a task after the input event's, in order.
#[derive(Default)]
struct Held(VecDeque<Action>);

/// What [`Held::take`] did with an action.
#[derive(Debug, PartialEq)]
enum Take {
    /// Nothing is held and the action is light: dispatch it now.
    Now(Action),
    /// Held, behind those held before it; `flush`: the first one held, so a task must be
    /// scheduled to dispatch them.
    Held { flush: bool },
}

impl Held {
    /// Takes an action from an input event.
    fn take(&mut self, a: Action) -> Take {
        let flush = self.0.is_empty();
        if flush && !a.redraws_much() {
            return Take::Now(a);
        }
        self.0.push_back(a);
        Take::Held { flush }
    }

    /// The next action held, first held first.
    fn next(&mut self) -> Option<Action> {
        self.0.pop_front()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_wait_for_a_task_of_their_own_and_what_follows_waits_behind_them() {
        let mut held = Held::default();
        // Light actions go at once while nothing is held.
        assert_eq!(held.take(Action::Select(3)), Take::Now(Action::Select(3)));
        assert_eq!(held.take(Action::Input(5)), Take::Now(Action::Input(5)));
        // A step is held, and the first one held asks for the task.
        assert_eq!(held.take(Action::Next), Take::Held { flush: true });
        // What comes before that task waits behind it, light or not, without a second task.
        assert_eq!(held.take(Action::Input(7)), Take::Held { flush: false });
        assert_eq!(held.take(Action::SolveAll), Take::Held { flush: false });
        assert_eq!(held.next(), Some(Action::Next));
        assert_eq!(held.next(), Some(Action::Input(7)));
        assert_eq!(held.next(), Some(Action::SolveAll));
        assert_eq!(held.next(), None);
        // Emptied, light actions go at once again.
        assert_eq!(held.take(Action::Move(0, 1)), Take::Now(Action::Move(0, 1)));
        assert_eq!(held.take(Action::Jump(4)), Take::Held { flush: true });
    }

    #[test]
    fn typing_goes_at_once_and_path_steps_and_whole_grid_changes_wait() {
        for a in [Action::Select(0), Action::Input(1), Action::Note(2), Action::Erase, Action::Undo]
        {
            assert!(!a.redraws_much(), "{a:?}");
        }
        for a in
            [Action::Next, Action::Prev, Action::SolveAll, Action::Hint, Action::FillCandidates]
        {
            assert!(a.redraws_much(), "{a:?}");
        }
    }
}
