//! What the game asks of the page it runs in, in the browser build (elsewhere each answer is
//! `None`): the page's own address (share links), a level code in that address, and whether
//! the system asks for a light look.

/// The page's address without its query or fragment (`http://host/path/`).
pub fn page() -> Option<String> {
    #[cfg(target_arch = "wasm32")]
    {
        let l = web_sys::window()?.location();
        return Some(format!("{}{}", l.origin().ok()?, l.pathname().ok()?));
    }
    #[allow(unreachable_code)]
    None
}

/// A parameter of the page's address (`code`: a shared level to open; `board`: its pieces as
/// they lay before an update's restart), taken from the address as it is read, so a reload or
/// an update's restart does not open (and add) the linked level again.
pub fn taken_from_address(key: &str) -> Option<String> {
    #[cfg(target_arch = "wasm32")]
    {
        let window = web_sys::window()?;
        let location = window.location();
        let params = web_sys::UrlSearchParams::new_with_str(&location.search().ok()?).ok()?;
        let value = params.get(key).filter(|c| !c.is_empty())?;
        params.delete(key);
        let rest = String::from(params.to_string());
        let query = if rest.is_empty() { String::new() } else { format!("?{rest}") };
        let page = format!("{}{query}{}", location.pathname().ok()?, location.hash().unwrap_or_default());
        if let Ok(history) = window.history() {
            let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&page));
        }
        return Some(value);
    }
    #[allow(unreachable_code)]
    {
        let _ = key;
        None
    }
}

/// Whether the system's look is light (`prefers-color-scheme`), as the page is told.
pub fn prefers_light() -> Option<bool> {
    #[cfg(target_arch = "wasm32")]
    {
        let query = web_sys::window()?.match_media("(prefers-color-scheme: light)").ok()??;
        return Some(query.matches());
    }
    #[allow(unreachable_code)]
    None
}

/// Whether the browser says its main pointer is coarse (a finger: `(pointer: coarse)`), as
/// the page starts; `None` outside the browser.
pub fn coarse_pointer() -> Option<bool> {
    #[cfg(target_arch = "wasm32")]
    {
        let query = web_sys::window()?.match_media("(pointer: coarse)").ok()??;
        return Some(query.matches());
    }
    #[allow(unreachable_code)]
    None
}

/// Says `words` through the page's polite live region (`#said`), which screen readers read
/// out; nothing outside the browser (the desktop says it through AccessKit).
pub fn say(words: &str) {
    #[cfg(target_arch = "wasm32")]
    if let Some(region) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.get_element_by_id("said")) {
        region.set_text_content(Some(words));
    }
    let _ = words;
}

/// Whether the page keeps a mirror of the screen's buttons for screen readers (the browser).
pub fn mirrors() -> bool {
    cfg!(target_arch = "wasm32") && page().is_some()
}

/// Hands the page the screen's buttons (`[{ name, rect }]`, JSON) for its hidden mirror
/// (`tesseraMirror` in `index.html`).
pub fn mirror(json: &str) {
    #[cfg(target_arch = "wasm32")]
    let _ = call("tesseraMirror", &[json]);
    let _ = json;
}

/// Tells the page the code of the level in play (`None`: none is), which an update's restart
/// opens again (`tesseraResumeCode` in `index.html`).
pub fn resume_code(code: Option<&str>) {
    #[cfg(target_arch = "wasm32")]
    if let Some(window) = web_sys::window() {
        let value = code.map_or(wasm_bindgen::JsValue::NULL, wasm_bindgen::JsValue::from_str);
        let _ = js_sys::Reflect::set(&window, &"tesseraResumeCode".into(), &value);
    }
    let _ = code;
}

/// Tells the page the board in play (RON, `None`: as dealt), which an update's restart lays
/// again (`tesseraResumeBoard` in `index.html`).
pub fn resume_board(board: Option<&str>) {
    #[cfg(target_arch = "wasm32")]
    if let Some(window) = web_sys::window() {
        let value = board.map_or(wasm_bindgen::JsValue::NULL, wasm_bindgen::JsValue::from_str);
        let _ = js_sys::Reflect::set(&window, &"tesseraResumeBoard".into(), &value);
    }
    let _ = board;
}

