/// Bounds every reader enforces, so hostile input cannot exhaust memory or the stack.
///
/// ```swift
/// let document = try PropertyListReader.read(data, limits: ReadLimits(maximumDepth: 64))
/// ```
public struct ReadLimits: Sendable, Hashable {
  /// Largest file read, in bytes: at most `largestReadable`, whatever is asked.
  public var maximumBytes: Int {
    get { storedMaximumBytes }
    set { storedMaximumBytes = min(max(newValue, 0), Self.largestReadable) }
  }
  private var storedMaximumBytes: Int
  /// Deepest nesting of arrays and dictionaries.
  public var maximumDepth: Int
  /// Most values a binary plist may expand to (shared objects count each time they are used,
  /// counted from the object table before anything is built, so a bomb of shared references is
  /// refused in microseconds). A million is over a hundred times the largest Settings page.
  public var maximumObjects: Int

  public init(
    maximumBytes: Int = 64 << 20, maximumDepth: Int = 200, maximumObjects: Int = 1_000_000
  ) {
    self.storedMaximumBytes = min(max(maximumBytes, 0), Self.largestReadable)
    self.maximumDepth = maximumDepth
    self.maximumObjects = maximumObjects
  }

  public static let standard = ReadLimits()

  /// The most bytes every reader can take: libxml2 takes a document's length as a C
  /// `int`, so a larger limit would trap instead of refusing the file.
  public static let largestReadable = Int(Int32.max)

  /// Refuses input over the size limit, and empty input (iOS reads no value from it).
  func checkSize(of bytes: [UInt8], emptyMessage: String) throws(ReadIssue) {
    guard bytes.count <= maximumBytes else {
      throw ReadIssue(
        .limit, .error, "the file is \(bytes.count) bytes, more than the \(maximumBytes) read")
    }
    guard !bytes.isEmpty else { throw ReadIssue(.syntax, .error, emptyMessage) }
  }
}
