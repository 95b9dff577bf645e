//! Plain-English explanations (`Step::explain`) and technique descriptions
//! (`Technique::description`): every technique's explanation, on the catalogue's cases, names
//! what the step changes and the houses it uses.

use super::catalogue::{brute_force_position, cases_that_fire};
use deduku::{House, HouseKind, Step, Technique, find_all};
use std::collections::HashSet;

/// Whether `text` names house `h` in words: `row 2`, or in a plural list such as
/// `rows 2 and 7`, `columns 3, 5 and 8`, `boxes 1 and 9`.
fn mentions_house(text: &str, h: House) -> bool {
    if text.contains(&h.to_string()) {
        return true;
    }
    let plural = match h.kind() {
        HouseKind::Row => "rows ",
        HouseKind::Col => "columns ",
        HouseKind::Box => "boxes ",
    };
    let n = (h.number() + 1).to_string();
    text.match_indices(plural).any(|(i, _)| {
        let rest = &text[i + plural.len()..];
        let list: String =
            rest.chars().take_while(|c| c.is_ascii_digit() || " ,and".contains(*c)).collect();
        list.split(|c: char| !c.is_ascii_digit()).any(|x| x == n)
    })
}

/// The first place where `text` writes cells or houses in the compact notation instead of
/// words: a group such as `r6c78` or `r12c3`, or a house such as `b5`, `r2` or `c3` standing
/// alone (`r2c3`, one cell, is how prose names a cell).
fn compact_leak(text: &str) -> Option<String> {
    let b = text.as_bytes();
    let digits = |mut i: usize| {
        let start = i;
        while i < b.len() && b[i].is_ascii_digit() {
            i += 1;
        }
        (i - start, i)
    };
    for i in 0..b.len() {
        if i > 0 && b[i - 1].is_ascii_alphanumeric() {
            continue;
        }
        if !matches!(b[i], b'r' | b'c' | b'b') {
            continue;
        }
        let (n, j) = digits(i + 1);
        if n == 0 {
            continue;
        }
        let (m, k) =
            if b[i] == b'r' && j < b.len() && b[j] == b'c' { digits(j + 1) } else { (0, j) };
        let after_ok = k >= b.len() || !b[k].is_ascii_alphanumeric();
        let leak = if b[i] == b'r' && m > 0 { n > 1 || m > 1 } else { m == 0 && n == 1 };
        if leak && after_ok {
            return Some(text[i..k].to_string());
        }
    }
    None
}

/// What is wrong with a step's explanation, if anything.
fn check(s: &Step) -> Vec<String> {
    let e = s.explain();
    let mut bad = Vec::new();
    let mut fail = |m: String| {
        bad.push(format!("{}: {m}\n  text: {}\n  explain: {e}", s.technique.id(), s.text))
    };
    if e.trim().is_empty() {
        fail("empty explanation".into());
    }
    if e == s.text || e.contains(&s.text) {
        fail("the explanation is the notation".into());
    }
    for k in s.eliminations.iter().chain(&s.placements) {
        if !e.contains(&k.cell.to_string()) || !e.contains(&k.digit.to_string()) {
            fail(format!("{} {} not named", k.cell, k.digit));
        }
    }
    for k in &s.placements {
        if !e.contains(&format!("{} is {}", k.cell, k.digit)) {
            fail(format!("placement {}={} not stated", k.cell, k.digit));
        }
    }
    for &h in s.highlight.houses.iter().chain(&s.highlight.cover_houses) {
        if !mentions_house(&e, h) {
            fail(format!("house {h} not named"));
        }
    }
    if let Some(leak) = compact_leak(&e) {
        fail(format!("`{leak}` in prose: cells and houses are written out in words"));
    }
    bad
}

