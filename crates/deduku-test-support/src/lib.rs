//! Test support shared by the integration tests and examples of Deduku's crates: test data
//! paths, HoDoKu's regression library and exemplars, puzzle corpora, the soundness check, and
//! ([`work`]) the work timed on both sides of the wasm ÷ native comparison. Not published; a
//! dev-dependency of `deduku` (its tests and examples), `deduku-cli` and `deduku-web` (the
//! browser benches), each of which names it `support`.
// Helpers for tests: what each does is in its name and the tests that call it.
#![allow(missing_docs)]

pub mod work;

use deduku::logic::{Context, Options, Sink, find};
use deduku::{Board, Candidate, Cell, Digit, Origin, Step, Technique, TechniqueSet};
use std::collections::BTreeMap;
use std::path::PathBuf;

/// The `p` quantile (0.0–1.0) of `v`, nearest rank; NaN for an empty list (the examples'
/// timing tables).
pub fn percentile(v: &[f64], p: f64) -> f64 {
    if v.is_empty() {
        return f64::NAN;
    }
    let mut v = v.to_vec();
    v.sort_by(|a, b| a.total_cmp(b));
    v[((v.len() - 1) as f64 * p).round() as usize]
}

/// `crates/deduku/tests/data/<rel>` (also from the CLI's tests, which include this module).
pub fn data_path(rel: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../deduku/tests/data").join(rel)
}

pub fn read_data(rel: &str) -> String {
    std::fs::read_to_string(data_path(rel)).unwrap_or_else(|e| panic!("reading {rel}: {e}"))
}

/// `../shared/<rel>` beside the workspace: the big corpora (`data/corpora/`) and the reference
/// solver (`tools/baseline/`). A fresh clone has no `../shared`: the tests that read it are
/// `#[ignore = "needs ../shared/data; …"]`, and `scripts/test.sh` includes them when it exists.
pub fn shared_path(rel: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared").join(rel)
}

/// The text of `../shared/<rel>`; panics (the test fails) when it is missing.
pub fn read_shared(rel: &str) -> String {
    let path = shared_path(rel);
    std::fs::read_to_string(&path).unwrap_or_else(|e| {
        panic!("{}: {e} (this test needs ../shared beside the workspace)", path.display())
    })
}

/// 81 characters, digits are givens, anything else empty.
pub fn board_from_line(line: &str) -> Board {
    let mut v = [0u8; 81];
    for (i, b) in line.bytes().take(81).enumerate() {
        if (b'1'..=b'9').contains(&b) {
            v[i] = b - b'0';
        }
    }
    Board::from_values(&v)
}

/// The puzzles of a corpus text: the first 81-character token of every non-comment line.
pub fn puzzles(text: &str) -> Vec<Board> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .filter_map(|l| l.split_whitespace().find(|t| t.len() == 81))
        .map(board_from_line)
        .collect()
}

/// The puzzles of the corpus file `tests/data/<rel>`.
pub fn corpus(rel: &str) -> Vec<Board> {
    puzzles(&read_data(rel))
}

/// The techniques an argument names: a technique ID (`x-wing`) or a family, spelled like its
/// type name in lower case with optional dashes (`als`, `single-digit`, `last-resort`).
pub fn techniques_named(arg: &str) -> Option<Vec<Technique>> {
    if let Some(t) = Technique::from_id(arg) {
        return Some(vec![t]);
    }
    let name = arg.replace('-', "").to_lowercase();
    let family: Vec<Technique> = Technique::ALL
        .iter()
        .copied()
        .filter(|t| format!("{:?}", t.family()).to_lowercase() == name)
        .collect();
    (!family.is_empty()).then_some(family)
}

fn cand(d: u8, r: u8, c: u8) -> Candidate {
    Candidate::new(Cell::at(r as usize - 1, c as usize - 1), Digit::new(d).expect("digit"))
}

/// `436 257` → r3c6<>4, r5c7<>2.
fn parse_cands(s: &str) -> Vec<Candidate> {
    s.split_whitespace()
        .filter(|t| t.len() == 3 && t.bytes().all(|b| (b'1'..=b'9').contains(&b)))
        .map(|t| {
            let b = t.as_bytes();
            cand(b[0] - b'0', b[1] - b'0', b[2] - b'0')
        })
        .collect()
}

