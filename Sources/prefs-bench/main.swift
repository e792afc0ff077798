import Foundation
import Plist
import SettingsSchema

// Times the readers in-process, so that scripts/bench can compare them with
// other tools. Usage:
//   prefs-bench parse FILE...        best of 5: every file parsed once
//   prefs-bench bundle BUNDLE        best of 5: the whole bundle loaded

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
default:
  FileHandle.standardError.write(Data("unknown mode \(mode)\n".utf8))
  exit(2)
}
