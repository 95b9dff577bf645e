//! Dynamic and nested forcing nets: where they must fire (exact eliminations, text, links,
//! soundness) and where they must not.

use crate::support;
use deduku::Technique::{DynamicForcingNet, NestedForcingNet};
use deduku::logic::Reason;
use deduku::{Board, Step, Technique, find_all, find_first};

/// forum-hardest-1106 #3 after the default path's steps up to its first dynamic forcing net.
const DYNAMIC: &str = "..2...7...1.....6.5......18....37.......49.....41.23....3.2.9..+28.....5.6.......2 r1c6<>5 r2c4<>348 r4c7<>2 r5c7<>2 r9c5<>5 r9c6<>3";
/// forum-hardest-1106 #1 after the default path's steps up to its first nested forcing net.
const NESTED: &str =
    "........8..3...4.+2.9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3";

fn board(text: &str) -> Board {
    deduku::parse(text).expect("position")
}

/// Every step is `t`, sound against the puzzle's solution, removes one candidate (the
/// assumption's), and draws its net.
fn check(b: &Board, t: Technique, steps: &[Step]) {
    let sol = support::solution(b);
    for s in steps {
        assert_eq!(s.technique, t, "{}", s.text);
        assert_eq!(support::unsound(s, &sol), None, "{}", s.text);
        assert!(s.placements.is_empty() && s.eliminations.len() == 1, "{}", s.text);
        assert_eq!(s.highlight.candidates, s.eliminations, "{}", s.text);
        assert!(!s.highlight.links.is_empty(), "{}", s.text);
        assert!(s.text.contains("; inside: "), "{}", s.text);
        assert!(s.length > 10, "{}", s.text);
        // The notation agrees with the proof shown: its count is the proof's implications,
        // and each inner result it names is a line of the proof that an inner rule gives.
        let p = s.proof().expect("a proof");
        let lines = p.lines().iter().filter(|l| l.reason != Reason::Assumption);
        assert!(
            s.text.contains(&format!("({} implications; inside: ", lines.count())),
            "{}",
            s.text
        );
        let inside = s.text.split("; inside: ").nth(1).and_then(|t| t.split(')').next());
        for item in inside.expect("an inside list").split(", ") {
            let (lit, _) = item.split_once(" by ").expect("`… by …`");
            let named = p.lines().iter().any(|l| {
                matches!(l.reason, Reason::Pattern(_) | Reason::Forcing(_))
                    && lit
                        == format!(
                            "{}{}{}",
                            l.fact.candidate.cell,
                            if l.fact.on { "=" } else { "<>" },
                            l.fact.candidate.digit
                        )
            });
            assert!(named, "{item} is no inner line of the proof: {}", s.text);
        }
    }
}

#[test]
fn a_dynamic_forcing_net_removes_r1c4_8_with_subsets_inside() {
    let b = board(DYNAMIC);
    // Neither singles-only nets nor the rest of the default path before it apply here.
    assert!(find_all(&b, Technique::ForcingNetContradiction).is_empty());
    let steps = find_all(&b, DynamicForcingNet);
    check(&b, DynamicForcingNet, &steps);
    let elims: Vec<String> = steps
        .iter()
        .flat_map(|s| &s.eliminations)
        .map(|k| format!("{}<>{}", k.cell, k.digit))
        .collect();
    assert_eq!(elims, ["r1c4<>8"]);
    let s = &steps[0];
    assert!(
        s.text.starts_with("Dynamic Forcing Net: r1c4=8 leads to a contradiction: "),
        "{}",
        s.text
    );
    assert!(s.text.contains("by Naked Pair") && s.text.ends_with("=> r1c4<>8"), "{}", s.text);
    // The proof names the inner pattern with its cells.
    let e = s.explain();
    assert!(e.contains("1. Assume r1c4 is 8.") && e.contains("form a naked pair of"), "{e}");
}

#[test]
fn a_nested_forcing_net_removes_r8c6_6_with_forcing_nets_inside() {
    let b = board(NESTED);
    assert!(find_all(&b, DynamicForcingNet).is_empty());
    let s = find_first(&b, NestedForcingNet).expect("a nested forcing net");
    check(&b, NestedForcingNet, std::slice::from_ref(&s));
    assert!(
        s.text.starts_with("Nested Forcing Net: r8c6=6 leads to a contradiction: "),
        "{}",
        s.text
    );
    assert!(s.text.contains("by forcing net") && s.text.ends_with("=> r8c6<>6"), "{}", s.text);
    // The proof names each inner net's assumption and unfolds it as numbered sub-lines.
    let e = s.explain();
    assert!(e.contains("(inside the assumption, assuming r") && e.contains(".1. "), "{e}");
}

#[test]
fn every_nested_forcing_net_of_a_position_is_sound() {
    let b = board(NESTED);
    let steps = find_all(&b, NestedForcingNet);
    assert!(steps.len() > 20, "{}", steps.len());
    check(&b, NestedForcingNet, &steps);
    for s in &steps {
        assert!(s.text.contains("by forcing net"), "{}", s.text);
    }
}

#[test]
fn they_do_not_fire_where_a_plain_net_does_or_on_empty_and_solved_grids() {
    // The first top1465 puzzle after singles: plain forcing nets apply, and any contradiction
    // reached there without an inner rule is theirs, not these techniques'.
    for s in find_all(&support::corpus("corpora/top1465.txt")[0], DynamicForcingNet) {
        assert!(s.text.contains("; inside: "), "{}", s.text);
    }
    let solved = {
        let p = &support::corpus("corpora/forum-hardest-sample.txt")[0];
        Board::from_values(&support::solution(p))
    };
    for t in [DynamicForcingNet, NestedForcingNet] {
        assert!(find_all(&Board::empty(), t).is_empty(), "{t:?}");
        assert!(find_all(&solved, t).is_empty(), "{t:?}");
    }
    // Only one dynamic forcing net in the DYNAMIC position, and no nested one that a dynamic
    // one already shows: every nested step there uses a forcing net inside.
    for s in find_all(&board(DYNAMIC), NestedForcingNet) {
        assert!(s.text.contains("by forcing net"), "{}", s.text);
    }
}
