//! Drills (`deduku::drill`): the position is the grid just before the path's first step of the
//! technique on the default path (the technique applies there, nothing easier does), the same
//! for a seed also when paused at every poll; the grader's four cases on generated positions,
//! placements for the singles, instances other than the path's counted; and for every drill
//! technique a position whose full key grades as all found; the known puzzles drills are also
//! made from reach their technique.

use deduku::drill::{
    Answer, DRILL_TECHNIQUES, Drill, DrillError, DrillGenerator, DrillPoll, Finding, Key,
    drill_position, grade, known_puzzles, ranked_before, walk_order,
};
use deduku::generate::seed_for;
use deduku::logic::{Context, find_all, next_step_in};
use deduku::{Advance, Board, Candidate, Cell, Digit, Options, PathRun, Technique};
use std::cell::Cell as StdCell;

fn drill(t: Technique, seed: u64) -> Drill {
    drill_position(t, seed).unwrap_or_else(|e| panic!("{}, seed {seed}: {e}", t.id()))
}

/// The first drill of `t` over seeds `seed_for(run, k)` whose key passes `want`.
fn drill_where(t: Technique, run: u64, want: impl Fn(&Drill, &Key) -> bool) -> (Drill, Key) {
    for k in 0..40 {
        let d = drill(t, seed_for(run, k));
        let key = d.key();
        if want(&d, &key) {
            return (d, key);
        }
    }
    panic!("{}: no drill as wanted in 40 seeds", t.id())
}

/// What every drill promises: the path's step is one of the instances, the technique is the
/// first step the default path takes on the position (for AIC and WXYZ-wing: the path with
/// the technique ranked before its pre-emptors, `walk_order`), the solution fits the position.
fn check_position(d: &Drill) {
    let t = d.technique;
    // The position is the default path's (or the drill's walk's), just before its first step
    // of the technique.
    let mut run = match ranked_before(t) {
        None => PathRun::new(&d.puzzle, &Options::default()),
        Some(_) => PathRun::with_order(&d.puzzle, &walk_order(t)),
    };
    let mut before = d.puzzle.clone();
    let mut taken = 0;
    loop {
        match run.advance(None) {
            Advance::Step(s) if s.technique == t => {
                assert_eq!(before, d.position, "{}: not the path's position", t.id());
                assert_eq!(s, d.step, "{}: not the path's step", t.id());
                assert_eq!(taken, d.steps_before, "{}", t.id());
                break;
            }
            Advance::Step(s) => {
                assert!(s.technique.tier() <= t.tier(), "{}: {} before it", t.id(), s.text);
                before = run.board().clone();
                taken += 1;
            }
            Advance::Pending => {}
            Advance::Done => panic!("{}: the path never takes it", t.id()),
        }
    }
    let instances = d.instances();
    assert!(instances.contains(&d.step), "{}: the path's step is not among Find all's", t.id());
    let ctx = Context { unique: Some(true) };
    let first = next_step_in(&d.position, &Options::default(), &ctx).expect("a step");
    match ranked_before(t) {
        None => {
            assert_eq!(
                first.technique,
                t,
                "{}: an easier technique applies: {}",
                t.id(),
                first.text
            )
        }
        Some(pre) => {
            // The default path takes a pre-emptor (never anything easier than the walk's
            // techniques before `t`), and nothing the walk ranks before `t` applies.
            assert!(first.technique >= pre, "{}: {} applies", t.id(), first.text);
            let order = walk_order(t);
            for &u in order.iter().take_while(|&&u| u != t) {
                assert!(find_all(&d.position, u).is_empty(), "{}: {} applies", t.id(), u.id());
            }
        }
    }
    for c in Cell::all() {
        let s = Digit::new(d.solution[c.index()]).expect("a solved grid");
        match d.position.value(c) {
            Some(v) => assert_eq!(v, s, "{}: {c}", t.id()),
            None => assert!(d.position.has(Candidate::new(c, s)), "{}: {c} lost {s}", t.id()),
        }
        if let Some(v) = d.puzzle.value(c) {
            assert_eq!(d.position.value(c), Some(v), "{}: given {c}", t.id());
        }
    }
}