/// One case of HoDoKu's regression library.
#[derive(Debug, Clone)]
pub struct RegCase {
    pub line_no: usize,
    pub code: String,
    pub must_fire: bool,
    pub digits: Vec<Digit>,
    pub board: Board,
    /// The givens field as written (`+` before placed digits).
    pub givens: String,
    /// The deleted candidates, applied to `board` already.
    pub deleted: Vec<Candidate>,
    pub eliminations: Vec<Candidate>,
    pub placements: Vec<Candidate>,
}

/// HoDoKu's technique code → Deduku technique. Codes Deduku has no technique for are absent.
pub fn reglib_technique(code: &str) -> Option<Technique> {
    use Technique::*;
    Some(match code {
        "0000" => FullHouse,
        "0002" => HiddenSingle,
        "0003" => NakedSingle,
        "0100" => LockedCandidatesPointing,
        "0101" => LockedCandidatesClaiming,
        "0110" => LockedPair,
        "0111" => LockedTriple,
        "0200" => NakedPair,
        "0201" => NakedTriple,
        "0202" => NakedQuad,
        "0210" => HiddenPair,
        "0211" => HiddenTriple,
        "0212" => HiddenQuad,
        "0300" => XWing,
        "0301" => Swordfish,
        "0302" => Jellyfish,
        "0310" => FinnedXWing,
        "0311" | "03111" => FinnedSwordfish,
        "0312" | "03121" => FinnedJellyfish,
        "0320" => SashimiXWing,
        "0321" | "03211" => SashimiSwordfish,
        "0322" | "03221" => SashimiJellyfish,
        "0330" | "0340" => FrankenXWing,
        "0331" | "0341" | "03411" => FrankenSwordfish,
        "0332" | "0342" | "03421" => FrankenJellyfish,
        "0350" | "0360" => MutantXWing,
        "0351" | "0361" => MutantSwordfish,
        "0352" | "0362" | "03621" => MutantJellyfish,
        "0371" | "0372" => KrakenFish,
        "0400" => Skyscraper,
        "0401" | "0404" => TwoStringKite,
        "0402" | "0405" => EmptyRectangle,
        "0403" => TurbotFish,
        "0500" => SimpleColorsTrap,
        "0501" => SimpleColorsWrap,
        "0502" | "0503" => MultiColors,
        "0600" => UniqueRectangle1,
        "0601" => UniqueRectangle2,
        "0602" => UniqueRectangle3,
        "0603" => UniqueRectangle4,
        "0604" => UniqueRectangle5,
        "0605" => UniqueRectangle6,
        "0606" => HiddenRectangle,
        "0607" => AvoidableRectangle1,
        "0608" => AvoidableRectangle2,
        "0610" => BugPlus1,
        "0701" => XChain,
        "0702" => XyChain,
        "0703" => RemotePair,
        "0706" => ContinuousNiceLoop,
        "0707" => DiscontinuousNiceLoop,
        "0708" => Aic,
        "0709" => GroupedContinuousNiceLoop,
        "0710" => GroupedDiscontinuousNiceLoop,
        "0711" => GroupedAic,
        "0800" => XyWing,
        "0801" => XyzWing,
        "0802" => WxyzWing,
        "0803" => WWing,
        "0901" => AlsXz,
        "0902" => AlsXyWing,
        "0903" => AlsXyChain,
        "0904" => DeathBlossom,
        "1000" => AlignedPairExclusion,
        "1101" => SueDeCoq,
        "1201" => TemplateSet,
        "1202" => TemplateDelete,
        "1301" => ForcingChainContradiction,
        "1302" => ForcingChainVerity,
        "1303" => ForcingNetContradiction,
        "1304" => ForcingNetVerity,
        _ => return None,
    })
}

