//! Browser tests (wasm-bindgen-test in headless Chromium): a real round trip through the built
//! worker (`scripts/trunk.sh build` must have produced `dist/`), and the grid and status
//! components rendered into the page.
#![cfg(target_arch = "wasm32")]

use deduku_web::client::WorkerClient;
use deduku_web::components::grid::{Grid, GridProps};
use deduku_web::components::status::{Status, StatusProps};
use deduku_web::picture::Palette;
use deduku_web::position::Position;
use deduku_web::protocol::{
    CellOrigin, Job, PathEnd, PathRequest, PlainBoard, PlainCand, PlainLink, PlainNode,
    PlainRating, PlainStep, Reply, Request, Response, Verdict,
};
use deduku_web::samples::SAMPLES;
use deduku_web::state::PathState;
use futures::StreamExt;
use futures::channel::mpsc;
use std::time::Duration;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use yew::Callback;

wasm_bindgen_test_configure!(run_in_browser);

const EASY: &str =
    "530070000600195000098000060800060003400803001700020006060000280000419005000080079";

async fn sleep(ms: u32) {
    gloo_timers::future::TimeoutFuture::new(ms).await;
}

async fn worker_is_built() {
    let window = web_sys::window().unwrap();
    let resp = wasm_bindgen_futures::JsFuture::from(window.fetch_with_str("/dist/worker.js"))
        .await
        .expect("fetch");
    let resp: web_sys::Response = resp.dyn_into().unwrap();
    assert!(
        resp.ok(),
        "dist/worker.js is missing: run `scripts/trunk.sh build --release` before the browser tests"
    );
}

/// The built worker and the stream of its responses.
async fn spawn_worker() -> (WorkerClient, mpsc::UnboundedReceiver<Response>) {
    worker_is_built().await;
    let (tx, rx) = mpsc::unbounded();
    let client = WorkerClient::new(
        "/dist/worker.js",
        move |r| {
            let _ = tx.unbounded_send(r);
        },
        |_| {},
    );
    (client, rx)
}

/// Receives the next response, failing after `secs` seconds.
async fn next(rx: &mut mpsc::UnboundedReceiver<Response>, secs: u64) -> Response {
    let timeout = yew::platform::time::sleep(Duration::from_secs(secs));
    futures::pin_mut!(timeout);
    match futures::future::select(rx.next(), timeout).await {
        futures::future::Either::Left((Some(r), _)) => r,
        _ => panic!("no reply from the worker within {secs} s"),
    }
}

#[wasm_bindgen_test]
async fn worker_round_trip_parses_analyzes_and_streams_a_path() {
    let (client, mut rx) = spawn_worker().await;
    client.send(Request { id: 1, job: Job::Parse(EASY.into()) });
    let r = next(&mut rx, 20).await;
    assert_eq!(r.id, 1);
    let Reply::Parsed(board) = r.reply else { panic!("expected Parsed, got {:?}", r.reply) };
    assert_eq!(board.to_line().replace('.', "0"), EASY);

    client.send(Request { id: 2, job: Job::Analyze(board.clone()) });
    let r = next(&mut rx, 20).await;
    let Reply::Analyzed(Verdict::Unique(solution)) = r.reply else { panic!("{:?}", r.reply) };

    client.send(Request { id: 3, job: Job::Path(PathRequest::new(board)) });
    let mut last = None;
    let mut steps = 0;
    loop {
        let r = next(&mut rx, 30).await;
        assert_eq!(r.id, 3);
        match r.reply {
            Reply::Step { index, after, .. } => {
                assert_eq!(index, steps);
                steps += 1;
                last = Some(after);
            }
            Reply::PathDone { end, rating } => {
                assert_eq!(end, PathEnd::Solved);
                assert!(rating.se > 0.0);
                break;
            }
            other => panic!("unexpected {other:?}"),
        }
    }
    assert!(steps > 0);
    assert_eq!(last.unwrap().values, solution);

    client.send(Request { id: 4, job: Job::Parse("not a sudoku".into()) });
    let r = next(&mut rx, 20).await;
    assert!(matches!(r.reply, Reply::ParseFailed(ref m) if !m.is_empty()), "{:?}", r.reply);
}

