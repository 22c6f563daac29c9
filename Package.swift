// swift-tools-version: 6.2

import CompilerPluginSupport
import PackageDescription

// MARK: - Dependencies

let package = Package(
  name: "TCALinux",
  platforms: [.macOS(.v15)],
  products: [
    .library(name: "ComposableArchitecture", targets: ["ComposableArchitecture"]),
    .library(name: "Sharing", targets: ["Sharing"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    .package(url: "https://github.com/apple/swift-nio", from: "2.101.3"),
    .package(url: "https://github.com/apple/swift-nio-extras", from: "1.35.2"),
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
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
    .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
    .package(url: "https://github.com/pointfreeco/xctest-dynamic-overlay", from: "1.13.1"),
    .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
    .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
  ],
  targets: []
)

// MARK: - Core

package.targets += [
  .target(
    name: "ComposableArchitecture",
    dependencies: [
      "ComposableArchitectureMacros",
      "Sharing",
      .product(name: "CasePaths", package: "swift-case-paths"),
      .product(name: "Clocks", package: "swift-clocks"),
      .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
      .product(name: "CustomDump", package: "swift-custom-dump"),
      .product(name: "Dependencies", package: "swift-dependencies"),
      .product(name: "DependenciesMacros", package: "swift-dependencies"),
      .product(name: "IdentifiedCollections", package: "swift-identified-collections"),
      .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
      .product(name: "OrderedCollections", package: "swift-collections"),
      // Not imported here: in TCA's closure, so that feature code written for it may still
      // `import XCTestDynamicOverlay` (for `unimplemented`, `XCTFail`, `isTesting`).
      .product(name: "XCTestDynamicOverlay", package: "xctest-dynamic-overlay"),
    ],
    path: "Modules/Core/ComposableArchitecture"
  ),
  // `@Shared` and its keys, with swift-sharing 2's API; re-exported by ComposableArchitecture.
  .target(
    name: "Sharing",
    dependencies: [
      .product(name: "CasePaths", package: "swift-case-paths"),
      .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
      .product(name: "CustomDump", package: "swift-custom-dump"),
      .product(name: "Dependencies", package: "swift-dependencies"),
      .product(name: "IdentifiedCollections", package: "swift-identified-collections"),
      .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
    ],
    path: "Modules/Core/Sharing"
  ),
  .testTarget(
    name: "SharingTests",
    dependencies: [
      "Sharing",
      .product(name: "CasePaths", package: "swift-case-paths"),
      .product(name: "ConcurrencyExtras", package: "swift-concurrency-extras"),
      .product(name: "Dependencies", package: "swift-dependencies"),
      .product(name: "IdentifiedCollections", package: "swift-identified-collections"),
      .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
    ],
    path: "Tests/SharingTests"
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
      "AppModelNamesTestSupport",
      "ComposableArchitecture",
      // swift-dependencies' XCTest observer: on Linux it resets cached dependencies as each
      // XCTest case starts only when this library is built beside the tests.
      .product(name: "DependenciesTestObserver", package: "swift-dependencies"),
      .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
    ],
    path: "Tests/ComposableArchitectureTests"
  ),
  .testTarget(
    name: "ReducerMacroCompilationTests",
    dependencies: [
      "ComposableArchitecture",
      .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
    ],
    path: "Tests/ReducerMacroCompilationTests"
  ),
  // Feature code in a module whose default isolation is the main actor (Xcode's default for new
  // projects), where reducers and their states conform to the runtime's protocols on it.
  .testTarget(
    name: "MainActorIsolationTests",
    dependencies: [
      "ComposableArchitecture",
      .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
    ],
    path: "Tests/MainActorIsolationTests",
    swiftSettings: [
      .defaultIsolation(MainActor.self),
      .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
      .enableUpcomingFeature("InferIsolatedConformances"),
    ]
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

// MARK: - Shared

// Modules every side uses: the models the server and its clients exchange, the transport
// clients reach the server through (an Interface with its `testValue`, and a Live target that
// only executables and tests link), `TerminalUI`, the pure styled-text, component, diff and
// key-decoding layer the features' terminal views are written against, and `SharedViews`, the
// rows the shared models are listed as (a post, a user) on every screen. `FeatureKit` holds the
// logic several features' reducers share (how a list's selection moves, how a list loads a page
// at a time), so that reducers need no UI module. `AppSettings` holds the person's settings and
// their `@Shared(.userSettings)` key, which every feature that honours a setting reads.

package.targets += [
  .target(
    name: "SharedModels",
    path: "Modules/Shared/Models"
  ),
  .target(
    name: "FeatureKit",
    dependencies: [
      "SharedModels",
      .product(name: "IdentifiedCollections", package: "swift-identified-collections"),
    ],
    path: "Modules/Shared/FeatureKit"
  ),
  .target(
    name: "AppSettings",
    dependencies: [
      "Sharing",
      .product(name: "Dependencies", package: "swift-dependencies"),
    ],
    path: "Modules/Shared/AppSettings"
  ),
  .target(
    name: "APIClient",
    dependencies: [
      "SharedModels",
      .product(name: "Dependencies", package: "swift-dependencies"),
      .product(name: "DependenciesMacros", package: "swift-dependencies"),
    ],
    path: "Modules/Shared/APIClient/Interface"
  ),
  .target(
    name: "APIClientLive",
    dependencies: [
      "APIClient",
      "SharedModels",
      .product(name: "Dependencies", package: "swift-dependencies"),
      .product(name: "NIOCore", package: "swift-nio"),
      .product(name: "NIOHTTP1", package: "swift-nio"),
      .product(name: "NIOPosix", package: "swift-nio"),
    ],
    path: "Modules/Shared/APIClient/Live"
  ),
  .target(
    name: "SharedViews",
    dependencies: ["SharedModels", "TerminalUI"],
    path: "Modules/Shared/Views"
  ),
  .target(
    name: "SharedModelsTesting",
    dependencies: ["SharedModels"],
    path: "Modules/Shared/ModelsTesting"
  ),
  .target(
    name: "TerminalUI",
    dependencies: ["ComposableArchitecture"],
    path: "Modules/Shared/TerminalUI"
  ),
  .testTarget(
    name: "APIClientTests",
    dependencies: [
      "APIClient",
      "APIClientLive",
      "APIServer",
      "SharedModels",
      .product(name: "Dependencies", package: "swift-dependencies"),
      .product(name: "Hummingbird", package: "hummingbird"),
      .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      .product(name: "Logging", package: "swift-log"),
    ],
    path: "Tests/APIClientTests"
  ),
  .testTarget(
    name: "FeatureKitTests",
    dependencies: [
      "FeatureKit",
      "SharedModels",
      .product(name: "IdentifiedCollections", package: "swift-identified-collections"),
    ],
    path: "Tests/FeatureKitTests"
  ),
  .testTarget(
    name: "SharedViewsTests",
    dependencies: ["SharedModels", "SharedViews", "TerminalUI"],
    path: "Tests/SharedViewsTests"
  ),
  .testTarget(
    name: "TerminalUITests",
    dependencies: [
      "ComposableArchitecture",
      "TerminalUI",
      .product(name: "InlineSnapshotTesting", package: "swift-snapshot-testing"),
      .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
    ],
    path: "Tests/TerminalUITests"
  ),
]

// MARK: - Test support

// Libraries only test targets link: a real API server on loopback, and the live API client
// pointed at it, for the live clients' tests, what the features' reducer tests share (a gate
// that holds a client's call, a trait that runs a suite on the main serial executor), and an
// app's models named as SwiftUI's types, for the runtime's tests.

package.targets += [
  .target(
    name: "LiveServerTestSupport",
    dependencies: [
      "APIClient", "APIClientLive", "APIServer",
      .product(name: "Dependencies", package: "swift-dependencies"),
      .product(name: "Logging", package: "swift-log"),
    ],
    path: "Modules/TestSupport/LiveServerTestSupport"
  ),
  .target(
    name: "FeatureTestSupport",
    dependencies: ["ComposableArchitecture"],
    path: "Modules/TestSupport/FeatureTestSupport"
  ),
  .target(
    name: "AppModelNamesTestSupport",
    path: "Modules/TestSupport/AppModelNamesTestSupport"
  ),
]

// MARK: - Features

// A feature is one `Feature("Name")` line in `features`; `targets(of:)` turns it into its five
// targets:
//
//   NameFeature           Modules/Features/Name/Interface   reducer, State, Action, client
//                                                           interfaces with their testValue
//   NameFeatureLive       Modules/Features/Name/Live        live clients (linked by Apps/ only)
//   NameFeatureTesting    Modules/Features/Name/Testing     named test doubles and fixtures
//   NameFeatureTests      Tests/NameFeatureTests            the reducer and the view, with the
//                                                           doubles: no server, no Live target
//   NameFeatureLiveTests  Tests/NameFeatureLiveTests        the live clients, against a real
//                                                           API server on loopback when they
//                                                           talk to it
//
// `swift run --package-path Tooling tca new-feature Name` scaffolds the five and appends the
// line; `tca check-architecture` checks the rules between them.

/// A feature, declared once and expanded into its Interface, Live, Testing and test targets.
/// Features never depend on each other: the app composes them.
struct Feature {
  /// The feature's UpperCamelCase name; its targets are named after it.
  var name: String
  /// Extra dependencies of the Interface (and of its Testing and test targets), such as the
  /// shared settings.
  var dependencies: [Target.Dependency]
  /// Extra dependencies of the Live target (and of its tests), such as client libraries.
  var liveDependencies: [Target.Dependency]

  init(
    _ name: String,
    dependencies: [Target.Dependency] = [],
    liveDependencies: [Target.Dependency] = []
  ) {
    self.name = name
    self.dependencies = dependencies
    self.liveDependencies = liveDependencies
  }

  /// Whether the Live target talks to the API server (it depends on `APIClient`), so that its
  /// tests run a server; the others' (Settings', on a file) build none.
  var talksToTheServer: Bool {
    liveDependencies.contains { $0.targetName == "APIClient" }
  }
}

extension Target.Dependency {
  /// The name of the target this dependency names, if it names one of this package's.
  var targetName: String? {
    switch self {
    case let .targetItem(name, _), let .byNameItem(name, _): name
    default: nil
    }
  }
}

extension [Target.Dependency] {
  /// The dependencies, each target named once.
  func uniqued() -> Self {
    var seen: Set<String> = []
    return filter { dependency in
      guard let name = dependency.targetName else { return true }
      return seen.insert(name).inserted
    }
  }
}

/// The five targets of `feature`.
///
/// Every feature may use the shared models and their fixtures, and draws its terminal view with
/// `TerminalUI`. Its reducer and view tests link nothing else of the monorepo: building them
/// builds no server. Its live clients' tests run them against a real API server on loopback
/// (`LiveServerTestSupport`, with the shared `APIClientLive` transport) when the Live target
/// talks to the API, and build no server otherwise.
func targets(of feature: Feature) -> [Target] {
  let name = feature.name
  let interface = "\(name)Feature"
  return [
    .target(
      name: interface,
      dependencies: [
        "ComposableArchitecture", "FeatureKit", "SharedModels", "SharedViews", "TerminalUI",
      ] + feature.dependencies,
      path: "Modules/Features/\(name)/Interface"
    ),
    .target(
      name: "\(name)FeatureLive",
      dependencies: ["ComposableArchitecture", "SharedModels", .target(name: interface)]
        + feature.liveDependencies,
      path: "Modules/Features/\(name)/Live"
    ),
    .target(
      name: "\(name)FeatureTesting",
      dependencies: [
        "ComposableArchitecture", "SharedModels", "SharedModelsTesting", .target(name: interface),
      ] + feature.dependencies,
      path: "Modules/Features/\(name)/Testing"
    ),
    .testTarget(
      name: "\(name)FeatureTests",
      dependencies: [
        "APIClient",
        "ComposableArchitecture",
        "FeatureKit",
        "FeatureTestSupport",
        "SharedModels",
        "SharedModelsTesting",
        "TerminalUI",
        .target(name: interface),
        .target(name: "\(name)FeatureTesting"),
        .product(name: "InlineSnapshotTesting", package: "swift-snapshot-testing"),
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ] + feature.dependencies,
      path: "Tests/\(name)FeatureTests"
    ),
    .testTarget(
      name: "\(name)FeatureLiveTests",
      dependencies: [
        "ComposableArchitecture",
        "SharedModels",
        .target(name: interface),
        .target(name: "\(name)FeatureLive"),
        .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      ]
        // A Live target on the API client is tested against a real server on loopback.
        + (feature.talksToTheServer
          ? ["APIClient", "APIClientLive", "APIServer", "LiveServerTestSupport"] : [])
        + (feature.dependencies + feature.liveDependencies).filter { dependency in
          // Those the lists above already name (APIClient), once.
          !["APIClient", "APIClientLive", "SharedModels"].contains(dependency.targetName)
        }.uniqued(),
      path: "Tests/\(name)FeatureLiveTests"
    ),
  ]
}

let features: [Feature] = [
  Feature("Search", dependencies: ["AppSettings"], liveDependencies: ["APIClient"]),
  Feature("UserList", dependencies: ["AppSettings"], liveDependencies: ["APIClient"]),
  Feature("UserDetail", dependencies: ["AppSettings"], liveDependencies: ["APIClient"]),
  Feature("Home", dependencies: ["AppSettings"], liveDependencies: ["APIClient"]),
  Feature("Profile", liveDependencies: ["APIClient"]),
  Feature("Settings", dependencies: ["AppSettings"], liveDependencies: ["AppSettings"]),
]

package.targets += features.flatMap(targets(of:))

// MARK: - App

// The composed app: the features' Interfaces only, tested with their Testing doubles. The
// executable in Apps/ links the Live targets.

package.targets += [
  .target(
    name: "AppFeature",
    dependencies: [
      "AppSettings", "ComposableArchitecture", "FeatureKit", "SharedModels", "TerminalUI",
    ]
      + features.map { .target(name: "\($0.name)Feature") },
    path: "Modules/App"
  ),
  .testTarget(
    name: "AppFeatureTests",
    dependencies: [
      "AppFeature",
      "AppSettings",
      "ComposableArchitecture",
      "FeatureKit",
      "SharedModels",
      "SharedModelsTesting",
      "TerminalUI",
      .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
    ]
      + features.map { .target(name: "\($0.name)Feature") }
      + features.map { .target(name: "\($0.name)FeatureTesting") },
    path: "Tests/AppFeatureTests"
  ),
  // Randomized runs of the composed app (many thousands of actions), kept apart from
  // AppFeatureTests so the app's example-based tests stay quick.
  .testTarget(
    name: "AppFeaturePropertyTests",
    dependencies: [
      "AppFeature",
      "AppSettings",
      "ComposableArchitecture",
      "SharedModels",
      "SharedModelsTesting",
      "TerminalUI",
      .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
      .product(name: "PropertyBased", package: "swift-property-based"),
    ]
      + features.map { .target(name: "\($0.name)Feature") }
      + features.map { .target(name: "\($0.name)FeatureTesting") },
    path: "Tests/AppFeaturePropertyTests"
  ),
]

// MARK: - Apps

// The composed terminal app: `AppHost` (the terminal, line mode and the embedded server; no
// Live targets); `TCALApp`, the composition root (the command line, and every client assigned
// from the Live targets, or from the Testing targets' doubles for `--mock`); and the `tcal`
// executable, whose only line makes `TCALApp`'s command its `@main`. Tests import `TCALApp`: an
// executable's main module cannot be imported.

package.targets += [
  .target(
    name: "AppHost",
    dependencies: [
      "APIServer",
      "ComposableArchitecture",
      "TerminalUI",
      .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
      .product(name: "Logging", package: "swift-log"),
    ],
    path: "Apps/tcal/AppHost"
  ),
  .target(
    name: "TCALApp",
    dependencies: [
      "APIClient",
      "APIClientLive",
      "APIServer",
      "AppFeature",
      "AppHost",
      "AppSettings",
      "ComposableArchitecture",
      "FeatureKit",
      "SharedModels",
      "SharedModelsTesting",
      "TerminalUI",
      .product(name: "ArgumentParser", package: "swift-argument-parser"),
    ]
      + features.flatMap {
        [
          .target(name: "\($0.name)Feature"), .target(name: "\($0.name)FeatureLive"),
          .target(name: "\($0.name)FeatureTesting"),
        ]
      },
    path: "Apps/tcal/TCALApp"
  ),
  .executableTarget(
    name: "tcal",
    dependencies: [
      "TCALApp",
      .product(name: "ArgumentParser", package: "swift-argument-parser"),
    ],
    path: "Apps/tcal/tcal"
  ),
  .testTarget(
    name: "TCALTests",
    dependencies: [
      "APIServer",
      "AppFeature",
      "AppHost",
      "ComposableArchitecture",
      "LiveServerTestSupport",
      "TCALApp",
      "TerminalUI",
      .product(name: "ArgumentParser", package: "swift-argument-parser"),
      .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
    ],
    path: "Tests/TCALTests"
  ),
  .testTarget(
    name: "AppHostTests",
    dependencies: [
      "AppHost",
      "APIServer",
      "ComposableArchitecture",
      "SharedModels",
      "TerminalUI",
      .product(name: "GRDB", package: "GRDB.swift"),
      .product(name: "InlineSnapshotTesting", package: "swift-snapshot-testing"),
      .product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay"),
    ],
    path: "Tests/AppHostTests"
  ),
]

package.targets += [
  .executableTarget(
    name: "CounterDemo",
    dependencies: ["ComposableArchitecture"],
    path: "Apps/CounterDemo"
  )
]

// MARK: - Server

// The API server: a library the app starts in-process, and the `Server` executable that runs it
// on its own.

package.targets += [
  .target(
    name: "APIServer",
    dependencies: [
      "SharedModels",
      .product(name: "GRDB", package: "GRDB.swift"),
      .product(name: "Hummingbird", package: "hummingbird"),
      .product(name: "HummingbirdCore", package: "hummingbird"),
      .product(name: "Logging", package: "swift-log"),
      .product(name: "NIOCore", package: "swift-nio"),
      .product(name: "NIOHTTP1", package: "swift-nio"),
      .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
      .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
      .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
      .product(name: "UnixSignals", package: "swift-service-lifecycle"),
    ],
    path: "Apps/Server/APIServer"
  ),
  .executableTarget(
    name: "Server",
    dependencies: [
      "APIServer",
      .product(name: "ArgumentParser", package: "swift-argument-parser"),
      .product(name: "Logging", package: "swift-log"),
    ],
    path: "Apps/Server/Server"
  ),
  .testTarget(
    name: "APIServerTests",
    dependencies: [
      "APIServer",
      "SharedModels",
      .product(name: "GRDB", package: "GRDB.swift"),
      .product(name: "Hummingbird", package: "hummingbird"),
      .product(name: "HummingbirdTesting", package: "hummingbird"),
      .product(name: "Logging", package: "swift-log"),
      .product(name: "NIOCore", package: "swift-nio"),
    ],
    path: "Tests/APIServerTests"
  ),
]

// MARK: - Narrowing test runs

// `swift test --filter` still compiles every target. Setting `TEST_TARGETS` to a
// comma-separated list of test target names keeps only those test targets in the graph, and of
// the rest only what they depend on (with the products made of it), so a run compiles just what
// it tests: a feature's reducer tests build no server (see Tooling/README.md).
if let selected = Context.environment["TEST_TARGETS"] {
  let names = Set(selected.split(separator: ",").map { String($0.filter { !$0.isWhitespace }) })
  package.targets.removeAll { $0.type == .test && !names.contains($0.name) }
  let targetsByName = Dictionary(uniqueKeysWithValues: package.targets.map { ($0.name, $0) })
  var needed: Set<String> = []
  var toVisit = Array(names)
  while let name = toVisit.popLast() {
    guard needed.insert(name).inserted, let target = targetsByName[name] else { continue }
    toVisit += target.dependencies.compactMap(\.targetName)
  }
  package.targets.removeAll { !needed.contains($0.name) }
  package.products.removeAll { product in
    let targets =
      (product as? Product.Library)?.targets ?? (product as? Product.Executable)?.targets ?? []
    return targets.contains { !needed.contains($0) }
  }
  // Drop the packages only the removed targets used, so SwiftPM does not warn about them.
  let usedPackages = Set(
    package.targets.flatMap(\.dependencies).compactMap { dependency -> String? in
      guard case let .productItem(_, package, _, _) = dependency else { return nil }
      return package?.lowercased()
    }
  )
  package.dependencies.removeAll { dependency in
    guard case let .sourceControl(_, location, _) = dependency.kind,
      let name = location.split(separator: "/").last
    else { return false }
    return !usedPackages.contains(String(name).lowercased())
  }
}

// MARK: - Settings shared by every target of ours

for target in package.targets {
  target.swiftSettings =
    (target.swiftSettings ?? []) + [
      .swiftLanguageMode(.v6),
      .enableUpcomingFeature("MemberImportVisibility"),
    ]
}
