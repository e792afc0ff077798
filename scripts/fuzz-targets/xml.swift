// libFuzzer target: XMLTree, the reader XLIFF is parsed with. Inputs whose first byte is
// even are parsed as they are (no crash, no hang, every element named); odd ones become a
// document with a DTD after a comment of the input's bytes, in UTF-8 or UTF-16 of either
// order, which must always be refused.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  guard let mode = bytes.first else { return 0 }
  if mode & 1 == 0 {
    if let root = try? XMLTree.parse(Array(bytes.dropFirst())) { check(root) }
    return 0
  }
  let declarations = [
    "<!DOCTYPE x>", "<!DOCTYPE x [<!ENTITY e \"\">]>", "<!DOCTYPE x SYSTEM \"file:///etc/hostname\">",
    "<!DOCTYPE x [<!ENTITY e SYSTEM \"file:///etc/hostname\">]>",
  ]
  let choice = Int(bytes.count > 1 ? bytes[1] : 0)
  // A comment cannot hold "--": the padding is the input's printable bytes but '-'.
  let padding = String(
    decoding: bytes.dropFirst(2).filter { $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "-") },
    as: UTF8.self)
  let text =
    "<?xml version=\"1.0\"?>\n<!--\(padding)-->\n" + declarations[choice % declarations.count]
    + "\n<x>&e;</x>\n"
  let encoded: [UInt8]
  switch (choice / declarations.count) % 3 {
  case 0: encoded = Array(text.utf8)
  case 1: encoded = [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
  default: encoded = [0xFE, 0xFF] + text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
  }
  if (try? XMLTree.parse(encoded)) != nil { fatalError("a document with a DTD was accepted") }
  return 0
}

private func check(_ element: XMLTree.Element) {
  precondition(!element.name.isEmpty, "an element without a name")
  for case .element(let child) in element.children { check(child) }
}
