//! The pool of ready puzzles starts filling once the person has left the page alone for a while.

use crate::state::{Action, Model};
use gloo_events::{EventListener, EventListenerOptions, EventListenerPhase};
use gloo_timers::callback::Timeout;
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use yew::prelude::*;

/// How long the page waits with no key, pointer, wheel, paste or drop before it lets the
/// worker fill the pool.
pub const POOL_IDLE_MS: u32 = 3_000;

/// The input events that count as the person using the page.
const ACTIVITY: [&str; 5] = ["keydown", "pointerdown", "wheel", "paste", "drop"];

/// Sends [`Action::FillPool`] once, after [`POOL_IDLE_MS`] without input. The timer starts
/// when the page opens and again at each input, until it has fired.
///
/// Why it waits: making puzzles runs most of the worker's code for the first time. The
/// browser then compiles that code, and optimises what gets hot, on the worker's thread and
/// on compiler threads. On a machine with two cores, that competes with the page. Started at
/// load, it made a paste right after the load take 1.4 to 2.3 times as long on the page's
/// thread, in three probes. A paste made a second later was not slowed (`bench/NOTES.md`).
#[hook]
pub fn use_pool_when_idle(model: &UseReducerHandle<Model>) {
    let dispatcher = model.dispatcher();
    use_effect_with((), move |_| {
        let fired = Rc::new(Cell::new(false));
        let timer = Rc::new(RefCell::new(None::<Timeout>));
        let arm = {
            let (fired, timer) = (fired.clone(), timer.clone());
            Rc::new(move || {
                if fired.get() {
                    return;
                }
                let (fired, dispatcher) = (fired.clone(), dispatcher.clone());
                // Replacing the timer drops, and so cancels, the one before.
                *timer.borrow_mut() = Some(Timeout::new(POOL_IDLE_MS, move || {
                    fired.set(true);
                    dispatcher.dispatch(Action::FillPool);
                }));
            })
        };
        arm();
        let window: web_sys::EventTarget = web_sys::window().expect("a window").into();
        let options = EventListenerOptions { phase: EventListenerPhase::Capture, passive: true };
        let listeners: Vec<EventListener> = ACTIVITY
            .iter()
            .map(|&event| {
                let arm = arm.clone();
                EventListener::new_with_options(&window, event, options, move |_| arm())
            })
            .collect();
        move || {
            drop(listeners);
            timer.borrow_mut().take();
        }
    });
}
