import Plist

/// One value a multi value, radio group or title value offers, with the
/// titles written beside it.
///
/// The pairing rule, the one every reader of `Values` follows: the value at
/// position *i* of `Values` has the entry at position *i* of `Titles` as its
/// title and the entry at *i* of `ShortTitles` as its short title. An entry
/// that is missing (the list is shorter, or absent) or is not a string gives
/// no title (`nil`); a value without a title is shown by its own text
/// (``displayTitle``), as InAppSettingsKit's `titleForCurrentValue:` finds no
/// title for it. Titles beyond the last value belong to no value.
///
/// ```swift
/// // Values (0, 1), Titles ("Off"), ShortTitles absent
/// specifier.choices  // [SpecifierChoice(value: .integer(0), title: "Off"),
///                    //  SpecifierChoice(value: .integer(1), title: nil)]
/// specifier.choices?[1].displayTitle  // "1"
/// ```
public struct SpecifierChoice: Sendable, Hashable {
  /// The value stored when this choice is picked, as written in `Values`.
  public var value: PlistValue
  /// The raw (not yet localized) entry of `Titles` beside the value, when it is a string.
  public var title: String?
  /// The raw entry of `ShortTitles` beside the value, when it is a string.
  public var shortTitle: String?

  public init(value: PlistValue, title: String? = nil, shortTitle: String? = nil) {
    self.value = value
    self.title = title
    self.shortTitle = shortTitle
  }

  /// The title, else the value's own text (``SpecifierValue/text(of:)``).
  public var displayTitle: String { title ?? SpecifierValue.text(of: value) }
}

/// A slider's `MinimumValue` and `MaximumValue`, as written and as iOS reads them.
///
/// ```swift
/// // MinimumValue "40" (a string), MaximumValue absent
/// slider.range.minimum         // 40: UISlider gets floatValue
/// slider.range.maximum         // 1: UISlider's own maximum
/// slider.range.writtenMinimum  // nil: no number is written
/// ```
public struct SliderRange: Sendable, Hashable {
  /// `MinimumValue` when it is a number (integer or real); nil when missing or of another type.
  public var writtenMinimum: Double?
  /// `MaximumValue` when it is a number; nil when missing or of another type.
  public var writtenMaximum: Double?
  /// The minimum UISlider gets: the `floatValue` of what is written (so the
  /// string `"40"` is 40), 0 when nothing is.
  public var minimum: Double
  /// The maximum UISlider gets: the `floatValue` of what is written, 1 when nothing is.
  public var maximum: Double

  public init(writtenMinimum: Double?, writtenMaximum: Double?, minimum: Double, maximum: Double) {
    self.writtenMinimum = writtenMinimum
    self.writtenMaximum = writtenMaximum
    self.minimum = minimum
    self.maximum = maximum
  }
}

/// What a toggle stores when on and when off.
///
/// ```swift
/// // TrueValue "YES", FalseValue absent
/// toggle.toggleStates.on          // .string("YES")
/// toggle.toggleStates.off         // .bool(false)
/// toggle.toggleStates.writtenOff  // nil
/// ```
public struct ToggleStates: Sendable, Hashable {
  /// `TrueValue` as written, nil when absent.
  public var writtenOn: PlistValue?
  /// `FalseValue` as written, nil when absent.
  public var writtenOff: PlistValue?

  /// What is stored when on: `TrueValue`, else the boolean true.
  public var on: PlistValue { writtenOn ?? .bool(true) }
  /// What is stored when off: `FalseValue`, else the boolean false.
  public var off: PlistValue { writtenOff ?? .bool(false) }
  public init(writtenOn: PlistValue? = nil, writtenOff: PlistValue? = nil) {
    self.writtenOn = writtenOn
    self.writtenOff = writtenOff
  }

  /// Whether the element names a value of its own for either state.
  public var hasOwnValues: Bool { writtenOn != nil || writtenOff != nil }
}

extension Specifier {
  /// The values the element offers with their titles, paired as
  /// ``SpecifierChoice`` says; nil when `Values` is missing or no array.
  ///
  /// ```swift
  /// bundle.specifier(forKey: "theme")?.specifier.choices?.map(\.displayTitle)  // ["Dark", "Light"]
  /// ```
  public var choices: [SpecifierChoice]? {
    guard let values = node["Values"]?.array else { return nil }
    let titles = node["Titles"]?.array ?? []
    let shortTitles = node["ShortTitles"]?.array ?? []
    return values.indices.map { index in
      SpecifierChoice(
        value: values[index].value,
        title: index < titles.count ? titles[index].string : nil,
        shortTitle: index < shortTitles.count ? shortTitles[index].string : nil)
    }
  }

