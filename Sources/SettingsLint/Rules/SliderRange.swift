import Plist
import SettingsSchema

enum SliderRange: LintRule {
  static let summary =
    "A slider whose MinimumValue, MaximumValue or DefaultValue is not a number, or out of order."
  static let rationale = """
    A slider stores a real between MinimumValue and MaximumValue. A bound or default that \
    is a string keeps the slider from being drawn; a minimum at or above the maximum makes \
    UISlider raise its maximum to the minimum, so the slider cannot move; a default outside \
    the range shows the thumb pinned at one end.
    """
  static let defaultSeverity = Severity.error
  static let lesserSeverities: [(severity: Severity, when: String)] = [
    (.warning, "DefaultValue is outside the range (the slider shows it pinned at one end)")
  ]
  static let failingExamples = [
    RuleExample.root(
      """
      <dict>
        <key>Type</key>
        <string>PSSliderSpecifier</string>
        <key>Key</key>
        <string>volume</string>
        <key>DefaultValue</key>
        <real>1.5</real>
        <key>MinimumValue</key>
        <integer>0</integer>
        <key>MaximumValue</key>
        <integer>1</integer>
      </dict>
      """, table: nil),
    RuleExample.root(
      """
      <dict>
        <key>Type</key>
        <string>PSSliderSpecifier</string>
        <key>Key</key>
        <string>volume</string>
        <key>DefaultValue</key>
        <string>0.5</string>
        <key>MinimumValue</key>
        <integer>10</integer>
        <key>MaximumValue</key>
        <integer>0</integer>
      </dict>
      """, table: nil),
  ]
  static let passingExamples = [
    RuleExample.root(
      """
      <dict>
        <key>Type</key>
        <string>PSSliderSpecifier</string>
        <key>Key</key>
        <string>volume</string>
        <key>DefaultValue</key>
        <real>0.5</real>
        <key>MinimumValue</key>
        <integer>0</integer>
        <key>MaximumValue</key>
        <integer>1</integer>
      </dict>
      """, table: nil)
  ]

  static func check(_ context: LintContext, _ report: inout RuleReport) {
    for page in context.bundle.pages {
      for specifier in page.specifiers
      where context.catalog.spec(of: specifier.type)?.valueRule == .range {
        var numbers: [SpecifierAttribute: Double] = [:]
        for attribute in [SpecifierAttribute.minimumValue, .maximumValue, .defaultValue] {
          guard let node = specifier.written(attribute) else { continue }
          if let number = context.catalog.number(node) {
            numbers[attribute] = number
          } else {
            report.add(
              "\(attribute) is the \(node.typeName) \(node.shortDescription), not a number; the slider is not drawn",
              file: page.file, place: context.place(specifier, attribute, on: page),
              keyPath: specifier.keyPath)
          }
        }
        guard let minimum = numbers[.minimumValue], let maximum = numbers[.maximumValue] else {
          continue
        }
        if minimum >= maximum {
          report.add(
            "MinimumValue \(format(minimum)) is not below MaximumValue \(format(maximum)); the slider cannot move",
            file: page.file, place: context.place(specifier, .maximumValue, on: page),
            keyPath: specifier.keyPath)
        } else if let value = numbers[.defaultValue], value < minimum || value > maximum {
          report.add(
            "DefaultValue \(format(value)) is outside \(format(minimum))…\(format(maximum)); the slider shows it pinned at one end",
            file: page.file, place: context.place(specifier, .defaultValue, on: page),
            keyPath: specifier.keyPath, severity: .warning)
        }
      }
    }
  }

  static func format(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
  }
}
