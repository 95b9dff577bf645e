//! Tier-1 techniques against HoDoKu's regression library and exemplars.

mod common;

use deduku::Technique::*;

#[test]
fn singles_pass_the_regression_library() {
    common::check_reglib(&[(FullHouse, 1.0), (HiddenSingle, 1.0), (NakedSingle, 1.0)]);
}
