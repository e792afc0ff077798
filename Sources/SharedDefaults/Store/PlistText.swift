import DefaultsStore
import Plist

/// One key's value as the store keeps it: an XML property list whose root is
/// the value, readable with `psql` and by any plist reader.
enum PlistText {
  static func encode(_ value: PlistValue, key: PlistKey) throws(DefaultsError) -> String {
    do {
      return String(decoding: try XMLPlistWriter.write(value), as: UTF8.self)
    } catch {
      throw .unrepresentable(key: key.string, reason: error.reason)
    }
  }

  /// The value, or why the text is not a property list.
  static func decode(_ text: String) -> Result<PlistValue, DecodeFailure> {
    do {
      let document = try PropertyListReader.read(Array(text.utf8))
      if let problem = document.issues.first(where: { $0.severity == .error }) {
        return .failure(DecodeFailure(reason: problem.message))
      }
      return .success(document.root.value)
    } catch {
      return .failure(DecodeFailure(reason: error.message))
    }
  }

  struct DecodeFailure: Error {
    var reason: String
  }
}
