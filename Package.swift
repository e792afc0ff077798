// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "prefs",
  // Synchronization.Mutex, the one way state is shared, needs macOS 15.
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "prefs", targets: ["prefs"]),
    .library(name: "Plist", targets: ["Plist"]),
    .library(name: "Localization", targets: ["Localization"]),
    .library(name: "SettingsSchema", targets: ["SettingsSchema"]),
    .library(name: "SettingsLint", targets: ["SettingsLint"]),
    .library(name: "DefaultsStore", targets: ["DefaultsStore"]),
    .library(name: "SharedDefaults", targets: ["SharedDefaults"]),
    .library(name: "CodeGeneration", targets: ["CodeGeneration"]),
    .library(name: "BundleDiff", targets: ["BundleDiff"]),
    .library(name: "ProjectConfiguration", targets: ["ProjectConfiguration"]),
    .library(name: "KeyedArchive", targets: ["KeyedArchive"]),
    .library(name: "BundleEdit", targets: ["BundleEdit"]),
    .library(name: "SettingsRender", targets: ["SettingsRender"]),
    .library(name: "PrefsKit", targets: ["PrefsKit"]),
    .plugin(name: "SettingsCodePlugin", targets: ["SettingsCodePlugin"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
    .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
    .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
    .package(url: "https://github.com/vapor/postgres-nio", exact: "1.33.2"),
  ],
  targets: [
    .systemLibrary(
      name: "CLibXML2",
      pkgConfig: "libxml-2.0",
      providers: [.brew(["libxml2"]), .apt(["libxml2-dev"])]
    ),
    // Everything that differs between Linux and macOS (file watching, locks, the
    // terminal's signals and size), with a portable path that
    // -Xswiftc -DPREFS_PORTABLE_PLATFORM forces on Linux too.
    .target(name: "Platform"),
    .target(name: "TextWidth"),
    .target(name: "Parallel"),
    .target(name: "Plist", dependencies: ["CLibXML2", "TextWidth"]),
    .target(name: "Localization"),
    .target(name: "SettingsSchema", dependencies: ["Plist", "Localization", "Parallel"]),
    .target(name: "DefaultsStore", dependencies: ["Plist", "Platform"]),
    // The DefaultsStore contract on PostgreSQL: one domain shared by many machines.
    .target(
      name: "SharedDefaults",
      dependencies: [
        "DefaultsStore", "Plist", .product(name: "PostgresNIO", package: "postgres-nio"),
      ]),
    .target(name: "TerminalUI", dependencies: ["TextWidth", "Platform"]),
    .target(name: "StringsWorkflow", dependencies: ["Plist", "Localization", "SettingsSchema"]),
    .target(name: "CodeGeneration", dependencies: ["Plist", "SettingsSchema", "Parallel"]),
    .target(name: "BundleDiff", dependencies: ["Plist", "SettingsSchema"]),
    // NSKeyedArchiver archives stored as Data, read as a tree; nothing is loaded or run.
    .target(name: "KeyedArchive", dependencies: ["Plist"]),
    // Edits to a bundle's own plists and tables that change only the bytes that change.
    .target(
      name: "BundleEdit", dependencies: ["Plist", "Localization", "SettingsSchema", "Platform"]),
    // The Settings app's pages drawn as self-contained HTML and SVG.
    .target(
      name: "SettingsRender",
      dependencies: ["Plist", "Localization", "SettingsSchema", "TextWidth"]),
    // A headless Chromium driven over its DevTools pipe: screenshots, page checks.
    .target(name: "HeadlessBrowser", dependencies: ["Platform"]),
    // The app's uses of settings keys, from its Swift (swift-syntax) and Objective-C sources.
    .target(
      name: "SourceCheck",
      dependencies: [
        "Parallel", "Plist", .product(name: "SwiftSyntax", package: "swift-syntax"),
        .product(name: "SwiftParser", package: "swift-syntax"),
      ]),
    // The plugin's tool links the generator only, so packages that use the
    // plugin do not build the whole command line.
    .executableTarget(
      name: "prefs-generate", dependencies: ["CodeGeneration", "SettingsSchema", "Plist"]),
    .plugin(
      name: "SettingsCodePlugin", capability: .buildTool(), dependencies: ["prefs-generate"]),
    .target(
      name: "SettingsForm",
      dependencies: [
        "Plist", "SettingsSchema", "DefaultsStore", "TerminalUI", "TextWidth", "KeyedArchive",
      ]),
    .target(
      name: "SettingsLint",
      dependencies: [
        "Plist", "Localization", "SettingsSchema", "Parallel", "SourceCheck",
        "ProjectConfiguration",
      ]
    ),
    // `.prefs.yml`: typed sections for lint, strings, diff and sources.
    .target(
      name: "ProjectConfiguration",
      dependencies: ["Plist", "SettingsSchema", .product(name: "Yams", package: "Yams")]),
    // Line differences between two texts (unified diff), for diff output and golden tests.
    .target(name: "TextDiff"),
    // The application layer: one front end per command family; where peers meet.
    .target(
      name: "PrefsKit",
      dependencies: [
        "Plist", "Localization", "SettingsSchema", "SettingsLint", "DefaultsStore", "SettingsForm",
        "TerminalUI", "StringsWorkflow", "Parallel", "CodeGeneration", "BundleDiff", "SourceCheck",
        "SharedDefaults", "ProjectConfiguration", "TextDiff", "Platform", "KeyedArchive",
        "BundleEdit", "SettingsRender", "HeadlessBrowser",
      ]
    ),
    .executableTarget(
      name: "prefs",
      dependencies: [
        "PrefsKit", "ProjectConfiguration", "TextDiff", "Platform", "Plist", "Localization",
        "SettingsSchema",
        "SettingsLint", "DefaultsStore", "SettingsForm",
        "TerminalUI", "StringsWorkflow", "Parallel", "CodeGeneration", "BundleDiff", "SourceCheck",
        "SharedDefaults", "BundleEdit", "SettingsRender", "HeadlessBrowser",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .executableTarget(
      name: "prefs-bench",
      dependencies: ["Plist", "SettingsSchema", "SettingsLint", "SettingsForm", "TerminalUI"]),
    .executableTarget(
      name: "shared-defaults-bench", dependencies: ["SharedDefaults", "DefaultsStore", "Plist"]),
    .target(name: "TestSupport", dependencies: ["Plist", "TextDiff"], path: "Tests/TestSupport"),
    .testTarget(
      name: "TextDiffTests",
      dependencies: [
        "TextDiff", "TestSupport", .product(name: "PropertyBased", package: "swift-property-based"),
      ]),
    .testTarget(
      name: "ProjectConfigurationTests",
      // PrefsKit hands the reader the linter's rules (ProjectConfiguration.LintRules.settingsLint).
      dependencies: ["ProjectConfiguration", "PrefsKit", "SettingsSchema", "Plist", "TestSupport"]),
    .testTarget(
      name: "PrefsKitTests",
      dependencies: [
        "PrefsKit", "TestSupport", "Plist", "SettingsSchema", "SettingsLint", "DefaultsStore",
        "StringsWorkflow", "BundleDiff", "ProjectConfiguration", "SettingsForm", "CodeGeneration",
        "SettingsRender", "BundleEdit",
        // The architecture test reads every module's imports.
        .product(name: "SwiftSyntax", package: "swift-syntax"),
        .product(name: "SwiftParser", package: "swift-syntax"),
      ]),
    .testTarget(
      name: "PlistTests",
      dependencies: [
        "Plist", "TestSupport", .product(name: "PropertyBased", package: "swift-property-based"),
      ]),
    .testTarget(name: "ParallelTests", dependencies: ["Parallel"]),
    .testTarget(name: "PlatformTests", dependencies: ["Platform", "TestSupport"]),
    .testTarget(name: "LocalizationTests", dependencies: ["Localization", "TestSupport"]),
    .testTarget(
      name: "SettingsSchemaTests", dependencies: ["SettingsSchema", "Plist", "TestSupport"]),
    .executableTarget(name: "foundation-defaults", path: "Tests/FoundationDefaults"),
    .testTarget(
      name: "DefaultsStoreTests",
      dependencies: ["DefaultsStore", "SharedDefaults", "TestSupport", "foundation-defaults"]),
    // A helper the tests run as many processes at once against one server.
    .executableTarget(
      name: "shared-defaults-worker", dependencies: ["SharedDefaults", "DefaultsStore", "Plist"],
      path: "Tests/SharedDefaultsWorker"),
    .testTarget(
      name: "SharedDefaultsTests",
      dependencies: [
        "SharedDefaults", "DefaultsStore", "Plist", "TestSupport", "shared-defaults-worker",
      ]),
    .testTarget(
      name: "TerminalUITests",
      dependencies: [
        "TerminalUI", .product(name: "PropertyBased", package: "swift-property-based"),
      ]),
    .testTarget(
      name: "StringsWorkflowTests",
      dependencies: [
        "StringsWorkflow", "SettingsSchema", "Plist", "TestSupport",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ]),
    .testTarget(
      name: "SettingsFormTests",
      dependencies: [
        "SettingsForm", "SettingsSchema", "DefaultsStore", "Plist", "TerminalUI", "TestSupport",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ]),
    .testTarget(name: "SourceCheckTests", dependencies: ["SourceCheck", "TestSupport"]),
    .testTarget(
      name: "KeyedArchiveTests",
      dependencies: [
        "KeyedArchive", "Plist", "TestSupport",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ]),
    .testTarget(
      name: "BundleEditTests",
      dependencies: [
        "BundleEdit", "SettingsSchema", "Plist", "TestSupport",
        .product(name: "PropertyBased", package: "swift-property-based"),
      ]),
    .testTarget(
      name: "SettingsRenderTests",
      dependencies: ["SettingsRender", "SettingsSchema", "Plist", "TestSupport"]),
    // Rendered pages opened in a real headless Chromium (skipped with a reason without one).
    .testTarget(
      name: "BrowserTests",
      dependencies: [
        "HeadlessBrowser", "SettingsRender", "PrefsKit", "SettingsSchema", "Plist", "TestSupport",
      ]),
    .testTarget(
      name: "BundleDiffTests",
      dependencies: ["BundleDiff", "SettingsSchema", "Plist", "TestSupport"]),
    .testTarget(
      name: "CodeGenerationTests",
      dependencies: [
        "CodeGeneration", "SettingsSchema", "Plist", "Parallel", "TestSupport",
        .product(name: "PropertyBased", package: "swift-property-based"),
        // The generated file is parsed, to see what it declares and where bundle text lands.
        .product(name: "SwiftSyntax", package: "swift-syntax"),
        .product(name: "SwiftParser", package: "swift-syntax"),
      ]),
    .testTarget(
      name: "SettingsLintTests",
      // A fixture's .prefs.yml is read as prefs reads it (ProjectConfiguration through PrefsKit).
      dependencies: [
        "SettingsLint", "SettingsSchema", "Plist", "TestSupport", "SourceCheck",
        "ProjectConfiguration", "PrefsKit",
      ]),
    .testTarget(
      name: "prefsTests",
      dependencies: [
        "prefs", "PrefsKit", "ProjectConfiguration", "TextDiff", "TestSupport", "Plist",
        "SettingsSchema", "SettingsForm", "DefaultsStore",
        "SettingsLint", "StringsWorkflow", "CodeGeneration", "BundleDiff",
        .product(name: "PropertyBased", package: "swift-property-based"),
        // The release workflow is read as YAML.
        .product(name: "Yams", package: "Yams"),
      ]),
  ]
)
