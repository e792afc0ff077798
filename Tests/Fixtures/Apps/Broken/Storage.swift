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