#[test]
fn compact_groups_and_short_houses_are_found() {
    assert_eq!(compact_leak("r6c7 and r6c8 lose 5"), None);
    assert_eq!(compact_leak("5 is in r6c78"), Some("r6c78".into()));
    assert_eq!(compact_leak("in r12c3."), Some("r12c3".into()));
    assert_eq!(compact_leak("the box b5 holds"), Some("b5".into()));
    assert_eq!(compact_leak("rows r2,r7"), Some("r2".into()));
    assert_eq!(compact_leak("box 5, row 2, column 3, c3"), Some("c3".into()));
    assert_eq!(compact_leak("abc1 xr2c3"), None);
}

#[test]
fn every_technique_explains_its_steps_in_words() {
    let (found, no_case) = cases_that_fire();
    assert!(no_case.is_empty(), "no case fires for {no_case:?}");
    let mut bad = Vec::new();
    let mut seen = HashSet::new();
    for (t, _, steps) in &found {
        seen.insert(*t);
        if std::env::var_os("DEDUKU_SHOW_EXPLAIN").is_some() {
            println!("== {}\n{}\n{}\n", t.id(), steps[0].text, steps[0].explain());
        }
        for s in steps {
            bad.extend(check(s));
        }
    }
    let (_, b) = brute_force_position();
    let bf = find_all(&b, Technique::BruteForce);
    assert_eq!(bf.len(), 1);
    assert!(bf[0].explain().contains("taken from the solution"), "{}", bf[0].explain());
    bad.extend(check(&bf[0]));
    seen.insert(Technique::BruteForce);
    assert_eq!(seen.len(), Technique::ALL.len());
    assert!(bad.is_empty(), "{} problems:\n{}", bad.len(), bad.join("\n"));
}

/// Every step of the default path on every fifth puzzle of top1465 (hard puzzles, so every
/// family of the path shows up) explains itself: names every changed cell, digit and house in
/// words and writes no compact group or short house in prose. The explanations hold beyond the
/// catalogue's first cases. (Every puzzle took about a minute on a loaded two-core machine, so
/// a fifth of them; the catalogue test above covers every technique.)
#[test]
fn every_step_of_sample_paths_explains_itself() {
    let mut bad = Vec::new();
    let mut techniques = HashSet::new();
    for p in crate::support::corpus("corpora/top1465.txt").iter().step_by(5) {
        for s in &deduku::solve_path(p).steps {
            if techniques.insert(s.technique) && std::env::var_os("DEDUKU_SHOW_EXPLAIN").is_some() {
                println!("== {}\n{}\n{}\n", s.technique.id(), s.text, s.explain());
            }
            bad.extend(check(s));
        }
    }
    assert!(techniques.len() > 20, "only {} techniques on the sampled paths", techniques.len());
    assert!(bad.is_empty(), "{} problems:\n{}", bad.len(), bad.join("\n"));
}

#[test]
fn explanations_name_their_families_argument() {
    // Spot checks of what the words say, beyond naming cells: one technique per kind of
    // argument.
    let (found, _) = cases_that_fire();
    let first = |t: Technique| {
        found.iter().find(|(u, _, _)| *u == t).map(|(_, _, s)| s[0].explain()).expect("a case")
    };
    assert!(first(Technique::HiddenSingle).contains("fits only in"));
    assert!(first(Technique::LockedCandidatesPointing).contains("can only be in"));
    assert!(first(Technique::XWing).contains("no other cell of"));
    assert!(first(Technique::FinnedXWing).contains("fin"));
    assert!(first(Technique::XChain).contains("strong links"));
    assert!(first(Technique::UniqueRectangle1).contains("second solution"));
    assert!(first(Technique::AlsXz).contains("almost locked set"));
    assert!(first(Technique::ForcingChainContradiction).contains("contradiction"));
    // Forcing steps explain themselves as numbered lines from their proof.
    for t in [Technique::ForcingNetContradiction, Technique::NestedForcingNet] {
        let e = first(t);
        assert!(e.contains("\n1. Assume ") && e.contains("\n2. "), "{e}");
    }
    assert!(first(Technique::TemplateDelete).contains("template"));
}

