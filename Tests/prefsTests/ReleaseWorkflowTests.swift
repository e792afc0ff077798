import Foundation
import TestSupport
import Testing
import Yams

/// .github/workflows/release.yml is valid YAML that GitHub runs on a version
/// tag, runs scripts/release into one folder, and attaches what the script
/// writes there (the archive and its checksum) to the release.
struct ReleaseWorkflowTests {
  static let workflowURL = Paths.repository.appendingPathComponent(
    ".github/workflows/release.yml")

  func workflow() throws -> [String: Any] {
    let text = try String(contentsOf: Self.workflowURL, encoding: .utf8)
    return try #require(try Yams.load(yaml: text) as? [String: Any])
  }

  func steps() throws -> [[String: Any]] {
    let jobs = try #require(try workflow()["jobs"] as? [String: Any])
    return jobs.values.compactMap { $0 as? [String: Any] }
      .flatMap { ($0["steps"] as? [[String: Any]]) ?? [] }
  }

  @Test func runsOnVersionTags() throws {
    // YAML 1.1 reads a bare `on` as true; GitHub reads it as the key "on".
    let workflow = try workflow()
    let trigger = try #require((workflow["on"] ?? workflow["true"]) as? [String: Any])
    let push = try #require(trigger["push"] as? [String: Any])
    let tags = try #require(push["tags"] as? [String])
    #expect(tags == ["v*"])
  }

  @Test func runsTheReleaseScriptAndAttachesWhatItWrites() throws {
    let steps = try steps()
    let runs = steps.compactMap { $0["run"] as? String }
    let release = try #require(runs.first { $0.contains("scripts/release") })
    let words = release.split(separator: " ").map(String.init)
    #expect(words.count == 2 && words[0] == "scripts/release", "\(release)")
    let folder = words.last ?? ""
    let upload = try #require(
      steps.first { ($0["uses"] as? String)?.hasPrefix("softprops/action-gh-release@") == true })
    let files = try #require((upload["with"] as? [String: Any])?["files"] as? String)
      .split(separator: "\n").map(String.init)
    #expect(files == ["\(folder)/*.tar.gz", "\(folder)/*.tar.gz.sha256"])
    let script = try String(
      contentsOf: Paths.repository.appendingPathComponent("scripts/release"), encoding: .utf8)
    #expect(script.contains("\"$dir/$name.tar.gz\""))
    #expect(script.contains("\"$name.tar.gz.sha256\""))
  }

  /// Every action is pinned to a version, and the job builds with the
  /// toolchain the package is made for.
  @Test func actionsArePinnedAndTheToolchainMatches() throws {
    for step in try steps() {
      guard let uses = step["uses"] as? String else { continue }
      #expect(uses.split(separator: "@").count == 2, "\(uses)")
    }
    let jobs = try #require(try workflow()["jobs"] as? [String: Any])
    let job = try #require(jobs["linux"] as? [String: Any])
    #expect(job["container"] as? String == "swift:6.3-noble")
  }
}
