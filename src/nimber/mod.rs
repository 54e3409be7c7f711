//! Conway's nimbers.

pub mod games;
pub use games::{GameValues, SearchLimit, stones_1d_grundy, stones_2d_full, stones_2d_sum};
