import SettingsSchema

/// A bundle whose page shown first (the root) did not read: a workflow that
/// went on would report an empty bundle (no strings, nothing to translate)
/// as if it were the bundle. `bundle` is named as the user gave it; each
/// problem says where its page fails.
///
/// ```swift
/// do {
///   _ = try StringsFrontEnd(StringsOptions(bundle: "Broken/Settings.bundle"), environment: environment)
/// } catch let error as PagesDoNotRead {
///   error.problems.map(\.file)  // ["Root.plist"]
/// }
/// ```
public struct PagesDoNotRead: Error, Sendable {
  public var bundle: String
  public var problems: [BundleProblem]

  public init(bundle: String, problems: [BundleProblem]) {
    self.bundle = bundle
    self.problems = problems
  }

  /// The root pages of `readings` that did not read, each file once; nil when every one read.
  public init?(bundle: String, readings: [SettingsBundle]) {
    var seen = Set<String>()
    let problems = readings.flatMap { reading in
      reading.unreadPages.filter { $0.file == reading.pages.first?.file }
    }.filter { seen.insert($0.file).inserted }
    guard !problems.isEmpty else { return nil }
    self.init(bundle: bundle, problems: problems)
  }
}
