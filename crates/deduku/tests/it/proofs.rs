//! The proofs of forcing steps (`Step::proof`), checked by their stated reasons alone, never by
//! their words: every forcing step of every default path of the corpora is replayed on the
//! candidate grid it was found on. Each line must follow from its premises (earlier lines of
//! its branch) by the rule its reason names, checked against that grid (a "same row" shares a
//! row and a digit with its premise; an "only place left" has every other place of the digit
//! in the house ruled out by its premises; an inner pattern is that pattern on the grid its
//! premises leave; an inner forcing net's sub-proof is checked the same way, starting from the
//! outer lines it names); the ending must really be impossible (or, for a verity, every branch
//! must reach the conclusion, and the branches must cover every choice); the step must change
//! exactly what the proof concludes; every line must be used by a later line or by the
//! ending (nothing the conclusion does not depend on); and no line can be dropped: without it,
//! re-deriving what rested on it from the other lines by the basic rules (same cell, same
//! house, naked or hidden single, any premises) must lose a line the ending names (minimality
//! by deletion). Run with `--profile test-release`.

use crate::soundness::check_corpus;
use crate::support;

use deduku::logic::{Clash, Ending, Fact, Line, Options, Pattern, Proof, Reason};
use deduku::{Board, Candidate, CellSet, House, HouseKind, Step, Technique, next_step};

/// The techniques whose steps carry a proof.
const PROVED: &[Technique] = &[
    Technique::ForcingChainContradiction,
    Technique::ForcingChainVerity,
    Technique::ForcingNetContradiction,
    Technique::ForcingNetVerity,
    Technique::DynamicForcingNet,
    Technique::NestedForcingNet,
    Technique::KrakenFish,
];

fn off(k: Candidate) -> Fact {
    Fact::new(k, false)
}

/// Whether `facts` are exactly `want` (as sets; no repeats).
fn same_set(facts: &[Fact], want: &[Fact]) -> bool {
    facts.len() == want.len()
        && want.iter().all(|w| facts.contains(w))
        && facts.iter().enumerate().all(|(i, f)| !facts[..i].contains(f))
}

/// `board` with the candidates of the "off" facts `facts` removed; `None` if one is "on".
fn without(board: &Board, facts: &[Fact]) -> Option<Board> {
    let mut g = board.clone();
    for f in facts {
        if f.on {
            return None;
        }
        g.eliminate(f.candidate.cell, f.candidate.digit);
    }
    Some(g)
}