/// Runs a whole path through the worker; returns its rating.
async fn worker_rating(
    client: &WorkerClient,
    rx: &mut mpsc::UnboundedReceiver<Response>,
    id: u64,
    board: &PlainBoard,
) -> PlainRating {
    client.send(Request { id, job: Job::Path(PathRequest::new(board.clone())) });
    loop {
        let r = next(rx, 60).await;
        assert_eq!(r.id, id);
        match r.reply {
            Reply::Step { .. } => {}
            Reply::PathDone { rating, .. } => return rating,
            other => panic!("unexpected {other:?}"),
        }
    }
}

/// The page and the CLI rate alike: the worker's rating of every sample equals what
/// `deduku rate` computes (the library's `solve_path`, run here in the same wasm build).
#[wasm_bindgen_test]
async fn the_worker_rates_every_sample_as_the_cli_does() {
    let (client, mut rx) = spawn_worker().await;
    for (i, sample) in SAMPLES.iter().enumerate() {
        let board = deduku::parse(sample.text).expect("a sample parses");
        let cli = PlainRating::from(&deduku::solve_path(&board).rating);
        let page =
            worker_rating(&client, &mut rx, 100 + i as u64, &PlainBoard::from_board(&board)).await;
        assert_eq!(page, cli, "{}: page and CLI rate differently", sample.id);
    }
}

/// A cancel, and a newer request, stop a path on the hardest sample within the worker's slice,
/// also while a step is being searched; the same worker then answers at once. The latencies are
/// printed (the measured figure of the consolidation note), not asserted: timings belong to
/// notes, not tests.
#[wasm_bindgen_test]
async fn cancel_stops_the_hardest_path_mid_way_and_the_worker_keeps_serving() {
    let (client, mut rx) = spawn_worker().await;
    let hardest = SAMPLES.iter().find(|s| s.id == "forum-hardest-1").expect("the sample");
    let board = PlainBoard::from_board(&deduku::parse(hardest.text).expect("parses"));
    let perf = web_sys::window().unwrap().performance().unwrap();
    // Warm up (the first path also compiles the worker's code paths) and count the steps.
    client.send(Request { id: 200, job: Job::Path(PathRequest::new(board.clone())) });
    let mut full = 0;
    while let Reply::Step { .. } = next(&mut rx, 60).await.reply {
        full += 1;
    }
    let mut latencies = Vec::new();
    for (k, delay) in [0u32, 5, 15, 30, 60].into_iter().enumerate() {
        let id = 300 + 10 * k as u64;
        client.send(Request { id, job: Job::Path(PathRequest::new(board.clone())) });
        sleep(delay).await;
        let t0 = perf.now();
        client.send(Request { id: id + 1, job: Job::Cancel(id) });
        let mut steps = 0;
        loop {
            let r = next(&mut rx, 30).await;
            assert_eq!(r.id, id);
            match r.reply {
                Reply::Step { .. } => steps += 1,
                Reply::Cancelled => break,
                other => panic!("the path should end cancelled, got {other:?}"),
            }
        }
        // No `PathDone`: the rating walk after the last step is stopped too.
        latencies.push((delay, steps, ((perf.now() - t0) * 10.0).round() / 10.0));
    }
    // A newer path request supersedes the running one the same way.
    client.send(Request { id: 400, job: Job::Path(PathRequest::new(board.clone())) });
    sleep(20).await;
    let t0 = perf.now();
    client.send(Request { id: 401, job: Job::Analyze(board.clone()) });
    client.send(Request { id: 402, job: Job::Path(PathRequest::new(PlainBoard::default())) });
    let mut analyzed = None;
    let mut cancelled = None;
    while analyzed.is_none() || cancelled.is_none() {
        let r = next(&mut rx, 30).await;
        match (r.id, r.reply) {
            (400, Reply::Cancelled) => cancelled = Some(perf.now() - t0),
            (400, Reply::Step { .. }) => {}
            (401, Reply::Analyzed(Verdict::Unique(_))) => analyzed = Some(perf.now() - t0),
            (402, _) => {}
            (id, other) => panic!("unexpected reply to {id}: {other:?}"),
        }
    }
    web_sys::console::log_1(
        &format!(
            "cancel on {} ({full} steps): (cancel sent after ms, steps received, latency ms) \
             {:?}; analyze during a path: {:.1} ms; superseded path cancelled after {:.1} ms",
            hardest.id,
            latencies,
            analyzed.unwrap(),
            cancelled.unwrap()
        )
        .into(),
    );
}

