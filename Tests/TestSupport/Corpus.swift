import Foundation

extension Paths {
  /// Whether `../shared/corpus` holds bundles: a clone on its own has none.
  public static var hasCorpus: Bool { !corpusBundles.isEmpty }

  /// A CI job must test against the corpus: with `CI` set, the tests that need it
  /// run (and fail) when it is missing instead of being skipped.
  public static var corpusIsRequired: Bool {
    ProcessInfo.processInfo.environment["CI"].map { !$0.isEmpty } ?? false
  }
}

#if canImport(Testing)
  import Testing

  extension Trait where Self == ConditionTrait {
    /// For a test that reads the shared corpus beside the repository: skipped,
    /// with the reason shown, in a clone without `../shared`; run, and so failed,
    /// when the `CI` environment variable is set.
    ///
    /// ```swift
    /// @Test(.needsCorpus) func everyBundleLoads() { … }
    /// ```
    public static var needsCorpus: Self {
      .enabled(
        if: Paths.hasCorpus || Paths.corpusIsRequired,
        "needs the bundles of ../shared/corpus beside the repository (with CI set, their absence fails)"
      )
    }
  }
#endif
