//! The Tools menu: check, singles, reduce, the two-candidate filter, candidates, restart and
//! colours.

use super::on_click;
use crate::position::COLORS;
use crate::state::Action;
use yew::prelude::*;

/// The panel's inputs.
#[derive(Properties, PartialEq)]
pub struct AssistProps {
    /// Whether mistakes are marked now.
    pub checking: bool,
    /// "Show mistakes as I go".
    pub show_mistakes: bool,
    /// Whether singles are shown.
    pub show_singles: bool,
    /// Whether two-candidate cells are shaded.
    pub bivalue: bool,
    /// Auto candidates (the switch's state).
    pub auto: bool,
    /// Where the buttons send their actions.
    pub on_action: Callback<Action>,
}

/// The Tools menu's body.
#[component]
pub fn Assist(props: &AssistProps) -> Html {
    let act = |a: Action| on_click(&props.on_action, a);
    let on_mistakes = props.on_action.reform(|_: Event| Action::ToggleShowMistakes);
    let colors = (1..=COLORS).map(|c| {
        html! {
            <button class={classes!("swatch", format!("color-{c}"))} onclick={act(Action::Paint(c))}
                aria-label={format!("Colour {c}: the selected cell, or its highlighted candidate")}
                title={format!("Colour {c} (v cycles)")}>{ c }</button>
        }
    });
    html! {
        <div class="assist">
            <div class="button-row">
                <button id="check" onclick={act(Action::Check)} aria-pressed={props.checking.to_string()}
                    title="Mark digits and removed candidates that disagree with the solution (k)">{ "Check" }</button>
                <label class="toggle">
                    <input id="show-mistakes" type="checkbox" checked={props.show_mistakes} onchange={on_mistakes} />
                    { " Show mistakes as I go" }
                </label>
            </div>
            <div class="button-row">
                <button id="show-singles" onclick={act(Action::ToggleSingles)}
                    aria-pressed={props.show_singles.to_string()} title="Show singles (s)">{ "Show singles" }</button>
                <button id="fill-singles" onclick={act(Action::FillSingles)}
                    title="Fill every single as a helper digit (Shift+S)">{ "Fill singles" }</button>
                <button id="reduce" onclick={act(Action::Reduce)}
                    title="One round of box/line triples and unit permutations over all houses, as steps (r)">{ "Reduce" }</button>
                <button id="bivalue" onclick={act(Action::ToggleBivalue)}
                    aria-pressed={props.bivalue.to_string()} title="Shade the cells with two candidates (b)">
                    { "Two-candidate cells" }</button>
            </div>
            <div class="button-row">
                <button id="toggle-auto" onclick={act(Action::ToggleAuto)}
                    aria-pressed={props.auto.to_string()} title="Auto candidates (c); off shows only your marks">
                    { "Auto candidates" }</button>
                <button id="fill-candidates" onclick={act(Action::FillCandidates)}
                    title="Fill your marks with every candidate (f)">{ "Fill all candidates" }</button>
                <button id="clear-notes" onclick={act(Action::ClearNotes)}
                    title="Clear my notes (Shift+M)">{ "Clear my notes" }</button>
                <button id="restart" onclick={act(Action::Restart)}
                    title="Back to the givens (Shift+R; Undo brings your work back)">{ "Restart" }</button>
            </div>
            <div class="button-row palette" role="group" aria-label="Colours">
                { for colors }
                <button id="clear-colors" onclick={act(Action::ClearColors)} title="Remove every colour (Shift+V)">
                    { "No colours" }</button>
            </div>
        </div>
    }
}
