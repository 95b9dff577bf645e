//! The solver worker's entry point.

use yew_agent::Registrable;

fn main() {
    deduku_web::agent::report_deaths();
    deduku_web::agent::SolverReactor::registrar()
        .encoding::<deduku_web::codec::Compact>()
        .register();
}
