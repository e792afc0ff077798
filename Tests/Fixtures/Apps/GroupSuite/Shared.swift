import Foundation

/// The app group the bundle names (ApplicationGroupContainerIdentifier), and another one.
enum AppGroup {
  static let identifier = "group.com.example.app"
  static let widgets = "group.com.example.widgets"
}

let kSharedSuite = "group.com.example.app"

struct SharedSettings {
  /// The bundle's suite, through a constant and a stored store.
  let shared = UserDefaults(suiteName: AppGroup.identifier)!
  let widgets = UserDefaults(suiteName: AppGroup.widgets)

  // code-type-mismatch: units stores strings.
  var metric: Bool { shared.bool(forKey: "units") }
  // code-type-mismatch: sounds is a toggle (string(forKey:) would read "1" or "0").
  var soundTable: [String: Any]? {
    UserDefaults(suiteName: kSharedSuite)?.dictionary(forKey: "sounds")
  }

  // Another suite's keys are not the bundle's: no finding.
  var widgetMetric: Bool { widgets?.bool(forKey: "units") ?? false }
  func widgetUnits() { widgets?.set("kelvin", forKey: "units") }
}

func groupVolume() -> Int {
  guard let group = UserDefaults(suiteName: AppGroup.identifier) else { return 0 }
  // code-type-mismatch: volume is a slider, and integer(forKey:) drops its fraction.
  return group.integer(forKey: "volume")
}
