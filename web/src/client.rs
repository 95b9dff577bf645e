//! The page's end of the worker: spawns the solver reactor, sends requests and hands every
//! response to a callback. One worker serves the page for its whole life: a job is cancelled
//! by a [`Job::Cancel`](crate::protocol::Job) request, which the worker honours within a slice
//! of a few milliseconds, also in the middle of a long step.

use crate::agent::SolverReactor;
use crate::codec::Compact;
use crate::protocol::{Request, Response};
use futures::channel::mpsc;
use futures::future::{AbortHandle, Abortable};
use futures::{SinkExt, StreamExt};
use std::rc::Rc;
use yew_agent::Spawnable;

/// A connection to one solver worker at a time.
pub struct WorkerClient {
    path: String,
    on_response: Rc<dyn Fn(Response)>,
    requests: Option<mpsc::UnboundedSender<Request>>,
    tasks: Vec<AbortHandle>,
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

impl WorkerClient {
    /// Spawns the worker at `path` (a script built by Trunk from the `worker` binary).
    pub fn new(path: &str, on_response: impl Fn(Response) + 'static) -> WorkerClient {
        let mut client = WorkerClient {
            path: path.to_string(),
            on_response: Rc::new(on_response),
            requests: None,
            tasks: Vec::new(),
        };
        client.spawn();
        client
    }

    fn spawn(&mut self) {
        let bridge = SolverReactor::spawner().encoding::<Compact>().spawn(&self.path);
        let (mut sink, mut replies) = bridge.split();
        let (tx, mut rx) = mpsc::unbounded::<Request>();
        self.requests = Some(tx);
        let on_response = self.on_response.clone();
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
                on_response(resp);
                if std::mem::take(&mut first) {
                    // The worker has loaded and answered: the service worker may install now.
                    crate::offline::worker_replied();
                }
            }
        }));
    }

    /// Sends a request (queued until the worker has loaded).
    pub fn send(&self, req: Request) {
        if let Some(tx) = &self.requests {
            let _ = tx.unbounded_send(req);
        }
    }
}

impl WorkerClient {
    fn stop(&mut self) {
        self.requests = None;
        for t in self.tasks.drain(..) {
            t.abort();
        }
    }
}

impl Drop for WorkerClient {
    fn drop(&mut self) {
        self.stop();
    }
}