#[test]
fn all_found_for_the_whole_key() {
    let d = drill(Technique::XWing, 1);
    check_position(&d);
    let key = d.key();
    assert!(!key.eliminations.is_empty());
    let g = d.grade(&key.as_answer());
    assert!(g.is_correct(), "{g:?}");
    let Finding::AllFound(t) = g.findings[0] else { panic!("{g:?}") };
    assert_eq!(
        (t.eliminations_found, t.eliminations),
        (key.eliminations.len(), key.eliminations.len())
    );
    assert_eq!(g.findings[0].to_string(), format!("All found: {t}."));
}

#[test]
fn some_found_counts_what_is_missing() {
    let (d, key) = drill_where(Technique::XWing, 2, |_, k| k.eliminations.len() >= 2);
    let n = key.eliminations.len();
    let answer = Answer { struck: key.eliminations[1..].to_vec(), placed: vec![] };
    let g = d.grade(&answer);
    assert!(!g.is_correct());
    assert_eq!(g.findings.len(), 1, "{g:?}");
    let Finding::SomeFound(t) = g.findings[0] else { panic!("{g:?}") };
    assert_eq!((t.eliminations_found, t.eliminations), (n - 1, n));
    assert_eq!(g.findings[0].to_string(), format!("Some found: {} of {n} eliminations.", n - 1));
    // An empty answer finds nothing.
    let g = d.grade(&Answer::default());
    assert_eq!(g.tally().eliminations_found, 0);
    assert!(matches!(g.findings[..], [Finding::SomeFound(_)]), "{g:?}");
}

/// A candidate of the position that is neither the solution's digit nor in the key.
fn stray(d: &Drill, key: &Key) -> Candidate {
    Cell::all()
        .filter(|&c| d.position.value(c).is_none())
        .flat_map(|c| d.position.candidates(c).iter().map(move |x| Candidate::new(c, x)))
        .find(|&x| {
            x.digit.get() != d.solution[x.cell.index()]
                && !key.eliminations.contains(&x)
                && !key.placements.iter().any(|p| p.cell == x.cell || p.digit == x.digit)
        })
        .expect("a stray candidate")
}

#[test]
fn a_strike_no_instance_proves_is_named() {
    let d = drill(Technique::XWing, 3);
    let key = d.key();
    let x = stray(&d, &key);
    let mut answer = key.as_answer();
    answer.struck.push(x);
    let g = d.grade(&answer);
    assert!(!g.is_correct());
    assert_eq!(
        g.findings,
        vec![
            Finding::NotProven { candidate: x, placed: false, technique: Technique::XWing },
            Finding::AllFound(g.tally()),
        ]
    );
    assert_eq!(
        g.findings[0].to_string(),
        format!("No X-Wing here removes {} from {}.", x.digit, x.cell)
    );
}

#[test]
fn a_strike_of_the_solution_is_named_with_the_digit() {
    let d = drill(Technique::Skyscraper, 4);
    let key = d.key();
    let cell = Cell::all()
        .find(|&c| d.position.value(c).is_none() && d.position.candidates(c).len() >= 2)
        .expect("an open cell");
    let digit = Digit::new(d.solution[cell.index()]).unwrap();
    let x = Candidate::new(cell, digit);
    let g = d.grade(&Answer { struck: vec![x], placed: vec![] });
    assert_eq!(
        g.findings[0],
        Finding::AgainstSolution { candidate: x, placed: false, solution: digit }
    );
    assert_eq!(g.findings[0].to_string(), format!("{cell} is {digit} in the solution."));
    assert_eq!(g.findings.len(), 2, "{g:?}");
    assert!(matches!(g.findings[1], Finding::SomeFound(_)), "{g:?}");
    // Mixed: the whole key, the solution's digit and a stray strike: the mistakes first (the
    // solution's before the unproven), then the tally.
    let mut answer = key.as_answer();
    let s = stray(&d, &key);
    answer.struck.extend([s, x]);
    let g = d.grade(&answer);
    assert!(
        matches!(
            g.findings[..],
            [Finding::AgainstSolution { .. }, Finding::NotProven { .. }, Finding::AllFound(_)]
        ),
        "{g:?}"
    );
    assert_eq!(g.mistakes().count(), 2);
}

