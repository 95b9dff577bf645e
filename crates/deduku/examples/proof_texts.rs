//! The explanation (`Step::explain`, rendered from the step's proof) of the first step of each
//! forcing technique along the default paths of the forum-hardest sample and the SE-rated
//! dev sample, and of the first net verity found (`find_first`) where a path first takes a net
//! contradiction: to read the forcing texts.
//!
//! ```text
//! cargo run -p deduku --release --example proof_texts
//! ```

use deduku_test_support as support;

use deduku::{Technique, find_first, solve_path};

fn main() {
    let wanted = [
        Technique::ForcingChainContradiction,
        Technique::ForcingChainVerity,
        Technique::ForcingNetContradiction,
        Technique::ForcingNetVerity,
        Technique::DynamicForcingNet,
        Technique::NestedForcingNet,
    ];
    let mut seen = Vec::new();
    let mut probed = false;
    for file in ["corpora/forum-hardest-sample.txt", "corpora/se-rated-dev-sample.txt"] {
        for (i, p) in support::corpus(file).iter().enumerate() {
            let mut b = p.clone();
            for s in solve_path(p).steps {
                if s.technique == Technique::ForcingNetContradiction && !probed {
                    if let Some(f) = find_first(&b, Technique::ForcingNetVerity) {
                        probed = true;
                        println!("== {file} #{i} (find_first): {}\n{}\n", f.text, f.explain());
                    }
                }
                if wanted.contains(&s.technique) && !seen.contains(&s.technique) {
                    seen.push(s.technique);
                    println!("== {file} #{i}: {}\n{}\n", s.text, s.explain());
                }
                s.apply(&mut b);
            }
        }
    }
}
