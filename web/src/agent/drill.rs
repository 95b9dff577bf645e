//! The worker's drills: one being made per request, and one kept ready per technique being
//! learnt, so the next drill of a technique is served at once ([`Drills`]).

use crate::protocol::{GradeRequest, PlainDrill, PlainGrade, Reply};
use deduku::Technique;
use deduku::drill::{DrillGenerator, DrillPoll};
use std::collections::{BTreeMap, VecDeque};

/// One drill being made for a technique.
pub struct DrillJob {
    /// The technique's ID.
    pub technique: String,
    generator: Option<DrillGenerator>,
}

impl DrillJob {
    /// A search for a drill of the technique `id` (an unknown ID fails at the first poll).
    pub fn new(id: &str, seed: u64) -> DrillJob {
        let generator = Technique::from_id(id).map(|t| DrillGenerator::new(t, seed));
        DrillJob { technique: id.to_string(), generator }
    }

    /// Works until the drill is made, the search fails, or `stop` answers `true` (`None`).
    pub fn poll(&mut self, stop: Option<&dyn Fn() -> bool>) -> Option<Result<PlainDrill, String>> {
        let Some(g) = self.generator.as_mut() else {
            return Some(Err(format!("Unknown technique: {}.", self.technique)));
        };
        match g.advance(stop) {
            DrillPoll::Found(d) => Some(Ok(PlainDrill::from_drill(&d))),
            DrillPoll::Failed(e) => Some(Err(format!("No drill: {e}."))),
            DrillPoll::Pending => None,
        }
    }

    /// Runs to the end without interruption (tests and simple callers).
    pub fn run(&mut self) -> Result<PlainDrill, String> {
        loop {
            if let Some(r) = self.poll(None) {
                return r;
            }
        }
    }
}

/// The drill of technique `id` that the givens `puzzle` give ([`Job::DrillFrom`]): a drill kept
/// across a reload, made again. Anything that does not give one (an unknown technique, a bad
/// line, a puzzle whose walk does not reach the technique) is [`Reply::DrillFailed`].
///
/// [`Job::DrillFrom`]: crate::protocol::Job::DrillFrom
pub fn drill_from_job(id: &str, puzzle: &str) -> Reply {
    let b = puzzle.as_bytes();
    let values: Option<[u8; 81]> = (b.len() == 81)
        .then(|| {
            let mut v = [0u8; 81];
            for (x, &c) in v.iter_mut().zip(b) {
                *x = match c {
                    b'1'..=b'9' => c - b'0',
                    b'.' | b'0' => 0,
                    _ => return None,
                };
            }
            Some(v)
        })
        .flatten();
    let drill = Technique::from_id(id)
        .zip(values)
        .and_then(|(t, v)| deduku::drill::drill_from_puzzle(t, &deduku::Board::from_values(&v)));
    match drill {
        Some(d) => Reply::Drill(Box::new(PlainDrill::from_drill(&d))),
        None => Reply::DrillFailed(format!("No drill of {id} from that puzzle.")),
    }
}

/// Grades a person's answer ([`Job::Grade`](crate::protocol::Job::Grade)).
pub fn grade_job(req: &GradeRequest) -> PlainGrade {
    req.grade()
}

/// The drills of the worker: the person's requests (first asked, first served), the drills kept
/// ready per technique, and those being made ready in idle time.
#[derive(Default)]
pub struct Drills {
    /// Requests waiting for a drill being made: id and job.
    pub asked: VecDeque<(u64, DrillJob)>,
    /// A drill ready per technique ID.
    ready: BTreeMap<String, PlainDrill>,
    /// Drills being made ready, one per technique at most.
    making: VecDeque<DrillJob>,
    /// The seed of the drills made ready, and how many were made.
    seed: (u64, u64),
    /// The request that drills made ready are reported to ([`Reply::DrillReady`]; 0: none).
    report: u64,
}