/// The person's requests come before a path's rating walk: once every step of the hardest
/// sample's path is out (its Sudoku Explainer walk then takes seconds), a drill and a new
/// puzzle asked for arrive before the path's end with its rating, and the rating still comes.
#[wasm_bindgen_test]
async fn a_drill_and_a_new_puzzle_asked_during_the_rating_walk_come_before_it() {
    use deduku_web::protocol::PuzzleChoice;
    let (client, mut rx) = spawn_worker().await;
    let hardest = SAMPLES.iter().find(|s| s.id == "forum-hardest-1").expect("the sample");
    let board = PlainBoard::from_board(&deduku::parse(hardest.text).expect("parses"));
    client.send(Request { id: 500, job: Job::Path(PathRequest::new(board)) });
    loop {
        let r = next(&mut rx, 60).await;
        assert_eq!(r.id, 500);
        match r.reply {
            Reply::Step { after, .. } if after.is_complete() => break,
            Reply::Step { .. } => {}
            other => panic!("a step expected, got {other:?}"),
        }
    }
    client.send(Request { id: 501, job: Job::Drill { technique: "x-wing".into(), seed: 1 } });
    let choice = PuzzleChoice::Level("easy".into());
    client.send(Request { id: 502, job: Job::Generate { choice, seed: 7, background: false } });
    let mut order = Vec::new();
    while order.len() < 3 {
        let r = next(&mut rx, 120).await;
        match (r.id, r.reply) {
            (500, Reply::PathDone { end, .. }) => {
                assert_eq!(end, PathEnd::Solved);
                order.push(500);
            }
            (501, Reply::Drill(_)) => order.push(501),
            (502, Reply::Generated(_)) => order.push(502),
            (502, Reply::GenProgress(_)) => {}
            (id, other) => panic!("unexpected reply to {id}: {other:?}"),
        }
    }
    assert_eq!(order, [501, 502, 500], "the drill, then the new puzzle, then the rating");
}

fn mount() -> web_sys::Element {
    let doc = web_sys::window().unwrap().document().unwrap();
    let div = doc.create_element("div").unwrap();
    doc.body().unwrap().append_child(&div).unwrap();
    div
}

/// Save picture reads its colours from the page's stylesheet as the browser parsed it; that
/// gives the same palette, light and dark, as the file itself.
#[wasm_bindgen_test]
fn the_picture_palette_from_the_parsed_stylesheet_is_the_files() {
    const CSS: &str = include_str!("../style.css");
    let doc = web_sys::window().unwrap().document().unwrap();
    let style = doc.create_element("style").unwrap();
    style.set_text_content(Some(CSS));
    doc.head().unwrap().append_child(&style).unwrap();
    let parsed = deduku_web::components::export::stylesheet_text();
    style.remove();
    for dark in [false, true] {
        let file = Palette::from_css(CSS, dark);
        assert_eq!(Palette::from_css(&parsed, dark), file, "dark: {dark}");
        assert_ne!(file.get("--given"), "#000");
    }
}

