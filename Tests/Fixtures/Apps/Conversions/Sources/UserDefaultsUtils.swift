// Modelled on CovidTrackerFr/vitemadose-ios, ViteMaDose/Helpers/Utils/UserDefaultsUtils.swift:
// a multi value of numeric strings read with integer(forKey:) on self in an
// extension of UserDefaults.
import Foundation

extension UserDefaults {
  /// The value defined in the Setting.bundle. Can be 0 if nothing was defined.
  var maxDistanceToVaccinationCentre: Int {
    // No code-type-mismatch: integer(forKey:) reads "50" as 50. code-default-unregistered:
    // nothing registers the bundle's "50", so this reads 0 until Settings is opened.
    return integer(forKey: "vaccination_centres_list_radius_in_km")
  }

  var hasChosenDistance: Bool {
    // No finding: a test of presence reads no type.
    object(forKey: "vaccination_centres_list_radius_in_km") != nil
  }

  var strictDistance: Int {
    // code-type-mismatch: a cast takes only an NSNumber; the stored "50" reads nil.
    (object(forKey: "vaccination_centres_list_radius_in_km") as? Int) ?? 50
  }
}
