// libFuzzer target: any bytes through the .strings reader, then every issue rendered.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  do {
    let result = try StringsReader.read(bytes, limits: ReadLimits(maximumBytes: 1 << 20))
    _ = result.file.lookup
    for issue in result.issues {
      _ = CompilerStyleFormatter.format(file: "f", severity: issue.severity, message: issue.message, place: issue.place)
    }
  } catch {
    _ = CompilerStyleFormatter.format(file: "f", severity: error.severity, message: error.message, place: error.place)
  }
  return 0
}
