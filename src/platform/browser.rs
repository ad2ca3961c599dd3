//! The browser's side of the seam ([`super`]): the page's storage, its address and script,
//! and a Web Worker for each solver job.

use wasm_bindgen::JsValue;

/// Why a JavaScript error happened, as text.
fn text_of(e: JsValue) -> String {
    e.as_string().unwrap_or_else(|| format!("{e:?}"))
}

/// The page gives no files: each of the player's files is an entry of its `localStorage`
/// under the same path (`tessera/progress.ron`).
pub mod store {
    use std::io;
    use std::path::{Path, PathBuf};

    fn storage() -> io::Result<web_sys::Storage> {
        web_sys::window()
            .and_then(|w| w.local_storage().ok().flatten())
            .ok_or_else(|| io::Error::other("this browser gives the page no storage (private mode?)"))
    }

    fn key(path: &Path) -> String {
        path.to_string_lossy().replace('\\', "/")
    }

    fn get(path: &Path) -> Option<String> {
        storage().ok()?.get_item(&key(path)).ok().flatten()
    }

    fn refused(e: wasm_bindgen::JsValue) -> io::Error {
        let why = js_sys::Error::from(e).message().as_string().unwrap_or_default();
        io::Error::other(format!("the browser's storage refused it (full?): {why}"))
    }

    pub fn exists(path: &Path) -> bool {
        get(path).is_some()
    }

    pub fn read_text(path: &Path) -> Result<String, String> {
        let text = get(path).ok_or("cannot read: no such file in the browser's storage")?;
        if text.len() as u64 > crate::format::MAX_FILE_BYTES {
            return Err(format!(
                "file is {} bytes, more than the limit of {}",
                text.len(),
                crate::format::MAX_FILE_BYTES
            ));
        }
        Ok(text)
    }

    /// One `setItem` replaces the whole entry or fails leaving it as it was: atomic.
    pub fn write(path: &Path, text: &str) -> io::Result<()> {
        storage()?.set_item(&key(path), text).map_err(refused)
    }

    pub fn rename(from: &Path, to: &Path) -> io::Result<()> {
        let text = get(from).ok_or_else(|| io::Error::from(io::ErrorKind::NotFound))?;
        write(to, &text)?;
        remove(from)
    }

    pub fn remove(path: &Path) -> io::Result<()> {
        storage()?.remove_item(&key(path)).map_err(refused)
    }

    pub fn list(dir: &Path) -> Vec<PathBuf> {
        let Ok(s) = storage() else { return Vec::new() };
        let prefix = format!("{}/", key(dir).trim_end_matches('/'));
        (0..s.length().unwrap_or(0))
            .filter_map(|i| s.key(i).ok().flatten())
            .filter(|k| k.strip_prefix(&prefix).is_some_and(|rest| !rest.is_empty() && !rest.contains('/')))
            .map(PathBuf::from)
            .collect()
    }
}

/// What the game asks of the page it runs in, and tells it (`index.html` defines the page's
/// side of each).
pub mod page {
    use wasm_bindgen::JsValue;

    /// The page's address without its query or fragment (`http://host/path/`).
    pub fn address() -> Option<String> {
        let l = web_sys::window()?.location();
        Some(format!("{}{}", l.origin().ok()?, l.pathname().ok()?))
    }

    /// A parameter of the page's address, taken out of the address as it is read, so a reload
    /// or an update's restart does not act on it again.
    pub fn taken_from_address(key: &str) -> Option<String> {
        let window = web_sys::window()?;
        let location = window.location();
        let params = web_sys::UrlSearchParams::new_with_str(&location.search().ok()?).ok()?;
        let value = params.get(key).filter(|c| !c.is_empty())?;
        params.delete(key);
        let rest = String::from(params.to_string());
        let query = if rest.is_empty() { String::new() } else { format!("?{rest}") };
        let page = format!("{}{query}{}", location.pathname().ok()?, location.hash().unwrap_or_default());
        if let Ok(history) = window.history() {
            let _ = history.replace_state_with_url(&JsValue::NULL, "", Some(&page));
        }
        Some(value)
    }

    fn media(query: &str) -> Option<bool> {
        Some(web_sys::window()?.match_media(query).ok()??.matches())
    }

    /// Whether the system's look is light (`prefers-color-scheme`).
    pub fn prefers_light() -> Option<bool> {
        media("(prefers-color-scheme: light)")
    }

    /// Whether the main pointer is coarse (a finger: `(pointer: coarse)`) as the page starts.
    pub fn coarse_pointer() -> Option<bool> {
        media("(pointer: coarse)")
    }

    /// The module runs in a solver's Web Worker, which has no window.
    pub fn in_a_worker() -> bool {
        web_sys::window().is_none()
    }

