// Any table that reads must read back to the same pairs after it is written,
// in UTF-8 and in UTF-16: the writer escapes everything it must.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  guard let table = try? StringsReader.read(bytes).file else { return 0 }
  // Values without their offsets, which a rewrite moves.
  let pairs = table.entries.map { "\($0.key) = \($0.value.value)" }
  for encoding in [TextEncoding.utf8, .utf16LittleEndianWithBOM] {
    let written = StringsWriter.write(table, encoding: encoding)
    guard let again = try? StringsReader.read(written).file else {
      fatalError("a written table does not read back")
    }
    let back = again.entries.map { "\($0.key) = \($0.value.value)" }
    if back != pairs { fatalError("the pairs changed: \(pairs) → \(back)") }
    if StringsWriter.write(again, encoding: encoding) != written { fatalError("not idempotent") }
  }
  return 0
}
