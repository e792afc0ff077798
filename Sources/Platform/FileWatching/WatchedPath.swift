#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Path arithmetic and `stat` questions the watches share.
enum WatchedPath {
  /// `path` against the working directory, without a trailing slash.
  static func absolute(_ path: String) -> String {
    var absolute = path.hasPrefix("/") ? path : workingDirectory() + "/" + path
    while absolute.count > 1, absolute.hasSuffix("/") { absolute.removeLast() }
    return absolute
  }

  static func parent(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return "/" }
    return String(path[..<slash])
  }

  /// Whether `path` is a folder, or a link to one (as inotify follows it).
  static func isFolder(_ path: String) -> Bool {
    var status = stat()
    return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
  }

  private static func workingDirectory() -> String {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    guard getcwd(&buffer, buffer.count) != nil else { return "." }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
