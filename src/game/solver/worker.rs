//! The solver's side of the browser's Web Workers ([`crate::platform::worker`]): what a
//! [`super::job::Job`] sends its worker and how it reads the answers. The page sends
//! `"<generation> <request>"`; the worker runs the [`Request`] to the family's own budgets
//! ([`serve`]) and posts every [`Reply`] back as `"<generation> <reply>"`, so a reply of a run
//! the job has moved past is known and dropped. On the desktop the job runs on threads and
//! never comes here.

use crate::content::work::{Reply, Request};
use crate::support::budget::Budget;
use crossbeam_channel::Sender;
use std::rc::Rc;
use std::sync::Arc;

/// Sends `request` to job `job`'s worker as generation `generation`; its replies, turned by
/// `keep`, arrive on `tx` tagged with the generation they were asked under.
pub fn post<T: 'static>(
    job: u64,
    generation: u64,
    request: &Request,
    tx: Sender<(u64, T)>,
    keep: impl Fn(Reply) -> Option<T> + 'static,
) {
    let keep = Rc::new(keep);
    let on_fail = {
        let (tx, keep) = (tx.clone(), keep.clone());
        move |why: String| {
            if let Some(value) = keep(Reply::Failed(why)) {
                let _ = tx.send((generation, value));
            }
        }
    };
    let on_message = move |text: String| {
        let Some((g, reply)) = text.split_once(' ') else { return };
        if let (Ok(g), Some(value)) = (g.parse(), keep(Reply::from_text(reply))) {
            let _ = tx.send((g, value));
        }
    };
    crate::platform::worker::post(job, format!("{generation} {}", request.to_text()), on_message, on_fail);
}

/// In a worker: runs one request's text and hands each reply's text to `reply`.
pub fn serve(text: &str, reply: impl Fn(String) + Send + Sync + 'static) {
    let send = move |r: Reply| reply(r.to_text());
    match Request::from_text(text) {
        Ok(request) => request.run(&Budget::default(), Arc::new(send)),
        Err(why) => send(Reply::Failed(why)),
    }
}
