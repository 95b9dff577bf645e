//! Wings (XY, XYZ, W, WXYZ, remote pair) against HoDoKu's regression library, exemplars and
//! the soundness check.

use crate::support;

use deduku::Technique::*;
use deduku::{Technique, TechniqueSet};

const WINGS: &[Technique] = &[XyWing, XyzWing, WWing, WxyzWing, RemotePair];

#[test]
fn wings_pass_the_regression_library() {
    // The library has no WXYZ-Wing (0802) case.
    support::check_reglib(&[(XyWing, 1.0), (XyzWing, 1.0), (WWing, 1.0), (RemotePair, 1.0)]);
}

#[test]
fn wings_apply_to_hodoku_exemplars() {
    for (code, t, min) in [
        ("0800", XyWing, 9),
        ("0801", XyzWing, 16),
        // Two "ssts" cases are solved outright by the harness's standard set (its XY-Wing
        // finishes them), so no W-Wing is left to find.
        ("0803", WWing, 14),
        ("0703", RemotePair, 24),
    ] {
        let (hit, total) = support::exemplar_hits(code, &[t]);
        println!("exemplars {code} {}: {hit}/{total}", t.id());
        assert!(hit >= min, "{code}: {hit}/{total} < {min}");
    }
}

fn basic_set() -> TechniqueSet {
    TechniqueSet::all().iter().filter(|t| t.tier() == 1 && *t != UnitPermutation).collect()
}

#[test]
fn wings_are_sound_on_exemplars_and_top1465() {
    let mut bad = Vec::new();
    let mut boards = Vec::new();
    for ex in support::exemplars() {
        if ["0800", "0801", "0802", "0803", "0703"].contains(&ex.code.as_str()) {
            boards.push(support::apply_all(&ex.puzzle, basic_set()));
        }
    }
    for p in support::corpus("corpora/top1465.txt").iter().step_by(7) {
        boards.push(support::apply_all(p, basic_set()));
    }
    let mut fired = 0;
    for b in &boards {
        for &t in WINGS {
            fired += support::steps_of(b, t).len();
        }
        bad.extend(support::check_all_instances_sound(b, WINGS));
    }
    println!("{} positions, {fired} wing steps", boards.len());
    assert!(fired > 100, "too few wing steps to mean anything: {fired}");
    assert!(bad.is_empty(), "unsound steps:\n{}", bad.join("\n"));
}

#[test]
fn wxyz_wing_fires_and_is_sound_on_the_diabolical_corpus() {
    let mut fired = 0;
    let mut bad = Vec::new();
    for p in support::corpus("corpora/top1465.txt").iter().step_by(3) {
        let b = support::apply_all(p, basic_set());
        fired += support::steps_of(&b, WxyzWing).len();
        bad.extend(support::check_all_instances_sound(&b, &[WxyzWing]));
    }
    println!("wxyz-wing steps: {fired}");
    assert!(fired > 10, "WXYZ-Wing hardly fires: {fired}");
    assert!(bad.is_empty(), "unsound steps:\n{}", bad.join("\n"));
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
