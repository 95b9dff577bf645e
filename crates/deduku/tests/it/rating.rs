//! Rating against Sukaku Explainer: the SE-style number of Deduku's path compared with the ER
//! ratings of `se-rated-diabolical-160.txt`. Prints the mean absolute difference and the
//! distribution; asserts the target.

use crate::support;

use deduku::{Board, solve_path};

fn rated() -> Vec<(Board, f32)> {
    support::read_data("corpora/se-rated-diabolical-160.txt")
        .lines()
        .filter_map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            let (p, r) = (f.get(1)?, f.get(2)?);
            Some((support::board_from_line(p), r.parse().ok()?))
        })
        .collect()
}

#[test]
fn se_number_is_close_to_sukaku_explainer() {
    let set = rated();
    assert_eq!(set.len(), 160);
    let mut total = 0.0f64;
    let mut worst = Vec::new();
    for (b, er) in &set {
        let path = solve_path(b);
        let d = (f64::from(path.rating.se) - f64::from(*er)).abs();
        total += d;
        worst.push((d, *er, path.rating.se, path.rating.hardest.map(|t| t.id())));
    }
    let mad = total / set.len() as f64;
    worst.sort_by(|a, b| b.0.total_cmp(&a.0));
    println!("mean absolute difference {mad:.3}; worst: {:?}", &worst[..10]);
    assert!(mad <= 0.5, "mean absolute difference {mad:.3} > 0.5");
}
