import Foundation
import KeyedArchive
import Plist
import TestSupport
import Testing

/// `readIfArchive` is `isArchive` then `read` in one reading: nil exactly where
/// `isArchive` says no, else the tree `read` gives or the error it throws.
@Suite struct ReadIfArchiveTests {
  @Test func readIfArchiveIsIsArchiveThenRead() throws {
    var random = SplitMix64(seed: "read-if-archive")
    let seeds =
      try ArchiveFuzzTests.seeds() + [
        Data(), Data("bplist00".utf8), Data("<plist><string>a</string></plist>".utf8),
        Data("{ \"$archiver\" = NSKeyedArchiver; }".utf8),
      ]
    var inputs = seeds
    for _ in 0..<1500 { inputs.append(ArchiveFuzzTests.mutate(random.pick(seeds), &random)) }
    var kinds = (none: 0, trees: 0, errors: 0)
    for data in inputs {
      let once: Result<ArchiveTree?, KeyedArchiveError> = Result { () throws(KeyedArchiveError) in
        try KeyedArchive.readIfArchive(data)
      }
      guard KeyedArchive.isArchive(data) else {
        #expect(try once.get() == nil)
        kinds.none += 1
        continue
      }
      let twice: Result<ArchiveTree?, KeyedArchiveError> = Result { () throws(KeyedArchiveError) in
        try KeyedArchive.read(data)
      }
      #expect(once == twice)
      if case .success = twice { kinds.trees += 1 } else { kinds.errors += 1 }
    }
    #expect(kinds.none > 0 && kinds.trees > 0 && kinds.errors > 0)
  }
}