  /// The values of `Values` alone (empty when there is no list), in order.
  public var choiceValues: [PlistValue] { choices?.map(\.value) ?? [] }

  /// Whether the element writes a `ShortTitles` list (of any length).
  public var hasShortTitles: Bool { node["ShortTitles"]?.array != nil }

  /// The title written beside `value` in Values, raw (not yet localized); nil
  /// when `value` is none of them or has no title. `short`: a row's text, for
  /// which ShortTitles, when written, stand in for Titles (InAppSettingsKit's
  /// `titleForCurrentValue:`), even where a value has no short title.
  ///
  /// ```swift
  /// theme.choiceTitle(for: .string("dark"), short: true)  // "Dark"
  /// ```
  public func choiceTitle(for value: PlistValue, short: Bool) -> String? {
    guard let choice = choices?.first(where: { $0.value == value }) else { return nil }
    return short && hasShortTitles ? choice.shortTitle : choice.title
  }

  /// Every string entry of `Titles`, in order, whether or not a value stands beside it.
  public var titleList: [String] { node["Titles"]?.array?.compactMap(\.string) ?? [] }

  /// A slider's range (``SliderRange``).
  ///
  /// ```swift
  /// let range = slider.range
  /// (range.minimum, range.maximum)  // (0, 100)
  /// ```
  public var range: SliderRange {
    SliderRange(
      writtenMinimum: node["MinimumValue"]?.number, writtenMaximum: node["MaximumValue"]?.number,
      minimum: node["MinimumValue"].map { SpecifierValue.floatValue(of: $0.value) } ?? 0,
      maximum: node["MaximumValue"].map { SpecifierValue.floatValue(of: $0.value) } ?? 1)
  }

  /// A toggle's `TrueValue` and `FalseValue` (``ToggleStates``).
  ///
  /// ```swift
  /// toggle.toggleStates.on  // .bool(true) when no TrueValue is written
  /// ```
  public var toggleStates: ToggleStates {
    ToggleStates(writtenOn: node["TrueValue"]?.value, writtenOff: node["FalseValue"]?.value)
  }

  /// `FooterText` when it is a non-empty string, raw (not yet localized).
  ///
  /// ```swift
  /// group.footerText  // "Shown under the group"
  /// ```
  public var footerText: String? {
    guard let text = node["FooterText"]?.string, !text.isEmpty else { return nil }
    return text
  }

  /// `KeyboardType` as written, else `Alphabet` (the keyboard iOS shows without one).
  ///
  /// ```swift
  /// field.keyboardType  // "NumberPad"
  /// ```
  public var keyboardType: String { node["KeyboardType"]?.string ?? "Alphabet" }

  /// Whether `IsSecure` is the boolean true (a text field that masks what is typed).
  ///
  /// ```swift
  /// password.isSecure  // true
  /// ```
  public var isSecure: Bool { node["IsSecure"]?.bool ?? false }

  /// `DatePickerMode` as written (InAppSettingsKit's date picker), nil when absent.
  ///
  /// ```swift
  /// picker.datePickerMode  // "Date"
  /// ```
  public var datePickerMode: String? { node["DatePickerMode"]?.string }

  /// The string recipients of an InAppSettingsKit mail composer (`IASKMailComposeToRecipents`).
  ///
  /// ```swift
  /// mail.mailRecipients  // ["support@example.com"]
  /// ```
  public var mailRecipients: [String] {
    node["IASKMailComposeToRecipents"]?.array?.compactMap(\.string) ?? []
  }

  /// The subject of an InAppSettingsKit mail composer (`IASKMailComposeSubject`).
  public var mailSubject: String? { node["IASKMailComposeSubject"]?.string }

  /// The app's screen an InAppSettingsKit child pane opens, by the key
  /// InAppSettingsKit tries first (`tableView:didSelectRowAtIndexPath:`: a
  /// storyboard identifier, a class, then a segue); nil when it names none.
  ///
  /// ```swift
  /// pane.appViewName  // "AboutViewController"
  /// ```
  public var appViewName: String? {
    for key in ["IASKViewControllerStoryBoardId", "IASKViewControllerClass", "IASKSegueIdentifier"]
    {
      if let name = node[key]?.string, !name.isEmpty { return name }
    }
    return nil
  }

  /// The `ItemSpecifier` of an InAppSettingsKit list group: how each item is shown.
  ///
  /// ```swift
  /// list.itemSpecifier?.key  // "name"
  /// ```
  public var itemSpecifier: Specifier? {
    node["ItemSpecifier"].map { Specifier(index: index, node: $0) }
  }