/// Every case of the regression library (including codes without a Deduku technique).
pub fn reglib_cases() -> Vec<RegCase> {
    let text = read_data("techniques/hodoku-reglib-1.4.txt");
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if !line.starts_with(':') {
            continue;
        }
        let f: Vec<&str> = line.split(':').collect();
        if f.len() < 7 {
            continue;
        }
        let (code, must_fire) = match f[1].split_once('-') {
            Some((c, v)) => (c.to_string(), v != "x"),
            None => (f[1].to_string(), true),
        };
        let digits = f[2].bytes().filter_map(|b| Digit::new(b.wrapping_sub(b'0'))).collect();
        let mut values = [0u8; 81];
        let mut origin = [Origin::Empty; 81];
        let mut idx = 0;
        let mut placed = false;
        for b in f[3].bytes() {
            if b == b'+' {
                placed = true;
                continue;
            }
            if idx >= 81 {
                break;
            }
            if (b'1'..=b'9').contains(&b) {
                values[idx] = b - b'0';
                origin[idx] = if placed { Origin::Placed } else { Origin::Given };
            }
            placed = false;
            idx += 1;
        }
        let mut board = Board::from_parts(&values, &origin);
        let deleted = parse_cands(f[4]);
        for k in &deleted {
            board.eliminate(k.cell, k.digit);
        }
        out.push(RegCase {
            line_no: i + 1,
            code,
            must_fire,
            digits,
            board,
            givens: f[3].to_string(),
            deleted,
            eliminations: parse_cands(f[5]),
            placements: parse_cands(f[6]),
        });
    }
    out
}

/// Per-technique outcome of the regression library.
#[derive(Debug, Default, Clone, Copy)]
pub struct RegStats {
    /// Must-fire cases.
    pub cases: usize,
    /// A step with exactly the expected changes was found.
    pub exact: usize,
    /// The expected changes are all made by steps of the technique.
    pub covered: usize,
    /// Must-not-fire cases.
    pub neg_cases: usize,
    /// Must-not-fire cases where no step with the forbidden changes was found.
    pub neg_ok: usize,
}

fn sorted(mut v: Vec<Candidate>) -> Vec<Candidate> {
    v.sort();
    v.dedup();
    v
}

/// The steps of `t` on `board`, with uniqueness allowed (HoDoKu's cases are unique puzzles).
pub fn steps_of(board: &Board, t: Technique) -> Vec<Step> {
    let mut sink = Sink::unlimited();
    let _ = find(board, t, &Context { unique: Some(true) }, &mut sink);
    sink.into_steps()
}

/// What a finder reported for one case: per step, its eliminations and placements.
pub type Found = Vec<(Vec<Candidate>, Vec<Candidate>)>;

/// Per technique ID: the stats and the failing line numbers.
pub type RegReport = BTreeMap<&'static str, (RegStats, Vec<usize>)>;

/// Runs the regression cases of the given techniques through the library; prints a table.
pub fn run_reglib(techniques: &[Technique]) -> RegReport {
    run_reglib_with(techniques, |case, t| {
        steps_of(&case.board, t).into_iter().map(|s| (s.eliminations, s.placements)).collect()
    })
}

/// Runs the regression cases of the given techniques, asking `steps` for what the technique
/// finds in each case (the library directly, or the `deduku steps` command); prints a table.
pub fn run_reglib_with(
    techniques: &[Technique],
    mut steps: impl FnMut(&RegCase, Technique) -> Found,
) -> RegReport {
    let mut out: RegReport = BTreeMap::new();
    for case in reglib_cases() {
        let Some(t) = reglib_technique(&case.code) else { continue };
        if !techniques.contains(&t) {
            continue;
        }
        let steps = steps(&case, t);
        let want_e = sorted(case.eliminations.clone());
        let want_p = sorted(case.placements.clone());
        let entry = out.entry(t.id()).or_default();
        let exact =
            steps.iter().any(|(e, p)| sorted(e.clone()) == want_e && sorted(p.clone()) == want_p);
        let all_e: Vec<Candidate> = steps.iter().flat_map(|s| s.0.clone()).collect();
        let all_p: Vec<Candidate> = steps.iter().flat_map(|s| s.1.clone()).collect();
        let covered = (!want_e.is_empty() || !want_p.is_empty())
            && want_e.iter().all(|k| all_e.contains(k))
            && want_p.iter().all(|k| all_p.contains(k));
        if case.must_fire {
            entry.0.cases += 1;
            entry.0.exact += usize::from(exact);
            entry.0.covered += usize::from(covered || exact);
            if !(covered || exact) {
                entry.1.push(case.line_no);
            }
        } else {
            entry.0.neg_cases += 1;
            let fired = if want_e.is_empty() && want_p.is_empty() {
                steps.iter().any(|(e, p)| {
                    e.iter()
                        .chain(p)
                        .any(|k| case.digits.is_empty() || case.digits.contains(&k.digit))
                })
            } else {
                exact
            };
            entry.0.neg_ok += usize::from(!fired);
            if fired {
                entry.1.push(case.line_no);
            }
        }
    }
    println!(
        "{:<34} {:>5} {:>6} {:>8} {:>9}",
        "technique", "cases", "exact", "covered", "not-fire"
    );
    for (id, (s, _)) in &out {
        println!(
            "{:<34} {:>5} {:>6} {:>8} {:>5}/{:<3}",
            id, s.cases, s.exact, s.covered, s.neg_ok, s.neg_cases
        );
    }
    out
}