#[test]
fn every_technique_has_its_own_description() {
    let mut seen = HashSet::new();
    for &t in Technique::ALL {
        let d = t.description();
        assert!(!d.trim().is_empty(), "{}", t.id());
        assert!(d.ends_with('.'), "{}: {d}", t.id());
        let sentences = d.matches(". ").count() + 1;
        assert!((2..=4).contains(&sentences), "{}: {sentences} sentences: {d}", t.id());
        assert!(seen.insert(d), "{} repeats another description", t.id());
    }
}

/// The step of the default path on top1465 puzzle `n` (0-based) whose notation is `text`.
fn top1465_step(n: usize, text: &str) -> Step {
    let p = &crate::support::corpus("corpora/top1465.txt")[n];
    let path = deduku::solve_path(p);
    path.steps.into_iter().find(|s| s.text == text).unwrap_or_else(|| panic!("no step {text}"))
}

/// A grouped AIC through an almost locked set names the set whole (its four cells and five
/// digits), in the notation and in words. It used to say "the almost locked set r3c69 keeps
/// one of them", two cells holding five digits, and wrote `(6)r3c6=(2)r3c9`.
#[test]
fn a_chains_almost_locked_set_is_named_whole() {
    let s = top1465_step(337, "Grouped AIC: (6=2)r3c1269-(2)r9c9=(2-6)r9c6=(6)r9c13 => r9c6<>6");
    let e = s.explain();
    assert!(
        e.contains(
            "r3c1, r3c2, r3c6 and r3c9 form an almost locked set in row 3, four cells holding \
             1, 2, 3, 5 and 6: without 6 they must hold 2"
        ),
        "{e}"
    );
    assert!(!e.contains("r3c69"), "{e}");
    match &s.detail {
        deduku::logic::Detail::LinkSets(v) => {
            assert_eq!(v.len(), 1);
            assert_eq!(v[0].0, 0, "the set makes the chain's first link");
            assert_eq!(v[0].1.cells.len(), 4);
            assert_eq!(v[0].1.digits.len(), 5);
        }
        d => panic!("{d:?}"),
    }
}

/// Sue de Coq counts the digits its box∩line cells hold beyond their number: three cells with
/// six digits are three more, not the "two more" the text used to say whatever the count.
#[test]
fn sue_de_coq_counts_its_extra_digits() {
    let s = top1465_step(
        669,
        "Sue de Coq: r123c1 - {126789} (r45c1 - {278}, r3c23 - {1469}) => r1c2<>9, r1c3<>1,6, \
         r2c2<>4,9, r7c1<>2",
    );
    let e = s.explain();
    assert!(
        e.contains(
            "the three cells r1c1, r2c1 and r3c1 hold 1, 2, 6, 7, 8 and 9: three more digits \
             than cells"
        ),
        "{e}"
    );
    let s = top1465_step(
        878,
        "Sue de Coq: r2c46 - {34689} (r2c138 - {3456}, r13c6 - {289}) => r3c5<>9",
    );
    assert!(
        s.explain()
            .contains("the two cells r2c4 and r2c6 hold 3, 4, 6, 8 and 9: three more digits")
    );
}

