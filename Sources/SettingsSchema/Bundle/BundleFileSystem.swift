import Foundation
import Plist

/// How far the walk of a bundle folder goes. A Settings bundle holds a few
/// pages and tables; a tree near these bounds is a mistake (a repository
/// root given as the bundle) or hostile, and is cut off with a problem.
struct WalkLimits: Sendable, Hashable {
  /// Regular files listed.
  var maximumFiles = 20_000
  /// Folders read, the top level included.
  var maximumFolders = 1_000
  /// Names looked at, of any kind: links that lead nowhere and sockets cost a look too.
  var maximumNames = 100_000
  /// The deepest folder read (the top level is 0).
  var maximumDepth = 16

  static let standard = WalkLimits()
}

/// A folder as the kernel knows it: the same folder reached by two paths
/// (a symbolic link, a bind mount) has one identity.
struct FolderIdentity: Hashable {
  let device: UInt64
  let inode: UInt64

  init(_ info: stat) {
    device = UInt64(info.st_dev)
    inode = UInt64(info.st_ino)
  }
}

/// The files of a bundle folder, read without ever leaving it: paths with
/// `..` or a leading `/` are refused, symbolic links are followed only when
/// they end inside the bundle, and only regular files are read.
///
/// The walk is breadth first and reads each real folder once, under the
/// first path that reaches it (a folder's own subfolders before the links
/// in it): links to `.`, to a parent or to each other cannot make it
/// repeat itself. It is built in two steps, so that a path that is not a
/// bundle is refused after reading its top level only:
///
/// ```swift
/// var fileSystem = BundleFileSystem(root: url, limits: .standard)  // the top level
/// guard fileSystem.files.contains("Root.plist") else { … }
/// fileSystem.readSubfolders()                                       // the rest
/// ```
struct BundleFileSystem {
  let root: URL
  let realRoot: String
  let limits: ReadLimits
  let walkLimits: WalkLimits
  /// Bytes read instead of a listed file's (``LoadOptions/replacedFiles``).
  var replacedFiles: [String: [UInt8]] = [:]
  /// Paths (relative, `/`-separated) of the regular files inside the bundle.
  private(set) var files: [String] = []
  /// Names in the bundle that are no file it can read, with why: a symbolic
  /// link that leaves the bundle or leads nowhere, a FIFO, a socket, a device,
  /// a folder named like a page or a table. Each is a problem of the walk, and
  /// a reader that looks for the name (the root page, a language's table)
  /// finds it and is told why it does not read, instead of finding nothing.
  private(set) var unreadable: [String: ReadIssue] = [:]
  /// The folders read, in the order they were read (`""` is the top level).
  private(set) var folders: [String] = []
  /// Files reached through a symbolic link: only these need their real path checked again.
  private var linked = Set<String>()
  private var fileSet = Set<String>()
  private(set) var problems: [BundleProblem] = []
  /// Every folder read or waiting to be, with the path it is read under.
  private var claimed: [FolderIdentity: String] = [:]
  private var pending: [PendingFolder] = []
  private var namesSeen = 0
  /// A file or name limit was reached: nothing more is read.
  private var stopped = false
  /// The folder limit was reached: the folders claimed are read, no other.
  private var foldersFull = false

  private struct PendingFolder {
    let relative: String
    let depth: Int
    /// The path to open: under the root, or where a link inside the bundle leads.
    let path: String
    /// The folder is a link's target: open it following the link (it was checked to stay inside).
    let isLinkTarget: Bool
    let identity: FolderIdentity
    /// Reached through a link: its files have their real path checked again when read.
    let throughLink: Bool
  }

  /// Reads the top level of `root`; ``readSubfolders(visit:)`` reads the rest.
  init(root: URL, limits: ReadLimits, walkLimits: WalkLimits = .standard) {
    self.root = root
    self.realRoot = Self.realPath(root.path) ?? root.resolvingSymlinksInPath().path
    self.limits = limits
    self.walkLimits = walkLimits
    var info = stat()
    guard stat(root.path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return }
    let identity = FolderIdentity(info)
    claimed[identity] = ""
    read(
      PendingFolder(
        relative: "", depth: 0, path: root.path, isLinkTarget: true, identity: identity,
        throughLink: false),
      visit: { _ in })
    finish()
  }

  /// Whether a folder waiting to be read is a `.lproj` folder of the top level.
  var hasLanguageFolders: Bool {
    pending.contains { !$0.relative.contains("/") && $0.relative.hasSuffix(".lproj") }
  }

