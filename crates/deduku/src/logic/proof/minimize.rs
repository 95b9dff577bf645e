//! Making a proof minimal by deletion: no line can be dropped while the rest, each line derived
//! again by a basic rule where the one it rested on is gone, still reaches the ending.
//!
//! The forcing search records one predecessor set per literal, the first it found, so the
//! walk back from the ending ([`Net::prove`](crate::logic::forcing)) keeps whatever that
//! order gave: a line may be needed only for a fact that another kept line also gives (an
//! "r4c2 is not 3" reached from r4c7 is 3 where r5c2 is 3, also kept, says the same).
//! [`Proof::minimize`] tries each line in turn: it drops it, re-derives the lines that rested
//! on it from the other lines still there (same cell, same house, naked or hidden single; a
//! line that cannot be re-derived goes too), and keeps the drop if the ending's lines are all
//! still there. Then it keeps only the lines the ending needs and tries again, until no line
//! can go. Inner proofs (a nested net's sub-proofs) are minimized first. The ending itself is
//! kept as the search met it: the step's words and highlights name that contradiction, so a
//! different, shorter one the lines might also hold is not looked for.
//!
//! Assumptions and the outer lines a sub-proof starts from are never dropped (an unused outer
//! line disappears when the lines are pruned). The pass changes only the proof, never the
//! step: what is placed or eliminated, its `length` and its rating stay as found.

use super::{Ending, Fact, Line, Proof, Reason};
use crate::board::Board;
use crate::grid::{Candidate, CellSet};

/// A line re-derived by a basic rule: its new premises and reason.
type Redo = (Vec<usize>, Reason);

impl Proof {
    /// Drops the lines the ending can do without (see the module's text), on `board`, the
    /// candidate grid the step was found on.
    pub(crate) fn minimize(&mut self, board: &Board) {
        for line in &mut self.lines {
            if let Reason::Forcing(sub) = &mut line.reason {
                sub.minimize(board);
                // The line rests on exactly the outer lines its sub-proof still starts from.
                let mut refs: Vec<usize> = sub
                    .lines
                    .iter()
                    .filter_map(|l| match l.reason {
                        Reason::Outer(j) => Some(j),
                        _ => None,
                    })
                    .collect();
                refs.sort_unstable();
                refs.dedup();
                line.premises = refs;
            }
        }
        self.prune();
        let mut slot = vec![NONE; 2 * 729];
        'again: loop {
            for drop in (0..self.lines.len()).rev() {
                if matches!(self.lines[drop].reason, Reason::Assumption | Reason::Outer(_)) {
                    continue;
                }
                if self.drop_line(board, drop, &mut slot) {
                    continue 'again;
                }
            }
            break;
        }
    }

    /// Drops line `drop` if the ending survives without it (re-deriving what rested on it),
    /// then prunes; returns whether it did. `slot` is scratch space, empty on entry and on
    /// return: for each fact, the last line so far that is alive and gives it (a branch's
    /// lines come together, so a line of the branch being replayed overrides one of an
    /// earlier branch).
    fn drop_line(&mut self, board: &Board, drop: usize, slot: &mut [u32]) -> bool {
        let n = self.lines.len();
        let mut alive = vec![true; n];
        let mut redo: Vec<Option<Redo>> = vec![None; n];
        for j in 0..n {
            let line = &self.lines[j];
            alive[j] = if j == drop {
                false
            } else if line.premises.iter().all(|&q| alive[q]) {
                true
            } else {
                let known = Known { lines: &self.lines, slot, branch: line.branch };
                redo[j] = derive(board, &known, line.fact);
                redo[j].is_some()
            };
            if alive[j] {
                slot[code(line.fact)] = j as u32;
            } else if self.ends_at(j) {
                clear(slot, &self.lines[..j]);
                return false;
            }
        }
        clear(slot, &self.lines);
        for (line, r) in self.lines.iter_mut().zip(redo) {
            if let Some((premises, reason)) = r {
                line.premises = premises;
                line.reason = reason;
            }
        }
        // The dropped line and the lines lost with it are no longer reached from the ending:
        // no kept line names them (kept lines rest on kept lines only).
        self.prune();
        true
    }

    /// Keeps only the lines the ending reaches through premises, renumbered in order (the
    /// premises, the ending's lines, and the outer lines named inside sub-proofs follow).
    fn prune(&mut self) {
        let n = self.lines.len();
        let mut needed = vec![false; n];
        let mut stack: Vec<usize> = match &self.ending {
            Ending::Contradiction { lines, .. } | Ending::Verity { lines, .. } => lines.clone(),
        };
        while let Some(i) = stack.pop() {
            if !needed[i] {
                needed[i] = true;
                stack.extend_from_slice(&self.lines[i].premises);
            }
        }
        if needed.iter().all(|&x| x) {
            return;
        }
        let mut at = vec![usize::MAX; n];
        let mut k = 0;
        for i in 0..n {
            if needed[i] {
                at[i] = k;
                k += 1;
            }
        }
        let old = std::mem::take(&mut self.lines);
        for (i, mut line) in old.into_iter().enumerate() {
            if !needed[i] {
                continue;
            }
            line.premises.iter_mut().for_each(|q| *q = at[*q]);
            if let Reason::Forcing(sub) = &mut line.reason {
                for l in &mut sub.lines {
                    if let Reason::Outer(j) = &mut l.reason {
                        *j = at[*j];
                    }
                }
            }
            self.lines.push(line);
        }
        match &mut self.ending {
            Ending::Contradiction { lines, .. } | Ending::Verity { lines, .. } => {
                lines.iter_mut().for_each(|e| *e = at[*e]);
            }
        }
    }
}

