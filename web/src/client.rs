//! The page's end of the worker: spawns the solver reactor, sends requests and hands every
//! response to a callback. A job is cancelled by a [`Job::Cancel`] request, which the worker
//! honours within a slice of a few milliseconds, also in the middle of a long step.
//!
//! A worker that dies is replaced: its panic hook, or for a death without a panic (a wasm
//! trap) its listeners for uncaught errors (`agent::report_deaths`), report an error marked
//! [`PANIC_MARK`], which reaches the page's `error` event; the client then starts a new
//! worker and sends it again every request still unanswered ([`InFlight`]) under the same ids,
//! so the model takes the replies as if nothing had happened (a path sent again streams its
//! steps from the first, and the model skips those it has). A request that was unanswered at
//! two deaths is not sent a third time: the client gives it up, and the model treats it as
//! cancelled.
//!
//! A worker that dies without a word (an endless loop, or killed by the browser) is noticed by
//! a watchdog: while requests wait and the worker has answered once (it has loaded), the
//! client sends [`Job::Ping`] every quarter of [`WATCHDOG_MS`] unless one is still unanswered;
//! a ping unanswered for [`WATCHDOG_MS`] (any reply counts) means the worker is dead, and it is
//! replaced as above. Only an unanswered ping counts, not time since the last reply, so a
//! hidden tab whose timers the browser slows to one a minute sees no false deaths. (gloo-worker gives no handle
//! to terminate it, so a worker stuck in a loop keeps its thread until the page closes.)

use crate::agent::{PANIC_MARK, SolverReactor};
use crate::codec::Compact;
use crate::protocol::{Job, Reply, Request, Response};
use futures::channel::mpsc;
use futures::future::{AbortHandle, Abortable};
use futures::{SinkExt, StreamExt};
use gloo_events::EventListener;
use gloo_timers::callback::Interval;
use std::cell::{Cell, RefCell};
use std::collections::BTreeMap;
use std::rc::Rc;
use yew_agent::Spawnable;

/// What the page hears when its worker died and was replaced.
#[derive(Clone, PartialEq, Debug)]
pub struct Restarted {
    /// The requests given up (unanswered at two deaths), by id; the others were sent again.
    pub dropped: Vec<u64>,
}

/// The most replacements in one page's life: a worker that keeps dying is not restarted
/// for ever.
pub const MAX_RESTARTS: u32 = 20;

/// How long a loaded worker with requests waiting may stay silent before it is taken for dead.
/// A live one answers a ping within a slice (20 ms) and every quick job within milliseconds,
/// so this only needs room for a busy machine.
pub const WATCHDOG_MS: u32 = 20_000;

/// A connection to one solver worker at a time, replaced when it dies.
pub struct WorkerClient {
    conn: Rc<RefCell<Conn>>,
    _on_error: Option<EventListener>,
    watchdog: RefCell<Option<Interval>>,
}

struct Conn {
    path: String,
    on_response: Rc<dyn Fn(Response)>,
    on_restart: Rc<dyn Fn(Restarted)>,
    requests: Option<mpsc::UnboundedSender<Request>>,
    tasks: Vec<AbortHandle>,
    in_flight: Rc<RefCell<InFlight>>,
    restarts: u32,
    /// Whether this worker has answered once (it has loaded).
    loaded: Rc<Cell<bool>>,
    /// When the oldest unanswered ping was sent (`Date.now()`, ms); 0 when none is.
    pinged: Rc<Cell<f64>>,
}

/// The worker script's URL relative to the page, with a hash of the sources (see `build.rs`;
/// they include the protocol's version) so a cached worker of another build is not used. One
/// string in the app's wasm: `scripts/precache.mjs` reads it there, so that the service worker
/// precaches the worker under the very address the page loaded it from.
pub const WORKER_PATH: &str = concat!("worker.js?v=", env!("DEDUKU_BUILD_ID"));

/// [`WORKER_PATH`], owned.
pub fn default_worker_path() -> String {
    WORKER_PATH.to_string()
}

fn spawn_abortable(task: impl std::future::Future<Output = ()> + 'static) -> AbortHandle {
    let (handle, registration) = AbortHandle::new_pair();
    wasm_bindgen_futures::spawn_local(async move {
        let _ = Abortable::new(task, registration).await;
    });
    handle
}

