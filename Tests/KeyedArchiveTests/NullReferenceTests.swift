import Foundation
import KeyedArchive
import Plist
import Testing

/// NSKeyedUnarchiver reads a reference to the string `$null` as nil, wherever
/// that string stands in `$objects`, and reference 0 as whatever object 0 is.
@Suite struct NullReferenceTests {
  @Test(arguments: [
    ([PlistValue.string("$null"), .string("a")], Int64(0), ArchiveNode.Kind.null),
    ([.string("$null"), .string("a"), .string("$null")], 2, .null),
    ([.string("x"), .string("a")], 0, .string("x")),
  ])
  func aReferenceToTheNullStringIsNil(
    objects: [PlistValue], root: Int64, expected: ArchiveNode.Kind
  )
    throws
  {
    let archive: PlistValue = .dictionary([
      "$archiver": .string("NSKeyedArchiver"), "$version": .integer(100000),
      "$top": .dictionary(["root": .dictionary(["CF$UID": .integer(root)])]),
      "$objects": .array(objects),
    ])
    let tree = try KeyedArchive.read(Data(try XMLPlistWriter.write(archive)))
    #expect(tree.root?.kind == expected)
  }
}
