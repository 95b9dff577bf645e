//! The puzzles of the Samples menu, compiled into the page from `web/samples/` (see
//! `SOURCES.md` there). Each is kept in its original format, so loading one also exercises the
//! parser.

/// A labelled sample puzzle.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Sample {
    /// Stable id (the file name without `.txt`).
    pub id: &'static str,
    /// The label shown in the menu.
    pub label: &'static str,
    /// The text, as published.
    pub text: &'static str,
}

macro_rules! sample {
    ($id:literal, $label:literal) => {
        Sample { id: $id, label: $label, text: include_str!(concat!("../samples/", $id, ".txt")) }
    };
}

/// Every sample, easiest first.
pub const SAMPLES: &[Sample] = &[
    sample!("codedojo-easy", "Code Dojo — easy"),
    sample!("blog-2007", "Classic 2007 board (0 = empty)"),
    sample!("en47-style", "Classic board (-1 = empty)"),
    sample!("codedojo-medium", "Code Dojo — medium"),
    sample!("davdata-two-decisions", "davdata — two decisions ([d] x)"),
    sample!("davdata-very-hard", "davdata — very hard ([d] x)"),
    sample!("codedojo-challenge", "Code Dojo — challenge"),
    sample!("top1465-1", "Hard — top1465 #1"),
    sample!("forum-hardest-1", "Hardest — forum list 2011 #1"),
    sample!("multiple-solutions", "Several solutions (not a proper puzzle)"),
];

/// The sample with this id.
pub fn find(id: &str) -> Option<&'static Sample> {
    SAMPLES.iter().find(|s| s.id == id)
}
