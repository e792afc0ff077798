import Foundation
import Plist
import PrefsKit
import ProjectConfiguration
import TestSupport
import Testing

/// The configuration reader's fuzz target, as a property test: random
/// YAML-like text (the sections, keys, rule ids and values the reader knows,
/// mixed with YAML's anchors, aliases, tags, flow and block collections,
/// deep nesting, control characters and broken pieces) is read into a
/// configuration or refused with an error naming the file and a place inside
/// the text; never a crash, never a hang.
///
/// The reader needs Yams and the rule catalogue (which pulls in swift-syntax
/// through SourceCheck), which `scripts/fuzz`'s single `swiftc` call cannot
/// build with libFuzzer's instrumentation; so `scripts/fuzz config SECONDS`
/// runs this test for that long (`PREFS_FUZZ_SECONDS`), and CI runs its
/// fixed number of inputs.
struct ConfigurationReaderFuzzTests {
  static let pieces: [String] = [
    "lint:", "sources:", "strings:", "diff:", "disable:", "severity:", "exclude:", "rules:",
    "fail-on:", "renames:", "allowed-keys:", "unknown-key", "missing-translation",
    "unused-translation", "error", "warning", "note", "breaking", "behaviour", "App/Sources",
    "../..", "/etc", "\"**/*.plist\"", "'a*b?c'", "PSToggleSwitchSpecifier", "[", "]", "{", "}",
    ",", ":", "- ", "&a ", "*a", "&b ", "*b", "!!str ", "!!map ", "!!binary ", "!custom ", "? ",
    "|", ">", "#", "%YAML 1.2", "---", "...", "~", "null", "true", "0x1F", "1e400", "-.inf",
    "\"\\u0000\"", "\"\\x1b[2J\"", "\u{1B}[31m", "\u{0}", "\u{FEFF}", "\u{2028}", "\r", "\t",
    "é", "漢字", "<<: *a", "\"unterminated", "'", "\\",
  ]

  /// One random text of up to `size` pieces, on lines with random indentation.
  static func text(using random: inout SplitMix64, size: Int) -> String {
    var text = ""
    for _ in 0..<Int.random(in: 0...size, using: &random) {
      switch random.next() % 10 {
      case 0: text += "\n" + String(repeating: " ", count: Int.random(in: 0...6, using: &random))
      case 1: text += " "
      case 2:
        // Deep nesting, in flow or block style.
        let depth = Int.random(in: 1...400, using: &random)
        text +=
          random.chance(50)
          ? String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
          : (0..<min(depth, 100)).map { String(repeating: " ", count: $0) + "- " }.joined(
            separator: "\n")
      default: text += random.pick(pieces)
      }
    }
    return text
  }

  /// An alias bomb: each level a list of ten aliases of the one before.
  static let laughs: String = {
    var text = "a0: &a0 [lol]\n"
    for level in 1...12 {
      let previous = Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ")
      text += "a\(level): &a\(level) [\(previous)]\n"
    }
    return "lint:\n  rules:\n    unknown-key:\n      allowed-keys: { X: *a12 }\n" + text
  }()

  static func check(_ text: String) {
    // Lines as YAML counts them: CR LF, CR, LF, NEL, LS and PS each end one.
    let lines =
      text.unicodeScalars.split(
        omittingEmptySubsequences: false,
        whereSeparator: { ["\n", "\r", "\u{85}", "\u{2028}", "\u{2029}"].contains($0) }
      ).count - text.components(separatedBy: "\r\n").count + 1
    do {
      _ = try ProjectConfiguration.parse(text, file: "fuzz/.prefs.yml")
    } catch {
      #expect(error.file == "fuzz/.prefs.yml")
      #expect(error.description.hasPrefix("fuzz/.prefs.yml"))
      if let location = error.location {
        #expect(
          location.line >= 1 && location.line <= lines + 1, "\(error) in \(text.debugDescription)")
      }
    }
  }

  @Test func randomTextIsReadOrRefusedWithAPlace() {
    let budget = ProcessInfo.processInfo.environment["PREFS_FUZZ_SECONDS"].flatMap(Int.init)
    let deadline = ContinuousClock.now + .seconds(budget ?? 0)
    var random = SplitMix64(seed: budget == nil ? 3030 : UInt64.random(in: 0...UInt64.max))
    var runs = 0
    repeat {
      Self.check(Self.text(using: &random, size: 60))
      runs += 1
    } while budget == nil ? runs < 400 : ContinuousClock.now < deadline
  }

  @Test func anAliasBombIsReadQuickly() {
    let started = ContinuousClock.now
    Self.check(Self.laughs)
    #expect(ContinuousClock.now - started < .seconds(5))
  }
}
