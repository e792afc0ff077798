import Foundation

let kVolume = "volume"

enum Keys: String {
  case sounds
  case celsiusPerf  // a typo of celsiusPref
}
