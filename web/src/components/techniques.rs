//! The technique panel: which techniques hints, steps and the path may use (grouped by tier,
//! saved), and "Find all" for one technique on the current position, each instance drawn on
//! request.

use super::on_click;
use crate::hooks::use_opened;
use crate::state::{Action, Found};
use deduku::{Technique, TechniqueSet};
use web_sys::HtmlSelectElement;
use yew::prelude::*;

/// The panel's inputs.
#[derive(Properties, PartialEq)]
pub struct TechniquesProps {
    /// The techniques that are on.
    pub enabled: TechniqueSet,
    /// What Find all found.
    pub found: Option<Found>,
    /// Whether a Find all is running.
    pub finding: bool,
    /// Where the switches and buttons send their actions.
    pub on_action: Callback<Action>,
}

const TIERS: [&str; 4] = ["Basic", "Intermediate", "Advanced", "Extreme"];

/// The technique panel.
#[component]
pub fn Techniques(props: &TechniquesProps) -> Html {
    let select = use_node_ref();
    let fold = use_opened();
    let tiers = (1..=4u8).map(|tier| {
        let boxes = Technique::ALL.iter().filter(|t| t.tier() == tier).map(|t| {
            let id = t.id();
            let on = props.enabled.contains(*t);
            let onchange =
                props.on_action.reform(move |_: Event| Action::SetTechnique(id.to_string(), !on));
            html! {
                <label class="tech">
                    <input type="checkbox" data-technique={id} checked={on} {onchange} />
                    { " " }{ t.name() }
                </label>
            }
        });
        html! {
            <fieldset class="tier">
                <legend>{ format!("Tier {tier}: {}", TIERS[tier as usize - 1]) }</legend>
                { for boxes }
            </fieldset>
        }
    });
    let options = Technique::ALL.iter().enumerate().map(|(i, t)| {
        html! { <option value={t.id()} selected={i == 0}>{ t.name() }</option> }
    });
    let on_find = {
        let select = select.clone();
        let cb = props.on_action.clone();
        Callback::from(move |_: MouseEvent| {
            if let Some(s) = select.cast::<HtmlSelectElement>() {
                cb.emit(Action::FindAll(s.value()));
            }
        })
    };
    let found = match &props.found {
        Some(f) => {
            let name =
                Technique::from_id(&f.technique).map(|t| t.name()).unwrap_or("that technique");
            let items = f.steps.iter().enumerate().map(|(i, s)| {
                let shown = f.shown == Some(i);
                let onclick = props.on_action.reform(move |_: MouseEvent| {
                    Action::ShowFound(if shown { None } else { Some(i) })
                });
                html! {
                    <li><button class="found-item" data-found={i.to_string()} aria-pressed={shown.to_string()}
                        {onclick} title={s.text.clone()}>{ &s.text }</button></li>
                }
            });
            html! {
                <div id="found">
                    <p role="status">{ match f.steps.len() {
                        0 => format!("No {name} on this position."),
                        1 => format!("1 {name}:"),
                        n => format!("{n} instances of {name}:"),
                    } }</p>
                    <ol class="found-list">{ for items }</ol>
                </div>
            }
        }
        None if props.finding => html! { <p class="muted" role="status">{ "Looking…" }</p> },
        None => html! {},
    };
    // The summary and the body's box are there from the start, so that drawing the body keeps
    // the summary the person clicked (Yew matches unkeyed children from the end).
    let body = fold.opened.then(|| {
        html! {
            <>
                <p class="muted">{ "Hints, steps and the path use only the techniques that are on." }</p>
                { for tiers }
                <button id="default-techniques" onclick={on_click(&props.on_action, Action::DefaultTechniques)}>
                    { "Default set" }</button>
                <div class="find-row">
                    <label for="find-technique">{ "Find all" }</label>
                    <select id="find-technique" ref={select}>{ for options }</select>
                    <button id="find-all" onclick={on_find}>{ "Find" }</button>
                </div>
                { found }
            </>
        }
    });
    html! {
        <details class="drawer techniques" id="techniques" ontoggle={fold.on_toggle}>
            <summary onclick={fold.on_summary}>{ "Techniques" }</summary>
            <div class="fold-body">{ for body }</div>
        </details>
    }
}