/// The requests sent and not yet answered to the end, in the order sent, and how many worker
/// deaths each has seen. Plain data, tested natively.
#[derive(Default, Debug)]
pub struct InFlight {
    waiting: BTreeMap<u64, (Request, u32)>,
}

impl InFlight {
    /// Records a request as sent: a cancel answers its target (the worker replies `Cancelled`,
    /// or nothing when it was done); a test fault is never sent again.
    pub fn sent(&mut self, req: &Request) {
        match req.job {
            Job::Cancel(target) => {
                self.waiting.remove(&target);
            }
            Job::Fault { .. } | Job::Ping | Job::PrepareDrills { .. } => {}
            _ => {
                self.waiting.insert(req.id, (req.clone(), 0));
            }
        }
    }

    /// Records a reply: every reply but a path's steps and a generation's progress is the last
    /// one for its request.
    pub fn answered(&mut self, resp: &Response) {
        let more = matches!(
            resp.reply,
            Reply::Step { .. } | Reply::Reduced(_) | Reply::GenProgress(_) | Reply::Pong
        );
        if !more {
            self.waiting.remove(&resp.id);
        }
    }

    /// The worker died: the requests to send again, in order, and the ids given up (those that
    /// were already waiting when a worker died before).
    pub fn died(&mut self) -> (Vec<Request>, Vec<u64>) {
        let mut again = Vec::new();
        let mut dropped = Vec::new();
        self.waiting.retain(|id, (req, deaths)| {
            *deaths += 1;
            if *deaths > 1 {
                dropped.push(*id);
                false
            } else {
                again.push(req.clone());
                true
            }
        });
        (again, dropped)
    }

    /// How many requests wait for an answer.
    pub fn len(&self) -> usize {
        self.waiting.len()
    }

    /// Whether none does.
    pub fn is_empty(&self) -> bool {
        self.waiting.is_empty()
    }
}

impl WorkerClient {
    /// Spawns the worker at `path` (a script built by Trunk from the `worker` binary). When
    /// it dies, a new one is spawned and `on_restart` is told (at most [`MAX_RESTARTS`] times).
    pub fn new(
        path: &str,
        on_response: impl Fn(Response) + 'static,
        on_restart: impl Fn(Restarted) + 'static,
    ) -> WorkerClient {
        let conn = Rc::new(RefCell::new(Conn {
            path: path.to_string(),
            on_response: Rc::new(on_response),
            on_restart: Rc::new(on_restart),
            requests: None,
            tasks: Vec::new(),
            in_flight: Rc::default(),
            restarts: 0,
            loaded: Rc::default(),
            pinged: Rc::default(),
        }));
        conn.borrow_mut().spawn();
        let on_error = web_sys::window().map(|window| {
            let conn = conn.clone();
            EventListener::new(&window, "error", move |event| {
                let message = js_sys::Reflect::get(event, &"message".into())
                    .ok()
                    .and_then(|m| m.as_string())
                    .unwrap_or_default();
                if !message.contains(PANIC_MARK) {
                    return;
                }
                // Handled here: the worker's own console already shows the panic.
                event.prevent_default();
                Conn::died(&conn);
            })
        });
        let client = WorkerClient { conn, _on_error: on_error, watchdog: RefCell::default() };
        client.set_watchdog(WATCHDOG_MS);
        client
    }

    /// Starts the watchdog anew with `ms` of silence allowed (the end-to-end tests shorten it).
    pub fn set_watchdog(&self, ms: u32) {
        let conn = self.conn.clone();
        let tick = Interval::new((ms / 4).max(1), move || {
            let now = js_sys::Date::now();
            let silent = {
                let c = conn.borrow();
                if !c.loaded.get() || c.in_flight.borrow().is_empty() {
                    return;
                }
                let pinged = c.pinged.get();
                if pinged == 0.0 {
                    c.pinged.set(now);
                    c.send(Request { id: 0, job: Job::Ping });
                }
                pinged != 0.0 && now - pinged > f64::from(ms)
            };
            if silent {
                Conn::died(&conn);
            }
        });
        *self.watchdog.borrow_mut() = Some(tick);
    }

    /// Sends a request (queued until the worker has loaded).
    pub fn send(&self, req: Request) {
        self.conn.borrow().send(req);
    }
}

