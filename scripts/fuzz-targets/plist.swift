// libFuzzer target: any bytes through the property-list reader (XML, binary, OpenStep).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  if let document = try? PropertyListReader.read(bytes, limits: ReadLimits(maximumBytes: 1 << 20)) {
    _ = document.root.value
    if let offset = document.root.offset, let source = document.source { _ = source.snippet(atOffset: offset) }
  }
  return 0
}
