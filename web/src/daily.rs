//! The first visit's puzzle: a person who opens the page for the first time gets a puzzle to
//! solve at once, not an empty grid. A small set per level is built in (`web/daily/LEVEL.txt`,
//! made by `deduku generate`, see `web/daily/SOURCES.md`); the day picks one, so the puzzle
//! changes daily and is the same for everyone on the same day. The empty grid is one click
//! away ("New empty grid").

/// The built-in sets, one per level, as the generator writes them, with the solution added:
/// `puzzle<TAB>se<TAB>level<TAB>hardest<TAB>solution`.
const SETS: [(&str, &str); 5] = [
    ("easy", include_str!("../daily/easy.txt")),
    ("medium", include_str!("../daily/medium.txt")),
    ("hard", include_str!("../daily/hard.txt")),
    ("unfair", include_str!("../daily/unfair.txt")),
    ("extreme", include_str!("../daily/extreme.txt")),
];

/// The puzzles of `level`'s set (81-character lines), in file order.
pub fn set(level: &str) -> Vec<&'static str> {
    SETS.iter()
        .find(|(l, _)| *l == level)
        .map(|(_, text)| {
            text.lines().filter_map(|l| l.split('\t').next()).filter(|p| p.len() == 81).collect()
        })
        .unwrap_or_default()
}

/// The stored solution of the built-in puzzle with these givens, if they are one: the page
/// knows the verdict on the first visit's puzzle at once, before the worker has loaded (on a
/// slow link, a second or more later). A test checks each against the exact solver.
pub fn known_solution(givens: &[u8; 81]) -> Option<[u8; 81]> {
    SETS.iter().flat_map(|(_, text)| text.lines()).find_map(|line| {
        let mut cols = line.split('\t');
        let puzzle = cols.next().filter(|p| p.len() == 81)?;
        let solution = cols.nth(3).filter(|s| s.len() == 81)?;
        (digits(puzzle) == *givens).then(|| digits(solution))
    })
}

/// The 81 values of a line of the sets: a digit's value, 0 for anything else.
fn digits(line: &str) -> [u8; 81] {
    let line = line.as_bytes();
    std::array::from_fn(|i| match line[i] {
        c @ b'1'..=b'9' => c - b'0',
        _ => 0,
    })
}

/// The givens of the puzzle of day `day` (days since 1970-01-01) at `level`; `None` for a
/// level without a set.
pub fn puzzle_of_the_day(level: &str, day: u64) -> Option<[u8; 81]> {
    let set = set(level);
    Some(digits(set.get((day % set.len().max(1) as u64) as usize)?))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::POOL_LEVELS;

    #[test]
    fn every_level_has_puzzles_of_that_level_with_one_solution() {
        for level in POOL_LEVELS {
            let set = set(level);
            assert!(set.len() >= 7, "{level}: {} puzzles", set.len());
            for line in set {
                let board = deduku::parse(line).expect("a puzzle");
                let count = deduku::solve::count_solutions(&board, 2);
                assert_eq!(count.count, 1, "{line}");
                let givens: [u8; 81] = std::array::from_fn(|i| board.values()[i]);
                assert_eq!(known_solution(&givens), Some(count.solutions[0]), "{line}");
                let path = deduku::solve_path(&board);
                assert_eq!(path.rating.level.name(), level, "{line}");
            }
        }
    }

    #[test]
    fn the_day_picks_the_puzzle() {
        let (a, b) = (puzzle_of_the_day("medium", 20_000), puzzle_of_the_day("medium", 20_001));
        assert!(a.is_some() && a != b);
        assert_eq!(a, puzzle_of_the_day("medium", 20_000 + set("medium").len() as u64));
        assert_eq!(puzzle_of_the_day("no-such-level", 1), None);
    }

    #[test]
    fn only_a_built_in_puzzle_has_a_known_solution() {
        let mut givens = puzzle_of_the_day("hard", 3).unwrap();
        assert!(known_solution(&givens).is_some());
        let k = givens.iter().position(|&v| v != 0).unwrap();
        givens[k] = 0;
        assert_eq!(known_solution(&givens), None);
        assert_eq!(known_solution(&[0; 81]), None);
    }
}
