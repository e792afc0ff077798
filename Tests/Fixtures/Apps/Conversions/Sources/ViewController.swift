// Modelled on ogcaizu/ogc-poc1-robot-ipad, ViewController.swift (a port typed into a
// text field, read with integer(forKey:)) and on SwiftUI apps that keep such a
// setting in @AppStorage.
import SwiftUI

class ViewController {
  var port: Int {
    // No finding: integer(forKey:) reads typed text such as "1883" as 1883.
    return UserDefaults.standard.integer(forKey: "port")
  }

  var portNumber: Int? {
    // code-type-mismatch: a text field stores text; as? Int reads nil.
    UserDefaults.standard.object(forKey: "port") as? Int
  }

  func registerDefaults() {
    var defaults: [String: Any] = ["showontour": "YES"]
    // code-default-mismatch: an index into the Values, where the bundle's values are seconds.
    defaults["lockTimeout"] = 1
    UserDefaults.standard.register(defaults: defaults)
  }
}

struct DistanceView: View {
  // code-type-mismatch: a string stored under an Int @AppStorage reads its default.
  @AppStorage("vaccination_centres_list_radius_in_km") var radius = 50
  // No finding: the stored "YES" or "NO" is a String.
  @AppStorage("showontour") var showOnTour = "YES"

  var body: some View { Text("\(radius)") }
}
