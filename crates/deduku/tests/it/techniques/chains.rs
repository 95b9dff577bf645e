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
    support::check_reglib(
        &CHAINS,
        &[
            (GroupedContinuousNiceLoop, 14.0 / 16.0),
            (GroupedDiscontinuousNiceLoop, 33.0 / 38.0),
            (GroupedAic, 33.0 / 42.0),
        ],
    );
}

/// Every chain exemplar has its chain after singles (or the "ssts" set).
#[test]
fn chain_exemplars_apply() {
    let sections = ["0701", "0702", "0706", "0707", "0708", "0709", "0710", "0711"];
    support::check_exemplars(&sections, &[]);
}

#[test]
fn chains_are_sound_on_exemplars() {
    support::sound_sweep(&support::exemplar_positions(|c| c.starts_with("07")), &CHAINS);
}

#[test]
fn chains_are_sound_on_top1465_positions() {
    support::sound_sweep(&support::top1465_after(29, support::singles()), &CHAINS);
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
    support::check_reglib(&[TemplateSet, TemplateDelete], &[]);
}

#[test]
fn forcing_is_sound_on_top1465_positions() {
    let fired: usize =
        support::sound_sweep(&support::top1465_after(37, support::singles()), &FORCING)
            .iter()
            .sum();
    assert!(fired > 100, "forcing techniques fired only {fired} times");
}