    /// Says `words` through the page's polite live region (`#said`).
    pub fn say(words: &str) {
        if let Some(region) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.get_element_by_id("said")) {
            region.set_text_content(Some(words));
        }
    }

    /// Hands the page the screen's buttons (`[{ name, rect }]`, JSON) for its hidden mirror.
    pub fn mirror(json: &str) {
        let _ = call("tesseraMirror", &[json]);
    }

    fn set_global(name: &str, value: Option<&str>) {
        if let Some(window) = web_sys::window() {
            let value = value.map_or(JsValue::NULL, JsValue::from_str);
            let _ = js_sys::Reflect::set(&window, &name.into(), &value);
        }
    }

    /// The code of the level in play, which an update's restart opens again.
    pub fn resume_code(code: Option<&str>) {
        set_global("tesseraResumeCode", code);
    }

    /// The board in play (RON), which an update's restart lays again.
    pub fn resume_board(board: Option<&str>) {
        set_global("tesseraResumeBoard", board);
    }

    /// The fingers lifted since the last call, by touch id, each with how many seconds ago by
    /// the page's clock (the page stamps every touch's `pointerup` in `tesseraLifts`: id, time,
    /// id, time...).
    pub fn lifts() -> Vec<(u64, f32)> {
        let Some(window) = web_sys::window() else { return Vec::new() };
        let now = window.performance().map_or(0.0, |p| p.now());
        let Ok(list) = js_sys::Reflect::get(&window, &"tesseraLifts".into()) else { return Vec::new() };
        let Ok(list) = wasm_bindgen::JsCast::dyn_into::<js_sys::Array>(list) else { return Vec::new() };
        let stamps: Vec<f64> = list.iter().filter_map(|v| v.as_f64()).collect();
        list.set_length(0);
        stamps.chunks_exact(2).map(|p| (p[0] as u64, ((now - p[1]).max(0.0) / 1000.0) as f32)).collect()
    }

    /// The page's own function `name`, called with `args`.
    fn call(name: &str, args: &[&str]) -> Result<JsValue, String> {
        use wasm_bindgen::JsCast;
        let window = web_sys::window().ok_or("no page")?;
        let f = js_sys::Reflect::get(&window, &name.into()).ok().and_then(|f| f.dyn_into::<js_sys::Function>().ok());
        let f = f.ok_or_else(|| format!("the page has no {name} (an old index.html?)"))?;
        let args: js_sys::Array = args.iter().map(|a| JsValue::from_str(a)).collect();
        f.apply(&window, &args).map_err(|e| format!("{e:?}"))
    }

    /// Hands the page a file to download (`Some` of how it went).
    pub fn download(name: &str, text: &str) -> Option<Result<(), String>> {
        Some(call("tesseraDownload", &[name, text]).map(drop))
    }

    /// Opens the page's file chooser (the file is read by [`picked`]).
    pub fn pick_file() -> bool {
        call("tesseraPick", &[]).is_ok()
    }

    /// Where the settings' "Choose file" lies on the page (`[x0, y0, x1, y1]` in CSS pixels),
    /// or `None` while it is not shown. A browser opens a file chooser only within a few
    /// seconds of a tap, and a slow frame (a phone's, or software GL's) can read the tap later
    /// than that: the page opens the chooser from the tap itself when it lands here, and
    /// [`pick_file`] then finds it open.
    pub fn offer_pick(rect: Option<[f32; 4]>) {
        let json = rect.map(|r| format!("[{},{},{},{}]", r[0], r[1], r[2], r[3]));
        set_global("tesseraPickAt", json.as_deref());
    }

    /// The file chooser's answer, once it has one: the file's name and text, `None` when the
    /// player chose none, or why it could not be read.
    #[allow(clippy::type_complexity)]
    pub fn picked() -> Option<Result<Option<(String, String)>, String>> {
        let window = web_sys::window()?;
        let answer = js_sys::Reflect::get(&window, &"tesseraPicked".into()).ok().filter(|a| a.is_object())?;
        let _ = js_sys::Reflect::set(&window, &"tesseraPicked".into(), &JsValue::UNDEFINED);
        let field = |k: &str| js_sys::Reflect::get(&answer, &k.into()).ok().and_then(|v| v.as_string());
        Some(match (field("error"), field("name"), field("text")) {
            (Some(e), _, _) => Err(e),
            (None, Some(name), Some(text)) => Ok(Some((name, text))),
            _ => Ok(None),
        })
    }

    /// A gamepad's first press on a still page arrives as the page's `gamepadconnected`
    /// event, which winit does not hear: `wake` is called then.
    pub fn when_gamepad_connects(wake: impl Fn() + 'static) {
        let Some(window) = web_sys::window() else { return };
        let wake = wasm_bindgen::closure::Closure::<dyn Fn()>::new(wake);
        let listener = wasm_bindgen::JsCast::unchecked_ref(wake.as_ref());
        if window.add_event_listener_with_callback("gamepadconnected", listener).is_ok() {
            wake.forget();
        }
    }
}