/// Asserts that the regression library's must-fire cases of each technique of `techniques`
/// are all covered, or at least at the share `partial` gives for it, and that every
/// must-not-fire case of them holds.
pub fn check_reglib(techniques: &[Technique], partial: &[(Technique, f64)]) {
    let share = |t: Technique| partial.iter().find(|p| p.0 == t).map_or(1.0, |p| p.1);
    let minimums: Vec<(Technique, f64)> = techniques.iter().map(|&t| (t, share(t))).collect();
    let ts: Vec<Technique> = minimums.iter().map(|m| m.0).collect();
    let res = run_reglib(&ts);
    let mut failures = Vec::new();
    for (t, min) in minimums {
        let Some((s, lines)) = res.get(t.id()) else {
            failures.push(format!("{}: no cases in the library", t.id()));
            continue;
        };
        let share = if s.cases == 0 { 1.0 } else { s.covered as f64 / s.cases as f64 };
        if share + 1e-9 < min || s.neg_ok < s.neg_cases {
            failures.push(format!(
                "{}: covered {}/{} (min {:.0}%), not-fire {}/{}; failing lines {:?}",
                t.id(),
                s.covered,
                s.cases,
                min * 100.0,
                s.neg_ok,
                s.neg_cases,
                lines
            ));
        }
    }
    assert!(failures.is_empty(), "regression library failures:\n{}", failures.join("\n"));
}

/// One exemplar puzzle: the HoDoKu section code and name, the puzzle, the trace.
#[derive(Debug, Clone)]
pub struct Exemplar {
    pub code: String,
    pub section: String,
    pub puzzle: Board,
    pub trace: String,
}

pub fn exemplars() -> Vec<Exemplar> {
    let text = read_data("techniques/technique-exemplars.txt");
    let mut code = String::new();
    let mut section = String::new();
    let mut out = Vec::new();
    for line in text.lines() {
        let l = line.trim();
        if let Some(h) = l.strip_prefix('#') {
            if let Some((c, name)) = h.split_once(':') {
                if c.len() == 4 && c.bytes().all(|b| b.is_ascii_digit()) {
                    code = c.to_string();
                    section = name.trim().to_string();
                }
            }
            continue;
        }
        if l.len() < 81 {
            continue;
        }
        let (p, trace) = l.split_once('#').unwrap_or((l, ""));
        out.push(Exemplar {
            code: code.clone(),
            section: section.clone(),
            puzzle: board_from_line(p.trim()),
            trace: trace.trim().to_string(),
        });
    }
    out
}

/// Full house, hidden and naked singles.
pub fn singles() -> TechniqueSet {
    [Technique::FullHouse, Technique::HiddenSingle, Technique::NakedSingle].into_iter().collect()
}

/// The tier-1 techniques without unit permutation (which subsumes the subsets): the simple
/// techniques a family's tests apply before looking for the family's patterns.
pub fn basic_set() -> TechniqueSet {
    TechniqueSet::all()
        .iter()
        .filter(|&t| t.tier() == 1 && t != Technique::UnitPermutation)
        .collect()
}

