import Foundation

struct Player {
  var playsSounds: Bool { UserDefaults.standard.bool(forKey: "sounds") }
}