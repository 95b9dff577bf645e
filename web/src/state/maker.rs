//! The puzzles the page makes: the person's new puzzle while the worker makes it, and the pool
//! of ready puzzles per level that "New puzzle" serves at once.
//!
//! Its invariants, kept here and nowhere else:
//! - [`Maker::revision`] changes whenever the pool does, and only then (the page saves the pool
//!   when it changes);
//! - the pool asks for nothing before [`Maker::fill`] (the page calls it once the person has
//!   left the page alone for a while), and afterwards asks for at most one puzzle per level at
//!   a time, only for a level short of [`POOL_SIZE`];
//! - a level whose background request failed or was cancelled is not asked for again until
//!   the next visit (a level the generator cannot reach would keep the worker busy);
//! - the person's own request is awaited in the [`Mailbox`] as [`Awaited::Generate`]; what it
//!   makes and its attempts so far are shown only while that request is awaited.

use super::{Awaited, Mailbox};
use crate::protocol::{Job, PuzzleChoice, Reply};
use std::collections::BTreeMap;
use std::rc::Rc;

/// The levels the page keeps puzzles ready for.
pub const POOL_LEVELS: [&str; 5] = ["easy", "medium", "hard", "unfair", "extreme"];

/// How many puzzles per level the pool keeps ready.
pub const POOL_SIZE: usize = 2;

/// Ready puzzles per level (81-character lines), kept in local storage.
pub type Pool = BTreeMap<String, Vec<String>>;

/// The person's new puzzle being made, and the pool of ready ones.
#[derive(Clone, PartialEq, Debug, Default)]
pub struct Maker {
    /// What the person's new puzzle request makes.
    making: Option<PuzzleChoice>,
    /// Its attempts so far.
    attempts: u32,
    /// Puzzles ready per level.
    pool: Rc<Pool>,
    /// Changed when the pool changes, so the page knows when to save it.
    revision: u64,
    /// Background requests filling the pool: id → level.
    refills: BTreeMap<u64, String>,
    /// Whether the pool may be filled ([`Maker::fill`] was called).
    on: bool,
    /// The seed of the page's generator requests, and how many were made.
    seed: (u64, u64),
}

impl Maker {
    /// Starts with `pool` as stored and `seed` for the generator requests (the page takes it
    /// from the clock; the model reads none). Nothing is asked for until [`Maker::fill`].
    pub fn start(&mut self, pool: Pool, seed: u64) {
        self.pool = Rc::new(pool);
        self.seed = (seed, 0);
        self.revision += 1;
    }

    /// The ready puzzles per level.
    pub fn pool(&self) -> &Rc<Pool> {
        &self.pool
    }

    /// Changes whenever the pool does.
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// How many puzzles of `level` are ready.
    pub fn ready(&self, level: &str) -> usize {
        self.pool.get(level).map_or(0, Vec::len)
    }

    /// What the person's request is making and its attempts so far, while it is awaited.
    pub fn making(&self, mail: &Mailbox) -> Option<(PuzzleChoice, u32)> {
        let choice = self.making.clone().filter(|_| mail.waiting(Awaited::Generate))?;
        Some((choice, self.attempts))
    }

    /// Lets the pool fill and asks for what is missing. Calling it again asks for nothing new.
    pub fn fill(&mut self, mail: &mut Mailbox) {
        self.on = true;
        self.refill(mail);
    }

    /// The person asks for a new puzzle: a ready one of the level when the pool has one (its
    /// 81-character line, and a refill is asked for), else the request is posted and awaited
    /// (an earlier one is cancelled) and `None` is returned.
    pub fn new_puzzle(&mut self, choice: &PuzzleChoice, mail: &mut Mailbox) -> Option<String> {
        if let PuzzleChoice::Level(level) = choice
            && let Some(line) = Rc::make_mut(&mut self.pool)
                .get_mut(level)
                .and_then(|v| (!v.is_empty()).then(|| v.remove(0)))
        {
            self.revision += 1;
            self.refill(mail);
            return Some(line);
        }
        mail.cancel(Awaited::Generate);
        let seed = self.next_seed();
        let job = Job::Generate { choice: choice.clone(), seed, background: false };
        mail.ask(Awaited::Generate, job);
        self.making = Some(choice.clone());
        self.attempts = 0;
        None
    }

