// libFuzzer target: the source scanner of `lint --sources`. The input is one
// file's text, scanned as Swift and as Objective-C in the same scan (so both
// run on the threads the scan uses). Nothing may crash, hang or overflow a
// stack; a skipped file is named at a line of the file, and every use is
// placed on a line of its file.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let scan = SourceScanner.scan(sources: [("Fuzz.swift", bytes), ("Fuzz.m", bytes)])
  let lines = bytes.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
  for skipped in scan.skipped {
    precondition(skipped.file == "Fuzz.swift", "only Swift is checked for nesting")
    precondition((1...lines).contains(skipped.line ?? 1), "a skipped line outside the file")
  }
  for use in scan.uses {
    precondition((1...lines).contains(use.place.line), "a use outside the file")
  }
  return 0
}
