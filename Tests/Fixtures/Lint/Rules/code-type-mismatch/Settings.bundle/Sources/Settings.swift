import Foundation

let metric = UserDefaults.standard.bool(forKey: "units")