/// Checks line `i` of `p` by its reason on `board`; `outer` is the enclosing proof and the
/// index of the line whose sub-proof `p` is.
fn check_line(
    board: &Board,
    p: &Proof,
    i: usize,
    outer: Option<(&Proof, usize)>,
) -> Result<(), String> {
    let line = &p.lines[i];
    for &q in &line.premises {
        if q >= i || p.lines[q].branch != line.branch {
            return Err(format!("premise {q} is not an earlier line of the branch"));
        }
    }
    let prem: Vec<Fact> = line.premises.iter().map(|&q| p.lines[q].fact).collect();
    let f = line.fact;
    let k = f.candidate;
    let (c, d) = (k.cell, k.digit);
    if !board.has(k) {
        return Err(format!("{f}: not a candidate of the grid"));
    }
    let ok = match &line.reason {
        Reason::Assumption => {
            // The first line of its branch after the outer lines a sub-proof starts with (a
            // candidate assumed true or false).
            prem.is_empty()
                && p.lines[..i]
                    .iter()
                    .filter(|l| l.branch == line.branch)
                    .all(|l| matches!(l.reason, Reason::Outer(_)))
        }
        Reason::Outer(j) => match outer {
            Some((op, at)) => {
                prem.is_empty()
                    && *j < at
                    && op.lines[*j].fact == f
                    && op.lines[*j].branch == op.lines[at].branch
                    && op.lines[at].premises.contains(j)
            }
            None => false,
        },
        Reason::SameCell => {
            matches!(prem.as_slice(), [g] if g.on && g.candidate.cell == c && g.candidate.digit != d)
                && !f.on
        }
        Reason::SameHouse(h) => {
            matches!(prem.as_slice(), [g] if g.on && g.candidate.digit == d
                && g.candidate.cell != c && h.cell_set().contains(g.candidate.cell))
                && h.cell_set().contains(c)
                && !f.on
        }
        Reason::NakedSingle(cell) => {
            let want: Vec<Fact> = board
                .candidates(c)
                .iter()
                .filter(|&e| e != d)
                .map(|e| off(Candidate::new(c, e)))
                .collect();
            f.on && *cell == c && same_set(&prem, &want)
        }
        Reason::HiddenSingle(h) => {
            let want: Vec<Fact> = board
                .house_digit_cells(*h, d)
                .iter()
                .filter(|&x| x != c)
                .map(|x| off(Candidate::new(x, d)))
                .collect();
            f.on && h.cell_set().contains(c)
                && !board.house_has_value(*h, d)
                && same_set(&prem, &want)
        }
        Reason::LockedCandidates { house, crossing } => {
            let ruled: CellSet = prem.iter().map(|g| g.candidate.cell).collect();
            !f.on
                && house != crossing
                && crossing.cell_set().contains(c)
                && !house.cell_set().contains(c)
                && !board.house_has_value(*house, d)
                && prem.iter().all(|g| !g.on && g.candidate.digit == d)
                && ruled.is_subset(house.cell_set())
                && board.house_digit_cells(*house, d).minus(ruled).is_subset(crossing.cell_set())
        }
        Reason::Pattern(pat) => {
            let Some(g) = without(board, &prem) else {
                return Err(format!("line {}: a pattern rests on an \"on\" line", i + 1));
            };
            // The premises are exactly what makes the pattern: none it does not need.
            !f.on && pattern_holds(&g, pat, k) && same_set(&prem, &pattern_needs(board, pat))
        }
        Reason::Forcing(sub) => {
            check_proof(board, sub, Some((p, i)))?;
            let assumed = sub.lines.iter().find(|l| l.reason == Reason::Assumption);
            let refs: Vec<usize> = sub
                .lines
                .iter()
                .filter_map(|l| match l.reason {
                    Reason::Outer(j) => Some(j),
                    _ => None,
                })
                .collect();
            // Premises: exactly the outer lines the sub-proof starts from.
            !f.on
                && matches!(sub.ending, Ending::Contradiction { .. })
                && assumed.is_some_and(|a| a.fact == f.negated())
                && line.premises.len() == refs.len()
                && line.premises.iter().all(|q| refs.contains(q))
        }
    };
    if ok {
        Ok(())
    } else {
        Err(format!("line {} does not follow by its reason: {line:?}; premises {prem:?}", i + 1))
    }
}

/// Whether `pat` is that pattern on grid `g` and removes `k`.
fn pattern_holds(g: &Board, pat: &Pattern, k: Candidate) -> bool {
    match pat {
        Pattern::NakedSubset { house, cells, digits } => {
            let n = cells.len();
            n >= 2
                && n == digits.len()
                && cells.is_subset(house.cell_set())
                && cells.iter().all(|x| g.value(x).is_none() && g.candidates(x).is_subset(*digits))
                && house.cell_set().contains(k.cell)
                && !cells.contains(k.cell)
                && digits.contains(k.digit)
        }
        Pattern::HiddenSubset { house, cells, digits } => {
            let n = cells.len();
            n >= 2
                && n == digits.len()
                && cells.is_subset(house.cell_set())
                && digits.iter().all(|e| {
                    !g.house_has_value(*house, e)
                        && g.house_digit_cells(*house, e).is_subset(*cells)
                })
                && cells.contains(k.cell)
                && !digits.contains(k.digit)
        }
        Pattern::Fish { digit, base, cover } => {
            let kind = |hs: &[House]| hs.first().map(|h| h.kind());
            let lines = |hs: &[House]| hs.iter().fold(CellSet::EMPTY, |a, h| a.union(h.cell_set()));
            let (bk, ck) = (kind(base), kind(cover));
            base.len() >= 2
                && base.len() == cover.len()
                && base.iter().all(|h| Some(h.kind()) == bk && !g.house_has_value(*h, *digit))
                && cover.iter().all(|h| Some(h.kind()) == ck)
                && bk != ck
                && bk != Some(HouseKind::Box)
                && ck != Some(HouseKind::Box)
                && g.digit_cells(*digit).intersection(lines(base)).is_subset(lines(cover))
                && k.digit == *digit
                && lines(cover).contains(k.cell)
                && !lines(base).contains(k.cell)
        }
    }
}

