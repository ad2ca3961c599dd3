//! The browser's solver threads. A page has one thread, and a hint on a hard figure can take
//! seconds: run there, it would freeze the game. So each [`super::job::Job`] that runs in the
//! browser gets a Web Worker of its own (`assets/web/worker.js`): the game's module, compiled
//! once by the page and started again in the worker without a window, where [`serve`] runs
//! each [`Request`] it is sent, to the family's own budgets, and posts every [`Reply`] back
//! as text with the generation it was asked under. Stopping a job ends its worker (a search
//! cannot be told to stop across threads without shared memory); the next request starts a
//! fresh one.

use crate::content::work::{Reply, Request};
use crate::support::budget::Budget;
use crossbeam_channel::Sender;
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;
use std::sync::Arc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{ErrorEvent, Event, MessageEvent, Worker, WorkerOptions, WorkerType};

/// A job's worker and the handlers of its current run (kept alive while they are set).
struct Remote {
    worker: Worker,
    _on_message: Closure<dyn FnMut(MessageEvent)>,
    _on_error: Closure<dyn FnMut(Event)>,
}

thread_local! {
    static WORKERS: RefCell<HashMap<u64, Remote>> = RefCell::new(HashMap::new());
}

/// Sends `request` to job `job`'s worker (started if it has none) as generation `generation`;
/// its replies, turned by `keep`, arrive on `tx` tagged with that generation.
pub fn post<T: 'static>(
    job: u64,
    generation: u64,
    request: &Request,
    tx: Sender<(u64, T)>,
    keep: impl Fn(Reply) -> Option<T> + 'static,
) {
    let keep = Rc::new(keep);
    let fail: Rc<dyn Fn(String)> = {
        let (tx, keep) = (tx.clone(), keep.clone());
        Rc::new(move |why| {
            if let Some(value) = keep(Reply::Failed(why)) {
                let _ = tx.send((generation, value));
            }
        })
    };
    let worker = match WORKERS.with(|w| w.borrow_mut().remove(&job)) {
        Some(remote) => remote.worker,
        None => match start() {
            Ok(w) => w,
            Err(why) => return fail(format!("no solver thread in this browser: {why}")),
        },
    };
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
        let text = e.data().as_string().unwrap_or_default();
        let Some((g, reply)) = text.split_once(' ') else { return };
        if let (Ok(g), Some(value)) = (g.parse(), keep(Reply::from_text(reply))) {
            let _ = tx.send((g, value));
        }
    });
    let on_error = {
        let fail = fail.clone();
        // An error inside the worker comes as an ErrorEvent; a worker whose script cannot be
        // loaded sends a plain Event.
        Closure::<dyn FnMut(Event)>::new(move |e: Event| {
            e.prevent_default();
            let why = match e.dyn_ref::<ErrorEvent>() {
                Some(e) => format!("the solver thread failed: {}", e.message()),
                None => "the solver thread could not start (worker.js did not load)".to_string(),
            };
            fail(why);
        })
    };
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    if let Err(e) = worker.post_message(&JsValue::from_str(&format!("{generation} {}", request.to_text()))) {
        fail(format!("the solver thread could not be asked: {}", text_of(e)));
    }
    let remote = Remote { worker, _on_message: on_message, _on_error: on_error };
    WORKERS.with(|w| w.borrow_mut().insert(job, remote));
}

/// A new worker, handed the page's compiled module. Its script is the page's own copy
/// (`tesseraWorkerUrl`, the worker and its glue fetched as the page started), so a tab that
/// another tab has updated never runs a newer script with its older module.
fn start() -> Result<Worker, String> {
    let options = WorkerOptions::new();
    options.set_type(WorkerType::Module);
    let own = web_sys::window()
        .and_then(|w| js_sys::Reflect::get(&w, &JsValue::from_str("tesseraWorkerUrl")).ok())
        .and_then(|v| v.as_string());
    let worker = Worker::new_with_options(own.as_deref().unwrap_or("worker.js"), &options).map_err(text_of)?;
    let message = js_sys::Object::new();
    js_sys::Reflect::set(&message, &"module".into(), &wasm_bindgen::module()).map_err(text_of)?;
    worker.post_message(&message).map_err(text_of)?;
    Ok(worker)
}

fn text_of(e: JsValue) -> String {
    e.as_string().unwrap_or_else(|| format!("{e:?}"))
}

/// Ends job `job`'s worker and whatever it is running.
pub fn end(job: u64) {
    if let Some(remote) = WORKERS.with(|w| w.borrow_mut().remove(&job)) {
        remote.worker.terminate();
    }
}

/// In a worker: runs one request's text and hands each reply's text to `reply`.
pub fn serve(text: &str, reply: &js_sys::Function) {
    /// The page's `reply` function. SAFETY: a wasm32 module without threads' atomics runs on
    /// one thread only, so the function is never touched from another.
    struct Post(js_sys::Function);
    unsafe impl Send for Post {}
    unsafe impl Sync for Post {}
    let post = Post(reply.clone());
    let send = move |r: Reply| {
        let _ = post.0.call1(&JsValue::NULL, &JsValue::from_str(&r.to_text()));
    };
    match Request::from_text(text) {
        Ok(request) => request.run(&Budget::default(), Arc::new(send)),
        Err(why) => send(Reply::Failed(why)),
    }
}
