//! The Share menu: the grid out as a link, a text, a picture or on paper. Copy link, Copy
//! 81-char line, Copy pencil marks, Save picture (SVG, PNG) and Print, with the step list or
//! without.

use super::import::copy_text;
use crate::picture::{self, Palette, SIZE};
use crate::position::{Mistakes, Position, Singles, Warnings};
use crate::protocol::PlainStep;
use crate::roles::GridView;
use crate::state::{Action, Notice};
use std::rc::Rc;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{Blob, BlobPropertyBag, HtmlAnchorElement, HtmlCanvasElement, HtmlImageElement, Url};
use yew::prelude::*;

/// The class on `<body>` that prints the step list with the grid.
pub const PRINT_STEPS: &str = "print-steps";

/// The PNG's pixels per picture pixel (sharp on high-density screens and paper).
const PNG_SCALE: f64 = 2.0;

/// The export panel's inputs: what the grid draws (see [`GridView`]).
#[derive(Properties, PartialEq)]
pub struct ExportProps {
    /// The person's position.
    pub pos: Position,
    /// Auto candidates.
    pub auto: bool,
    /// The step drawn, if any.
    pub step: Option<Rc<PlainStep>>,
    /// The warnings marked.
    pub warnings: Warnings,
    /// The mistakes marked, when Check is on.
    pub mistakes: Option<Mistakes>,
    /// The singles marked, when shown.
    pub singles: Option<Singles>,
    /// The highlighted digit.
    pub highlight: Option<u8>,
    /// Two-candidate cells shaded.
    pub bivalue: bool,
    /// Where failures are reported ([`Action::Notify`]).
    pub on_action: Callback<Action>,
}

fn dark() -> bool {
    web_sys::window()
        .and_then(|w| w.match_media("(prefers-color-scheme: dark)").ok().flatten())
        .is_some_and(|m| m.matches())
}

/// What a picture is drawn from: the props' values, copied so that the picture is drawn only
/// when a Save button is pressed, not on every change of the grid.
#[derive(Clone)]
struct Snapshot {
    pos: Position,
    auto: bool,
    step: Option<Rc<PlainStep>>,
    warnings: Warnings,
    mistakes: Option<Mistakes>,
    singles: Option<Singles>,
    highlight: Option<u8>,
    bivalue: bool,
}

impl Snapshot {
    fn of(props: &ExportProps) -> Snapshot {
        Snapshot {
            pos: props.pos.clone(),
            auto: props.auto,
            step: props.step.clone(),
            warnings: props.warnings.clone(),
            mistakes: props.mistakes.clone(),
            singles: props.singles.clone(),
            highlight: props.highlight,
            bivalue: props.bivalue,
        }
    }

    fn svg(&self) -> String {
        let view = GridView {
            pos: &self.pos,
            auto: self.auto,
            step: self.step.as_deref(),
            selected: None,
            warnings: &self.warnings,
            mistakes: self.mistakes.as_ref(),
            singles: self.singles.as_ref(),
            highlight: self.highlight,
            bivalue: self.bivalue,
            drill: &[],
        };
        picture::svg(&view, &Palette::from_css(&stylesheet_text(), dark()))
    }
}

/// The text of the page's stylesheets as the browser parsed them (each rule's CSS text, comments
/// dropped): what [`Palette::from_css`] reads the picture's colours from. A sheet whose rules
/// cannot be read is skipped.
pub fn stylesheet_text() -> String {
    let mut text = String::new();
    let Some(sheets) = web_sys::window().and_then(|w| w.document()).map(|d| d.style_sheets())
    else {
        return text;
    };
    for i in 0..sheets.length() {
        let rules = sheets
            .item(i)
            .and_then(|s| s.dyn_into::<web_sys::CssStyleSheet>().ok())
            .and_then(|s| s.css_rules().ok());
        let Some(rules) = rules else { continue };
        for j in 0..rules.length() {
            if let Some(rule) = rules.item(j) {
                text.push_str(&rule.css_text());
                text.push('\n');
            }
        }
    }
    text
}

fn svg_blob(svg: &str) -> Result<Blob, JsValue> {
    let parts = js_sys::Array::of1(&JsValue::from_str(svg));
    let opts = BlobPropertyBag::new();
    opts.set_type("image/svg+xml");
    Blob::new_with_str_sequence_and_options(&parts, &opts)
}

/// Offers `blob` as a download named `name` (a link clicked, its URL revoked a little later).
fn download(blob: &Blob, name: &str) -> Result<(), JsValue> {
    let doc = web_sys::window().and_then(|w| w.document()).ok_or("no document")?;
    let url = Url::create_object_url_with_blob(blob)?;
    let a: HtmlAnchorElement = doc.create_element("a")?.dyn_into()?;
    a.set_href(&url);
    a.set_download(name);
    a.click();
    gloo_timers::callback::Timeout::new(10_000, move || {
        let _ = Url::revoke_object_url(&url);
    })
    .forget();
    Ok(())
}

