//! The command line's own commands: the nimber calculator behind `nimsite eval` and the
//! Library Checker answerer behind `nimsite products`. Only this layer and `main.rs`
//! print or choose exit codes.

mod eval;
mod products;

pub use eval::{eval, render_error};
pub use products::{
    ProductsError, ProductsErrorKind, format_products, parse_queries, products, products_io,
};
