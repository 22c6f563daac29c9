// swift-tools-version: 6.1

import CompilerPluginSupport
import PackageDescription

// MARK: - Dependencies

let package = Package(
  name: "TCALinux",
  platforms: [.macOS(.v15)],
  products: [
    .library(name: "ComposableArchitecture", targets: ["ComposableArchitecture"])
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
    .package(url: "https://github.com/pointfreeco/swift-case-paths", from: "1.10.0"),
    .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.1.1"),
    .package(url: "https://github.com/pointfreeco/swift-concurrency-extras", from: "1.4.3"),
    .package(url: "https://github.com/pointfreeco/swift-custom-dump", from: "1.7.3"),
    .package(
      url: "https://github.com/pointfreeco/swift-dependencies",
      from: "1.17.1",
      traits: ["Clocks", "Foundation", "FoundationNetworking"]
    ),
    .package(url: "https://github.com/pointfreeco/swift-identified-collections", from: "1.1.1"),
    .package(url: "https://github.com/pointfreeco/swift-macro-testing", from: "0.7.0"),
    .package(url: "https://github.com/pointfreeco/xctest-dynamic-overlay", from: "1.13.1"),
    .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
  ],
  targets: []
)

// MARK: - Core

package.targets += [
  .target(
    name: "ComposableArchitecture",
    dependencies: [
      "ComposableArchitectureMacros",
      .product(name: "CasePaths", package: "swift-case-paths"),
      .product(name: "Clocks", package: "swift-clocks"),
      .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
      .product(name: "CustomDump", package: "swift-custom-dump"),
      .product(name: "Dependencies", package: "swift-dependencies"),
      .product(name: "DependenciesMacros", package: "swift-dependencies"),
      .product(name: "IdentifiedCollections", package: "swift-identified-collections"),
      .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
      .product(name: "OrderedCollections", package: "swift-collections"),
    ],
    path: "Modules/Core/ComposableArchitecture"
  ),
  .macro(
    name: "ComposableArchitectureMacros",
    dependencies: [
      .product(name: "SwiftCompilerPlugin", package: "swift-syntax"),
      .product(name: "SwiftSyntaxMacros", package: "swift-syntax"),
    ],
    path: "Modules/Core/ComposableArchitectureMacros"
  ),
  .testTarget(
    name: "ComposableArchitectureTests",
    dependencies: [
      "ComposableArchitecture",
      .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
    ],
    path: "Tests/ComposableArchitectureTests"
  ),
  .testTarget(
    name: "ComposableArchitectureMacrosTests",
    dependencies: [
      "ComposableArchitectureMacros",
      .product(name: "MacroTesting", package: "swift-macro-testing"),
    ],
    path: "Tests/ComposableArchitectureMacrosTests"
  ),
]

// MARK: - Apps

package.targets += [
  .executableTarget(
    name: "CounterDemo",
    dependencies: ["ComposableArchitecture"],
    path: "Apps/CounterDemo"
  )
]

// MARK: - Narrowing test runs

// `swift test --filter` still compiles every test target. Setting `TEST_TARGETS` to a
// comma-separated list of test target names keeps only those test targets in the graph, so a
// run compiles just what it tests (see Tooling/README.md).
if let selected = Context.environment["TEST_TARGETS"] {
  let names = Set(selected.split(separator: ",").map { String($0.filter { !$0.isWhitespace }) })
  package.targets.removeAll { $0.type == .test && !names.contains($0.name) }
}

// MARK: - Settings shared by every target of ours

for target in package.targets {
  target.swiftSettings =
    (target.swiftSettings ?? []) + [
      .swiftLanguageMode(.v6),
      .enableUpcomingFeature("MemberImportVisibility"),
    ]
}
