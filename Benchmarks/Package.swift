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
    // Only the malloc interposer (malloc counts): the Swift runtime interposer, which counts
    // retains and releases, is left off, so no ARC metrics are collected.
    .package(
      url: "https://github.com/ordo-one/benchmark", exact: "1.38.1",
      traits: ["MallocInterposer"]),
  ],
  targets: [
    .executableTarget(
      name: "RuntimeBenchmarks",
      dependencies: [
        .product(name: "ComposableArchitecture", package: root.lastPathComponent),
        .product(name: "Benchmark", package: "benchmark"),
      ],
      path: "Benchmarks/RuntimeBenchmarks",
      swiftSettings: [.swiftLanguageMode(.v6)],
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    ),
    // Reads a run's exported results (JMH format) and prints each benchmark's ratio to its
    // baseline and the budgets (Catalog.swift, shared with RuntimeBenchmarks).
    .executableTarget(
      name: "BenchmarkReport",
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
