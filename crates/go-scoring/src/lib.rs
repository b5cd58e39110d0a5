//! placeholder

pub mod graph;
pub mod legal_count;
