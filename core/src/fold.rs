//! Folding runs of repeated lines for display.
