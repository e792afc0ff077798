import Foundation

/// Mirrors some settings to iCloud: the bundle's keys, in stores that are not
/// the defaults. None of these is a use of the bundle's settings.
final class CloudSync {
  let cloud = NSUbiquitousKeyValueStore.default
  private var cache: [String: Any] = [:]
  let snapshot: NSDictionary
  /// Another app's suite: its keys are not the bundle's.
  let widgets = UserDefaults(suiteName: "group.com.example.widgets")!

  init(snapshot: NSDictionary) {
    self.snapshot = snapshot
  }

  func push(units: String) {
    cloud.set(units, forKey: "units")  // a string where the toggle-free multi value stores one
    cloud.set(3, forKey: "sounds")  // iCloud's value, not the toggle's
    NSUbiquitousKeyValueStore.default.set(true, forKey: "name")
  }

  func pull() -> Bool {
    let local = NSUbiquitousKeyValueStore.default
    let fromCloud = local.bool(forKey: "units")
    let cached = (cache as NSDictionary).object(forKey: "volume")
    let settings = ["theme": 9] as [String: Any]
    _ = settings
    return fromCloud && cached != nil && snapshot.object(forKey: "sounds") != nil
  }

  func widgetFlags() -> Int {
    widgets.set("kelvin", forKey: "units")
    return widgets.integer(forKey: "server") + (widgets.string(forKey: "sound") == nil ? 0 : 1)
  }

  /// Key-value coding on objects of the app's own: not the defaults.
  func configure(_ view: NSObject, label: NSObject) {
    view.setValue(42, forKey: "name")
    label.setValue("dark", forKey: "theme")
  }
}

func readCache(_ table: [String: Any]) -> Bool {
  let entries: [String: Any] = table
  return (entries as NSDictionary).object(forKey: "celsiusPref") != nil
}
