import Defaults
import SwiftUI

struct Panel: View {
  // code-default-mismatch: the bundle's volume defaults to 0.5.
  @AppStorage("volume") var volume = 0.8
  var body: some View { Text("\(volume)") }
}

extension Defaults.Keys {
  // code-default-mismatch: celsiusPref defaults to false in the bundle.
  static let celsius = Key<Bool>("celsiusPref", default: true)
}

struct Toggles: View {
  // code-type-mismatch: celsiusPref is a toggle; the declared type reads a string.
  @AppStorage("celsiusPref") var celsius: String = "on"
  // code-type-mismatch: an Int inferred from the initial value, on a slider that stores reals.
  @AppStorage("volume", store: .standard) var level = 1
  var body: some View { Text(celsius) }
}

extension Defaults.Keys {
  // code-type-mismatch: units stores strings.
  static let metric = Key<Bool>("units", default: false)
}