#[test]
fn singles_are_answered_by_placing_or_by_striking_the_rest() {
    let d = drill(Technique::HiddenSingle, 5);
    check_position(&d);
    let key = d.key();
    assert!(!key.placements.is_empty() && key.eliminations.is_empty(), "{key:?}");
    // Placing every digit of the key.
    assert!(d.grade(&Answer { struck: vec![], placed: key.placements.clone() }).is_correct());
    // Striking every other candidate of those cells, and the digit in a peer, is the same.
    let mut struck = Vec::new();
    for p in &key.placements {
        struck.extend(
            d.position
                .candidates(p.cell)
                .iter()
                .filter(|&x| x != p.digit)
                .map(|x| Candidate::new(p.cell, x)),
        );
        struck.extend(
            p.cell
                .peers()
                .iter()
                .map(|c| Candidate::new(c, p.digit))
                .filter(|&x| d.position.has(x)),
        );
    }
    let g = d.grade(&Answer { struck, placed: vec![] });
    assert!(g.is_correct(), "{g:?}");
    // A wrong digit placed.
    let p = key.placements[0];
    let wrong = d.position.candidates(p.cell).iter().find(|&x| x != p.digit);
    if let Some(w) = wrong {
        let c = Candidate::new(p.cell, w);
        let g = d.grade(&Answer { struck: vec![], placed: vec![c] });
        assert_eq!(
            g.findings[0],
            Finding::AgainstSolution { candidate: c, placed: true, solution: p.digit }
        );
        assert_eq!(
            g.findings[0].to_string(),
            format!("{} is {} in the solution, not {w}.", p.cell, p.digit)
        );
    }
    // A right digit that no hidden single places (an open cell outside the key).
    let other = Cell::all()
        .find(|&c| {
            d.position.value(c).is_none()
                && !key.placements.iter().any(|p| p.cell == c || p.cell.sees(c))
        })
        .expect("a cell away from the key");
    let right = Candidate::new(other, Digit::new(d.solution[other.index()]).unwrap());
    let g = d.grade(&Answer { struck: vec![], placed: vec![right] });
    assert_eq!(
        g.findings[0],
        Finding::NotProven { candidate: right, placed: true, technique: Technique::HiddenSingle }
    );
}

#[test]
fn every_instance_counts_not_only_the_paths() {
    // A position with instances that remove different candidates: the strikes of an instance
    // that is not the path's are proven.
    let (d, key) = drill_where(Technique::LockedCandidatesPointing, 6, |d, k| {
        k.instances.iter().any(|s| s.eliminations.iter().any(|e| !d.step.eliminations.contains(e)))
    });
    let other: Vec<Candidate> = key
        .instances
        .iter()
        .flat_map(|s| s.eliminations.iter().copied())
        .filter(|e| !d.step.eliminations.contains(e))
        .collect();
    let g = d.grade(&Answer { struck: other.clone(), placed: vec![] });
    assert_eq!(g.mistakes().count(), 0, "{g:?}");
    assert!(g.tally().eliminations_found >= 1);
    // The grader agrees with `grade` on the bare position.
    assert_eq!(
        g,
        grade(&d.position, &d.solution, d.technique, &Answer { struck: other, placed: vec![] })
    );
}

/// For every drill technique of `tier`: a position (checked), and the union of Find all's
/// eliminations and placements grades as all found.
fn every_drill_technique_of_tier(tier: u8) {
    for &t in DRILL_TECHNIQUES.iter().filter(|t| t.tier() == tier) {
        let d = drill(t, 7);
        check_position(&d);
        let key = d.key();
        // The union of Find all's eliminations and placements.
        let mut elims: Vec<Candidate> =
            d.instances().iter().flat_map(|s| s.eliminations.iter().copied()).collect();
        elims.sort();
        elims.dedup();
        let answer = Answer { struck: elims, placed: key.placements.clone() };
        let g = d.grade(&answer);
        assert!(g.is_correct(), "{}: {g:?}", t.id());
    }
}

#[test]
fn every_drill_technique_of_tier_1_gives_a_position_all_found_by_its_key() {
    every_drill_technique_of_tier(1);
}

#[test]
fn every_drill_technique_of_tier_2_gives_a_position_all_found_by_its_key() {
    every_drill_technique_of_tier(2);
}

#[test]
fn every_drill_technique_of_tier_3_gives_a_position_all_found_by_its_key() {
    every_drill_technique_of_tier(3);
}