/// The techniques HoDoKu's "ssts" prefix stands for (SimpleSudoku's standard set): singles,
/// intersections, subsets, basic fish, XY- and XYZ-wing.
pub fn ssts() -> TechniqueSet {
    let mut set = basic_set();
    use Technique::*;
    [XWing, Swordfish, Jellyfish, XyWing, XyzWing].into_iter().for_each(|t| set.insert(t));
    set
}

/// Applies the techniques of `set` until none applies.
pub fn apply_all(board: &Board, set: TechniqueSet) -> Board {
    let mut b = board.clone();
    let opts = Options::with_techniques(set);
    let ctx = Context { unique: Some(true) };
    while let Some(s) = deduku::logic::next_step_in(&b, &opts, &ctx) {
        if !s.makes_progress(&b) {
            break;
        }
        s.apply(&mut b);
    }
    b
}

/// The position where an exemplar's technique is looked for: after singles or, when the trace
/// starts with "ssts", after the simple set without `techniques` (the ones under test) and
/// without those that come after them in the default order (HoDoKu tries easier steps first:
/// an XY-Wing must not take a hidden quad's eliminations before the quad is looked for).
pub fn exemplar_position(ex: &Exemplar, techniques: &[Technique]) -> Board {
    let set = if ex.trace.starts_with("ssts") {
        let first = techniques.iter().copied().min();
        ssts().iter().filter(|&t| first.is_none_or(|f| t < f)).collect()
    } else {
        singles()
    };
    apply_all(&ex.puzzle, set)
}

/// For exemplars of HoDoKu section `code`: at the [`exemplar_position`], one of `techniques`
/// must apply. Returns (found, total) and prints misses.
pub fn exemplar_hits(code: &str, techniques: &[Technique]) -> (usize, usize) {
    let mut hit = 0;
    let mut total = 0;
    for ex in exemplars().into_iter().filter(|e| e.code == code) {
        total += 1;
        let b = exemplar_position(&ex, techniques);
        if techniques.iter().any(|&t| !steps_of(&b, t).is_empty()) {
            hit += 1;
        } else {
            println!("exemplar miss {code} {}: {:?} # {}", ex.section, ex.puzzle, ex.trace);
        }
    }
    (hit, total)
}

/// The positions where a walk with [`basic_set`] and `techniques` (each step the easiest that
/// applies) takes a step of one of `techniques`: where the step finder needs them.
pub fn positions_needing(puzzles: &[Board], techniques: &[Technique]) -> Vec<Board> {
    let mut set = basic_set();
    techniques.iter().for_each(|&t| set.insert(t));
    let opts = Options::with_techniques(set);
    let ctx = Context { unique: Some(true) };
    let mut out = Vec::new();
    for p in puzzles {
        let mut b = p.clone();
        while let Some(s) = deduku::logic::next_step_in(&b, &opts, &ctx) {
            if !s.makes_progress(&b) {
                break;
            }
            if techniques.contains(&s.technique) {
                out.push(b.clone());
            }
            s.apply(&mut b);
        }
    }
    out
}

/// The exemplars with one solution of the sections `section` accepts. (One line of section
/// 0604 is a regression-library line, not a puzzle.)
fn unique_exemplars(section: impl Fn(&str) -> bool) -> impl Iterator<Item = Exemplar> {
    exemplars()
        .into_iter()
        .filter(move |e| section(&e.code))
        .filter(|e| deduku::solve::count_solutions(&e.puzzle, 2).count == 1)
}

/// The exemplars of the sections `section` accepts, each at its [`exemplar_position`] (after
/// singles, or the whole "ssts" set for "ssts" traces).
pub fn exemplar_positions(section: impl Fn(&str) -> bool) -> Vec<Board> {
    unique_exemplars(section).map(|e| exemplar_position(&e, &[])).collect()
}

/// Every `stride`-th puzzle of top1465 after the techniques of `set`.
pub fn top1465_after(stride: usize, set: TechniqueSet) -> Vec<Board> {
    corpus("corpora/top1465.txt").iter().step_by(stride).map(|p| apply_all(p, set)).collect()
}

/// Positions after [`basic_set`]: of the exemplars of the sections `section` accepts, then of
/// every `stride`-th puzzle of top1465.
pub fn basic_positions(section: impl Fn(&str) -> bool, stride: usize) -> Vec<Board> {
    let exemplars = unique_exemplars(section).map(|e| apply_all(&e.puzzle, basic_set()));
    exemplars.chain(top1465_after(stride, basic_set())).collect()
}

