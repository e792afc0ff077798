import SwiftUI

struct SettingsView: View {
  @AppStorage("sounds") var sounds = true
  @AppStorage("volume") var volume: Double = 0.5
  @AppStorage("units", store: UserDefaults(suiteName: "group.com.example.app")) var units = "metric"

  var body: some View { Toggle("Sounds", isOn: $sounds) }
}
