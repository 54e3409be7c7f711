//! Figures: deterministic, accessible SVG drawn with plotters from plain data.
//!
//! Every figure is a pure function from data to a complete SVG document. Text is set in
//! DejaVu Sans registered from bytes inside the binary, so output is byte-identical on
//! every machine. Colours are indices, never magnitudes.

mod board;
mod document;
mod font;
mod heatmap;
mod html;
mod palette;
mod panels;
mod permutation;
mod sequence;
mod shapes;

use std::fmt;

pub use board::{Board, CellCheck, board, try_board};
pub use document::{escape, svg_size};
pub use heatmap::{Grid, Heatmap, HeatmapStyle, MAX_TABLE, Mark, MarkKind, heatmap, try_heatmap};
pub use html::{wrap_html, wrap_html_sized};
pub use palette::{
    colour_note, contrast_ratio, cyclic_colour, palette_colour, relative_luminance, text_colour,
};
pub use panels::{CellShape, MAX_CELLS, Panel, Panels, panels, try_panels};
pub use permutation::{permutation, try_permutation};
pub use sequence::{MAX_POINTS, Sequence, sequence, try_sequence, windows};

/// Explains why a figure could not be drawn.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum FigureError {
    /// The table or board side is zero or too large.
    BadSize {
        /// The side given.
        size: usize,
        /// The largest side allowed.
        max: usize,
    },
    /// The number of values does not match the side.
    ValueCount {
        /// The count the side calls for.
        expected: usize,
        /// The count given.
        found: usize,
    },
    /// A corner, mark or value lies outside the table.
    OutOfRange {
        /// What was out of range.
        what: &'static str,
        /// The offending index or value.
        index: usize,
        /// The side it must stay below (or within, for corners).
        size: usize,
    },
    /// The cells are too small to print values in.
    TooDenseForNumbers {
        /// The table side.
        size: usize,
    },
    /// Plotters reported an error while drawing.
    Draw(String),
}

impl fmt::Display for FigureError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::BadSize { size, max } => {
                write!(f, "side {size} is outside 1..={max}")
            }
            Self::ValueCount { expected, found } => {
                write!(f, "expected {expected} values, found {found}")
            }
            Self::OutOfRange { what, index, size } => {
                write!(f, "{what} {index} lies outside a side of {size}")
            }
            Self::TooDenseForNumbers { size } => {
                write!(
                    f,
                    "a {size}×{size} table is too dense to print values (drop numbers)"
                )
            }
            Self::Draw(message) => write!(f, "drawing failed: {message}"),
        }
    }
}

impl std::error::Error for FigureError {}
