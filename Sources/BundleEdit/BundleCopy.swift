import Foundation
import SettingsSchema

/// Why a copy of a bundle was not made. Whatever the case, the bundle is
/// untouched and the output is as it was.
public enum BundleCopyError: Error, Sendable, Hashable {
  /// The output is the bundle, or inside it, or holds it.
  case outputOverlapsBundle(output: String)
  /// The output exists and is not a Settings bundle (a file, another folder):
  /// it is never replaced.
  case outputNotABundle(output: String)
  /// The folder the output goes in does not exist.
  case noParentFolder(output: String)
  /// A changed file would be written through a link out of the copy.
  case leavesCopy(path: String)
  /// A file system call failed (`code` is its `errno`).
  case failed(path: String, step: String, code: Int32)
}

/// A copy of a bundle with some files replaced and some removed, put in place
/// at once: it is made beside the output under a temporary name, then renamed
/// over it, so that a build never sees half a bundle. An output that exists
/// must itself be a Settings bundle (the previous build's), never any other
/// folder or file; the output may not be the bundle, inside it, or around it.
///
/// ```swift
/// try BundleCopy.write(
///   from: "App/Settings.bundle", to: "build/Settings.bundle",
///   replacing: stripped.files, removing: stripped.removedFiles)
/// ```
public enum BundleCopy {
  public static func write(
    from bundle: String, to output: String, replacing files: [String: [UInt8]],
    removing removed: [String]
  ) throws(BundleCopyError) {
    let outputURL = URL(fileURLWithPath: output).standardizedFileURL
    let parent = outputURL.deletingLastPathComponent().path
    guard let realBundle = SettingsBundle.realPath(bundle) else {
      throw .failed(path: bundle, step: "read the bundle", code: ENOENT)
    }
    guard let realParent = SettingsBundle.realPath(parent) else {
      throw .noParentFolder(output: output)
    }
    let realOutput = (realParent == "/" ? "" : realParent) + "/" + outputURL.lastPathComponent
    let resolvedOutput = SettingsBundle.realPath(output) ?? realOutput
    for candidate in [realOutput, resolvedOutput]
    where candidate == realBundle || candidate.hasPrefix(realBundle + "/")
      || realBundle.hasPrefix(candidate + "/")
    {
      throw .outputOverlapsBundle(output: output)
    }
    var info = stat()
    let exists = lstat(realOutput, &info) == 0
    if exists {
      guard info.st_mode & S_IFMT == S_IFDIR,
        (try? SettingsBundle.check(at: realOutput)) != nil
      else { throw .outputNotABundle(output: output) }
    }
    let temporary = realParent + "/.prefs-build-\(UUID().uuidString)"
    do {
      try FileManager.default.copyItem(atPath: realBundle, toPath: temporary)
    } catch {
      try? FileManager.default.removeItem(atPath: temporary)
      throw .failed(path: output, step: "copy the bundle", code: Self.code(of: error))
    }
    do throws(BundleCopyError) {
      try change(temporary, replacing: files, removing: removed)
      if exists {
        let old = realParent + "/.prefs-old-\(UUID().uuidString)"
        guard rename(realOutput, old) == 0 else {
          throw .failed(path: output, step: "move the previous copy aside", code: errno)
        }
        guard rename(temporary, realOutput) == 0 else {
          let code = errno
          rename(old, realOutput)
          throw .failed(path: output, step: "put the copy in place", code: code)
        }
        try? FileManager.default.removeItem(atPath: old)
      } else {
        guard rename(temporary, realOutput) == 0 else {
          throw .failed(path: output, step: "put the copy in place", code: errno)
        }
      }
    } catch {
      try? FileManager.default.removeItem(atPath: temporary)
      throw error
    }
  }

  /// The copy's files replaced and removed, each by the loader's containment rule.
  private static func change(
    _ copy: String, replacing files: [String: [UInt8]], removing removed: [String]
  ) throws(BundleCopyError) {
    for (path, bytes) in files.sorted(by: { $0.key < $1.key }) {
      guard let real = SettingsBundle.containedPath(path, inBundle: copy) else {
        throw .leavesCopy(path: path)
      }
      // Written where the file really is: a link may lead elsewhere in the copy, never out.
      guard FileManager.default.createFile(atPath: real, contents: Data(bytes)) else {
        throw .failed(path: path, step: "write the changed file", code: errno)
      }
    }
    for path in removed {
      guard let real = SettingsBundle.containedPath(path, inBundle: copy) else {
        throw .leavesCopy(path: path)
      }
      guard unlink(real) == 0 || errno == ENOENT else {
        throw .failed(path: path, step: "remove the file", code: errno)
      }
    }
  }

  private static func code(of error: any Error) -> Int32 {
    let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
    return Int32(truncatingIfNeeded: underlying?.code ?? Int(EIO))
  }
}
