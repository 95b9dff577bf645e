//! `deduku`: the command-line tool over the deduku library.

fn main() {
    println!("deduku");
}