/// The "off" facts that make `pat` on a grid taken from `board`: a naked subset's cells'
/// other candidates, a hidden subset's digits elsewhere in its house, the fish digit's places
/// in the base houses outside the covers.
fn pattern_needs(board: &Board, pat: &Pattern) -> Vec<Fact> {
    let mut out = Vec::new();
    match pat {
        Pattern::NakedSubset { cells, digits, .. } => {
            for c in cells.iter() {
                for e in board.candidates(c).iter().filter(|e| !digits.contains(*e)) {
                    out.push(off(Candidate::new(c, e)));
                }
            }
        }
        Pattern::HiddenSubset { house, cells, digits } => {
            for e in digits.iter() {
                for x in board.house_digit_cells(*house, e).iter().filter(|x| !cells.contains(*x)) {
                    out.push(off(Candidate::new(x, e)));
                }
            }
        }
        Pattern::Fish { digit, base, cover } => {
            for x in board.digit_cells(*digit).iter() {
                let on = |hs: &[House]| hs.iter().any(|h| h.cell_set().contains(x));
                if on(base) && !on(cover) {
                    out.push(off(Candidate::new(x, *digit)));
                }
            }
        }
    }
    out
}

/// Checks every line, the ending, and that every line is used.
fn check_proof(board: &Board, p: &Proof, outer: Option<(&Proof, usize)>) -> Result<(), String> {
    if p.lines.is_empty() {
        return Err("no lines".into());
    }
    for i in 0..p.lines.len() {
        check_line(board, p, i, outer)?;
    }
    let facts = |ls: &[usize]| -> Result<Vec<Fact>, String> {
        ls.iter().map(|&l| p.lines.get(l).map(|x| x.fact).ok_or(format!("no line {l}"))).collect()
    };
    let ends: &[usize] = match &p.ending {
        Ending::Contradiction { clash, lines } => {
            let fs = facts(lines)?;
            let ok = match clash.clone() {
                Clash::TrueAndFalse(k) => same_set(&fs, &[Fact::new(k, true), off(k)]),
                Clash::TwoDigits(c) => matches!(fs.as_slice(), [a, b] if a.on && b.on
                    && a.candidate.cell == c && b.candidate.cell == c
                    && a.candidate.digit != b.candidate.digit),
                Clash::Twice(h, d) => matches!(fs.as_slice(), [a, b] if a.on && b.on
                    && a.candidate.digit == d && b.candidate.digit == d
                    && a.candidate.cell != b.candidate.cell
                    && h.cell_set().contains(a.candidate.cell)
                    && h.cell_set().contains(b.candidate.cell)),
                Clash::NoCandidate(c) => {
                    let want: Vec<Fact> =
                        board.candidates(c).iter().map(|e| off(Candidate::new(c, e))).collect();
                    board.value(c).is_none() && same_set(&fs, &want)
                }
                Clash::Fish { digit, base, cover } => {
                    // Parallel base lines, fewer covers of the other kind, and every place of
                    // the digit in the bases outside the covers ruled out by the lines.
                    let kind = |hs: &[House]| hs.first().map(|h| h.kind());
                    let lines =
                        |hs: &[House]| hs.iter().fold(CellSet::EMPTY, |a, h| a.union(h.cell_set()));
                    let want: Vec<Fact> = board
                        .digit_cells(digit)
                        .intersection(lines(&base))
                        .minus(lines(&cover))
                        .iter()
                        .map(|x| off(Candidate::new(x, digit)))
                        .collect();
                    let (bk, ck) = (kind(&base), kind(&cover));
                    cover.len() < base.len()
                        && base
                            .iter()
                            .all(|h| Some(h.kind()) == bk && !board.house_has_value(*h, digit))
                        && cover.iter().all(|h| Some(h.kind()) == ck)
                        && bk.is_some_and(|k| k != HouseKind::Box)
                        && (cover.is_empty() || (ck != bk && ck != Some(HouseKind::Box)))
                        && same_set(&fs, &want)
                }
                Clash::NoPlace(h, d) => {
                    let want: Vec<Fact> = board
                        .house_digit_cells(h, d)
                        .iter()
                        .map(|x| off(Candidate::new(x, d)))
                        .collect();
                    !board.house_has_value(h, d) && same_set(&fs, &want)
                }
            };
            if !ok || p.branches() != 1 {
                return Err(format!("the ending is no contradiction: {clash:?} {fs:?}"));
            }
            lines
        }
        Ending::Verity { fact, lines } => {
            let fs = facts(lines)?;
            let ok = outer.is_none()
                && lines.len() == p.branches()
                && lines.iter().enumerate().all(|(b, &l)| p.lines[l].branch == b)
                && fs.iter().all(|f| f == fact);
            if !ok {
                return Err(format!("a branch does not reach {fact}: {fs:?}"));
            }
            lines
        }
    };
    // Minimality: every line is a premise of a later line or named by the ending.
    let mut used = vec![false; p.lines.len()];
    for l in &p.lines {
        l.premises.iter().for_each(|&q| used[q] = true);
    }
    ends.iter().for_each(|&e| used[e] = true);
    if let Some(i) = used.iter().position(|u| !u) {
        return Err(format!("line {} is used by nothing: {:?}", i + 1, p.lines[i]));
    }
    Ok(())
}

