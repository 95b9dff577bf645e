//! Components.
