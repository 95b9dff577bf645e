//! The page's entry point.

fn main() {
    yew::Renderer::<deduku_web::components::app::App>::new().render();
}