#[test]
fn every_drill_technique_of_tier_4_gives_a_position_all_found_by_its_key() {
    every_drill_technique_of_tier(4);
}

/// The known puzzles are what their file says: for each, the default path (AIC, WXYZ-wing:
/// their drill's walk) uses the technique with nothing of a higher tier before its first use (so a drill can be made from it), and
/// every drill technique but the rarest has some.
#[test]
fn every_known_puzzle_reaches_its_technique_with_nothing_harder_before() {
    let mut with = 0;
    for &t in DRILL_TECHNIQUES {
        let known = known_puzzles(t);
        with += usize::from(!known.is_empty());
        for values in known {
            let board = Board::from_values(&values);
            let mut run = match ranked_before(t) {
                None => PathRun::new(&board, &Options::default()),
                Some(_) => PathRun::with_order(&board, &walk_order(t)),
            };
            loop {
                match run.advance(None) {
                    Advance::Step(s) if s.technique == t => break,
                    Advance::Step(s) => {
                        assert!(s.technique.tier() <= t.tier(), "{}: {} first", t.id(), s.text)
                    }
                    Advance::Pending => {}
                    Advance::Done => panic!("{}: the path never takes it", t.id()),
                }
            }
        }
    }
    assert!(with * 10 >= DRILL_TECHNIQUES.len() * 9, "{with} of {}", DRILL_TECHNIQUES.len());
}

#[test]
fn the_same_seed_gives_the_same_drill_also_paused_at_every_poll() {
    for (t, seed) in [(Technique::NakedPair, 8), (Technique::XyWing, 9), (Technique::XChain, 10)] {
        let want = drill(t, seed);
        assert_eq!(drill(t, seed), want);
        assert_ne!(drill(t, seed + 100).position, want.position, "{}", t.id());
        let polls = StdCell::new(0u64);
        let stop = || {
            polls.set(polls.get() + 1);
            true
        };
        let mut g = DrillGenerator::new(t, seed);
        let mut pending = 0u64;
        let got = loop {
            match g.advance(Some(&stop)) {
                DrillPoll::Found(d) => break d,
                DrillPoll::Pending => pending += 1,
                DrillPoll::Failed(e) => panic!("{}: {e}", t.id()),
            }
            assert!(pending < 10_000_000, "no progress");
        };
        assert_eq!(got, want, "{}", t.id());
        assert!(pending > 0 && polls.get() > 0, "{}: never paused", t.id());
    }
}

#[test]
fn techniques_off_the_path_are_refused() {
    for t in [Technique::UnitPermutation, Technique::TemplateSet, Technique::BruteForce] {
        assert_eq!(drill_position(t, 1), Err(DrillError::Unreachable(t)));
        assert!(!DRILL_TECHNIQUES.contains(&t));
    }
}

/// AIC and WXYZ-wing, which the default path never takes first (a discontinuous nice loop
/// applies wherever an AIC does; the nice loops and AICs wherever a WXYZ-wing does), and
/// tier 4's forcing net verity (a forcing net contradiction applies wherever it does), have
/// drills: positions where the technique applies and nothing the drill's walk ranks before
/// it does, graded against every instance ("Find all").
#[test]
fn aic_and_wxyz_wing_have_drills_with_their_pre_emptors_ranked_after_them() {
    for t in [Technique::Aic, Technique::WxyzWing, Technique::ForcingNetVerity] {
        assert!(DRILL_TECHNIQUES.contains(&t));
        for seed in 0..4 {
            let d = drill(t, seed_for(57, seed));
            check_position(&d);
            let key = d.key();
            assert_eq!(key.instances, d.instances());
            assert!(!key.eliminations.is_empty() || !key.placements.is_empty(), "{}", t.id());
            assert!(d.grade(&key.as_answer()).is_correct(), "{}", t.id());
            // One elimination missing: some found; the grader counts every instance's.
            if let Some((&first, rest)) = key.eliminations.split_first() {
                let g = d.grade(&Answer { struck: rest.to_vec(), placed: key.placements.clone() });
                assert!(matches!(g.findings.as_slice(), [Finding::SomeFound(_)]), "{g:?}");
                assert_eq!(g.tally().eliminations_found, rest.len());
                assert!(!rest.contains(&first));
            }
        }
    }
}