/// Every instance of each of `techniques` at each of `boards`, checked against the board's
/// unique solution: the number of steps per technique and the unsound ones.
pub fn sweep(boards: &[Board], techniques: &[Technique]) -> (Vec<usize>, Vec<String>) {
    let mut fired = vec![0; techniques.len()];
    let mut bad = Vec::new();
    for b in boards.iter().filter(|b| !b.is_complete()) {
        let sol = solution(b);
        for (n, &t) in fired.iter_mut().zip(techniques) {
            for s in steps_of(b, t) {
                *n += 1;
                bad.extend(unsound(&s, &sol).map(|m| format!("{}: {m} (board {b:?})", t.id())));
            }
        }
    }
    (fired, bad)
}

/// The technique an exemplar section is named for. The exemplar file numbers its sections
/// like HoDoKu's library codes ([`reglib_technique`]), except that its 1202 holds forcing chain
/// verities (the library's 1202 is template delete).
pub fn exemplar_technique(code: &str) -> Option<Technique> {
    match code {
        "1202" => Some(Technique::ForcingChainVerity),
        c => reglib_technique(c),
    }
}

/// A minimum for [`check_exemplars`]: every exemplar of the section.
pub const EVERY_ONE: usize = usize::MAX;

/// Checks exemplar sections (see [`exemplar_hits`]): in each of `sections`, the technique the
/// section is named for must apply to every exemplar; `special` gives sections with other
/// techniques that count or a smaller minimum, as `(section, techniques, minimum hits)`.
/// Prints each section's hits, fails on a section without exemplars or below its minimum.
pub fn check_exemplars(sections: &[&str], special: &[(&str, &[Technique], usize)]) {
    let named: Vec<(&str, Vec<Technique>, usize)> = sections
        .iter()
        .map(|&c| (c, vec![exemplar_technique(c).expect("a section with a technique")], EVERY_ONE))
        .chain(special.iter().map(|&(c, ts, min)| (c, ts.to_vec(), min)))
        .collect();
    let mut failures = Vec::new();
    for (code, techniques, min) in named {
        let (hit, total) = exemplar_hits(code, &techniques);
        println!("exemplars {code}: {hit}/{total}");
        if total == 0 || hit < min.min(total) {
            let want = if min == EVERY_ONE { "all".to_string() } else { min.to_string() };
            failures.push(format!("{code}: {hit}/{total} hits, expected {want}"));
        }
    }
    assert!(failures.is_empty(), "exemplar sections below their minimum:\n{}", failures.join("\n"));
}

/// [`sweep`] that fails on an unsound step; prints and returns the steps per technique.
pub fn sound_sweep(boards: &[Board], techniques: &[Technique]) -> Vec<usize> {
    let (fired, bad) = sweep(boards, techniques);
    let counts: Vec<String> =
        techniques.iter().zip(&fired).map(|(t, n)| format!("{} {n}", t.id())).collect();
    println!("{} positions, steps: {}", boards.len(), counts.join(", "));
    assert!(bad.is_empty(), "unsound steps:\n{}", bad.join("\n"));
    fired
}

/// The unique solution of a board (panics when it has none or several: test data is unique).
pub fn solution(board: &Board) -> [u8; 81] {
    let c = deduku::solve::count_solutions(board, 2);
    assert_eq!(c.count, 1, "test puzzle must be unique: {board:?}");
    c.solutions[0]
}

/// Checks that a step agrees with `solution`: no elimination of a solution digit, no wrong
/// placement. Returns a message when it does not.
pub fn unsound(step: &Step, solution: &[u8; 81]) -> Option<String> {
    for e in &step.eliminations {
        if solution[e.cell.index()] == e.digit.get() {
            return Some(format!(
                "eliminates the solution's {} from {}: {}",
                e.digit, e.cell, step.text
            ));
        }
    }
    for p in &step.placements {
        if solution[p.cell.index()] != p.digit.get() {
            return Some(format!("places a wrong {} in {}: {}", p.digit, p.cell, step.text));
        }
    }
    None
}