impl Conn {
    fn spawn(&mut self) {
        let bridge = SolverReactor::spawner().encoding::<Compact>().spawn(&self.path);
        let (mut sink, mut replies) = bridge.split();
        let (tx, mut rx) = mpsc::unbounded::<Request>();
        self.requests = Some(tx);
        let on_response = self.on_response.clone();
        let in_flight = self.in_flight.clone();
        // A new worker has not answered yet: the watchdog waits for its first word (its files
        // may take seconds to arrive).
        self.loaded.set(false);
        self.pinged.set(0.0);
        let (loaded, pinged) = (self.loaded.clone(), self.pinged.clone());
        // One task owns the sending half, so requests keep their order.
        self.tasks.push(spawn_abortable(async move {
            while let Some(req) = rx.next().await {
                if sink.send(req).await.is_err() {
                    break;
                }
            }
        }));
        self.tasks.push(spawn_abortable(async move {
            let mut first = true;
            while let Some(resp) = replies.next().await {
                // Any reply shows the worker alive.
                loaded.set(true);
                pinged.set(0.0);
                if resp.reply == Reply::Pong {
                    continue;
                }
                in_flight.borrow_mut().answered(&resp);
                on_response(resp);
                if std::mem::take(&mut first) {
                    // The worker has loaded and answered: the service worker may install now.
                    crate::offline::worker_replied();
                }
            }
        }));
    }

    fn send(&self, req: Request) {
        if let Some(tx) = &self.requests {
            self.in_flight.borrow_mut().sent(&req);
            let _ = tx.unbounded_send(req);
        }
    }

    /// The worker died (it said so, or the watchdog found it silent): a new one, and the page
    /// told.
    fn died(conn: &Rc<RefCell<Conn>>) {
        let restarted = conn.borrow_mut().restart();
        let on_restart = conn.borrow().on_restart.clone();
        if let Some(r) = restarted {
            on_restart(r);
        }
    }

    /// Replaces a dead worker; `None` when the restarts are used up.
    fn restart(&mut self) -> Option<Restarted> {
        self.stop();
        if self.restarts >= MAX_RESTARTS {
            return None;
        }
        self.restarts += 1;
        self.spawn();
        let (again, dropped) = self.in_flight.borrow_mut().died();
        if let Some(tx) = &self.requests {
            for req in again {
                let _ = tx.unbounded_send(req);
            }
        }
        Some(Restarted { dropped })
    }

    fn stop(&mut self) {
        self.requests = None;
        for t in self.tasks.drain(..) {
            t.abort();
        }
    }
}

impl Drop for Conn {
    fn drop(&mut self) {
        self.stop();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::{FaultKind, PathRequest, PlainBoard};

    fn path(id: u64) -> Request {
        Request { id, job: Job::Path(PathRequest::new(PlainBoard::default())) }
    }

    #[test]
    fn unanswered_requests_are_sent_again_once_and_then_given_up() {
        let mut f = InFlight::default();
        f.sent(&path(1));
        f.sent(&Request { id: 2, job: Job::Parse("1".into()) });
        f.sent(&Request { id: 3, job: Job::Fault { at: 0, kind: FaultKind::Panic } });
        // The watchdog's pings wait for nothing.
        f.sent(&Request { id: 0, job: Job::Ping });
        f.sent(&path(4));
        // A parse is answered by one reply; a path's steps do not end it, its end does.
        f.answered(&Response { id: 2, reply: Reply::ParseFailed("no".into()) });
        f.answered(&Response { id: 4, reply: Reply::Reduced(2) });
        // Cancelling path 1 means no answer is awaited for it any more.
        f.sent(&Request { id: 5, job: Job::Cancel(1) });
        assert_eq!(f.len(), 1);
        let (again, dropped) = f.died();
        assert_eq!(again, vec![path(4)]);
        assert!(dropped.is_empty());
        // The new worker answers some, then dies too: what was sent again is given up.
        f.sent(&path(6));
        let (again, dropped) = f.died();
        assert_eq!(again, vec![path(6)]);
        assert_eq!(dropped, vec![4]);
        f.answered(&Response {
            id: 6,
            reply: Reply::PathDone {
                end: crate::protocol::PathEnd::Solved,
                rating: Default::default(),
            },
        });
        assert!(f.is_empty());
    }
}