#[wasm_bindgen_test]
async fn grid_renders_kinds_warnings_mistakes_colours_and_step_roles() {
    let givens: [u8; 81] = std::array::from_fn(|i| EASY.as_bytes()[i] - b'0');
    let mut pos = Position::from_givens(&givens);
    // A duplicate of r1c1's 5 in r1c3 (the person's), a helper digit, a removed candidate the
    // solution needs, a coloured cell.
    pos.place(2, 5, CellOrigin::User).unwrap();
    pos.place(72, 3, CellOrigin::Solver).unwrap();
    pos.toggle_note(3, 6, true).unwrap();
    pos.set_cell_color(10, 2);
    let solution: Vec<u8> =
        deduku::solve::count_solutions(&deduku::parse(EASY).unwrap(), 1).solutions[0].to_vec();
    let step = PlainStep {
        technique: "Test pattern".into(),
        text: "Test".into(),
        explanation: "Because.".into(),
        about: String::new(),
        place: "r9c3".into(),
        placements: vec![],
        eliminations: vec![PlainCand { cell: 77, digit: 6 }],
        cells: vec![74],
        candidates: vec![PlainCand { cell: 78, digit: 4 }],
        alternate: vec![],
        fins: vec![],
        houses: vec![8],
        cover_houses: vec![],
        links: vec![PlainLink {
            from: PlainNode { digit: 4, cells: vec![78] },
            to: PlainNode { digit: 6, cells: vec![77] },
            strong: false,
        }],
        proof: vec![],
    };
    let warnings = pos.warnings();
    assert_eq!(warnings.duplicates, vec![0, 2]);
    let mistakes = pos.mistakes(&solution);
    let root = mount();
    let (tx, mut rx) = mpsc::unbounded();
    let props = GridProps {
        pos: pos.clone(),
        auto: true,
        step: Some(step.into()),
        selected: 40,
        warnings,
        mistakes: Some(mistakes),
        singles: None,
        highlight: Some(4),
        bivalue: false,
        drill: vec![],
        on_select: Callback::from(move |i: usize| {
            let _ = tx.unbounded_send(i);
        }),
        on_action: Callback::noop(),
    };
    yew::Renderer::<Grid>::with_root_and_props(root.clone(), props).render();
    sleep(20).await;
    let cells = root.query_selector_all("[role=gridcell]").unwrap();
    assert_eq!(cells.length(), 81);
    let cell = |i: usize| root.query_selector(&format!("[data-cell='{i}']")).unwrap().unwrap();
    assert_eq!(cell(0).get_attribute("aria-label").unwrap(), "row 1 column 1, 5, given, conflict");
    assert!(cell(0).class_list().contains("conflict") && cell(2).class_list().contains("conflict"));
    assert!(cell(2).class_list().contains("user") && cell(2).class_list().contains("mistake"));
    assert!(cell(72).class_list().contains("solver"));
    assert!(cell(72).get_attribute("aria-label").unwrap().ends_with("3, helper"));
    assert!(cell(10).class_list().contains("color-2"));
    assert!(cell(74).class_list().contains("hl-cell"));
    assert!(cell(75).class_list().contains("hl-house"));
    assert_eq!(cell(3).query_selector_all(".c-wrong").unwrap().length(), 1);
    assert_eq!(root.query_selector_all(".c-elim").unwrap().length(), 1);
    assert_eq!(root.query_selector_all(".c-pat").unwrap().length(), 1);
    assert!(root.query_selector_all(".c-hl").unwrap().length() > 3);
    assert_eq!(root.query_selector_all("svg.overlay path.link.weak").unwrap().length(), 1);
    assert_eq!(cell(40).get_attribute("tabindex").unwrap(), "0");
    // Clicking a cell selects it.
    cell(10).dyn_into::<web_sys::HtmlElement>().unwrap().click();
    assert_eq!(rx.next().await, Some(10));
}

#[wasm_bindgen_test]
async fn status_offers_the_two_solutions_when_there_are_several() {
    let a: Vec<u8> = (0..81).map(|i| (i % 9 + 1) as u8).collect();
    let mut b = a.clone();
    b.swap(0, 1);
    let root = mount();
    let props = StatusProps {
        empty: false,
        warnings: vec!["r1c3 has no candidate left".into()],
        mistakes: vec![],
        verdict: Some(Verdict::Multiple(a, b)),
        show_solutions: true,
        path_state: PathState::Running,
        rating: None,
        steps: 0,
        complete: false,
        notice: None,
        making: None,
        on_action: Callback::noop(),
    };
    yew::Renderer::<Status>::with_root_and_props(root.clone(), props).render();
    sleep(20).await;
    let text = root.text_content().unwrap();
    assert!(text.contains("Multiple solutions"), "{text}");
    assert!(text.contains("r1c3 has no candidate left"), "{text}");
    assert_eq!(root.query_selector_all(".mini-grid").unwrap().length(), 2);
    assert_eq!(root.query_selector_all(".mini-cell.differs").unwrap().length(), 4);
}

/// Whether `sol` is a complete grid with no digit twice in a house (the library's own board
/// check, not the solver's code) that keeps every given of `puzzle`.
fn solves(puzzle: &[u8; 81], sol: &[u8; 81]) -> bool {
    let grid = deduku::Board::from_values(sol);
    grid.is_complete()
        && grid.check().is_ok()
        && puzzle.iter().zip(sol).all(|(&p, &s)| p == 0 || p == s)
}