/// A chain of more than four links is told link by link, one line each, alternating strong
/// and weak with the reason of each; a shorter one stays one sentence.
#[test]
fn long_chains_are_told_link_by_link() {
    let s = top1465_step(
        0,
        "Grouped Discontinuous Nice Loop: (9)r1c6-(9)r1c9=(9-4)r2c9=(4)r2c6-(4)r3c4=(4-9)r5c4=\
         (9)r13c4-(9)r1c6 => r1c6<>9",
    );
    let e = s.explain();
    let lines: Vec<&str> = e.lines().collect();
    assert_eq!(lines.len(), s.highlight.links.len() + 2, "{e}");
    assert!(lines[0].ends_with("Suppose r1c6 is 9; link by link:"), "{e}");
    for (line, l) in lines[1..].iter().zip(&s.highlight.links) {
        let kind = if l.strong { "  strong: " } else { "  weak: " };
        assert!(line.starts_with(kind) && line.contains(" ("), "{line}");
    }
    assert_eq!(lines[1], "  weak: r1c9 is not 9 (both in row 1);");
    assert_eq!(lines[2], "  strong: r2c9 is 9 (the only other place for 9 in column 9);");
    assert_eq!(lines[3], "  weak: r2c9 is not 4 (the same cell);");
    assert_eq!(
        lines[8],
        "  strong: 9 is in r1c4 or r3c4 (the only other place for 9 in column 4);"
    );
    let mut short = 0;
    for p in crate::support::corpus("corpora/top1465.txt").iter().take(60) {
        for s in deduku::solve_path(p).steps {
            let n = s.highlight.links.len();
            if s.technique.family() == deduku::Family::Chains && (2..=4).contains(&n) {
                let e = s.explain();
                // A continuous loop lists its eliminations one per line; its walk is a sentence.
                let walk = e.split("\n").next().unwrap_or_default();
                assert!(walk.contains(" If ") && !walk.contains("link by link"), "{e}");
                short += 1;
            }
        }
    }
    assert!(short > 0, "no short chain");
}

/// Fish name their base and cover houses and what their fins do; a UR type 3 names its
/// subset's digits; overlapping sets are noted; a continuous loop explains each elimination
/// by its own link.
#[test]
fn texts_name_base_cover_fins_subsets_overlaps_and_loop_links() {
    let e = top1465_step(20, "X-Wing: 6 c3,c8 r5,r9 => r5c5,r9c2<>6").explain();
    assert!(
        e.starts_with(
            "The base houses are columns 3 and 8: in them, 6 fits only in rows 5 and 9, the \
             cover houses."
        ),
        "{e}"
    );
    let e = top1465_step(0, "Finned X-Wing: 3 c2,c7 r3,r4 fr6c7 => r4c9<>3").explain();
    assert!(e.contains("apart from the fin r6c7") && e.contains("A fin is a place for 3"), "{e}");
    let e = top1465_step(23, "Sashimi X-Wing: 5 r1,r4 c6,c9 fr1c4 fr1c5 => r3c6<>5").explain();
    assert!(e.contains("The fish is sashimi: without its fins"), "{e}");
    let e = top1465_step(
        70,
        "Uniqueness Test 3: 1/4 in r2c4,r2c9,r3c4,r3c9 => r2c5<>8, r3c5,r3c6<>3, r5c4<>3,8",
    )
    .explain();
    assert!(e.contains("in column 4, the roof and r1c4 hold only 3 and 8 between them"), "{e}");
    let e = top1465_step(
        273,
        "Almost Locked Set XZ-Rule: A=r7c4567 {34789}, B=r7c4,r8c4,r8c5,r9c5,r9c6 {123469}, X=9, \
         Z=4 => r8c6<>4",
    )
    .explain();
    assert!(e.contains("Note: A and B overlap in r7c4."), "{e}");
    let e = top1465_step(
        1,
        "Grouped Continuous Nice Loop: (5=6)r2c1235-(6=7)r2456c7-(7=5)r7c157-(5)r2c5 => \
         r1c5,r4c5,r6c5<>5, r2c7,r2c8<>4, r3c7,r5c8,r5c9,r7c3,r7c7,r7c8<>1, r7c6<>2",
    )
    .explain();
    assert!(
        e.contains(
            "\n  r1c5, r4c5 and r6c5 lose 5: the weak link between 5 in r7c5 and 5 in r2c5 acts \
             as a strong one"
        ),
        "{e}"
    );
    assert!(e.contains("\n  r7c6 loses 2: r7c1, r7c5 and r7c7 form an almost locked set"), "{e}");
}
