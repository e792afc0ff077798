import Foundation

let celsius = UserDefaults.standard.bool(forKey: "celsiusPerf")