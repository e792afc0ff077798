import Plist
import TestSupport

/// Foundation's values as `PlistValue`s, for comparisons.
enum TestSupportBridge {
  static func value(_ object: Any) -> PlistValue { FoundationOracle.value(object) }
}
