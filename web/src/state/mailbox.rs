//! The model's mailbox to the worker: the requests it posts, each with a fresh id, and the
//! ids of the answers it awaits, one per kind of job.
//!
//! Its invariants, kept here and nowhere else:
//! - ids are handed out in increasing order from 1 and never twice (0 is "none": a request the
//!   page sends outside the model, and an answer that is awaited by nobody);
//! - the outbox holds the newest requests in the order they were posted, at most
//!   [`OUTBOX_KEEP`] (the worker hook sends new ones after every change, so older ones were
//!   sent long ago);
//! - an answer is current only when its id is the one awaited for its kind: a newer request of
//!   that kind makes older answers stale, and [`Mailbox::done`] or [`Mailbox::forget`] makes
//!   every answer of that kind stale.

use crate::protocol::{Job, Request};

/// The outbox keeps at most this many requests.
pub const OUTBOX_KEEP: usize = 16;

/// The kinds of answer the model awaits, one at a time each.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Awaited {
    /// A paste's text read into a board.
    Parse,
    /// The verdict (and rating) on the givens.
    Analyze,
    /// The path's steps from the person's position.
    Path,
    /// Find all's instances of one technique.
    Find,
    /// The person's new puzzle (the pool's own requests are kept apart, by level).
    Generate,
}

const KINDS: usize = 5;

/// Requests posted and answers awaited.
#[derive(Clone, PartialEq, Debug)]
pub struct Mailbox {
    /// The newest requests, oldest first.
    outbox: Vec<Request>,
    /// The id the next request gets.
    next_id: u64,
    /// The id awaited per kind ([`Awaited`] as index); 0: none.
    awaited: [u64; KINDS],
}

impl Default for Mailbox {
    fn default() -> Self {
        Mailbox { outbox: Vec::new(), next_id: 1, awaited: [0; KINDS] }
    }
}

impl Mailbox {
    /// Posts `job` with a fresh id and returns the id (nothing awaits its answer).
    pub fn post(&mut self, job: Job) -> u64 {
        let id = self.next_id;
        self.next_id += 1;
        self.outbox.push(Request { id, job });
        if self.outbox.len() > OUTBOX_KEEP {
            self.outbox.remove(0);
        }
        id
    }

    /// Posts `job` and awaits its answer as the current one of `kind` (an earlier request of
    /// that kind is then stale). Returns the id.
    pub fn ask(&mut self, kind: Awaited, job: Job) -> u64 {
        let id = self.post(job);
        self.awaited[kind as usize] = id;
        id
    }

    /// The id awaited for `kind`, 0 when none.
    pub fn awaited(&self, kind: Awaited) -> u64 {
        self.awaited[kind as usize]
    }

    /// Whether `id` is the answer awaited for `kind` (never for id 0).
    pub fn is(&self, kind: Awaited, id: u64) -> bool {
        id != 0 && self.awaited[kind as usize] == id
    }

    /// Whether an answer of `kind` is awaited.
    pub fn waiting(&self, kind: Awaited) -> bool {
        self.awaited[kind as usize] != 0
    }

    /// The answer of `kind` came in full: nothing more of that kind is awaited.
    pub fn done(&mut self, kind: Awaited) {
        self.awaited[kind as usize] = 0;
    }

    /// Stops awaiting `kind` and returns the id that was awaited (0: none), for a cancel.
    pub fn forget(&mut self, kind: Awaited) -> u64 {
        std::mem::take(&mut self.awaited[kind as usize])
    }

    /// Stops awaiting `kind` and, if a request of it was awaited, asks the worker to stop it.
    pub fn cancel(&mut self, kind: Awaited) {
        let id = self.forget(kind);
        if id != 0 {
            self.post(Job::Cancel(id));
        }
    }

    /// The requests kept, oldest first.
    pub fn requests(&self) -> &[Request] {
        &self.outbox
    }

    /// The requests posted after the one with id `sent`, in order: what the worker hook has not
    /// sent yet.
    pub fn after(&self, sent: u64) -> impl Iterator<Item = &Request> {
        self.outbox.iter().filter(move |r| r.id > sent)
    }

    /// The id the next request will get; it changes exactly when a request is posted.
    pub fn next_id(&self) -> u64 {
        self.next_id
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_increase_from_one_and_the_outbox_keeps_the_newest_in_order() {
        let mut m = Mailbox::default();
        let ids: Vec<u64> = (0..40).map(|i| m.post(Job::Cancel(i))).collect();
        assert_eq!(ids, (1..=40).collect::<Vec<u64>>());
        let kept: Vec<u64> = m.requests().iter().map(|r| r.id).collect();
        assert_eq!(kept, (25..=40).collect::<Vec<u64>>());
        assert_eq!(m.after(38).map(|r| r.id).collect::<Vec<_>>(), [39, 40]);
        assert_eq!(m.next_id(), 41);
    }

    #[test]
    fn only_the_newest_request_of_a_kind_is_awaited() {
        let mut m = Mailbox::default();
        assert!(!m.waiting(Awaited::Path) && !m.is(Awaited::Path, 0));
        let old = m.ask(Awaited::Path, Job::Cancel(0));
        let find = m.ask(Awaited::Find, Job::Cancel(0));
        let new = m.ask(Awaited::Path, Job::Cancel(0));
        assert!(!m.is(Awaited::Path, old), "a newer path makes the old one stale");
        assert!(m.is(Awaited::Path, new) && m.is(Awaited::Find, find));
        assert!(!m.is(Awaited::Find, new), "an id answers only its own kind");
        assert_eq!(m.forget(Awaited::Path), new);
        assert!(!m.is(Awaited::Path, new) && !m.waiting(Awaited::Path));
        m.done(Awaited::Find);
        assert_eq!(m.awaited(Awaited::Find), 0);
        let making = m.ask(Awaited::Generate, Job::Cancel(0));
        m.cancel(Awaited::Generate);
        assert_eq!(m.requests().last().map(|r| &r.job), Some(&Job::Cancel(making)));
        assert!(!m.waiting(Awaited::Generate));
        let posted = m.next_id();
        m.cancel(Awaited::Generate);
        assert_eq!(m.next_id(), posted, "nothing to cancel, nothing posted");
    }
}
