import BundleDiff
import SettingsRender

extension DiffReport {
  /// `prefs diff --format html`: the summary and the table of changes, then
  /// every page both versions reach, old beside new as the Settings app draws
  /// them, the changed pages first open and marked (``ComparisonHTML``), in
  /// one self-contained file.
  ///
  /// ```swift
  /// var options = DiffOptions(old: "HEAD~1:App/Settings.bundle", new: "App/Settings.bundle")
  /// options.pictures = DiffPictureOptions()
  /// let outcome = try DiffFrontEnd.run(options, environment: environment)
  /// if let pictures = outcome.pictures {
  ///   let html = DiffReport(outcome).html(pictures, old: outcome.old.argument, new: outcome.new.argument)
  /// }
  /// ```
  public func html(
    _ pictures: DiffPictures, old: String, new: String, appearance: HTMLAppearance = .automatic
  ) -> String {
    func marks(_ side: KeyPath<ComparedPage, LayoutPage?>, _ kept: KeyPath<ComparedPage, PageMarks>)
      -> [LayoutPage.ID: PageMarks]
    {
      var result: [LayoutPage.ID: PageMarks] = [:]
      for page in pictures.pages {
        if let shown = page[keyPath: side] { result[shown.id] = page[keyPath: kept] }
      }
      return result
    }
    let pairs = pictures.pages.map { page in
      ComparisonHTML.PagePair(
        title: page.new?.id.file ?? page.old?.id.file ?? page.name, old: page.old?.id,
        new: page.new?.id, isChanged: page.isChanged)
    }
    let rows = changes.map { change in
      ComparisonHTML.ChangeRow(
        severity: change.severity.rawValue, kind: change.kind.rawValue, key: change.key,
        page: change.page, message: change.message)
    }
    return ComparisonHTML.write(
      old: .init(layout: pictures.old, label: old, marks: marks(\.old, \.oldMarks)),
      new: .init(layout: pictures.new, label: new, marks: marks(\.new, \.newMarks)),
      pages: pairs.filter(\.isChanged) + pairs.filter { !$0.isChanged }, summary: summary,
      changes: rows, appearance: appearance)
  }
}
