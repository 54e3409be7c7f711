//! Figures: deterministic SVG drawn with plotters from the nimber core's results.
