// swift-tools-version: 6.1

import Foundation
import PackageDescription

// The root package, depended on by path; its identity is the name of the folder it is checked
// out in.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()

let package = Package(
  name: "Benchmarks",
  platforms: [.macOS(.v15)],
  dependencies: [
    .package(path: ".."),
    .package(url: "https://github.com/google/swift-benchmark", from: "0.1.2"),
  ],
  targets: [
    .executableTarget(
      name: "RuntimeBenchmarks",
      dependencies: [
        .product(name: "ComposableArchitecture", package: root.lastPathComponent),
        .product(name: "Benchmark", package: "swift-benchmark"),
      ],
      swiftSettings: [.swiftLanguageMode(.v6)]
    ),
    .executableTarget(
      name: "NavigationProbe",
      dependencies: [
        .product(name: "ComposableArchitecture", package: root.lastPathComponent)
      ],
      swiftSettings: [.swiftLanguageMode(.v6)]
    ),
  ]
)