/// The exact solver as wasm runs it: its propagation has a form of its own there (a band's
/// words are skipped when no cell is newly single, see `State::update` in the solver), so the
/// count, and every solution it gives, is checked here in wasm on corpora of every kind:
/// unique hard puzzles (every 7th of top1465 and the forum-hardest sample, the listed
/// propagation), 17-clue puzzles and puzzles with several solutions (serg-multi-200, 30+ givens:
/// the lean search's sweeps).
#[wasm_bindgen_test]
fn the_exact_solver_in_wasm_counts_and_solves_every_corpus_puzzle() {
    let corpora = [
        (include_str!("../../crates/deduku/tests/data/corpora/top1465.txt"), 7, 1),
        (include_str!("../../crates/deduku/tests/data/corpora/forum-hardest-sample.txt"), 1, 1),
        (include_str!("../../crates/deduku/tests/data/corpora/17-clue-sample.txt"), 9, 1),
        (include_str!("../../crates/deduku/tests/data/corpora/serg-multi-200.txt"), 2, 2),
    ];
    for (text, stride, want) in corpora {
        let lines = text.lines().map(str::trim).filter(|l| l.len() >= 81 && !l.starts_with('#'));
        let mut checked = 0;
        for line in lines.step_by(stride) {
            let board = deduku::parse(line).expect("a corpus puzzle parses");
            let c = deduku::solve::count_solutions(&board, 2);
            assert_eq!(c.count, want, "{line}");
            assert_eq!(c.solutions.len(), want, "{line}");
            assert!(c.solutions.iter().all(|s| solves(board.values(), s)), "{line}");
            // The check itself can fail: two cells of a row swapped break two columns.
            let mut swapped = c.solutions[0];
            swapped.swap(0, 1);
            assert!(!solves(board.values(), &swapped), "{line}");
            if want == 2 {
                assert_ne!(c.solutions[0], c.solutions[1], "{line}");
            }
            checked += 1;
        }
        assert!(checked >= 10, "{checked} puzzles");
    }
}

/// Generator figures in wasm (a benchmark: printed, not asserted, and ignored by default since
/// the test build is not optimised): per level, the median and 90th percentile time per puzzle
/// over 15 seeds, on the test page's thread (the worker runs the same code). Every puzzle is
/// checked to have one solution and the level asked for. Run it optimised:
/// `cargo test -p deduku-web --release --target wasm32-unknown-unknown --test browser -- --include-ignored generator_speed`
#[wasm_bindgen_test]
#[ignore = "a benchmark; run it with --release and --include-ignored"]
async fn generator_speed_per_level_in_wasm() {
    use deduku::generate::{GenOptions, Target, generate, seed_for};
    let perf = web_sys::window().unwrap().performance().unwrap();
    let mut lines = Vec::new();
    for level in [
        deduku::Level::Easy,
        deduku::Level::Medium,
        deduku::Level::Hard,
        deduku::Level::Unfair,
        deduku::Level::Extreme,
    ] {
        let opts = GenOptions { target: Target::Level(level), ..GenOptions::default() };
        let mut times = Vec::new();
        for k in 0..15 {
            let t0 = perf.now();
            let p = generate(&opts, seed_for(2026, k)).expect("found within the budget");
            times.push(perf.now() - t0);
            assert_eq!(p.rating.level, level);
            assert_eq!(deduku::solve::count_solutions(&p.puzzle, 2).count, 1);
        }
        times.sort_by(f64::total_cmp);
        lines.push(format!(
            "{}: median {:.1} ms, p90 {:.1} ms",
            level.name(),
            times[times.len() / 2],
            times[(times.len() - 1) * 9 / 10]
        ));
    }
    web_sys::console::log_1(
        &format!("generator in wasm, 15 puzzles per level: {}", lines.join("; ")).into(),
    );
}

/// The generator gives the same puzzle in wasm as natively for the golden seed (the native
/// test checks the same file: `crates/deduku/tests/it/generate.rs`), and the worker's generate
/// job answers with it too.
#[wasm_bindgen_test]
async fn the_generator_is_deterministic_in_wasm_and_in_the_worker() {
    let golden = include_str!("../../crates/deduku/tests/data/generate/golden.txt");
    let line = golden.lines().find(|l| !l.starts_with('#') && !l.trim().is_empty()).unwrap();
    let fields: Vec<&str> = line.split('\t').collect();
    let (seed, puzzle): (u64, &str) = (fields[0].parse().unwrap(), fields[2].trim());
    let got = deduku::generate(&deduku::GenOptions::default(), seed).expect("a puzzle");
    assert_eq!(deduku::format::to_line(&got.puzzle), puzzle);
    // Through the worker: a level puzzle for a seed is the library's for that seed.
    let choice = deduku_web::protocol::PuzzleChoice::Level("medium".into());
    let opts = choice.options().unwrap();
    let want = deduku::format::to_line(&deduku::generate(&opts, 7).unwrap().puzzle);
    let (client, mut rx) = spawn_worker().await;
    client.send(Request { id: 1, job: Job::Generate { choice, seed: 7, background: false } });
    loop {
        match next(&mut rx, 60).await.reply {
            Reply::GenProgress(_) => {}
            Reply::Generated(p) => {
                assert_eq!(p.line, want);
                break;
            }
            other => panic!("unexpected {other:?}"),
        }
    }
}

