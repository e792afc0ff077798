import Foundation

func registerDefaults() {
  UserDefaults.standard.register(defaults: ["speed": 3.0])
}