//! Solver work as data: what the game asks a solver for (a hint, a solver lab run, a watched
//! search, the editor's count) and what comes back. On the desktop the game runs a
//! [`Request`] on a task of its own; in the browser, which gives the page one thread, the same
//! request goes as text to a Web Worker that runs this same code on its own thread and sends
//! its replies back as text. Either way the work runs once, to its own budgets, and no frame
//! waits for it.

use crate::content::analysis::Analysis;
use crate::family::{Level, Tried, Watched};
use crate::level::Entry;
use crate::pieces::{Check, Hint, Placement};
use crate::support::budget::Budget;
use serde::{Deserialize, Serialize};
use std::sync::Arc;

/// Where replies go, as they come.
pub type Send = Arc<dyn Fn(Reply) + std::marker::Send + Sync>;

/// What is asked of the level's family.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Ask {
    /// A hint from these placements ([`Level::hint`]).
    Hint(Vec<Placement>),
    /// The hint ladder's first step from these placements ([`Level::check`]).
    Check(Vec<Placement>),
    /// The solver lab's method with this index ([`crate::family::Lab::run`]).
    Lab(usize),
    /// The family's watched search ([`crate::family::Watching`]), streamed step by step.
    Watch,
    /// The editor's verdict: solutions counted up to this limit ([`Analysis::run`]).
    Analyse(u64),
}

/// One piece of work: a level and what is asked of it.
#[derive(Clone, Debug)]
pub struct Request {
    pub level: Level,
    pub ask: Ask,
}

/// What comes back; a request sends one reply, a watched search one [`Reply::Step`] per step
/// it shows and then [`Reply::Watched`].
#[derive(Clone, Debug, Serialize, Deserialize)]
pub enum Reply {
    Hint(Option<Hint>),
    Check(Check),
    /// The lab's result and the milliseconds it took.
    Lab(Tried, f64),
    /// What a long lab run has so far, and the milliseconds since it started.
    LabLive(Tried, f64),
    /// The search's partial placement and its angle base.
    Step(Vec<Placement>, f64),
    /// The watched search ended (`None`: the family has nothing to watch).
    Watched(Option<Watched>),
    Analysis(Analysis),
    /// The work could not be done (its thread failed, or the request could not be read).
    Failed(String),
}

/// A request as it travels: the level as its entry, which the other side builds again.
#[derive(Serialize, Deserialize)]
struct Wire {
    entry: Entry,
    ask: Ask,
}

impl Request {
    pub fn new(level: Level, ask: Ask) -> Request {
        Request { level, ask }
    }

    /// Does the work within `budget`, sending each reply as it comes.
    pub fn run(self, budget: &Budget, send: Send) {
        let Request { level, ask } = self;
        match ask {
            Ask::Hint(placed) => send(Reply::Hint(level.hint(&placed, budget))),
            Ask::Check(placed) => send(Reply::Check(level.check(&placed, budget))),
            Ask::Lab(method) => {
                let t0 = web_time::Instant::now();
                let stream = send.clone();
                let live = move |tried| stream(Reply::LabLive(tried, t0.elapsed().as_secs_f64() * 1000.0));
                let tried = level
                    .offers()
                    .lab
                    .and_then(|lab| lab.run(&level, method, budget, &live))
                    .unwrap_or_else(|| Tried::failed(format!("the family has no lab method {method}")));
                send(Reply::Lab(tried, t0.elapsed().as_secs_f64() * 1000.0));
            }
            Ask::Watch => {
                let Some(watch) = level.offers().watch.map(|w| w.watch(&level)) else {
                    return send(Reply::Watched(None));
                };
                let stream = send.clone();
                let end = (watch.run)(Arc::new(move |placed, base| stream(Reply::Step(placed, base))), budget.clone());
                send(Reply::Watched(Some(end)));
            }
            Ask::Analyse(limit) => send(Reply::Analysis(Analysis::run(&level, limit, budget))),
        }
    }

    /// The request as text (RON), for a worker on another thread.
    pub fn to_text(&self) -> String {
        let wire = Wire { entry: (*self.level.entry).clone(), ask: self.ask.clone() };
        ron::to_string(&wire).unwrap_or_default()
    }

    /// A request read back from [`Request::to_text`]: its level is built again from the entry.
    pub fn from_text(text: &str) -> Result<Request, String> {
        let wire: Wire = ron::from_str(text).map_err(|e| format!("a solver request that cannot be read: {e}"))?;
        let pack = crate::level::pack_of("work", vec![wire.entry], "work", "work").map_err(|e| e.to_string())?;
        let level = pack.levels.into_iter().next().ok_or("a solver request without its level")?;
        Ok(Request { level, ask: wire.ask })
    }
}

impl Reply {
    pub fn to_text(&self) -> String {
        ron::to_string(self).unwrap_or_else(|e| ron::to_string(&Reply::Failed(e.to_string())).unwrap_or_default())
    }

    pub fn from_text(text: &str) -> Reply {
        ron::from_str(text).unwrap_or_else(|e| Reply::Failed(format!("a solver reply that cannot be read: {e}")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    fn level(pack: &str, id: &str) -> Level {
        let packs = crate::level::embedded_packs();
        let p = packs.into_iter().find(|p| p.id == pack).expect("the pack");
        p.levels.into_iter().find(|l| l.id == id).expect("the level")
    }

    fn replies(request: Request) -> Vec<Reply> {
        let got = Arc::new(Mutex::new(Vec::new()));
        let g = got.clone();
        request.run(&Budget::default(), Arc::new(move |r| g.lock().unwrap().push(r)));
        let out = got.lock().unwrap().clone();
        out
    }

    /// What a worker on another thread does: the request read back from its text, run, and
    /// each reply read back from its own text gives the same answer as running it here.
    #[test]
    fn a_request_sent_as_text_gets_the_same_answer() {
        for (pack, id) in [("classic", "letter-l"), ("polyominoes", "pentominoes-6x10"), ("edge", "3x3-1")] {
            let here = Request::new(level(pack, id), Ask::Hint(Vec::new()));
            let there = Request::from_text(&here.to_text()).expect("the request reads back");
            assert_eq!(there.ask, here.ask);
            assert_eq!(there.level.entry, here.level.entry);
            let (a, b) = (replies(here), replies(there));
            let read: Vec<Reply> = b.iter().map(|r| Reply::from_text(&r.to_text())).collect();
            let hint = |r: &[Reply]| match r {
                [Reply::Hint(h)] => h.clone(),
                other => panic!("{pack}/{id}: one hint expected, got {other:?}"),
            };
            assert!(matches!(hint(&a), Some(Hint::Next(_))), "{pack}/{id}: {a:?}");
            assert_eq!(hint(&a), hint(&read), "{pack}/{id}");
        }
    }

    #[test]
    fn a_lab_failure_keeps_its_words_across_the_wire() {
        let reply = Reply::Lab(Tried::failed("the SDP is the desktop's"), 1.5);
        let Reply::Lab(t, ms) = Reply::from_text(&reply.to_text()) else { panic!("not a lab reply") };
        assert_eq!(ms, 1.5);
        assert_eq!(t.work, Tried::failed("the SDP is the desktop's").work);
    }

    #[test]
    fn unreadable_text_is_a_failure_not_a_crash() {
        assert!(Request::from_text("(entry: 3)").is_err());
        assert!(matches!(Reply::from_text("garbage"), Reply::Failed(_)));
    }
}
