//! Signatures and fingerprints: volatile tokens normalised away.