/// What "Copy code" copies: in the browser a link that opens the level, else the code.
pub fn share_text(code: String) -> String {
    match page() {
        Some(page) => crate::content::share::link(&page, &code),
        None => code,
    }
}

/// The fingers lifted since the last call, by touch id, each with how many seconds ago by the
/// page's clock (the page's script stamps every touch's `pointerup` in `tesseraLifts`: id,
/// time, id, time...). A frame drawn late reads two taps late, but their stamps keep the
/// 90 ms between them.
pub fn lifts() -> Vec<(u64, f32)> {
    #[cfg(target_arch = "wasm32")]
    {
        let Some(window) = web_sys::window() else { return Vec::new() };
        let now = window.performance().map_or(0.0, |p| p.now());
        let Ok(list) = js_sys::Reflect::get(&window, &"tesseraLifts".into()) else { return Vec::new() };
        let Ok(list) = wasm_bindgen::JsCast::dyn_into::<js_sys::Array>(list) else { return Vec::new() };
        let stamps: Vec<f64> = list.iter().filter_map(|v| v.as_f64()).collect();
        list.set_length(0);
        return stamps.chunks_exact(2).map(|p| (p[0] as u64, ((now - p[1]).max(0.0) / 1000.0) as f32)).collect();
    }
    #[allow(unreachable_code)]
    Vec::new()
}

/// The page's own function `name` (index.html defines them), called with `args`.
#[cfg(target_arch = "wasm32")]
fn call(name: &str, args: &[&str]) -> Result<wasm_bindgen::JsValue, String> {
    use wasm_bindgen::JsCast;
    let window = web_sys::window().ok_or("no page")?;
    let f = js_sys::Reflect::get(&window, &name.into()).ok().and_then(|f| f.dyn_into::<js_sys::Function>().ok());
    let f = f.ok_or_else(|| format!("the page has no {name} (an old index.html?)"))?;
    let args: js_sys::Array = args.iter().map(|a| wasm_bindgen::JsValue::from_str(a)).collect();
    f.apply(&window, &args).map_err(|e| format!("{e:?}"))
}

/// In the browser, hands the page a file to download (`Some` of how it went); elsewhere `None`.
pub fn download(name: &str, text: &str) -> Option<Result<(), String>> {
    #[cfg(target_arch = "wasm32")]
    return Some(call("tesseraDownload", &[name, text]).map(drop));
    #[allow(unreachable_code)]
    {
        let _ = (name, text);
        None
    }
}

/// In the browser, opens the page's file chooser (the file is read by [`picked`]); false
/// elsewhere.
pub fn pick_file() -> bool {
    #[cfg(target_arch = "wasm32")]
    return call("tesseraPick", &[]).is_ok();
    #[allow(unreachable_code)]
    false
}

/// The file chooser's answer, once it has one: the file's name and text, `None` when the
/// player chose none, or why it could not be read.
#[allow(clippy::type_complexity)]
pub fn picked() -> Option<Result<Option<(String, String)>, String>> {
    #[cfg(target_arch = "wasm32")]
    {
        let window = web_sys::window()?;
        let answer = js_sys::Reflect::get(&window, &"tesseraPicked".into()).ok().filter(|a| a.is_object())?;
        let _ = js_sys::Reflect::set(&window, &"tesseraPicked".into(), &wasm_bindgen::JsValue::UNDEFINED);
        let field = |k: &str| js_sys::Reflect::get(&answer, &k.into()).ok().and_then(|v| v.as_string());
        return Some(match (field("error"), field("name"), field("text")) {
            (Some(e), _, _) => Err(e),
            (None, Some(name), Some(text)) => Ok(Some((name, text))),
            _ => Ok(None),
        });
    }
    #[allow(unreachable_code)]
    None
}
