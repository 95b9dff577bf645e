//! `deduku about TECHNIQUE`: what a technique is, in a few plain sentences
//! (`Technique::description`).

use crate::input::Failure;
use deduku::Technique;
use std::io::{self, Write};

/// Arguments of `about`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The technique: its ID (`x-wing`) or its name (`"X-Wing"`), in any case.
    pub technique: String,
}

/// Runs `about`.
pub fn run(args: &Args) -> Result<(), Failure> {
    let t = lookup(&args.technique).map_err(Failure::Usage)?;
    let mut out = io::stdout().lock();
    writeln!(out, "{} ({})", t.name(), t.id())?;
    writeln!(out, "{}", t.description())?;
    out.flush()?;
    Ok(())
}

/// A name folded for comparison: lowercase letters and digits only, so `X-Wing`, `x wing`
/// and `xwing` are one name.
fn fold(s: &str) -> String {
    s.chars().filter(|c| c.is_alphanumeric()).flat_map(char::to_lowercase).collect()
}

/// The technique named `arg` by ID or name, case-insensitively; otherwise an error listing
/// the nearest names (or every ID when none is near).
pub fn lookup(arg: &str) -> Result<Technique, String> {
    let key = fold(arg);
    if key.is_empty() {
        return Err("name a technique, e.g. `deduku about x-wing`".into());
    }
    if let Some(&t) = Technique::ALL.iter().find(|t| fold(t.id()) == key || fold(t.name()) == key) {
        return Ok(t);
    }
    // Near: one contains the other, or a small edit distance.
    let mut near: Vec<(usize, Technique)> = Technique::ALL
        .iter()
        .filter_map(|&t| {
            let (id, name) = (fold(t.id()), fold(t.name()));
            let d = distance(&key, &id).min(distance(&key, &name));
            let contains = id.contains(&key) || name.contains(&key) || key.contains(&id);
            (contains || d <= 2 + key.len() / 5).then_some((if contains { 0 } else { d }, t))
        })
        .collect();
    near.sort_by_key(|&(d, t)| (d, t.id()));
    let list = |ts: &mut dyn Iterator<Item = Technique>| {
        ts.map(|t| format!("{} ({})", t.id(), t.name())).collect::<Vec<_>>().join(", ")
    };
    if near.is_empty() {
        let ids: Vec<&str> = Technique::ALL.iter().map(|t| t.id()).collect();
        Err(format!("unknown technique `{}`; valid IDs: {}", arg.trim(), ids.join(", ")))
    } else {
        Err(format!(
            "unknown technique `{}`; did you mean: {}?",
            arg.trim(),
            list(&mut near.iter().take(8).map(|&(_, t)| t))
        ))
    }
}

/// Levenshtein distance between two short ASCII-ish strings.
fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, &cb) in b.iter().enumerate() {
            let cur = row[j + 1];
            row[j + 1] = (prev + usize::from(ca != cb)).min(row[j] + 1).min(cur + 1);
            prev = cur;
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lookup_takes_ids_and_names_in_any_case() {
        assert_eq!(lookup("x-wing"), Ok(Technique::XWing));
        assert_eq!(lookup("X-Wing"), Ok(Technique::XWing));
        assert_eq!(lookup("  SUE DE COQ "), Ok(Technique::SueDeCoq));
        assert!(lookup("xwng").unwrap_err().contains("x-wing"));
        assert!(lookup("qqqqqqqqqqqq").unwrap_err().contains("valid IDs"));
        assert!(lookup("").is_err());
    }
}
