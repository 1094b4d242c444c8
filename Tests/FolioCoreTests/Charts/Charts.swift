import Testing

/// The chart core's suites, grouped so `swift test --filter Charts` runs them all.
@Suite enum Charts {}
