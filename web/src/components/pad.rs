//! The digit pad for touch screens with the switches a thumb needs most (notes, undo, redo,
//! highlight, back out). The candidate and grid commands are in the Tools and Puzzle
//! menus, so the pad stays two rows under the grid.

use super::on_click;
use crate::state::Action;
use yew::prelude::*;

/// The pad's inputs.
#[derive(Properties, PartialEq)]
pub struct PadProps {
    /// Notes mode (the switch's state).
    pub notes_mode: bool,
    /// Highlight mode (the switch's state).
    pub highlight_mode: bool,
    /// The highlighted digit.
    pub highlight: Option<u8>,
    /// Whether Undo and Redo have something to do.
    pub can_undo: bool,
    /// See `can_undo`.
    pub can_redo: bool,
    /// Where every button sends its action.
    pub on_action: Callback<Action>,
}

/// The digit pad.
#[component]
pub fn Pad(props: &PadProps) -> Html {
    let act = |a: Action| on_click(&props.on_action, a);
    let verb = if props.highlight_mode {
        "Highlight"
    } else if props.notes_mode {
        "Note"
    } else {
        "Enter"
    };
    let digits = (1..=9u8).map(|d| {
        let lit = props.highlight == Some(d);
        html! {
            <button class={classes!("pad-digit", lit.then_some("lit"))} onclick={act(Action::Input(d))}
                aria-label={format!("{verb} {d}")}>{ d }</button>
        }
    });
    html! {
        <section class="pad" aria-label="Digit pad">
            <div class="pad-digits">
                { for digits }
                <button class="pad-digit" onclick={act(Action::Erase)} aria-label="Clear cell">{ "⌫" }</button>
            </div>
            <div class="button-row thumb-row">
                <button id="notes-mode" onclick={act(Action::ToggleNotes)}
                    aria-pressed={props.notes_mode.to_string()} title="Notes mode (m); Shift+digit notes too">
                    <span aria-hidden="true">{ "✎ " }</span>{ "Notes" }</button>
                <button id="undo" onclick={act(Action::Undo)} disabled={!props.can_undo}
                    title="Undo (Ctrl+Z)"><span aria-hidden="true">{ "↶ " }</span>{ "Undo" }</button>
                <button id="redo" onclick={act(Action::Redo)} disabled={!props.can_redo}
                    title="Redo (Ctrl+Shift+Z or Ctrl+Y)"><span aria-hidden="true">{ "↷ " }</span>{ "Redo" }</button>
                <button id="highlight-mode" onclick={act(Action::ToggleHighlightMode)}
                    aria-pressed={props.highlight_mode.to_string()} title="Highlight a digit (l, then the digit)">
                    <span aria-hidden="true">{ "◐ " }</span>{ "Highlight" }</button>
                <button id="back-out" onclick={act(Action::BackOut)}
                    title="Back out of a guess: the helper's digits after your last own digit, then that digit (Backspace)">
                    <span aria-hidden="true">{ "⤺ " }</span>{ "Back out" }</button>
            </div>
        </section>
    }
}
