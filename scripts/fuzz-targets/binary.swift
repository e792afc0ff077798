// libFuzzer target: bytes behind the bplist00 magic, so every input reaches the binary reader.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array("bplist00".utf8) + Array(UnsafeBufferPointer(start: data, count: size))
  _ = try? PropertyListReader.read(bytes, limits: ReadLimits(maximumBytes: 1 << 20, maximumObjects: 100_000))
  return 0
}