impl Drills {
    /// A request for a drill of `id`: the ready one at once (and the next one is made ready),
    /// or `None` when it must be made (it is queued).
    pub fn ask(&mut self, id: u64, technique: &str, seed: u64) -> Option<Reply> {
        if self.seed == (0, 0) {
            self.seed = (seed, 0);
        }
        if let Some(d) = self.ready.remove(technique) {
            self.prepare(technique);
            return Some(Reply::Drill(Box::new(d)));
        }
        // A drill being made ready for it serves the request instead.
        let job = match self.making.iter().position(|j| j.technique == technique) {
            Some(k) => self.making.remove(k).expect("a job"),
            None => DrillJob::new(technique, seed),
        };
        self.asked.push_back((id, job));
        None
    }

    /// Makes a drill of `id` ready in idle time, unless one is ready or coming.
    pub fn prepare(&mut self, technique: &str) {
        if Technique::from_id(technique).is_none()
            || self.ready.contains_key(technique)
            || self.making.iter().any(|j| j.technique == technique)
            || self.asked.iter().any(|(_, j)| j.technique == technique)
        {
            return;
        }
        self.seed.1 += 1;
        let seed = deduku::generate::seed_for(self.seed.0 ^ 0x5eed_d111, self.seed.1);
        self.making.push_back(DrillJob::new(technique, seed));
    }

    /// Reports drills made ready from now on to the request `id` ([`Reply::DrillReady`]).
    pub fn report_to(&mut self, id: u64) {
        self.report = id;
    }

    /// A drill kept ready from the last visit, made ready again at once from its puzzle
    /// (nothing when one is ready or coming for the technique, or the puzzle gives none).
    pub fn restore(&mut self, technique: &str, puzzle: &str) {
        if self.ready.contains_key(technique)
            || self.making.iter().any(|j| j.technique == technique)
            || self.asked.iter().any(|(_, j)| j.technique == technique)
        {
            return;
        }
        if let Reply::Drill(d) = drill_from_job(technique, puzzle) {
            self.ready.insert(technique.to_string(), *d);
        }
    }

    /// Sets the seed of the drills made ready (once; later calls keep the first).
    pub fn seed(&mut self, seed: u64) {
        if self.seed == (0, 0) {
            self.seed = (seed, 0);
        }
    }

    /// Cancels the request `id`; whether it was waiting.
    pub fn cancel(&mut self, id: u64) -> bool {
        match self.asked.iter().position(|(a, _)| *a == id) {
            Some(k) => {
                self.asked.remove(k);
                true
            }
            None => false,
        }
    }

    /// Whether a request waits for a drill.
    pub fn asked(&self) -> bool {
        !self.asked.is_empty()
    }

    /// Whether a drill is being made ready.
    pub fn making(&self) -> bool {
        !self.making.is_empty()
    }

    /// Works on the first request; the reply to send with its id when it is done.
    pub fn poll_asked(&mut self, stop: Option<&dyn Fn() -> bool>) -> Option<(u64, Reply)> {
        let (id, job) = self.asked.front_mut()?;
        let id = *id;
        let result = job.poll(stop)?;
        let (_, job) = self.asked.pop_front().expect("a request");
        let reply = match result {
            Ok(d) => {
                self.prepare(&job.technique);
                Reply::Drill(Box::new(d))
            }
            Err(e) => Reply::DrillFailed(e),
        };
        Some((id, reply))
    }

