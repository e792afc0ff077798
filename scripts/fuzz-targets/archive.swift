import Foundation

// libFuzzer target: any bytes read as an NSKeyedArchiver archive (seeded with real
// archives); a tree that reads is rendered as text, JSON and a summary too.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Data(UnsafeBufferPointer(start: data, count: size))
  if let tree = try? KeyedArchive.read(bytes, limits: KeyedArchive.Limits(maximumBytes: 1 << 20)) {
    _ = tree.text()
    _ = tree.json.renderedCompact()
    _ = tree.summary
  }
  return 0
}