/// Whether `f` follows by a basic rule (same cell, same house, naked or hidden single) from
/// the facts in `known`, on `board`: the other ways a line could be derived if the line it
/// rests on were dropped.
fn derivable(board: &Board, known: &[Fact], f: Fact) -> bool {
    let (c, d) = (f.candidate.cell, f.candidate.digit);
    let has = |g: Fact| known.contains(&g);
    if !f.on {
        return known.iter().any(|g| {
            g.on && ((g.candidate.cell == c && g.candidate.digit != d)
                || (g.candidate.digit == d && g.candidate.cell != c && g.candidate.cell.sees(c)))
        });
    }
    let naked =
        board.candidates(c).iter().filter(|&e| e != d).all(|e| has(off(Candidate::new(c, e))));
    naked
        || c.houses().into_iter().any(|h| {
            !board.house_has_value(h, d)
                && board
                    .house_digit_cells(h, d)
                    .iter()
                    .filter(|&x| x != c)
                    .all(|x| has(off(Candidate::new(x, d))))
        })
}

/// Minimality by deletion: for each line that is not an assumption, drop it and replay the
/// rest; a later line that rested on it may be derived again from the lines still there by a
/// basic rule (any premises, any house), a line that cannot is lost with it. If the ending's
/// lines are all still there, the dropped line was not needed and the proof is not minimal.
/// Sub-proofs are checked the same way. Returns the first line that could go.
fn droppable(board: &Board, p: &Proof) -> Option<String> {
    for (i, l) in p.lines.iter().enumerate() {
        if let Reason::Forcing(sub) = &l.reason {
            if let Some(m) = droppable(board, sub) {
                return Some(format!("in the sub-proof of line {}: {m}", i + 1));
            }
        }
    }
    let ends: Vec<usize> = match &p.ending {
        Ending::Contradiction { lines, .. } | Ending::Verity { lines, .. } => lines.clone(),
    };
    for drop in 0..p.lines.len() {
        if matches!(p.lines[drop].reason, Reason::Assumption | Reason::Outer(_)) {
            continue;
        }
        let mut alive = vec![true; p.lines.len()];
        alive[drop] = false;
        for j in drop + 1..p.lines.len() {
            let l = &p.lines[j];
            if l.premises.iter().all(|&q| alive[q]) {
                continue;
            }
            let known: Vec<Fact> = (0..j)
                .filter(|&q| alive[q] && p.lines[q].branch == l.branch)
                .map(|q| p.lines[q].fact)
                .collect();
            alive[j] = derivable(board, &known, l.fact);
        }
        if ends.iter().all(|&e| alive[e]) {
            return Some(format!("line {} can be dropped: {:?}", drop + 1, p.lines[drop]));
        }
    }
    None
}

