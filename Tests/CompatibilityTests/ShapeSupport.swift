/// Takes the values a call shape reads, so that the shapes compile without unused-value warnings.
///
/// The shapes in this target are compiled, never run (see `CompatibilityShapeTests`); this function
/// is never reached either.
func use(_ values: Any?...) {}
