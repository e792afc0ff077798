import Foundation

/// A GitHub Actions workflow command that becomes an annotation on a pull
/// request's diff, escaped as GitHub's toolkit escapes them, so that no text
/// from a file can end the command or start another one.
///
/// ```swift
/// GitHubAnnotation.command(.error, file: "Settings.bundle/Root.plist", line: 4, column: 9,
///                          title: "key-removed", message: "the key \"volume\" was removed")
/// // "::error file=Settings.bundle/Root.plist,line=4,col=9,title=key-removed::the key …"
/// ```
public enum GitHubAnnotation {
  public static func command(
    _ severity: Severity, file: String?, line: Int?, column: Int?, title: String,
    message: String
  ) -> String {
    let command =
      switch severity {
      case .error: "error"
      case .warning: "warning"
      case .note: "notice"
      }
    var properties: [String] = []
    if let file { properties.append("file=" + escapeProperty(file)) }
    if let line { properties.append("line=\(line)") }
    if let column { properties.append("col=\(column)") }
    properties.append("title=" + escapeProperty(title))
    return "::\(command) \(properties.joined(separator: ","))::\(escapeData(message))"
  }

  /// As GitHub's toolkit escapes a command's message.
  public static func escapeData(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "%": result += "%25"
      case "\r": result += "%0D"
      case "\n": result += "%0A"
      default:
        if scalar.needsEscapingForTerminal, scalar.value <= 0xFF {
          result += String(format: "%%%02X", scalar.value)
        } else if scalar.needsEscapingForTerminal {
          // Beyond one byte the toolkit has no escape: shown as text instead.
          result += String(scalar).escapingControlCharacters
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result
  }

  /// As GitHub's toolkit escapes a property value: also `:` and `,`.
  public static func escapeProperty(_ text: String) -> String {
    escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(
      of: ",", with: "%2C")
  }
}