/// The step `s` found on `board`: its proof checks, and the step changes exactly what the
/// proof concludes. Returns the number of lines, without and with the sub-proofs' lines.
fn check_step(board: &Board, s: &Step) -> Result<(usize, usize), String> {
    let Some(p) = s.proof() else { return Err("no proof".into()) };
    check_proof(board, p, None)?;
    if let Some(m) = droppable(board, p) {
        return Err(format!("not minimal: {m}"));
    }
    let conclusion = match &p.ending {
        Ending::Contradiction { .. } => {
            let a = &p.lines[0];
            if a.reason != Reason::Assumption {
                return Err("a contradiction's first line is not its assumption".into());
            }
            a.fact.negated()
        }
        Ending::Verity { fact, .. } => {
            let assumed: Vec<Fact> =
                p.lines.iter().filter(|l| l.reason == Reason::Assumption).map(|l| l.fact).collect();
            if !covers_every_choice(board, &assumed) {
                return Err(format!("the branches {assumed:?} are not every choice"));
            }
            *fact
        }
    };
    let k = vec![conclusion.candidate];
    let (want_p, want_e) = if conclusion.on { (k, vec![]) } else { (vec![], k) };
    if s.placements != want_p || s.eliminations != want_e {
        return Err(format!("the step changes something else than {conclusion}"));
    }
    Ok((p.lines.len(), size(p)))
}

/// Whether the facts assumed by a verity's branches are every candidate of one cell, or
/// every place of one digit in one house (one branch each).
fn covers_every_choice(board: &Board, assumed: &[Fact]) -> bool {
    let Some(first) = assumed.first().map(|f| f.candidate) else { return false };
    if assumed.len() < 2 || assumed.iter().any(|f| !f.on) {
        return false;
    }
    let cell: Vec<Fact> = board
        .candidates(first.cell)
        .iter()
        .map(|e| Fact::new(Candidate::new(first.cell, e), true))
        .collect();
    let in_house = first.cell.houses().into_iter().any(|h| {
        let places: Vec<Fact> = board
            .house_digit_cells(h, first.digit)
            .iter()
            .map(|x| Fact::new(Candidate::new(x, first.digit), true))
            .collect();
        !board.house_has_value(h, first.digit) && same_set(assumed, &places)
    });
    (board.value(first.cell).is_none() && same_set(assumed, &cell)) || in_house
}

/// Lines of a proof, its sub-proofs' included.
fn size(p: &Proof) -> usize {
    p.lines
        .iter()
        .map(|l| match &l.reason {
            Reason::Forcing(sub) => 1 + size(sub),
            _ => 1,
        })
        .sum()
}

/// The proofs checked over a corpus walk (`crate::soundness::check_corpus` walks each default
/// path once and hands every step here): failures, each proof's size, and the count per
/// technique.
#[derive(Default)]
pub(crate) struct ProofTally {
    failures: Vec<String>,
    sizes: Vec<(usize, usize, usize)>,
    per: std::collections::BTreeMap<&'static str, usize>,
}

impl ProofTally {
    /// Checks `s`, found on `board`, if its technique carries a proof (`at` names the puzzle).
    pub(crate) fn check(&mut self, board: &Board, s: &Step, at: &str) {
        if !PROVED.contains(&s.technique) {
            return;
        }
        *self.per.entry(s.technique.id()).or_default() += 1;
        match check_step(board, s) {
            Ok((n, all)) => self.sizes.push((n, all, s.length as usize)),
            Err(m) => self.failures.push(format!("{at} {}: {m}", s.text)),
        }
    }

    /// Prints the proof lengths against the steps' `length` and fails on any failure. Returns
    /// the number of proofs checked.
    pub(crate) fn finish(mut self, name: &str) -> usize {
        report(name, &mut self.sizes, &self.per);
        assert!(
            self.failures.is_empty(),
            "{} failures:\n{}",
            self.failures.len(),
            self.failures.join("\n")
        );
        self.sizes.len()
    }
}

/// Median, 90th percentile and maximum of the proofs' lines (without and with sub-proofs) and
/// of the steps' `length`.
fn report(
    name: &str,
    sizes: &mut [(usize, usize, usize)],
    per: &std::collections::BTreeMap<&str, usize>,
) {
    let stats = |mut v: Vec<usize>| -> String {
        if v.is_empty() {
            return "-".into();
        }
        v.sort_unstable();
        let at = |q: f64| v[((v.len() - 1) as f64 * q).round() as usize];
        format!("median {}, p90 {}, max {}", at(0.5), at(0.9), v[v.len() - 1])
    };
    eprintln!(
        "{name}: {} forcing steps {per:?}; proof lines {}; with sub-proofs {}; step length {}",
        sizes.len(),
        stats(sizes.iter().map(|s| s.0).collect()),
        stats(sizes.iter().map(|s| s.1).collect()),
        stats(sizes.iter().map(|s| s.2).collect()),
    );
}

