// libFuzzer target: bytes become a small bundle (a folder name, a child page
// path, keys, titles, values and defaults), written to a temporary folder; the
// generator's Swift is parsed with swift-syntax. It traps on a parse error, on
// a declaration the generator's model does not have, and on text outside code,
// a comment that stays on its line, or a literal that escapes its controls.
// Compiled into one module with Plist, SettingsSchema and CodeGeneration, so
// their internal names are in scope.
import Foundation
import SwiftParser
import SwiftSyntax

let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
  "prefs-fuzz-generate-\(getpid())")

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let bytes = Array(UnsafeBufferPointer(start: data, count: size))
  let parts = bytes.split(separator: 0, omittingEmptySubsequences: false)
  let shape = Array(parts.first ?? [])
  var texts = parts.dropFirst().prefix(16).map { String(decoding: $0, as: UTF8.self) }
  while texts.count < 16 { texts.append("k\(texts.count)") }
  func number(_ index: Int) -> Int { shape.isEmpty ? index : Int(shape[index % shape.count]) }

  let folderName = fileName(texts[15], fallback: "folder")
  let pagePath = fileName(
    String(String.UnicodeScalarView(texts[14].unicodeScalars.filter { $0 != "." && $0 != "\\" })),
    fallback: "page")
  var root: [PlistValue] = [
    .dictionary(["Type": .string("PSGroupSpecifier"), "Title": .string(texts[13])]),
    .dictionary([
      "Type": .string("PSChildPaneSpecifier"), "Title": .string(texts[12]),
      "File": .string(pagePath),
    ]),
  ]
  for index in 0..<(1 + number(0) % 5) {
    root.append(
      element(
        kind: number(index + 1), key: texts[3 * index % 12], title: texts[(3 * index + 1) % 12],
        value: texts[(3 * index + 2) % 12], number: number(index + 6)))
  }
  let child = [
    element(kind: number(11), key: texts[10], title: texts[11], value: texts[9], number: number(3))
  ]

  let folder = scratch.appendingPathComponent(UUID().uuidString)
  defer { try? FileManager.default.removeItem(at: folder) }
  let bundle = folder.appendingPathComponent(folderName)
  do {
    try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
    for (name, specifiers) in [("Root", root), (pagePath, child)] {
      let written = try BinaryPlistWriter.write(
        .dictionary(["PreferenceSpecifiers": .array(specifiers)]))
      try Data(written).write(to: bundle.appendingPathComponent(name + ".plist"))
    }
  } catch {
    return 0  // a name this file system does not take
  }
  guard let bundles = try? SwiftSettingsGenerator.load(at: bundle.path),
    let declarations = try? SettingsCollection.declarations(in: bundles, typeName: "AppSettings")
  else { return 0 }
  let generator = SwiftSettingsGenerator(
    options: .init(bundleName: URL(fileURLWithPath: bundle.path).lastPathComponent))
  guard let source = try? generator.generate(from: bundles) else {
    fatalError("the model was made, but generation failed")
  }
  check(source, declarations: declarations)
  return 0
}

func fileName(_ text: String, fallback: String) -> String {
  var scalars = String.UnicodeScalarView()
  for scalar in text.unicodeScalars where scalar != "/" && scalar != "\0" {
    guard String(scalars).utf8.count + String(scalar).utf8.count <= 100 else { break }
    scalars.append(scalar)
  }
  let name = String(scalars)
  return name.isEmpty || name == "." || name == ".." ? fallback + name : name
}

