import Foundation
import Plist
import SettingsForm
import SettingsLint
import SettingsSchema
import TerminalUI

// Times the readers in-process, so that scripts/bench can compare them with
// other tools. Usage:
//   prefs-bench parse FILE...        best of 5: every file parsed once
//   prefs-bench bundle BUNDLE        best of 5: the whole bundle loaded
//   prefs-bench lint BUNDLE...       best of 5: loaded, then linted (times apart)
//   prefs-bench rules BUNDLE         each rule alone, slowest first (RULE=id for one)
//   prefs-bench form                 a page of 5,000 rows: key press to frame (update, view, diff)

func seconds(_ body: () throws -> Void) rethrows -> Double {
  let start = DispatchTime.now().uptimeNanoseconds
  try body()
  return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard let mode = arguments.first else {
  FileHandle.standardError.write(Data("usage: prefs-bench parse FILE... | bundle BUNDLE\n".utf8))
  exit(2)
}
switch mode {
case "parse":
  let files = try arguments.dropFirst().map {
    Array(try Data(contentsOf: URL(fileURLWithPath: $0)))
  }
  let bytes = files.reduce(0) { $0 + $1.count }
  var best = Double.infinity
  for _ in 0..<5 {
    best = min(
      best,
      try seconds {
        for file in files { _ = try PropertyListReader.read(file) }
      })
  }
  print(
    String(
      format: "parse: %d files, %.1f MB, best %.1f ms, %.0f MB/s", files.count, Double(bytes) / 1e6,
      best * 1000, Double(bytes) / 1e6 / best))
case "bundle":
  var best = Double.infinity
  var specifiers = 0
  for _ in 0..<5 {
    best = min(
      best,
      try seconds {
        let bundle = try SettingsBundle.load(at: arguments[1])
        specifiers = bundle.pages.reduce(0) { $0 + $1.specifiers.count }
      })
  }
  print(String(format: "bundle: %d specifiers, best %.1f ms", specifiers, best * 1000))
case "lint":
  var bestLoad = Double.infinity
  var bestLint = Double.infinity
  var findings = 0
  for _ in 0..<5 {
    var bundles: [SettingsBundle] = []
    bestLoad = min(
      bestLoad,
      try seconds {
        bundles = try arguments.dropFirst().map {
          try SettingsBundle.load(at: $0, options: LoadOptions(keepsComments: false))
        }
      })
    bestLint = min(
      bestLint,
      try seconds {
        findings = try bundles.reduce(0) { $0 + (try Linter().lint($1)).diagnostics.count }
      })
  }
  print(
    String(
      format: "lint: %d bundles, %d findings, load best %.1f ms, rules best %.1f ms",
      arguments.count - 1,
      findings, bestLoad * 1000, bestLint * 1000))
case "form":
  // A page of 5,000 rows: 4,000 toggles and a group every 5.
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent("prefs-bench-form")
  try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  var items = ""
  for index in 0..<5_000 {
    items +=
      index % 5 == 0
      ? "<dict><key>Type</key><string>PSGroupSpecifier</string><key>Title</key><string>Group \(index / 5)</string></dict>\n"
      : "<dict><key>Type</key><string>PSToggleSwitchSpecifier</string><key>Title</key><string>Option \(index)</string><key>Key</key><string>k\(index)</string><key>DefaultValue</key><true/></dict>\n"
  }
  let plist =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?><plist version=\"1.0\"><dict><key>PreferenceSpecifiers</key><array>\n\(items)</array></dict></plist>\n"
  try Data(plist.utf8).write(to: folder.appendingPathComponent("Root.plist"))
  let bundle = try SettingsBundle.load(at: folder.path)
  var state = FormState(bundle: bundle, values: [:], width: 100, height: 40)
  var shown = FormView.draw(state)
  var times: [Double] = []
  var cells: [Int] = []
  let keys: [Key] =
    Array(repeating: .down, count: 300) + Array(repeating: .enter, count: 50) + [.end]
    + Array(repeating: .up, count: 100) + [.pageDown, .pageDown, .pageUp]
  for key in keys {
    var written = 0
    times.append(
      seconds {
        // The host's part without the file: the row shows the value written.
        for case .write(let key, let value) in FormUpdate.update(&state, .key(key)) {
          _ = FormUpdate.update(
            &state, .valuesChanged(state.values.merging([PlistKey(key): value]) { $1 }))
        }
        let frame = FormView.draw(state)
        written = ScreenDiff.ansi(from: shown, to: frame, colors: true).cellsWritten
        shown = frame
      })
    cells.append(written)
  }
  times.sort()
  print(
    String(
      format:
        "form: %d rows, %d key presses: median %.3f ms, p99 %.3f ms, worst %.3f ms per frame; cells written per frame: median %d of %d",
      state.page.rows.count, keys.count, times[times.count / 2] * 1000,
      times[times.count * 99 / 100] * 1000, (times.last ?? 0) * 1000,
      cells.sorted()[cells.count / 2],
      100 * 40))
case "rules":
  let bundle = try SettingsBundle.load(at: arguments[1])
  let all = Set(RuleRegistry.ids)
  var rows: [(String, Double)] = []
  let only = ProcessInfo.processInfo.environment["RULE"]
  for id in only.map({ [$0] }) ?? ([""] + RuleRegistry.ids) {
    let linter = Linter(configuration: LintConfiguration(disabled: all.subtracting([id])))
    var best = Double.infinity
    for _ in 0..<(only == nil ? 3 : 10) {
      best = min(best, try seconds { _ = try linter.lint(bundle) })
    }
    rows.append((id.isEmpty ? "(context only)" : id, best))
  }
  for (id, time) in rows.sorted(by: { $0.1 > $1.1 }) {
    print(String(format: "%-28@ %8.1f ms", id as NSString, time * 1000))
  }
default:
  FileHandle.standardError.write(Data("unknown mode \(mode)\n".utf8))
  exit(2)
}
