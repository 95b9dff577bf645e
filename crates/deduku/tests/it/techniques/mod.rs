//! The techniques, one module per family, against HoDoKu's regression library and exemplars,
//! with soundness checks on corpus positions.

mod als;
mod basic;
mod catalogue;
mod chains;
mod coloring;
mod explain;
mod fish_single_digit;
mod nested;
mod uniqueness;
mod wings;
