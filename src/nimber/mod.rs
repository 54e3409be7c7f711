//! Conway's nimbers.