    /// Takes a reply that belongs to the maker: the person's request's progress, or a
    /// background puzzle for the pool. Returns `true` when the reply was the maker's (the
    /// person's finished puzzle, a failure or a cancel of it, is the model's to handle).
    pub fn receive(&mut self, id: u64, reply: &Reply, mail: &mut Mailbox) -> bool {
        match reply {
            Reply::GenProgress(n) if mail.is(Awaited::Generate, id) => self.attempts = *n,
            Reply::Generated(p) if self.refills.contains_key(&id) => {
                let level = self.refills.remove(&id).unwrap_or_default();
                let ready = Rc::make_mut(&mut self.pool).entry(level).or_default();
                if ready.len() < POOL_SIZE {
                    ready.push(p.line.clone());
                }
                self.revision += 1;
                self.refill(mail);
            }
            Reply::GenFailed(_) | Reply::Cancelled if self.refills.contains_key(&id) => {
                self.refills.remove(&id);
            }
            _ => return false,
        }
        true
    }

    /// A fresh seed for a generator request of the page (puzzles, and drills too), from the
    /// seed given to [`Maker::start`]: a different one each call.
    pub fn next_seed(&mut self) -> u64 {
        self.seed.1 += 1;
        deduku::generate::seed_for(self.seed.0, self.seed.1)
    }

    /// Asks for one background puzzle for every level short of [`POOL_SIZE`] that has none
    /// coming.
    fn refill(&mut self, mail: &mut Mailbox) {
        if !self.on {
            return;
        }
        for level in POOL_LEVELS {
            let coming = self.refills.values().any(|l| l == level);
            if self.ready(level) < POOL_SIZE && !coming {
                let seed = self.next_seed();
                let choice = PuzzleChoice::Level(level.to_string());
                let id = mail.post(Job::Generate { choice, seed, background: true });
                self.refills.insert(id, level.to_string());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::GeneratedPuzzle;

    fn generates(mail: &Mailbox) -> Vec<(u64, String, bool)> {
        mail.requests()
            .iter()
            .filter_map(|r| match &r.job {
                Job::Generate { choice: PuzzleChoice::Level(l), background, .. } => {
                    Some((r.id, l.clone(), *background))
                }
                _ => None,
            })
            .collect()
    }

    #[test]
    fn nothing_is_asked_before_fill_and_one_per_short_level_after() {
        let mut mail = Mailbox::default();
        let mut m = Maker::default();
        let mut pool = Pool::new();
        pool.insert("easy".into(), vec!["x".into(); POOL_SIZE]);
        m.start(pool, 7);
        assert!(generates(&mail).is_empty());
        m.fill(&mut mail);
        let asked: Vec<String> = generates(&mail).into_iter().map(|g| g.1).collect();
        assert_eq!(asked, ["medium", "hard", "unfair", "extreme"]);
        m.fill(&mut mail);
        assert_eq!(generates(&mail).len(), 4, "a second fill asks for nothing new");
    }

    #[test]
    fn a_refill_fills_its_level_changes_the_revision_and_a_failure_is_not_retried() {
        let mut mail = Mailbox::default();
        let mut m = Maker::default();
        m.start(Pool::new(), 7);
        m.fill(&mut mail);
        let asked = generates(&mail);
        let rev = m.revision();
        let (easy, medium) = (asked[0].0, asked[1].0);
        let p = GeneratedPuzzle {
            line: "1".repeat(81),
            choice: PuzzleChoice::Level("easy".into()),
            rating: Default::default(),
            attempts: 1,
        };
        assert!(m.receive(easy, &Reply::Generated(p), &mut mail));
        assert_eq!(m.ready("easy"), 1);
        assert_ne!(m.revision(), rev);
        assert_eq!(generates(&mail).len(), asked.len() + 1, "easy is asked for again");
        assert!(m.receive(medium, &Reply::GenFailed("no".into()), &mut mail));
        assert_eq!(generates(&mail).len(), asked.len() + 1, "medium is not retried");
        assert!(!m.receive(9999, &Reply::Cancelled, &mut mail), "not the maker's");
    }

    #[test]
    fn the_persons_puzzle_comes_from_the_pool_or_is_asked_for_and_shows_its_attempts() {
        let mut mail = Mailbox::default();
        let mut m = Maker::default();
        let mut pool = Pool::new();
        pool.insert("easy".into(), vec!["a".into()]);
        m.start(pool, 7);
        let easy = PuzzleChoice::Level("easy".into());
        assert_eq!(m.new_puzzle(&easy, &mut mail).as_deref(), Some("a"));
        assert_eq!(m.ready("easy"), 0);
        assert_eq!(m.new_puzzle(&easy, &mut mail), None);
        let id = mail.awaited(Awaited::Generate);
        assert_ne!(id, 0);
        assert!(m.receive(id, &Reply::GenProgress(12), &mut mail));
        assert_eq!(m.making(&mail), Some((easy, 12)));
        mail.done(Awaited::Generate);
        assert_eq!(m.making(&mail), None, "shown only while awaited");
    }
}