/// A page has one thread, and a hint on a hard figure can take seconds: run there, it would
/// freeze the game. So each solver job gets a Web Worker of its own (`assets/web/worker.js`):
/// the game's module, compiled once by the page and started again in the worker without a
/// window, which answers the text it is sent with texts of its own. Ending a job ends its
/// worker (a search cannot be told to stop across threads without shared memory); the next
/// message starts a fresh one.
pub mod worker {
    use super::text_of;
    use std::cell::RefCell;
    use std::collections::HashMap;
    use std::rc::Rc;
    use wasm_bindgen::prelude::*;
    use wasm_bindgen::JsCast;
    use web_sys::{ErrorEvent, Event, MessageEvent, Worker, WorkerOptions, WorkerType};

    /// A job's worker and the handlers of its current message (kept alive while they are set).
    struct Remote {
        worker: Worker,
        _on_message: Closure<dyn FnMut(MessageEvent)>,
        _on_error: Closure<dyn FnMut(Event)>,
    }

    thread_local! {
        static WORKERS: RefCell<HashMap<u64, Remote>> = RefCell::new(HashMap::new());
    }

    /// Sends `message` to job `job`'s worker (started if it has none); each text it posts back
    /// goes to `on_message`, and why it could not be asked or failed to `on_fail`.
    pub fn post(job: u64, message: String, on_message: impl Fn(String) + 'static, on_fail: impl Fn(String) + 'static) {
        let on_fail: Rc<dyn Fn(String)> = Rc::new(on_fail);
        let worker = match WORKERS.with(|w| w.borrow_mut().remove(&job)) {
            Some(remote) => remote.worker,
            None => match start() {
                Ok(w) => w,
                Err(why) => return on_fail(format!("no solver thread in this browser: {why}")),
            },
        };
        let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
            on_message(e.data().as_string().unwrap_or_default());
        });
        let on_error = {
            let fail = on_fail.clone();
            // An error inside the worker comes as an ErrorEvent; a worker whose script cannot
            // be loaded sends a plain Event.
            Closure::<dyn FnMut(Event)>::new(move |e: Event| {
                e.prevent_default();
                fail(match e.dyn_ref::<ErrorEvent>() {
                    Some(e) => format!("the solver thread failed: {}", e.message()),
                    None => "the solver thread could not start (worker.js did not load)".to_string(),
                });
            })
        };
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        if let Err(e) = worker.post_message(&JsValue::from_str(&message)) {
            on_fail(format!("the solver thread could not be asked: {}", text_of(e)));
        }
        let remote = Remote { worker, _on_message: on_message, _on_error: on_error };
        WORKERS.with(|w| w.borrow_mut().insert(job, remote));
    }

    /// A new worker, handed the page's compiled module. Its script is the page's own copy
    /// (`tesseraWorkerUrl`, fetched as the page started), so a tab that another tab has
    /// updated never runs a newer script with its older module.
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

    /// Ends job `job`'s worker and whatever it is running.
    pub fn end(job: u64) {
        if let Some(remote) = WORKERS.with(|w| w.borrow_mut().remove(&job)) {
            remote.worker.terminate();
        }
    }

    /// In a worker: the page's `reply` function as a closure the solvers can hold.
    pub fn replier(reply: &js_sys::Function) -> impl Fn(String) + Send + Sync + 'static {
        /// SAFETY: a wasm32 module without threads' atomics runs on one thread only, so the
        /// function is never touched from another.
        struct Post(js_sys::Function);
        unsafe impl Send for Post {}
        unsafe impl Sync for Post {}
        let post = Post(reply.clone());
        move |text: String| {
            let _ = post.0.call1(&JsValue::NULL, &JsValue::from_str(&text));
        }
    }
}

/// The probe (a page opened with `probe` in its address) writes to the page's global
/// `tesseraProbe`, where the browser test reads it.
pub mod probe {
    use std::path::{Path, PathBuf};

    pub fn target() -> Option<PathBuf> {
        let search = web_sys::window().and_then(|w| w.location().search().ok()).unwrap_or_default();
        search.contains("probe").then(|| "tesseraProbe".into())
    }

    pub fn publish(_file: &Path, json: &str) -> bool {
        web_sys::window().is_some_and(|w| {
            js_sys::Reflect::set(&w, &"tesseraProbe".into(), &wasm_bindgen::JsValue::from_str(json)).is_ok()
        })
    }
}
