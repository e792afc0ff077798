// The domain round trip: a value built from the input (keys with normalization
// variants, characters beyond the BMP and control characters; dates to the
// extremes; nested containers) that the writer accepts must read back exactly,
// by our reader and by CoreFoundation's (what Foundation and UserDefaults run),
// with dates in whole seconds. A value the writer refuses must be one no
// reader gets back (a control character, a NaN date, past a limit).
import CoreFoundation
import Foundation

private struct Input {
  var bytes: [UInt8]
  var index = 0
  mutating func next() -> UInt8 {
    defer { index += 1 }
    return index < bytes.count ? bytes[index] : 0
  }
  mutating func int64() -> Int64 {
    var value: UInt64 = 0
    for _ in 0..<8 { value = value << 8 | UInt64(next()) }
    return Int64(bitPattern: value)
  }
  var atEnd: Bool { index >= bytes.count }
}

private let alphabet: [String] = [
  "a", "b", "Z", "0", "_", ".", "caf\u{E9}", "cafe\u{301}", "\u{212B}", "\u{C5}", "\u{FF5E}",
  "\u{E000}", "\u{1F600}", "\u{10000}", "\u{10FFFD}", "\u{4E2D}", "\r", "\n", "\r\n", "\t", "&",
  "<", ">", "]]>", " ", "\u{1}", "\u{1F}", "\u{7F}", "\u{85}", "\u{2028}", "\u{FFFD}", "\u{1E9B}\u{323}",
]

private func text(_ input: inout Input) -> String {
  (0..<Int(input.next() % 5)).map { _ in alphabet[Int(input.next()) % alphabet.count] }.joined()
}

private func value(_ input: inout Input, depth: Int) -> PlistValue {
  switch input.next() % (depth > 6 || input.atEnd ? 6 : 8) {
  case 0: return .string(text(&input))
  case 1: return .integer(input.int64())
  case 2:
    let real = Double(bitPattern: UInt64(bitPattern: input.int64()))
    return .real(real.isNaN ? 0.5 : real)
  case 3: return .bool(input.next() & 1 == 1)
  case 4:
    let raw = input.int64()
    let seconds: Double =
      switch input.next() % 4 {
      case 0: Double(raw % 400_000_000_000)  // years -10,000 … 14,000
      case 1: Double(raw) / 1_000  // anywhere, NaN-free, with fractions
      case 2: Double(bitPattern: UInt64(bitPattern: raw))  // NaN, infinities, anything
      default: Double(raw % 1_000_000_000) - 13_198_550_400  // around the Gregorian switch
      }
    return .date(Date(timeIntervalSinceReferenceDate: seconds))
  case 5: return .data(Data((0..<Int(input.next() % 80)).map { _ in input.next() }))
  case 6: return .array((0..<Int(input.next() % 5)).map { _ in value(&input, depth: depth + 1) })
  default:
    var entries: [PlistKey: PlistValue] = [:]
    for _ in 0..<Int(input.next() % 6) {
      entries[PlistKey(text(&input))] = value(&input, depth: depth + 1)
    }
    return .dictionary(entries)
  }
}

/// What a reader gives back: dates in whole seconds.
private func stored(_ value: PlistValue) -> PlistValue {
  switch value {
  case .date(let date):
    .date(Date(timeIntervalSinceReferenceDate: date.timeIntervalSinceReferenceDate.rounded(.down)))
  case .array(let items): .array(items.map(stored))
  case .dictionary(let entries): .dictionary(entries.mapValues(stored))
  default: value
  }
}

private func cast<T: AnyObject>(_ object: CFTypeRef, to type: T.Type) -> T {
  Unmanaged<T>.fromOpaque(Unmanaged.passUnretained(object).toOpaque()).takeUnretainedValue()
}

private func string(_ cf: CFString) -> String {
  let length = CFStringGetLength(cf)
  var units = [UniChar](repeating: 0, count: length)
  CFStringGetCharacters(cf, CFRangeMake(0, length), &units)
  return String(decoding: units, as: UTF16.self)
}

