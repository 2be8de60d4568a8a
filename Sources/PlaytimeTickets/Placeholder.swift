// Placeholder: filled in by the tickets work.