/// The explained path with its rating on the ten forum-hardest puzzles of the library's sample,
/// in wasm (a benchmark: printed, not asserted beyond "no brute force"; ignored by default since
/// the test build is not optimised). Run it optimised:
/// `cargo test -p deduku-web --release --target wasm32-unknown-unknown --test browser -- --include-ignored --nocapture forum_hardest`
#[wasm_bindgen_test]
#[ignore = "a benchmark; run it with --release and --include-ignored"]
async fn forum_hardest_paths_in_wasm() {
    let text = include_str!("../../crates/deduku/tests/data/corpora/forum-hardest-sample.txt");
    let perf = web_sys::window().unwrap().performance().unwrap();
    let mut times = Vec::new();
    for line in text.lines().filter(|l| !l.starts_with('#') && l.trim().len() >= 81) {
        let board = deduku::parse(line.trim()).expect("a puzzle");
        let t0 = perf.now();
        let path = deduku::solve_path(&board);
        times.push(perf.now() - t0);
        assert!(path.steps.iter().all(|s| s.technique != deduku::Technique::BruteForce));
    }
    times.sort_by(f64::total_cmp);
    web_sys::console::log_1(
        &format!(
            "forum-hardest sample in wasm ({} puzzles), path + rating: median {:.0} ms, max {:.0} ms",
            times.len(),
            times[times.len() / 2],
            times[times.len() - 1]
        )
        .into(),
    );
}

// The work timed by the wasm ÷ native comparison, shared with the native `wasm_vs_native`
// example of `crates/deduku` (same puzzles, compiled in; same code; same `bench …` lines).
use deduku_test_support::work;

/// Milliseconds from the page's `performance.now()`.
fn perf_now() -> impl Fn() -> f64 {
    let perf = web_sys::window().unwrap().performance().unwrap();
    move || perf.now()
}

/// The exact solver's count up to 2 on the three sets, in wasm (a benchmark: printed, not
/// asserted). Run it as the shipped worker is built (`web-release`: the solver at opt-level 2)
/// and compare with the native example, or let `bench/wasm-vs-native.sh` do both:
/// `WASM_BINDGEN_TEST_TIMEOUT=600 cargo test -p deduku-web --profile web-release --target wasm32-unknown-unknown --test browser -- --include-ignored --nocapture wasm_vs_native`
#[wasm_bindgen_test]
#[ignore = "a benchmark; run it with --profile web-release and --include-ignored"]
async fn wasm_vs_native_exact_solver() {
    let now = perf_now();
    for set in &work::EXACT_SETS {
        let mut bench = work::Exact::new(set);
        for _ in 0..work::EXACT_RUNS {
            bench.run(&now, work::EXACT_RUN_MS);
            // Let the page breathe between runs: a page busy for 30 s loses its test driver.
            sleep(0).await;
        }
        web_sys::console::log_1(&bench.report().into());
    }
}

/// The explained path (`solve_path`, path and rating walk) on every 20th puzzle of top1465, in
/// wasm (a benchmark, as [`wasm_vs_native_exact_solver`]).
#[wasm_bindgen_test]
#[ignore = "a benchmark; run it with --profile web-release and --include-ignored"]
async fn wasm_vs_native_explained_path() {
    let now = perf_now();
    let mut bench = work::PathBench::default();
    for _ in 0..work::PATH_PASSES {
        for i in 0..bench.boards.len() {
            bench.time(i, &now);
            sleep(0).await;
        }
    }
    web_sys::console::log_1(&bench.report().into());
}

/// The default path's time per technique family on the path set, in wasm (a benchmark, as
/// [`wasm_vs_native_exact_solver`]; `bench/wasm-vs-native.sh ROUNDS family`).
#[wasm_bindgen_test]
#[ignore = "a benchmark; run it with --profile web-release and --include-ignored"]
async fn wasm_vs_native_family() {
    let now = perf_now();
    for _ in 0..work::PATH_PASSES {
        for line in work::family_pass(&now) {
            web_sys::console::log_1(&line.into());
        }
        sleep(0).await;
    }
}

