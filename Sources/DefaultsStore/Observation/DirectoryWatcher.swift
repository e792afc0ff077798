import Dispatch
import Foundation

/// Watches one file name in a folder with inotify. The folder is watched,
/// not the file: writers replace the file by rename, which a watch on the
/// file itself would lose.
final class DirectoryWatcher: @unchecked Sendable {
  private let source: any DispatchSourceRead

  /// Calls `onChange` (on `queue`) whenever `fileName` in `directory` is
  /// written, replaced, created or removed; nil when inotify is unavailable.
  init?(
    directory: String, fileName: String, queue: DispatchQueue,
    onChange: @escaping @Sendable () -> Void
  ) {
    let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
    guard descriptor >= 0 else { return nil }
    let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE)
    guard inotify_add_watch(descriptor, directory, mask) >= 0 else {
      close(descriptor)
      return nil
    }
    let name = Array(fileName.utf8)
    source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
    source.setEventHandler {
      if Self.drain(descriptor, matching: name) { onChange() }
    }
    source.setCancelHandler { close(descriptor) }
    source.resume()
  }

  /// Reads every pending event; true when one concerns the file (or events were lost).
  private static func drain(_ descriptor: Int32, matching name: [UInt8]) -> Bool {
    var matched = false
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
      guard count > 0 else { break }
      var offset = 0
      let headerSize = MemoryLayout<inotify_event>.size
      while offset + headerSize <= count {
        let (mask, length) = buffer.withUnsafeBytes { raw in
          let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
          return (event.mask, Int(event.len))
        }
        if mask & UInt32(IN_Q_OVERFLOW) != 0 { matched = true }
        if length > 0 {
          let start = offset + headerSize
          let field = buffer[start..<min(count, start + length)]
          let eventName = field.prefix { $0 != 0 }
          if eventName.elementsEqual(name) { matched = true }
        }
        offset += headerSize + length
      }
    }
    return matched
  }

  func cancel() { source.cancel() }

  deinit { source.cancel() }
}