  /// What an item of this InAppSettingsKit list group shows, as InAppSettingsKit
  /// reads it by the `ItemSpecifier`: the item's entry under the ItemSpecifier's
  /// Key when the item is a dictionary that has one, else the item; a value in
  /// the ItemSpecifier's Values by its title; a dictionary without that entry
  /// by the ItemSpecifier's Title; else the value's text. Titles go through
  /// `localized`; nothing is escaped (the form, the pictures escape for their own output).
  ///
  /// ```swift
  /// list.itemTitle(of: .integer(1)) { bundle.localized($0 ?? "", on: page) }  // "one"
  /// ```
  public func itemTitle(of item: PlistValue, localized: (String?) -> String) -> String {
    guard let itemSpecifier else { return SpecifierValue.text(of: item) }
    var shown = item
    if case .dictionary(let entries) = item {
      guard let key = itemSpecifier.key, let entry = entries[PlistKey(key)] else {
        return localized(itemSpecifier.title)
      }
      shown = entry
    }
    if let title = itemSpecifier.choices?.first(where: { $0.value == shown })?.title {
      return localized(title)
    }
    return SpecifierValue.text(of: shown)
  }

  /// The title of an InAppSettingsKit list group's add row: its `AddSpecifier`'s
  /// `Title`, else its `IASKPlaceholder`; nil without an `AddSpecifier`.
  ///
  /// ```swift
  /// list.addTitle  // "Add a server"
  /// ```
  public var addTitle: String?? {
    guard let add = node["AddSpecifier"] else { return nil }
    return .some(add["Title"]?.string ?? add["IASKPlaceholder"]?.string)
  }
}

extension SettingsBundle {
  /// The defaults domain the bundle's values are stored in, as iOS picks it:
  /// the root page's `ApplicationGroupContainerIdentifier`, else the
  /// `CFBundleIdentifier` of the `Info.plist` beside the bundle (the app's);
  /// nil when neither names one, or the identifier is an Xcode build setting
  /// (`$(PRODUCT_BUNDLE_IDENTIFIER)`) only a build fills in.
  ///
  /// ```swift
  /// try SettingsBundle.load(at: "Examples/Conversor/Settings.bundle").defaultsDomain
  /// // "com.example.conversor"
  /// ```
  public var defaultsDomain: String? { defaultsDomain(besideBundleAt: path) }

  /// ``defaultsDomain`` with the `Info.plist` looked for beside `folder` (the
  /// bundle's own place, when ``path`` is a path as a user gave it, relative
  /// to a directory other than the process's).
  public func defaultsDomain(besideBundleAt folder: String) -> String? {
    if let group = applicationGroup, !group.isEmpty {
      return group
    }
    guard let identifier = infoPlistIdentifier(besideBundleAt: folder),
      !identifier.contains("$(")
    else { return nil }
    return identifier
  }

  /// The `CFBundleIdentifier` of the `Info.plist` beside the bundle, as written
  /// (a build setting such as `$(PRODUCT_BUNDLE_IDENTIFIER)` included); nil
  /// when there is none or it does not read.
  ///
  /// ```swift
  /// bundle.infoPlistIdentifier  // "$(PRODUCT_BUNDLE_IDENTIFIER)"
  /// ```
  public var infoPlistIdentifier: String? { infoPlistIdentifier(besideBundleAt: path) }

  /// ``infoPlistIdentifier`` of the `Info.plist` beside the bundle folder at `path`.
  public func infoPlistIdentifier(besideBundleAt path: String) -> String? {
    guard let identifier = infoPlist(besideBundleAt: path)?.root["CFBundleIdentifier"]?.string,
      !identifier.isEmpty
    else { return nil }
    return identifier
  }

  /// The app's `Info.plist` beside the bundle folder at `path` (the app
  /// bundle's own), read within the standard limits; nil when there is none
  /// or it does not read.
  ///
  /// ```swift
  /// bundle.infoPlist(besideBundleAt: "Examples/Showcase/Settings.bundle")?.root["CFBundleName"]
  /// ```
  public func infoPlist(besideBundleAt path: String) -> PlistDocument? {
    var folder = path
    while folder.count > 1, folder.hasSuffix("/") { folder.removeLast() }
    let components = folder.split(separator: "/", omittingEmptySubsequences: false)
    let parent = components.dropLast().joined(separator: "/")
    let info: String
    if components.last == "." || components.last == ".." {
      info = folder + "/../Info.plist"
    } else if parent.isEmpty {
      info = folder.hasPrefix("/") ? "/Info.plist" : "Info.plist"
    } else {
      info = parent + "/Info.plist"
    }
    guard
      let data = try? BoundedInput.read(
        path: info, limit: ReadLimits.standard.maximumBytes, regularFileOnly: true),
      let document = try? PropertyListReader.read(data)
    else { return nil }
    return document
  }
}