/// CoreFoundation's value, read without Swift bridging (which merges equivalent keys).
private func foundation(_ object: CFTypeRef) -> PlistValue {
  let type = CFGetTypeID(object)
  if type == CFStringGetTypeID() { return .string(string(cast(object, to: CFString.self))) }
  if type == CFBooleanGetTypeID() { return .bool(CFBooleanGetValue(cast(object, to: CFBoolean.self))) }
  if type == CFNumberGetTypeID() {
    let number = cast(object, to: CFNumber.self)
    if CFNumberIsFloatType(number) {
      var real = 0.0
      _ = CFNumberGetValue(number, CFNumberType(rawValue: 13)!, &real)
      return .real(real)
    }
    var integer: Int64 = 0
    _ = CFNumberGetValue(number, CFNumberType(rawValue: 4)!, &integer)
    return .integer(integer)
  }
  if type == CFDateGetTypeID() {
    return .date(Date(timeIntervalSinceReferenceDate: CFDateGetAbsoluteTime(cast(object, to: CFDate.self))))
  }
  if type == CFDataGetTypeID() {
    let data = cast(object, to: CFData.self)
    return .data(Data(bytes: CFDataGetBytePtr(data), count: CFDataGetLength(data)))
  }
  if type == CFArrayGetTypeID() {
    let array = cast(object, to: CFArray.self)
    return .array(
      (0..<CFArrayGetCount(array)).map {
        foundation(unsafeBitCast(CFArrayGetValueAtIndex(array, $0), to: CFTypeRef.self))
      })
  }
  let dictionary = cast(object, to: CFDictionary.self)
  let count = CFDictionaryGetCount(dictionary)
  var keys = [UnsafeRawPointer?](repeating: nil, count: count)
  var values = [UnsafeRawPointer?](repeating: nil, count: count)
  CFDictionaryGetKeysAndValues(dictionary, &keys, &values)
  var result: [PlistKey: PlistValue] = [:]
  for (key, item) in zip(keys, values) {
    result[PlistKey(string(unsafeBitCast(key, to: CFString.self)))] = foundation(
      unsafeBitCast(item, to: CFTypeRef.self))
  }
  return .dictionary(result)
}

/// Text XML 1.0 cannot hold: a control character other than tab, line feed
/// and carriage return, or U+FFFE / U+FFFF.
private func isUnwritable(_ text: String) -> Bool {
  text.unicodeScalars.contains { scalar in
    (scalar.value < 0x20 && !["\t", "\n", "\r"].contains(scalar)) || scalar.value == 0xFFFE
      || scalar.value == 0xFFFF
  }
}

/// Whether CoreFoundation writes a date as XML and reads it back, in whole seconds.
private func foundationKeeps(_ date: Date) -> Bool {
  let seconds = date.timeIntervalSinceReferenceDate
  guard seconds.isFinite, let cfDate = CFDateCreate(nil, seconds) else { return false }
  var item: UnsafeRawPointer? = UnsafeRawPointer(Unmanaged.passUnretained(cfDate).toOpaque())
  guard let array = CFArrayCreate(nil, &item, 1, nil),
    let data = CFPropertyListCreateData(
      nil, array, CFPropertyListFormat.xmlFormat_v1_0, 0, nil)?.takeRetainedValue(),
    let read = CFPropertyListCreateWithData(nil, data, 0, nil, nil)?.takeRetainedValue(),
    case .array(let items) = foundation(read), case .date(let back)? = items.first
  else { return false }
  return back.timeIntervalSinceReferenceDate == seconds.rounded(.down)
}

/// Whether a refusal was owed: the value holds something no reader gets back.
private func mustBeRefused(_ value: PlistValue) -> Bool {
  switch value {
  case .string(let text): isUnwritable(text)
  // Past the writer's range Foundation's own writer is inexact (DateRoundTripTests).
  case .date(let date):
    !foundationKeeps(date)
      || abs(date.timeIntervalSinceReferenceDate) >= XMLPlistWriter.dateRange
  case .array(let items): items.contains(where: mustBeRefused)
  case .dictionary(let entries):
    entries.contains { isUnwritable($0.key.string) || mustBeRefused($0.value) }
  default: false
  }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  var input = Input(bytes: Array(UnsafeBufferPointer(start: data, count: size)))
  var entries: [PlistKey: PlistValue] = [:]
  while !input.atEnd, entries.count < 40 {
    entries[PlistKey(text(&input))] = value(&input, depth: 1)
  }
  let domain = PlistValue.dictionary(entries)
  let bytes: [UInt8]
  do {
    bytes = try XMLPlistWriter.write(domain)
  } catch {
    // Refused only what no reader gets back; a limit cannot be reached at this size.
    if !mustBeRefused(domain) { fatalError("the writer refused what reads back: \(error)") }
    return 0
  }
  let expected = stored(domain)
  guard let ours = try? PropertyListReader.read(bytes).root.value else {
    fatalError("what the writer wrote does not read back: \(String(decoding: bytes, as: UTF8.self))")
  }
  if ours != expected { fatalError("our reader: \(expected) → \(ours)") }
  guard let cfData = CFDataCreate(nil, bytes, bytes.count),
    let plist = CFPropertyListCreateWithData(nil, cfData, 0, nil, nil)?.takeRetainedValue()
  else { fatalError("Foundation does not read what the writer wrote") }
  let theirs = foundation(plist)
  if theirs != expected { fatalError("Foundation's reader: \(expected) → \(theirs)") }
  return 0
}
