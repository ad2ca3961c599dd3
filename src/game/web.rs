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

/// The `code` parameter of the page's address: a shared level to open.
pub fn code_in_address() -> Option<String> {
    #[cfg(target_arch = "wasm32")]
    {
        let search = web_sys::window()?.location().search().ok()?;
        return web_sys::UrlSearchParams::new_with_str(&search).ok()?.get("code").filter(|c| !c.is_empty());
    }
    #[allow(unreachable_code)]
    None
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

/// What "Copy code" copies: in the browser a link that opens the level, else the code.
pub fn share_text(code: String) -> String {
    match page() {
        Some(page) => crate::content::share::link(&page, &code),
        None => code,
    }
}