// The corpora's proofs are checked on the soundness tests' walks (top1465, the forum-hardest
// sample and 1106, the 17-clue sample, the exemplars); these walk the rest the same way.

#[test]
fn the_proofs_of_the_small_corpora_check() {
    for file in ["se-rated-diabolical-160", "se-rated-dev-sample"] {
        check_corpus(file, &support::corpus(&format!("corpora/{file}.txt")));
    }
}

/// Every 10th puzzle of the 1905 forum puzzles rated 11 and up (500 puzzles), when
/// `../shared/data` is there: the whole file is 5,000 puzzles, too long for every run.
#[test]
#[ignore = "needs ../shared/data; skips with a message when it is absent"]
fn the_proofs_of_a_1905_11plus_sample_check() {
    let path = support::shared_path("data/corpora/forum-hardest-1905-11plus-5000.txt");
    let Ok(text) = std::fs::read_to_string(&path) else {
        eprintln!("skipped: {} is absent", path.display());
        return;
    };
    // DEDUKU_1905_STEP=1 checks all 5,000 (about 15 minutes on one core).
    let step = std::env::var("DEDUKU_1905_STEP").ok().and_then(|s| s.parse().ok()).unwrap_or(10);
    let sample: Vec<_> = support::puzzles(&text).into_iter().step_by(step).collect();
    let n = check_corpus(&format!("forum-hardest-1905-11plus, every {step}"), &sample).proofs;
    assert!(n > 1000 / step, "only {n} forcing steps");
}

/// The checker rejects what is wrong: a corrupted proof of a real step fails, in each of the
/// ways it is built to catch.
#[test]
fn the_checker_rejects_broken_proofs() {
    let puzzle = &support::corpus("corpora/forum-hardest-sample.txt")[0];
    let mut b = puzzle.clone();
    let mut found = Vec::new();
    while let Some(s) = next_step(&b, &Options::default()) {
        if PROVED.contains(&s.technique) && s.proof().is_some_and(|p| p.lines.len() > 4) {
            found.push((b.clone(), s.clone()));
        }
        s.apply(&mut b);
        if found.len() >= 3 {
            break;
        }
    }
    assert!(!found.is_empty());
    let mut rejected = 0;
    for (board, s) in &found {
        assert_eq!(check_step(board, s).map(|_| ()), Ok(()), "{}", s.text);
        let p = s.proof().expect("a proof").clone();
        let with = |p: Proof| {
            let mut t = s.clone();
            if let deduku::logic::Detail::Forcing { proof, .. } = &mut t.detail {
                *proof = Some(Box::new(p));
            }
            t
        };
        let mut broken: Vec<Proof> = Vec::new();
        // A line no one uses.
        let mut extra = p.clone();
        let first = extra.lines[0].clone();
        extra.lines.push(Line { premises: vec![0], reason: Reason::SameCell, ..first });
        broken.push(extra);
        // A line dropped: a later line or the ending loses its premise.
        for i in (1..p.lines.len().min(6)).filter(|&i| !p.ends_at(i)) {
            let mut q = p.clone();
            for l in &mut q.lines {
                l.premises.retain(|&x| x != i);
            }
            broken.push(q);
        }
        // A wrong reason: every house named one further on.
        let mut q = p.clone();
        for l in &mut q.lines {
            if let Reason::SameHouse(h) | Reason::HiddenSingle(h) = &mut l.reason {
                *h = House::from_index((h.index() + 1) % 27);
            }
        }
        broken.push(q);
        // A premise that comes later.
        let mut q = p.clone();
        let last = q.lines.len() - 1;
        q.lines[1].premises.push(last);
        broken.push(q);
        for q in broken {
            assert!(check_step(board, &with(q)).is_err(), "{}", s.text);
            rejected += 1;
        }
        // A step that changes something else.
        let mut t = s.clone();
        t.eliminations.clear();
        t.placements.clear();
        assert!(check_step(board, &t).is_err());
    }
    assert!(rejected >= 8);
}