/// Draws the SVG on a canvas that is never shown and returns it as a PNG.
async fn png_of(svg: &str) -> Result<Blob, JsValue> {
    let doc = web_sys::window().and_then(|w| w.document()).ok_or("no document")?;
    let url = Url::create_object_url_with_blob(&svg_blob(svg)?)?;
    let img = HtmlImageElement::new()?;
    img.set_src(&url);
    let loaded = JsFuture::from(img.decode()).await;
    let _ = Url::revoke_object_url(&url);
    loaded?;
    let canvas: HtmlCanvasElement = doc.create_element("canvas")?.dyn_into()?;
    let side = SIZE * PNG_SCALE;
    canvas.set_width(side as u32);
    canvas.set_height(side as u32);
    let ctx: web_sys::CanvasRenderingContext2d =
        canvas.get_context("2d")?.ok_or("no 2d context")?.dyn_into()?;
    ctx.draw_image_with_html_image_element_and_dw_and_dh(&img, 0.0, 0.0, side, side)?;
    let promise = js_sys::Promise::new(&mut |resolve, _reject| {
        let _ = canvas.to_blob(&resolve);
    });
    JsFuture::from(promise).await?.dyn_into::<Blob>()
}

fn report(on_action: &Callback<Action>, error: bool, text: String) {
    on_action.emit(Action::Notify(Notice { error, text }));
}

/// The Copy, Save picture and Print buttons.
#[component]
pub fn Export(props: &ExportProps) -> Html {
    let print_steps = use_state(|| false);
    let snapshot = Rc::new(Snapshot::of(props));
    // The texts are made when a Copy button is pressed, not on every change of the grid.
    let on_copy_link = {
        let cb = props.on_action.clone();
        Callback::from(move |_: MouseEvent| {
            copy_text(crate::persist::page_link(), "link", cb.clone());
        })
    };
    let on_copy_line = {
        let (cb, snapshot) = (props.on_action.clone(), snapshot.clone());
        Callback::from(move |_: MouseEvent| {
            let line = deduku::format::to_line_with_placed(&snapshot.pos.to_plain().to_board());
            copy_text(line, "81-character line (+ before placed digits)", cb.clone())
        })
    };
    let on_copy_pm = {
        let (cb, snapshot) = (props.on_action.clone(), snapshot.clone());
        Callback::from(move |_: MouseEvent| {
            let pm = deduku::format::to_pencilmarks(&snapshot.pos.to_plain().to_board());
            copy_text(pm, "pencil-mark grid", cb.clone())
        })
    };
    let on_svg = {
        let snapshot = snapshot.clone();
        let cb = props.on_action.clone();
        Callback::from(move |_: MouseEvent| {
            if svg_blob(&snapshot.svg()).and_then(|b| download(&b, "deduku.svg")).is_err() {
                report(&cb, true, "The browser refused to save the picture.".into());
            }
        })
    };
    let on_png = {
        let cb = props.on_action.clone();
        Callback::from(move |_: MouseEvent| {
            let (svg, cb) = (snapshot.svg(), cb.clone());
            wasm_bindgen_futures::spawn_local(async move {
                let saved = match png_of(&svg).await {
                    Ok(png) => download(&png, "deduku.png"),
                    Err(e) => Err(e),
                };
                if saved.is_err() {
                    report(&cb, true, "The browser could not draw the picture as PNG.".into());
                }
            });
        })
    };
    let on_print = Callback::from(|_: MouseEvent| {
        if let Some(w) = web_sys::window() {
            let _ = w.print();
        }
    });
    let on_print_steps = {
        let print_steps = print_steps.clone();
        Callback::from(move |e: Event| {
            let on = e.target_dyn_into::<web_sys::HtmlInputElement>().is_some_and(|i| i.checked());
            if let Some(body) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.body())
            {
                let _ = body.class_list().toggle_with_force(PRINT_STEPS, on);
            }
            print_steps.set(on);
        })
    };
    html! {
        <div class="export">
            <div class="button-row">
                <button id="copy-link" onclick={on_copy_link}
                    title="Copy a link with the givens, your digits, the helper's, notes and colours (u)">{ "Copy link" }</button>
                <button id="copy-line" onclick={on_copy_line}
                    title="Givens as digits, your and the helper's digits with + before them">{ "Copy 81-char line" }</button>
                <button id="copy-pm" onclick={on_copy_pm}>{ "Copy pencil marks" }</button>
            </div>
            <div class="button-row">
                <button id="save-svg" onclick={on_svg}
                    title="Save the grid as shown (digits, candidates, the step's marks and arrows) as an SVG picture">
                    { "Save picture (SVG)" }</button>
                <button id="save-png" onclick={on_png} title="The same picture as a PNG image">
                    { "Save picture (PNG)" }</button>
                <button id="print" onclick={on_print} title="Print the grid on one page">{ "Print" }</button>
                <label class="toggle">
                    <input id="print-steps" type="checkbox" checked={*print_steps} onchange={on_print_steps} />
                    { " Print the steps too" }
                </label>
            </div>
        </div>
    }
}
