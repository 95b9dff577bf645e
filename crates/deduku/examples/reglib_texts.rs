//! Prints the text of one step per case of HoDoKu's regression library, for reading the texts
//! a technique writes (with each step's chain length, as the rating counts it).
//!
//! ```text
//! cargo run -p deduku --release --example reglib_texts -- [ID|FAMILY...]
//! ```
//!
//! Arguments are technique IDs (`sue-de-coq`) or families (`als`, `fish`); with none, every
//! technique Deduku has a library code for. Each line: the library code, the first step the
//! technique finds in that case (nothing when it finds none), and its length.

use deduku_test_support as support;

use deduku::Technique;

fn main() {
    let mut wanted: Vec<Technique> = Vec::new();
    for a in std::env::args().skip(1) {
        match support::techniques_named(&a) {
            Some(ts) => wanted.extend(ts),
            None => {
                eprintln!("unknown technique or family `{a}`");
                std::process::exit(2);
            }
        }
    }
    for case in support::reglib_cases() {
        let Some(t) = support::reglib_technique(&case.code) else { continue };
        if !wanted.is_empty() && !wanted.contains(&t) {
            continue;
        }
        if let Some(s) = support::steps_of(&case.board, t).first() {
            println!("{} (line {}): {} (len {})", case.code, case.line_no, s.text, s.length);
        }
    }
}