/// No line.
const NONE: u32 = u32::MAX;

/// Empties the scratch table's entries of `lines`' facts (cheaper than clearing all of it for
/// each line tried: most proofs are a few dozen lines).
fn clear(slot: &mut [u32], lines: &[Line]) {
    for l in lines {
        slot[code(l.fact)] = NONE;
    }
}

/// A fact's index in the scratch table: its candidate's, twice over for "is" and "is not".
fn code(f: Fact) -> usize {
    f.candidate.index() * 2 + usize::from(f.on)
}

/// The alive lines before the one being re-derived, by fact.
struct Known<'a> {
    lines: &'a [Line],
    slot: &'a [u32],
    branch: usize,
}

impl Known<'_> {
    /// The line of this branch that gives `f`, if one is alive.
    fn line(&self, f: Fact) -> Option<usize> {
        let q = self.slot[code(f)];
        (q != NONE && self.lines[q as usize].branch == self.branch).then_some(q as usize)
    }
}

/// Fact `f` derived again by a basic rule from the `known` lines: "not" from a digit placed in
/// the same cell or in the same house; "is" as the cell's or a house's last place.
fn derive(board: &Board, known: &Known<'_>, f: Fact) -> Option<Redo> {
    let (c, d) = (f.candidate.cell, f.candidate.digit);
    if !f.on {
        let on = |k: Candidate| known.line(Fact::new(k, true));
        let same_cell = board.candidates(c).iter().filter(|&e| e != d);
        if let Some(q) = same_cell.map(|e| on(Candidate::new(c, e))).find_map(|q| q) {
            return Some((vec![q], Reason::SameCell));
        }
        return c.houses().into_iter().find_map(|h| {
            let places = board.house_digit_cells(h, d).minus(CellSet::single(c));
            places
                .iter()
                .find_map(|x| on(Candidate::new(x, d)))
                .map(|q| (vec![q], Reason::SameHouse(h)))
        });
    }
    let all = |ks: &mut dyn Iterator<Item = Candidate>| -> Option<Vec<usize>> {
        ks.map(|k| known.line(Fact::new(k, false))).collect()
    };
    let others = board.candidates(c).iter().filter(|&e| e != d);
    if let Some(p) = all(&mut others.map(|e| Candidate::new(c, e))) {
        return Some((p, Reason::NakedSingle(c)));
    }
    c.houses().into_iter().filter(|&h| !board.house_has_value(h, d)).find_map(|h| {
        let places = board.house_digit_cells(h, d).minus(CellSet::single(c));
        all(&mut places.iter().map(|x| Candidate::new(x, d))).map(|p| (p, Reason::HiddenSingle(h)))
    })
}
