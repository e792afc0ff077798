import Defaults

extension Defaults.Keys {
  static let celsius = Key<Bool>("celsiusPref", default: false)
  static let theme = Defaults.Key<Int>("theme", default: 2)
}