func element(kind: Int, key: String, title: String, value: String, number: Int) -> PlistValue {
  var entry: [PlistKey: PlistValue] = ["Key": .string(key), "Title": .string(title)]
  switch kind % 7 {
  case 0:
    entry["Type"] = .string("PSToggleSwitchSpecifier")
    entry["DefaultValue"] = .bool(number % 2 == 0)
  case 1:
    entry["Type"] = .string("PSToggleSwitchSpecifier")
    entry["TrueValue"] = .string(value)
    entry["FalseValue"] = .integer(Int64(number) << 50)
  case 2:
    entry["Type"] = .string("PSTextFieldSpecifier")
    entry["DefaultValue"] = .string(value)
  case 3:
    entry["Type"] = .string("PSSliderSpecifier")
    entry["MinimumValue"] = .integer(0)
    entry["MaximumValue"] = .real(Double(number) + 0.5)
  case 4:
    entry["Type"] = .string("PSMultiValueSpecifier")
    entry["Values"] = .array([value, title, key].map(PlistValue.string))
    entry["Titles"] = .array([title, value, key].map(PlistValue.string))
  case 5:
    entry["Type"] = .string("PSMultiValueSpecifier")
    entry["Values"] = .array([
      .integer((1 << 53) + Int64(number)), .integer(1 << 53), .real(Double(number) / 4),
    ])
    entry["Titles"] = .array([title, value, key].map(PlistValue.string))
  default:
    entry["Type"] = .string("PSTitleValueSpecifier")
    var dictionary: [PlistKey: PlistValue] = [:]
    dictionary[PlistKey(value)] = .array([.string(title), .data(Data([UInt8(number & 0xFF)]))])
    entry["DefaultValue"] = .dictionary(dictionary)
  }
  return .dictionary(entry)
}

func check(_ source: String, declarations: [SettingDeclaration]) {
  let tree = Parser.parse(source: source)
  if tree.hasError { fatalError("the generated file does not parse:\n\(source)") }
  var names: Set<String> = ["registerDefaults"]
  var expectedMembers = 1
  for declaration in declarations {
    names.insert(declaration.name)
    expectedMembers += 1
    if let range = declaration.rangeName, case .double(_?) = declaration.shape {
      names.insert(range)
      expectedMembers += 1
    }
    if case .choice(let choice) = declaration.shape {
      names.insert(choice.typeName)
      expectedMembers += 1
    }
  }
  var topLevel: [String] = []
  for statement in tree.statements {
    if statement.item.is(ImportDeclSyntax.self) {
      topLevel.append("import")
    } else if let value = statement.item.as(StructDeclSyntax.self) {
      topLevel.append("struct \(value.name.text)")
    } else if let value = statement.item.as(ExtensionDeclSyntax.self) {
      topLevel.append("extension \(value.extendedType.trimmedDescription)")
    } else if let value = statement.item.as(EnumDeclSyntax.self) {
      topLevel.append("enum \(value.name.text)")
      guard value.name.text == "AppSettings" else { continue }
      let members = value.memberBlock.members
      if members.count != expectedMembers {
        fatalError("\(members.count) members, the model has \(expectedMembers):\n\(source)")
      }
      for member in members {
        let name =
          if let variable = member.decl.as(VariableDeclSyntax.self) {
            variable.bindings.first?.pattern.trimmedDescription ?? ""
          } else if let function = member.decl.as(FunctionDeclSyntax.self) {
            function.name.text
          } else if let nested = member.decl.as(EnumDeclSyntax.self) {
            nested.name.text
          } else { "" }
        let unescaped = name.trimmingCharacters(in: CharacterSet(charactersIn: "`"))
        if !names.contains(unescaped) { fatalError("a member the model does not have: \(name)") }
      }
    } else {
      topLevel.append("something else: \(statement.item.trimmedDescription)")
    }
  }
  let expected = [
    "import", "struct SettingsKey", "enum AppSettings", "extension UserDefaults",
    "enum SettingsValueCoding",
  ]
  if topLevel != expected { fatalError("top-level declarations \(topLevel):\n\(source)") }
  for token in tree.tokens(viewMode: .sourceAccurate) {
    for piece in token.leadingTrivia.pieces + token.trailingTrivia.pieces {
      switch piece {
      case .spaces, .newlines: continue
      case .lineComment(let text), .docLineComment(let text):
        if text.unicodeScalars.contains(where: mustBeEscaped) {
          fatalError("a raw control in a comment: \(text.debugDescription)")
        }
      default: fatalError("trivia the generator does not write: \(piece)")
      }
    }
    switch token.tokenKind {
    case .stringSegment(let text):
      if text.unicodeScalars.contains(where: mustBeEscaped) {
        fatalError("a raw control in a literal: \(text.debugDescription)")
      }
    case .rawStringPoundDelimiter, .multilineStringQuote, .backslash, .unknown:
      fatalError("a token the generator does not write: \(token.tokenKind)")
    default: continue
    }
  }
}

func mustBeEscaped(_ scalar: Unicode.Scalar) -> Bool {
  GeneratedCodeLimits.isEscaped(scalar)
}
