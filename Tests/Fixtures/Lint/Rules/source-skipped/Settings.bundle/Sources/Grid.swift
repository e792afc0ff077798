import Foundation

let grid = [[[[[[[0]]]]]]]
let celsius = UserDefaults.standard.bool(forKey: "celsiusPref")