  /// Reads every folder below the top level, each real folder once, within ``walkLimits``.
  /// `visit` is told each folder as it is read.
  mutating func readSubfolders(visit: (String) -> Void = { _ in }) {
    var next = 0
    while next < pending.count, !stopped {
      let folder = pending[next]
      next += 1
      read(folder, visit: visit)
    }
    pending = []
    finish()
  }

  private mutating func finish() {
    files.sort()
    fileSet = Set(files)
  }

  /// `realpath(3)`: the path with every link resolved, or nil when it leads nowhere
  /// (a missing target, a loop of links).
  static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(validatingCString: resolved)
  }

  private mutating func stop(at relative: String, _ message: String) {
    stopped = true
    problems.append(
      BundleProblem(file: relative, issue: ReadIssue(.limit, .error, message), origin: .layout))
  }

  /// Lists one folder: files are recorded, subfolders queued (each real folder once).
  private mutating func read(_ folder: PendingFolder, visit: (String) -> Void) {
    let path = folder.path
    // A real folder is opened without following a link swapped in since it was listed,
    // and read only if it is still the folder that was listed.
    let descriptor = open(
      path, O_RDONLY | O_DIRECTORY | O_CLOEXEC | (folder.isLinkTarget ? 0 : O_NOFOLLOW))
    guard descriptor >= 0 else { return }
    var info = stat()
    guard fstat(descriptor, &info) == 0, FolderIdentity(info) == folder.identity,
      let directory = fdopendir(descriptor)
    else {
      close(descriptor)
      return
    }
    defer { closedir(directory) }
    folders.append(folder.relative)
    visit(folder.relative)
    let names = listNames(directory, folder: folder.relative)
    var subfolders: [PendingFolder] = []
    var linkedFolders: [PendingFolder] = []
    let fd = dirfd(directory)
    for name in names {
      let relative = folder.relative.isEmpty ? name : folder.relative + "/" + name
      var entry = stat()
      guard fstatat(fd, name, &entry, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
      switch entry.st_mode & S_IFMT {
      case S_IFREG:
        guard addFile(relative, throughLink: folder.throughLink) else { return }
      case S_IFDIR:
        refuseFolderNamedAsFile(relative)
        subfolders.append(
          PendingFolder(
            relative: relative, depth: folder.depth + 1, path: path + "/" + name,
            isLinkTarget: false, identity: FolderIdentity(entry), throughLink: folder.throughLink))
      case S_IFLNK:
        let full = path + "/" + name
        // A link that leads nowhere reads nothing.
        guard let target = Self.realPath(full) else {
          refuse(relative, ReadIssue(.syntax, .error, "a symbolic link that leads nowhere"))
          continue
        }
        guard isInside(target) else {
          refuse(
            relative,
            ReadIssue(
              .unsafeMarkup, .error,
              "a symbolic link that leaves the bundle (to \(target)); it is never followed"))
          continue
        }
        var targetInfo = stat()
        guard stat(target, &targetInfo) == 0 else {
          refuse(relative, ReadIssue(.syntax, .error, "a symbolic link that leads nowhere"))
          continue
        }
        switch targetInfo.st_mode & S_IFMT {
        case S_IFREG:
          guard addFile(relative, throughLink: true) else { return }
        case S_IFDIR:
          refuseFolderNamedAsFile(relative)
          linkedFolders.append(
            PendingFolder(
              relative: relative, depth: folder.depth + 1, path: target, isLinkTarget: true,
              identity: FolderIdentity(targetInfo), throughLink: true))
        default:
          refuse(
            relative,
            ReadIssue(
              .syntax, .error,
              "a symbolic link to \(Self.kindName(targetInfo.st_mode)), not a regular file; it is never read"
            ))
        }
      default:
        refuse(
          relative,
          ReadIssue(
            .syntax, .error,
            "\(Self.kindName(entry.st_mode)), not a regular file; it is never read"))
      }
    }
    for subfolder in subfolders + linkedFolders {
      guard !stopped else { return }
      claim(subfolder)
    }
  }

  /// A name the walk lists but cannot read: the reason a read of it gives,
  /// and a problem of the layout when it leaves the bundle or is named like a
  /// page or a table (what a reader looks for; a dangling link to an image
  /// is the missing image's finding). Nothing is opened (a FIFO would block).
  private mutating func refuse(_ relative: String, _ issue: ReadIssue) {
    unreadable[relative] = issue
    let readerLooksForIt = [".plist", ".strings", ".stringsdict"].contains {
      relative.hasSuffix($0)
    }
    guard readerLooksForIt || issue.kind == .unsafeMarkup else { return }
    problems.append(BundleProblem(file: relative, issue: issue, origin: .layout))
  }

  /// A folder named like a page or a table (`Root.plist/`, `en.lproj/Root.strings/`)
  /// stands where a reader looks for the file: refused as that file, read as a folder.
  private mutating func refuseFolderNamedAsFile(_ relative: String) {
    guard relative.hasSuffix(".plist") || relative.hasSuffix(".strings") else { return }
    refuse(relative, ReadIssue(.syntax, .error, "a folder, not a regular file; it is never read"))
  }

  /// What a file mode is, in words: "a FIFO", "a socket".
  static func kindName(_ mode: mode_t) -> String {
    switch mode & S_IFMT {
    case S_IFIFO: "a FIFO"
    case S_IFSOCK: "a socket"
    case S_IFCHR: "a character device"
    case S_IFBLK: "a block device"
    case S_IFDIR: "a folder"
    default: "a special file"
    }
  }

  /// Queues a folder unless it is read already (under another path) or past a limit.
  private mutating func claim(_ folder: PendingFolder) {
    if let first = claimed[folder.identity] {
      // Only a link (or a mount) reaches a folder twice: say which path it is read under.
      let shown = first.isEmpty ? "the bundle's top level" : "\"\(first)\""
      let message =
        folder.isLinkTarget
        ? "a symbolic link to \(shown), which is read already; it is not read again"
        : "the same folder as \(shown), where a symbolic link leads; it is read once, there"
      problems.append(
        BundleProblem(
          file: folder.relative, issue: ReadIssue(.suspicious, .warning, message),
          origin: .layout))
      return
    }
    guard folder.depth <= walkLimits.maximumDepth else {
      problems.append(
        BundleProblem(
          file: folder.relative,
          issue: ReadIssue(
            .limit, .error,
            "a folder more than \(walkLimits.maximumDepth) levels deep; it is not read"),
          origin: .layout))
      return
    }
    guard claimed.count < walkLimits.maximumFolders else {
      // The folders claimed so far are still read; no other is.
      if !foldersFull {
        foldersFull = true
        problems.append(
          BundleProblem(
            file: folder.relative,
            issue: ReadIssue(
              .limit, .error,
              "more than \(walkLimits.maximumFolders) folders; the rest are not read"),
            origin: .layout))
      }
      return
    }
    claimed[folder.identity] = folder.relative
    pending.append(folder)
  }

  /// Records a file; false once the file limit is reached (the walk then stops).
  private mutating func addFile(_ relative: String, throughLink: Bool) -> Bool {
    guard files.count < walkLimits.maximumFiles else {
      stop(at: relative, "more than \(walkLimits.maximumFiles) files; the rest are not read")
      return false
    }
    files.append(relative)
    if throughLink { linked.insert(relative) }
    return true
  }

  /// The names in a folder, sorted, at most as many as the name budget has left.
  private mutating func listNames(_ directory: OpaquePointer, folder: String) -> [String] {
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes -> String? in
        guard let base = bytes.bindMemory(to: CChar.self).baseAddress else { return nil }
        return String(validatingCString: base)
      }
      // A name that is not UTF-8 cannot be named in a plist or a message.
      guard let name, name != ".", name != ".." else { continue }
      guard namesSeen < walkLimits.maximumNames else {
        stop(
          at: folder,
          "more than \(walkLimits.maximumNames) names in the bundle's folders; the rest are not read"
        )
        break
      }
      namesSeen += 1
      names.append(name)
    }
    return names.sorted()
  }

  func isInside(_ realPath: String) -> Bool {
    Self.isInside(realPath, realRoot: realRoot)
  }

  /// Where a path of the bundle really is, or nil when it leaves the bundle:
  /// the one containment rule for reading and for writing. The path must be
  /// relative without `..`, and every symbolic link on it must end inside the
  /// bundle (a dangling link is refused: what it would create is unknown).
  /// The parts that do not exist yet (a folder or file a write creates) are
  /// taken as written.
  static func containedRealPath(_ path: String, realRoot: String) -> String? {
    guard unsafeReason(path) == nil else { return nil }
    var current = realRoot
    var components = path.split(separator: "/").filter { $0 != "." }[...]
    while let component = components.popFirst() {
      let candidate = current + "/" + component
      var info = stat()
      guard lstat(candidate, &info) == 0 else {
        return ([current] + ([component] + components).map(String.init)).joined(separator: "/")
      }
      guard info.st_mode & S_IFMT == S_IFLNK else {
        current = candidate
        continue
      }
      guard let target = realPath(candidate), isInside(target, realRoot: realRoot) else {
        return nil
      }
      current = target
    }
    return current
  }

  private static func isInside(_ realPath: String, realRoot: String) -> Bool {
    realPath == realRoot || realPath.hasPrefix(realRoot.hasSuffix("/") ? realRoot : realRoot + "/")
  }

  /// Why a path written in a plist may not be followed, or nil when it may.
  static func unsafeReason(_ path: String) -> String? {
    if path.hasPrefix("/") { return "an absolute path" }
    if path.split(separator: "/").contains("..") { return "a path with '..'" }
    if path.contains("\\") { return "a path with a backslash" }
    return nil
  }

  /// The bytes of a file found by the walk.
  func read(_ path: String) throws(ReadIssue) -> [UInt8] {
    if let refused = unreadable[path] { throw refused }
    if let replaced = replacedFiles[path], fileSet.contains(path) {
      guard replaced.count <= limits.maximumBytes else {
        throw ReadIssue(
          .limit, .error,
          "the file is \(replaced.count) bytes, more than the \(limits.maximumBytes) prefs reads")
      }
      return replaced
    }
    let full = root.path + "/" + path
    guard Self.unsafeReason(path) == nil else {
      throw ReadIssue(.unsafeMarkup, .error, "the path leaves the bundle; it is never read")
    }
    // The walk saw every other file as a regular file inside the bundle; a linked one
    // is checked again where it points now.
    let real: String
    let isLinked = linked.contains(path) || !fileSet.contains(path)
    if isLinked {
      guard let resolved = Self.realPath(full) else {
        throw ReadIssue(.syntax, .error, "not a regular file")
      }
      // Every link on the way must stay inside, not only where the path ends.
      guard isInside(resolved), let contained = Self.containedRealPath(path, realRoot: realRoot)
      else {
        throw ReadIssue(.unsafeMarkup, .error, "the path leaves the bundle; it is never read")
      }
      real = contained
    } else {
      real = full
    }
    var info = stat()
    guard stat(real, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
      throw ReadIssue(.syntax, .error, "not a regular file")
    }
    let size = Int(info.st_size)
    guard size <= limits.maximumBytes else {
      throw ReadIssue(
        .limit, .error,
        "the file is \(size) bytes, more than the \(limits.maximumBytes) prefs reads")
    }
    // Read straight into the array the readers take: one copy instead of two.
    // A file the walk saw as regular must still be one: never follow a link swapped in since.
    // O_NONBLOCK: a FIFO swapped in since the stat must not block the open.
    let descriptor = open(real, O_RDONLY | O_NONBLOCK | (isLinked ? 0 : O_NOFOLLOW))
    guard descriptor >= 0 else {
      throw ReadIssue(
        .syntax, .error, "the file cannot be opened (\(String(cString: strerror(errno))))")
    }
    defer { close(descriptor) }
    var opened = stat()
    guard fstat(descriptor, &opened) == 0, opened.st_mode & S_IFMT == S_IFREG else {
      throw ReadIssue(.syntax, .error, "not a regular file")
    }
    // One byte more than the size, to notice a file that grew while read.
    var failed = false
    var bytes = [UInt8](unsafeUninitializedCapacity: size + 1) { buffer, initialized in
      var filled = 0
      while filled < buffer.count {
        guard let base = buffer.baseAddress else { break }
        let count = Foundation.read(descriptor, base + filled, buffer.count - filled)
        if count < 0, errno == EINTR { continue }
        if count < 0 { failed = true }
        if count <= 0 { break }
        filled += count
      }
      initialized = filled
    }
    guard !failed else { throw ReadIssue(.syntax, .error, "the file cannot be read") }
    var filled = bytes.count
    // The file grew: read the rest, up to the limit.
    if filled == size + 1 {
      var chunk = [UInt8](repeating: 0, count: 65536)
      while filled <= limits.maximumBytes {
        let count = chunk.withUnsafeMutableBytes {
          Foundation.read(descriptor, $0.baseAddress, $0.count)
        }
        if count < 0, errno == EINTR { continue }
        if count <= 0 { break }
        bytes += chunk[0..<count]
        filled += count
      }
    }
    guard filled <= limits.maximumBytes else {
      throw ReadIssue(
        .limit, .error, "the file is larger than the \(limits.maximumBytes) bytes prefs reads")
    }
    return bytes
  }
}
