extension SettingsBundle {
  /// The files an image name written in a page (a slider's `MinimumValueImage`)
  /// may be, in the order they are looked for: a name with an extension as
  /// written, then its `@2x` and `@3x` variants; a name without one with `.png`
  /// added (UIImage's `imageNamed:` adds it), then those variants.
  ///
  /// ```swift
  /// SettingsBundle.imageCandidates(for: "VolumeLow")
  /// // ["VolumeLow", "VolumeLow.png", "VolumeLow@2x.png", "VolumeLow@3x.png"]
  /// ```
  public static func imageCandidates(for name: String) -> [String] {
    let hasExtension = name.split(separator: "/").last?.contains(".") ?? false
    if hasExtension, let dot = name.lastIndex(of: ".") {
      let stem = name[..<dot]
      let ext = name[dot...]
      return [name, "\(stem)@2x\(ext)", "\(stem)@3x\(ext)"]
    }
    return [name, name + ".png", name + "@2x.png", name + "@3x.png"]
  }

  /// The file of the bundle an image name stands for: the first of
  /// ``imageCandidates(for:)`` the bundle has; nil when it has none, or the
  /// name would leave the bundle (absolute, `..`).
  ///
  /// ```swift
  /// bundle.imageFile(named: "VolumeLow")  // "VolumeLow.png"
  /// ```
  public func imageFile(named name: String) -> String? {
    guard !name.isEmpty, Self.unsafeReason(ofPath: name) == nil else { return nil }
    let files = Set(self.files)
    return Self.imageCandidates(for: name).first(where: files.contains)
  }
}
