import Foundation
import Testing

@testable import Platform

/// A whole text reaches the descriptor, more than a pipe holds at once included.
struct DescriptorWriteTests {
  @Test(arguments: ["", "héllo\n", String(repeating: "😀 wide text\n", count: 10_000)])
  func everyByteIsWritten(text: String) async throws {
    let pipe = Pipe()
    let reader = pipe.fileHandleForReading
    let reading = Task.detached { reader.readDataToEndOfFile() }
    let written = DescriptorWrite.all(text, to: pipe.fileHandleForWriting.fileDescriptor)
    try pipe.fileHandleForWriting.close()
    let read = await reading.value
    #expect(written)
    #expect(String(decoding: read, as: UTF8.self) == text)
  }
}
