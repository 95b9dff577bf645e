//! Coloring (simple colors trap and wrap, multi colors) against HoDoKu's regression library,
//! exemplars and the soundness check.

use crate::support::{self, EVERY_ONE};

use deduku::Technique;
use deduku::Technique::*;

const COLORING: &[Technique] = &[SimpleColorsTrap, SimpleColorsWrap, MultiColors];

#[test]
fn coloring_passes_the_regression_library() {
    support::check_reglib(COLORING, &[]);
}

#[test]
fn coloring_applies_to_hodoku_exemplars() {
    // Section 0500 "Simple Colors" holds traps and wraps; section 0501 (Multi-Colors) is empty.
    support::check_exemplars(&[], &[("0500", &[SimpleColorsTrap, SimpleColorsWrap], EVERY_ONE)]);
}

#[test]
fn coloring_is_sound_on_exemplars_and_top1465() {
    let boards = support::basic_positions(|code| code.starts_with("05"), 5);
    let fired = support::sound_sweep(&boards, COLORING);
    assert!(fired.iter().all(|&n| n > 5), "a coloring technique hardly fires: {fired:?}");
}