    /// Works on the first drill being made ready; when it is made, the report to send with
    /// its id ([`Drills::report_to`]).
    pub fn poll_making(&mut self, stop: Option<&dyn Fn() -> bool>) -> Option<(u64, Reply)> {
        let job = self.making.front_mut()?;
        let result = job.poll(stop)?;
        let job = self.making.pop_front().expect("a job");
        // A technique the generator cannot reach is not tried again until it is asked for.
        let d = result.ok()?;
        let report =
            Reply::DrillReady { technique: job.technique.clone(), puzzle: d.puzzle.clone() };
        self.ready.insert(job.technique, d);
        (self.report != 0).then_some((self.report, report))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::{FindingKind, PlainCand};

    fn drain(d: &mut Drills) -> Vec<(u64, Reply)> {
        let mut out = Vec::new();
        while d.asked() {
            out.extend(d.poll_asked(None));
        }
        out
    }

    #[test]
    fn a_drill_is_made_then_the_next_is_ready_at_once() {
        let mut d = Drills::default();
        assert!(d.ask(1, "x-wing", 7).is_none(), "nothing ready yet");
        let first = drain(&mut d);
        let [(1, Reply::Drill(first))] = first.as_slice() else { panic!("{first:?}") };
        assert!(d.making(), "the next one is being made ready");
        d.report_to(9);
        let mut reports = Vec::new();
        while d.making() {
            reports.extend(d.poll_making(None));
        }
        let [(9, Reply::DrillReady { technique, puzzle })] = reports.as_slice() else {
            panic!("{reports:?}")
        };
        assert_eq!(technique, "x-wing");
        // Kept by the page, it comes back ready in a new worker, the same drill.
        let mut fresh = Drills::default();
        fresh.restore("x-wing", puzzle);
        fresh.restore("nope", puzzle);
        fresh.restore("swordfish", "garbage");
        assert!(!fresh.making());
        let Some(Reply::Drill(kept)) = fresh.ask(1, "x-wing", 1) else { panic!("ready at once") };
        assert_eq!(&kept.puzzle, puzzle);
        assert!(fresh.ask(2, "swordfish", 1).is_none(), "nothing ready for a bad puzzle");
        let Some(Reply::Drill(second)) = d.ask(2, "x-wing", 8) else { panic!("ready") };
        assert_eq!(&second, &kept);
        assert_ne!(first.puzzle, second.puzzle);
        assert_eq!(second.technique, "x-wing");
        assert!(d.ask(3, "nope", 1).is_none());
        assert!(matches!(drain(&mut d).as_slice(), [(3, Reply::DrillFailed(_))]));
    }

    #[test]
    fn a_drill_is_made_again_from_its_puzzle_and_bad_input_fails() {
        let d = DrillJob::new("x-wing", 4).run().expect("a drill");
        let Reply::Drill(again) = drill_from_job("x-wing", &d.puzzle) else { panic!("a drill") };
        assert_eq!(*again, d);
        for (t, p) in
            [("x-wing", "garbage"), ("nope", d.puzzle.as_str()), ("x-wing", &"1".repeat(81))]
        {
            assert!(matches!(drill_from_job(t, p), Reply::DrillFailed(_)), "{t} {p}");
        }
    }

    #[test]
    fn the_key_as_answer_is_all_found_and_a_solution_strike_is_against_it() {
        let drill = DrillJob::new("x-wing", 3).run().expect("a drill");
        let lib = deduku::drill::drill_position(Technique::XWing, 3).expect("a drill");
        let key = lib.key();
        let cands = |v: &[deduku::Candidate]| v.iter().map(|&c| PlainCand::from(c)).collect();
        let mut req = GradeRequest {
            technique: drill.technique.clone(),
            position: drill.position.clone(),
            solution: drill.solution.clone(),
            struck: cands(&key.eliminations),
            placed: cands(&key.placements),
        };
        let g = grade_job(&req);
        assert!(g.correct, "{g:?}");
        assert_eq!(g.findings.len(), 1);
        // Strike the solution's digit of an empty cell.
        let i = (0..81).find(|&i| drill.position.value(i) == 0).expect("an empty cell");
        req.struck.push(PlainCand { cell: i as u8, digit: drill.solution[i] });
        let g = grade_job(&req);
        assert_eq!(g.findings[0].kind, FindingKind::AgainstSolution);
        assert!(!g.correct);
    }
}