/// The drill grader through the built worker, on each of its four answer cases: a drill of
/// X-Wing made by the worker (one with two eliminations or more), then its key struck whole
/// (all found), all but one (some found, "1 of 2 eliminations"), a candidate no X-Wing there
/// removes (not proven) and the solution's digit of a cell (against the solution).
#[wasm_bindgen_test]
async fn the_worker_makes_drills_and_grades_the_four_answer_cases() {
    use deduku_web::protocol::{FindingKind, GradeRequest, PlainDrill};
    let (client, mut rx) = spawn_worker().await;
    let mut drill: Option<(PlainDrill, deduku::drill::Key)> = None;
    for id in 1..=12u64 {
        client.send(Request { id, job: Job::Drill { technique: "x-wing".into(), seed: id } });
        let r = next(&mut rx, 60).await;
        assert_eq!(r.id, id);
        let Reply::Drill(d) = r.reply else { panic!("expected a drill, got {:?}", r.reply) };
        assert_eq!(d.technique, "x-wing");
        assert_eq!(d.step.technique, "X-Wing");
        let key = deduku::drill::Key::of(&d.position.to_board(), deduku::Technique::XWing);
        if key.eliminations.len() >= 2 && key.placements.is_empty() {
            drill = Some((*d, key));
            break;
        }
    }
    let (d, key) = drill.expect("an X-Wing drill with two eliminations or more in 12");
    let elims: Vec<PlainCand> = key.eliminations.iter().map(|&c| PlainCand::from(c)).collect();
    let mut id = 100;
    let mut grade = |struck: Vec<PlainCand>| {
        id += 1;
        let req = GradeRequest {
            technique: d.technique.clone(),
            position: d.position.clone(),
            solution: d.solution.clone(),
            struck,
            placed: vec![],
        };
        client.send(Request { id, job: Job::Grade(Box::new(req)) });
        id
    };
    let mut graded = Vec::new();
    // All found.
    let a = grade(elims.clone());
    // Some found: all but the last.
    let b = grade(elims[..elims.len() - 1].to_vec());
    // Not proven: a candidate of the position that no X-Wing removes and the solution allows.
    let stray = (0..81usize)
        .filter(|&i| d.position.value(i) == 0)
        .flat_map(|i| (1..=9u8).map(move |k| PlainCand { cell: i as u8, digit: k }))
        .find(|c| {
            d.position.cand_mask(c.cell as usize) & (1 << (c.digit - 1)) != 0
                && d.solution[c.cell as usize] != c.digit
                && !elims.contains(c)
        })
        .expect("a stray candidate");
    let c = grade(vec![stray]);
    // Against the solution: the solution's digit of an empty cell.
    let i = (0..81usize).find(|&i| d.position.value(i) == 0).expect("an empty cell");
    let wrong = PlainCand { cell: i as u8, digit: d.solution[i] };
    let e = grade(vec![wrong]);
    for want in [a, b, c, e] {
        let r = next(&mut rx, 20).await;
        assert_eq!(r.id, want);
        let Reply::Graded(g) = r.reply else { panic!("expected a grade, got {:?}", r.reply) };
        graded.push(g);
    }
    let kinds = |k: usize| graded[k].findings.iter().map(|f| f.kind).collect::<Vec<_>>();
    assert!(graded[0].correct);
    assert_eq!(kinds(0), [FindingKind::AllFound]);
    assert!(!graded[1].correct);
    assert_eq!(kinds(1), [FindingKind::SomeFound]);
    let n = elims.len();
    assert_eq!(graded[1].findings[0].text, format!("Some found: {} of {n} eliminations.", n - 1));
    assert_eq!(kinds(2), [FindingKind::NotProven, FindingKind::SomeFound]);
    assert_eq!(graded[2].findings[0].candidate, Some(stray));
    assert!(graded[2].findings[0].text.starts_with("No X-Wing here removes"), "{:?}", graded[2]);
    assert_eq!(kinds(3), [FindingKind::AgainstSolution, FindingKind::SomeFound]);
    assert!(graded[3].findings[0].text.ends_with(&format!("is {} in the solution.", wrong.digit)));
    assert!(graded.iter().all(|g| !g.instances.is_empty() && g.key == key.text()));
}
