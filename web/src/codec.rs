//! The bytes of the messages between the page and the worker: [`Compact`], the worker
//! bridge's codec on both ends (`client.rs` and `bin/worker.rs`), which is
//! [postcard](https://docs.rs/postcard) in a `Uint8Array`.
//!
//! yew-agent's default codec (bincode 2) is fine on the wire, but the code it brings is not:
//! its error types with their `Debug` texts, and serde's messages for every kind of wrong
//! input, which format numbers and so drag Rust's whole float printing into both WebAssembly
//! modules. postcard's errors drop serde's messages unformatted. The two ends are the same
//! build (the worker's URL carries the build's id), so a message that does not decode is a
//! bug, not an input to explain: it stops the module, as bincode's `expect` did.

use serde::{Deserialize, Serialize};
use wasm_bindgen::JsValue;

/// The worker bridge's codec: postcard's bytes in a `Uint8Array`.
#[derive(Debug)]
pub struct Compact;

impl yew_agent::Codec for Compact {
    fn encode<I: Serialize>(input: I) -> JsValue {
        let bytes =
            postcard::to_allocvec(&input).unwrap_or_else(|_| panic!("unencodable worker message"));
        js_sys::Uint8Array::from(bytes.as_slice()).into()
    }

    fn decode<O: for<'de> Deserialize<'de>>(input: JsValue) -> O {
        let bytes = js_sys::Uint8Array::from(input).to_vec();
        postcard::from_bytes(&bytes).unwrap_or_else(|_| panic!("malformed worker message"))
    }
}

#[cfg(test)]
mod tests {
    use crate::protocol::{
        CellOrigin, GeneratedPuzzle, Job, PathEnd, PathRequest, PlainBoard, PlainCand, PlainLink,
        PlainNode, PlainRating, PlainStep, PuzzleChoice, Reply, Request, Response, Verdict,
    };
    use serde::{Deserialize, Serialize};
    use std::fmt::Debug;

    fn round_trip<T: Serialize + for<'de> Deserialize<'de> + PartialEq + Debug>(v: T) {
        let bytes = postcard::to_allocvec(&v).unwrap();
        assert_eq!(postcard::from_bytes::<T>(&bytes).unwrap(), v);
        // Every shorter prefix is an error (not a panic).
        for n in 0..bytes.len() {
            assert!(postcard::from_bytes::<T>(&bytes[..n]).is_err(), "{v:?} cut at {n}");
        }
    }

    fn board() -> PlainBoard {
        let mut b = PlainBoard::default();
        b.values[0] = 5;
        b.origins[0] = CellOrigin::Given;
        b.values[40] = 7;
        b.origins[40] = CellOrigin::User;
        b.cands[80] = 0x1fe;
        b
    }

    #[test]
    fn every_message_of_the_protocol_round_trips() {
        let b = board();
        let cand = PlainCand { cell: 80, digit: 9 };
        let step = PlainStep {
            technique: "X-Wing".into(),
            text: "X-Wing: 5 r1,r9 c1,c9 => r5c1<>5".into(),
            explanation: "In rows 1 and 9 — «ü» — …".into(),
            about: String::new(),
            place: "r19c19".into(),
            placements: vec![],
            eliminations: vec![cand, PlainCand { cell: 0, digit: 1 }],
            cells: vec![0, 8, 72, 80],
            candidates: vec![cand; 300],
            alternate: vec![],
            fins: vec![cand],
            houses: vec![0, 8],
            cover_houses: vec![9, 17],
            links: vec![PlainLink {
                from: PlainNode { digit: 5, cells: vec![0] },
                to: PlainNode { digit: 5, cells: vec![1, 2] },
                strong: true,
            }],
            proof: vec![],
        };
        let rating = PlainRating {
            se: 8.3,
            ep: -1.5,
            ed: f32::MAX,
            level: "extreme".into(),
            hardest: Some("Forcing Net".into()),
        };
        let jobs = [
            Job::Parse("530070000\n600195000".into()),
            Job::Analyze(b.clone()),
            Job::Path(PathRequest { board: b.clone(), techniques: None, reduce: true }),
            Job::Path(PathRequest {
                board: b.clone(),
                techniques: Some(vec!["x-wing".into(), String::new()]),
                reduce: false,
            }),
            Job::FindAll { board: b.clone(), technique: "skyscraper".into() },
            Job::Generate {
                choice: PuzzleChoice::Level("hard".into()),
                seed: u64::MAX,
                background: true,
            },
            Job::Cancel(0),
        ];
        for (i, job) in jobs.into_iter().enumerate() {
            round_trip(Request { id: (i as u64) << 40, job });
        }
        let replies = [
            Reply::Parsed(b.clone()),
            Reply::ParseFailed("line 2, column 5: 'x' is not a digit".into()),
            Reply::Analyzed(Verdict::Unique(vec![1; 81])),
            Reply::Analyzed(Verdict::NoSolution(String::new())),
            Reply::Analyzed(Verdict::Multiple(vec![1; 81], vec![2; 81])),
            Reply::Step { index: 1000, step: Box::new(step.clone()), after: b.clone() },
            Reply::PathDone { end: PathEnd::MultipleSolutions, rating: rating.clone() },
            Reply::Cancelled,
            Reply::Reduced(3),
            Reply::Found(vec![step.clone(), step]),
            Reply::GenProgress(129),
            Reply::Generated(GeneratedPuzzle {
                choice: PuzzleChoice::Technique("x-wing".into()),
                line: ".".repeat(81),
                rating,
                attempts: 7,
            }),
            Reply::GenFailed("not found".into()),
        ];
        for (i, reply) in replies.into_iter().enumerate() {
            round_trip(Response { id: i as u64, reply });
        }
    }
}
