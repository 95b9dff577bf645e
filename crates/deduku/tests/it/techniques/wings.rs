//! Wings (XY, XYZ, W, WXYZ, remote pair) against HoDoKu's regression library, exemplars and
//! the soundness check.

use crate::support;

use deduku::Technique;
use deduku::Technique::*;

const WINGS: &[Technique] = &[XyWing, XyzWing, WWing, WxyzWing, RemotePair];

#[test]
fn wings_pass_the_regression_library() {
    // The library has no WXYZ-Wing (0802) case.
    support::check_reglib(&[XyWing, XyzWing, WWing, RemotePair], &[]);
}

#[test]
fn wings_apply_to_hodoku_exemplars() {
    // Two W-Wing "ssts" cases are solved outright by the harness's standard set (its XY-Wing
    // finishes them), so no W-Wing is left to find.
    support::check_exemplars(&["0800", "0801", "0703"], &[("0803", &[WWing], 14)]);
}

#[test]
fn wings_are_sound_on_exemplars_and_top1465() {
    let sections = ["0800", "0801", "0802", "0803", "0703"];
    let boards = support::basic_positions(|code| sections.contains(&code), 7);
    let fired: usize = support::sound_sweep(&boards, WINGS).iter().sum();
    assert!(fired > 100, "too few wing steps to mean anything: {fired}");
}

#[test]
fn wxyz_wing_fires_and_is_sound_on_the_diabolical_corpus() {
    let fired = support::sound_sweep(&support::top1465_after(3, support::basic_set()), &[WxyzWing]);
    assert!(fired[0] > 10, "WXYZ-Wing hardly fires: {fired:?}");
}

/// Contrived pencil marks must neither panic nor make the searches explode, for every
/// technique of the wings, coloring and uniqueness families. The boards pass `Board::check`
/// (each cell keeps a solution's digit), so the finders really run on them: every cell with
/// {1,2} added (three equal pairs per house, a contradiction no check sees), and pseudo-random
/// extra candidates.
#[test]
fn contrived_pencil_marks_are_handled() {
    use deduku::{Board, DigitSet, Origin};
    let all: Vec<Technique> = Technique::ALL
        .iter()
        .copied()
        .filter(|t| {
            use deduku::logic::Family::*;
            matches!(t.family(), Wings | Coloring | Uniqueness)
        })
        .collect();
    let puzzle = &support::corpus("corpora/top1465.txt")[0];
    let sol = support::solution(puzzle);
    let values = [0u8; 81];
    let origin = [Origin::Empty; 81];
    let with_extra = |extra: &dyn Fn(usize) -> u16| {
        let mut cands = [DigitSet::EMPTY; 81];
        for (i, c) in cands.iter_mut().enumerate() {
            *c = DigitSet::from_bits((1 << (sol[i] - 1)) | extra(i));
        }
        Board::from_candidates(&values, &origin, &cands)
    };
    let mut boards = vec![with_extra(&|_| 0b11), with_extra(&|_| 0b1111)];
    let mut seed = 0x2545_f491_u32;
    for round in 0..30 {
        let mut extras = [0u16; 81];
        for e in extras.iter_mut() {
            seed ^= seed << 13;
            seed ^= seed >> 17;
            seed ^= seed << 5;
            *e = (1 << (seed % 9)) | if round % 2 == 0 { 1 << ((seed >> 8) % 9) } else { 0 };
        }
        boards.push(with_extra(&|i| extras[i]));
    }
    let mut total = 0;
    let mut bad = Vec::new();
    for b in &boards {
        assert!(b.check().is_ok());
        for &t in &all {
            for s in support::steps_of(b, t) {
                total += 1;
                // `sol` solves every one of these boards, so a technique that does not rely
                // on uniqueness must never remove its digit.
                if !t.needs_uniqueness() {
                    bad.extend(support::unsound(&s, &sol));
                }
            }
        }
    }
    assert!(bad.is_empty(), "unsound on contrived boards:\n{}", bad.join("\n"));
    println!("{} contrived boards, {total} steps", boards.len());
    assert!(total > 0, "the finders did not run on the contrived boards");
}
