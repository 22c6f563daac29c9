// swift-tools-version: 6.1

import PackageDescription

// Developer tooling for the root package: `tca affected`, `tca new-feature`,
// `tca check-architecture`. A package of its own, so the root's package graph never depends on
// it (see the Tooling section of ARCHITECTURE.md).
let package = Package(
  name: "Tooling",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "tca", targets: ["TCACommand"])
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2")
  ],
  targets: [
    .target(
      name: "TCATooling",
      path: "Sources/TCATooling"
    ),
    .executableTarget(
      name: "TCACommand",
      dependencies: [
        "TCATooling",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ],
      path: "Sources/TCACommand"
    ),
    .testTarget(
      name: "TCAToolingTests",
      dependencies: ["TCATooling"],
      path: "Tests/TCAToolingTests",
      exclude: ["Fixtures"]
    ),
  ]
)

for target in package.targets {
  target.swiftSettings =
    (target.swiftSettings ?? []) + [
      .swiftLanguageMode(.v6),
      .enableUpcomingFeature("MemberImportVisibility"),
    ]
}
