import Plist
import StringsWorkflow

extension StringsFrontEnd {
  /// The coverage as a table, a row per language and page it is shown:
  /// translated, missing, stale and empty counts and the share done; the
  /// source language's row says `source`, and a folder no device selects says
  /// it is never shown (and the folder to rename it to). What `prefs strings
  /// status` prints; folder and file names are escaped, so no control
  /// character reaches a terminal.
  ///
  /// ```swift
  /// let strings = try StringsFrontEnd(
  ///   StringsOptions(bundle: "Examples/Showcase/Settings.bundle"), environment: environment)
  /// print(strings.statusText(), terminator: "")
  /// // language  page        translated  missing  stale  empty  done
  /// // cs        Root.plist          27        0      0      0  100%
  /// ```
  public func statusText() -> String { Self.statusText(of: model.status()) }

  /// The table of ``statusText()`` for rows of ``TranslationModel/status()``.
  public static func statusText(of rows: [TranslationStatus]) -> String {
    // Folder and file names come from the file system: escaped before they are measured.
    let rows = rows.map { row in
      var row = row
      row.language = row.language.escapingControlCharacters
      row.page = row.page.escapingControlCharacters
      return row
    }
    let pageWidth = max(4, rows.map { $0.page.count }.max() ?? 4)
    let languageWidth = max(8, rows.map { $0.language.count }.max() ?? 8)
    func pad(_ text: String, _ width: Int) -> String {
      text.padding(toLength: max(width, text.count), withPad: " ", startingAt: 0)
    }
    func right(_ value: Int, _ width: Int) -> String {
      String(repeating: " ", count: max(0, width - String(value).count)) + String(value)
    }
    var text =
      pad("language", languageWidth) + "  " + pad("page", pageWidth)
      + "  translated  missing  stale  empty  done\n"
    for row in rows {
      // A folder no device selects shows nobody its translations: not "100%".
      let done =
        row.unselected.map { unselected in
          "  never shown: no device selects \(row.language).lproj"
            + (unselected.intendedTag.map { "; rename it \($0).lproj" } ?? "")
        }
        // The pages are written in the source language: it is no translation to finish.
        ?? (row.isSource ? "  source" : "  " + right(row.percentDone, 3) + "%")
      text +=
        pad(row.language, languageWidth) + "  " + pad(row.page, pageWidth) + "  "
        + right(row.translated, 10) + "  " + right(row.missing, 7) + "  " + right(row.stale, 5)
        + "  " + right(row.empty, 5) + done.escapingControlCharacters + "\n"
    }
    return text
  }

  /// The strings `language` does not translate, a line each:
  /// `page (table): "key"`, the key quoted as a message quotes a value (its
  /// first line, at most ``MessageText/limit`` characters; ``missingJSON(in:)``
  /// has it whole), control characters escaped. What `prefs strings missing
  /// --lang` prints.
  ///
  /// ```swift
  /// print(strings.missingText(in: "de"), terminator: "")
  /// // Root.plist (Root): "ACCOUNT"
  /// ```
  public func missingText(in language: String) -> String {
    model.missing(in: language).map { Self.missingLine($0).escapingControlCharacters + "\n" }
      .joined()
  }

  /// What every language but the source's does not translate, as
  /// ``missingText(in:)`` lists it, each line led by the language's folder:
  /// `German.lproj: Root.plist (Root): "ACCOUNT"`.
  public func missingText() -> String {
    model.missingByLanguage().flatMap { language, missing in
      missing.map { "\(language).lproj: \(Self.missingLine($0))".escapingControlCharacters + "\n" }
    }.joined()
  }

  // A key may be a whole licence: the line quotes one line of it.
  static func missingLine(_ entry: MissingTranslation) -> String {
    MessageText.bounded(
      "\(entry.page) (\(entry.table)): \(StringsWriter.quoted(entry.key, forTerminal: true))")
  }
}
