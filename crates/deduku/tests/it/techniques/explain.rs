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
    bad
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

/// Every step of the default path on a sample of top1465 (hard puzzles, so every family of the
/// path shows up) explains itself: the explanations hold beyond the catalogue's first cases.
#[test]
fn every_step_of_sample_paths_explains_itself() {
    let mut bad = Vec::new();
    let mut techniques = HashSet::new();
    for p in crate::support::corpus("corpora/top1465.txt").iter().step_by(37) {
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
