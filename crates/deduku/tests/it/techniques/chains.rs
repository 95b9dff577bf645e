//! Chain techniques (X-, XY-chains, nice loops, AICs, grouped) and the forcing family against
//! HoDoKu's regression library, HoDoKu's exemplars and the soundness check.

use crate::support;

use deduku::Technique;
use deduku::Technique::*;

const CHAINS: [Technique; 8] = [
    XChain,
    XyChain,
    ContinuousNiceLoop,
    DiscontinuousNiceLoop,
    Aic,
    GroupedContinuousNiceLoop,
    GroupedDiscontinuousNiceLoop,
    GroupedAic,
];

/// The grouped variants' misses: 2 of 16 grouped continuous loops, 5 of 38 grouped
/// discontinuous loops and 9 of 42 grouped AICs (HoDoKu's chains there use almost locked sets
/// larger than 4 cells, or this engine's shortest chain for them passes a node twice).
#[test]
fn chains_pass_the_regression_library() {
    support::check_reglib(&[
        (XChain, 1.0),
        (XyChain, 1.0),
        (ContinuousNiceLoop, 1.0),
        (DiscontinuousNiceLoop, 1.0),
        (Aic, 1.0),
        (GroupedContinuousNiceLoop, 14.0 / 16.0),
        (GroupedDiscontinuousNiceLoop, 33.0 / 38.0),
        (GroupedAic, 33.0 / 42.0),
    ]);
}

/// Every chain exemplar has its chain after singles (or the "ssts" set).
#[test]
fn chain_exemplars_apply() {
    for (code, t) in [
        ("0701", XChain),
        ("0702", XyChain),
        ("0706", ContinuousNiceLoop),
        ("0707", DiscontinuousNiceLoop),
        ("0708", Aic),
        ("0709", GroupedContinuousNiceLoop),
        ("0710", GroupedDiscontinuousNiceLoop),
        ("0711", GroupedAic),
    ] {
        let (hit, total) = support::exemplar_hits(code, &[t]);
        println!("exemplars {code}: {hit}/{total}");
        assert!(total > 0 && hit == total, "section {code}: {hit}/{total} hits");
    }
}

#[test]
fn chains_are_sound_on_exemplars() {
    let singles: deduku::TechniqueSet =
        [FullHouse, HiddenSingle, NakedSingle].into_iter().collect();
    let mut bad = Vec::new();
    for ex in support::exemplars().into_iter().filter(|e| e.code.starts_with("07")) {
        let set = if ex.trace.starts_with("ssts") { support::ssts() } else { singles };
        let b = support::apply_all(&ex.puzzle, set);
        bad.extend(support::check_all_instances_sound(&b, &CHAINS));
    }
    assert!(bad.is_empty(), "unsound steps:\n{}", bad.join("\n"));
}

#[test]
fn chains_are_sound_on_top1465_positions() {
    let singles: deduku::TechniqueSet =
        [FullHouse, HiddenSingle, NakedSingle].into_iter().collect();
    let mut bad = Vec::new();
    for p in support::corpus("corpora/top1465.txt").iter().step_by(29) {
        let b = support::apply_all(p, singles);
        bad.extend(support::check_all_instances_sound(&b, &CHAINS));
    }
    assert!(bad.is_empty(), "unsound steps:\n{}", bad.join("\n"));
}

const FORCING: [Technique; 7] = [
    KrakenFish,
    ForcingChainContradiction,
    ForcingChainVerity,
    ForcingNetContradiction,
    ForcingNetVerity,
    TemplateSet,
    TemplateDelete,
];

#[test]
fn templates_pass_the_regression_library() {
    support::check_reglib(&[(TemplateSet, 1.0), (TemplateDelete, 1.0)]);
}

#[test]
fn forcing_is_sound_on_top1465_positions() {
    let singles: deduku::TechniqueSet =
        [FullHouse, HiddenSingle, NakedSingle].into_iter().collect();
    let mut bad = Vec::new();
    let mut fired = 0;
    for p in support::corpus("corpora/top1465.txt").iter().step_by(37) {
        let b = support::apply_all(p, singles);
        for t in FORCING {
            fired += support::steps_of(&b, t).len();
        }
        bad.extend(support::check_all_instances_sound(&b, &FORCING));
    }
    assert!(fired > 100, "forcing techniques fired only {fired} times");
    assert!(bad.is_empty(), "unsound steps:\n{}", bad.join("\n"));
}
