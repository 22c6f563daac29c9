/// Checks a package graph against the module architecture:
///
/// - an Interface (`NAMEFeature`) depends on no Live target, and neither on the transport (a
///   shared client with a Live half, such as `APIClient`) nor on anything in `Apps/`;
/// - a Testing target depends only on its own Interface, the runtime, shared models and shared
///   test support that links no Live target;
/// - no feature's target depends on another feature's;
/// - a feature's `Tests` target depends on no Live target and on nothing in `Apps/`, so that
///   testing a reducer builds no server;
/// - the `App` module, when there is one, depends on no Live target;
/// - a Live target depends on no other feature's Live target, nor on a shared one;
/// - no other library depends on a Live target (only executables, the composition-root
///   libraries in `Apps/` that their `main` calls, shared test support, and tests link them; a
///   feature's tests that reach a Live target through test support are still refused);
/// - nothing depends on an executable (its main module cannot be imported);
/// - no dependency cycles;
/// - every feature has its five targets, of the right kinds.
///
/// Live targets are features' `NAMEFeatureLive` targets and shared ones (libraries named `…Live`
/// in a shared directory, such as `APIClientLive`). Dependencies on Live targets count whether
/// direct or through other targets.
///
/// Given the targets' source imports, it also refuses an import of a target of the package that
/// the importing target does not declare, and counts it as a dependency for every rule above:
/// the manifest alone would miss `import SearchFeature` written in another feature.
public struct ArchitectureChecker: Sendable {
  /// The graph checked: the manifest's, with each target's undeclared imports of targets of the
  /// package added to its dependencies.
  public let graph: PackageGraph
  /// Which targets play the shared roles.
  public let policy: ArchitecturePolicy
  /// The imports of targets of the package that their importer does not declare, by importer.
  public let undeclaredImports: [String: [SourceImport]]

  /// Creates a checker for `graph`, with the targets' source `imports` by target name (see
  /// ``SourceImport/scan(_:root:)``; none by default).
  public init(
    graph: PackageGraph, policy: ArchitecturePolicy = .repository,
    imports: [String: [SourceImport]] = [:]
  ) {
    var undeclared: [String: [SourceImport]] = [:]
    for target in graph.targets {
      let declared = Set(target.targetDependencies)
      let found = (imports[target.name] ?? []).filter {
        $0.module != target.name && graph[$0.module] != nil && !declared.contains($0.module)
      }
      if !found.isEmpty { undeclared[target.name] = found }
    }
    self.graph = PackageGraph(
      targets: graph.targets.map { target in
        var target = target
        let added = (undeclared[target.name] ?? []).map(\.module)
        target.targetDependencies += Set(added).sorted()
        return target
      })
    self.policy = policy
    self.undeclaredImports = undeclared
  }

  /// The features the graph has targets of, by name, with the roles present.
  public var features: [String: Set<FeatureRole>] {
    var features: [String: Set<FeatureRole>] = [:]
    for target in graph.targets where !isApp(target.name) {
      guard let (feature, role) = FeatureRole.parse(target.name) else { continue }
      features[feature, default: []].insert(role)
    }
    return features
  }

  /// Every violation, rule by rule in the order of ``ArchitectureRule``, then by target.
  public func violations() -> [ArchitectureViolation] {
    undeclaredImportViolations() + interfaceViolations() + interfaceTransportViolations()
      + testingViolations()
      + crossFeatureViolations() + featureTestsViolations() + appViolations() + liveViolations()
      + libraryViolations() + executableViolations() + cycleViolations()
      + completenessViolations()
  }

  /// Whether `target` is a feature's Live target or a shared one (`APIClientLive`).
  private func isLive(_ target: PackageTarget) -> Bool {
    FeatureRole.parse(target.name)?.role == .live || policy.isSharedLive(target)
  }

  private func chain(_ path: [String]) -> String {
    path.joined(separator: " → ")
  }

  /// Whether `name` is the composing module or its tests, which are named like a feature's
  /// targets (`AppFeature`, `AppFeatureTests`) but are not one.
  private func isApp(_ name: String) -> Bool {
    name == policy.appTarget || name == policy.appTarget + "Tests"
  }

  private func targets(playing role: FeatureRole) -> [(target: PackageTarget, feature: String)] {
    graph.targets.compactMap { target in
      guard !isApp(target.name), let parsed = FeatureRole.parse(target.name), parsed.role == role
      else { return nil }
      return (target, parsed.feature)
    }
  }

  private func undeclaredImportViolations() -> [ArchitectureViolation] {
    undeclaredImports.keys.sorted().flatMap { importer in
      let imports = undeclaredImports[importer] ?? []
      return Set(imports.map(\.module)).sorted().map { module in
        let places = imports.filter { $0.module == module }.map(\.description)
        return ArchitectureViolation(
          rule: .undeclaredImport, targets: [importer, module],
          message: """
            `\(importer)` imports `\(module)` (\(places.joined(separator: ", "))) without \
            declaring it in Package.swift. A build finds it only when something else built \
            `\(module)` first, and CI's build (`--explicit-target-dependency-import-check error`) \
            refuses it. The other rules count it as a dependency: declare it only if they allow it.
            """)
      }
    }
  }

  private func interfaceViolations() -> [ArchitectureViolation] {
    targets(playing: .interface).compactMap { interface, _ in
      graph.dependencyPath(from: interface.name, to: isLive).map { path in
        ArchitectureViolation(
          rule: .interfaceDependsOnLive, targets: [interface.name, path.last!],
          message: """
            Interface `\(interface.name)` depends on Live target `\(path.last!)` \
            (\(chain(path))). Interfaces must not depend on Live targets; only executables in \
            Apps/ link them.
            """)
      }
    }
  }

  /// Whether `target` is how the app reaches the outside world: the Interface half of a shared
  /// Interface/Live pair (`APIClient`, beside `APIClientLive`) or a target in `Apps/`.
  private func isTransport(_ target: PackageTarget) -> Bool {
    if RepositoryPath.path(target.path, isInside: "Apps") { return true }
    guard let live = graph[target.name + "Live"] else { return false }
    return policy.isSharedLive(live)
  }

  private func interfaceTransportViolations() -> [ArchitectureViolation] {
    targets(playing: .interface).compactMap { interface, _ in
      graph.dependencyPath(from: interface.name, to: isTransport).map { path in
        ArchitectureViolation(
          rule: .interfaceDependsOnTransport, targets: [interface.name, path.last!],
          message: """
            Interface `\(interface.name)` depends on `\(path.last!)` (\(chain(path))). A \
            feature reaches the outside world only through its own client, whose Live target \
            implements it over the shared transport.
            """)
      }
    }
  }

  private func testingViolations() -> [ArchitectureViolation] {
    let runtimeProducts = Set(graph[policy.runtimeTarget]?.productDependencies ?? [])
    return targets(playing: .testing).compactMap { testing, feature in
      let interface = FeatureRole.interface.targetName(forFeature: feature)
      let offendingTargets = graph.dependencies(of: testing.name).filter { name in
        guard name != interface, name != policy.runtimeTarget, let target = graph[name] else {
          return false
        }
        // Shared test support is allowed unless it links a Live target (the live API client's
        // support for the Live tests): doubles never run the real clients.
        let isAllowedTestSupport =
          policy.isTestSupport(target) && graph.dependencyPath(from: name, to: isLive) == nil
        return !policy.isSharedModels(target) && !isAllowedTestSupport
      }
      let offendingProducts = Set(testing.productDependencies).filter {
        !runtimeProducts.contains($0) && !policy.isTestSupportProduct($0)
      }.sorted()
      guard !offendingTargets.isEmpty || !offendingProducts.isEmpty else { return nil }
      let listed =
        offendingTargets.map { "target `\($0)`" } + offendingProducts.map { "product `\($0)`" }
      return ArchitectureViolation(
        rule: .testingDependsOnOtherTargets, targets: [testing.name] + offendingTargets,
        message: """
          Testing target `\(testing.name)` depends on \(listed.joined(separator: ", ")). A \
          Testing target may depend only on its own Interface `\(interface)`, \
          `\(policy.runtimeTarget)`, shared models and shared test support.
          """)
    }
  }

  private func crossFeatureViolations() -> [ArchitectureViolation] {
    graph.targets.flatMap { target -> [ArchitectureViolation] in
      guard !isApp(target.name), let (feature, _) = FeatureRole.parse(target.name) else {
        return []
      }
      return Set(target.targetDependencies).sorted().compactMap { name in
        guard !isApp(name), let other = FeatureRole.parse(name), other.feature != feature else {
          return nil
        }
        return ArchitectureViolation(
          rule: .featureDependsOnFeature, targets: [target.name, name],
          message: """
            `\(target.name)` depends on `\(name)`, a target of feature `\(other.feature)`. \
            Features never depend on each other: a feature tells its parent through its \
            delegate actions, and the app composes the features.
            """)
      }
    }
  }

  private func featureTestsViolations() -> [ArchitectureViolation] {
    targets(playing: .tests).compactMap { tests, feature in
      let path = graph.dependencyPath(from: tests.name) { target in
        isLive(target) || RepositoryPath.path(target.path, isInside: "Apps")
      }
      return path.map { path in
        ArchitectureViolation(
          rule: .featureTestsDependOnLive, targets: [tests.name, path.last!],
          message: """
            `\(tests.name)` depends on `\(path.last!)` (\(chain(path))). A feature's reducer \
            and view tests link its Interface, its Testing doubles, the runtime and shared \
            models only, so that they build no server; tests of live clients go in \
            `\(FeatureRole.liveTests.targetName(forFeature: feature))`.
            """)
      }
    }
  }

  private func appViolations() -> [ArchitectureViolation] {
    guard graph[policy.appTarget] != nil,
      let path = graph.dependencyPath(from: policy.appTarget, to: isLive)
    else { return [] }
    return [
      ArchitectureViolation(
        rule: .appDependsOnLive, targets: [policy.appTarget, path.last!],
        message: """
          `\(policy.appTarget)` depends on Live target `\(path.last!)` (\(chain(path))). \
          `\(policy.appTarget)` composes features through their Interfaces only; only \
          executables in Apps/ link Live targets.
          """)
    ]
  }

  private func liveViolations() -> [ArchitectureViolation] {
    targets(playing: .live).compactMap { live, feature in
      let path = graph.dependencyPath(from: live.name) { target in
        guard let parsed = FeatureRole.parse(target.name) else {
          return policy.isSharedLive(target)
        }
        return parsed.role == .live && parsed.feature != feature
      }
      return path.map { path in
        ArchitectureViolation(
          rule: .liveDependsOnOtherLive, targets: [live.name, path.last!],
          message: """
            Live target `\(live.name)` depends on another Live target \
            `\(path.last!)` (\(chain(path))). A Live target may use other features through \
            their Interfaces only; executables in Apps/ link each Live target.
            """)
      }
    }
  }

  private func libraryViolations() -> [ArchitectureViolation] {
    graph.targets.compactMap { target in
      guard target.category == .library, FeatureRole.parse(target.name) == nil,
        target.name != policy.appTarget, !policy.isCompositionRoot(target),
        !policy.isTestSupport(target),
        let path = graph.dependencyPath(from: target.name, to: isLive)
      else { return nil }
      return ArchitectureViolation(
        rule: .libraryDependsOnLive, targets: [target.name, path.last!],
        message: """
          Library `\(target.name)` depends on Live target `\(path.last!)` (\(chain(path))). \
          Only executables in Apps/, the composition-root libraries their main calls, shared \
          test support and tests may link Live targets.
          """)
    }
  }

  private func executableViolations() -> [ArchitectureViolation] {
    graph.targets.flatMap { target -> [ArchitectureViolation] in
      Set(target.targetDependencies).sorted().compactMap { name in
        guard let dependency = graph[name], dependency.category == .executable else { return nil }
        return ArchitectureViolation(
          rule: .dependsOnExecutable, targets: [target.name, name],
          message: """
            `\(target.name)` depends on executable `\(name)`. An executable's main module \
            cannot be imported (a test that does fails to build on a cold cache): move what \
            `\(target.name)` needs into a library that `\(name)` runs, as `TCALApp` is for `tcal`.
            """)
      }
    }
  }

  private func cycleViolations() -> [ArchitectureViolation] {
    graph.cycles().map { cycle in
      ArchitectureViolation(
        rule: .dependencyCycle, targets: cycle,
        message: "Dependency cycle: \(chain(cycle + [cycle[0]])).")
    }
  }

  private func completenessViolations() -> [ArchitectureViolation] {
    features.keys.sorted().flatMap { feature -> [ArchitectureViolation] in
      let present = features[feature]!
      let missing = FeatureRole.allCases.filter { !present.contains($0) }
      var violations: [ArchitectureViolation] = []
      if !missing.isEmpty {
        let names = missing.map { "`\($0.targetName(forFeature: feature))` (\($0))" }
        let all = FeatureRole.allCases.map { "`\($0.targetName(forFeature: feature))`" }
        violations.append(
          ArchitectureViolation(
            rule: .incompleteFeature,
            targets: present.sorted { $0.rawValue < $1.rawValue }.map {
              $0.targetName(forFeature: feature)
            },
            message: """
              Feature `\(feature)` is missing \(names.joined(separator: ", ")). A feature has \
              \(FeatureRole.allCases.count) targets: \(all.joined(separator: ", ")); \
              declare it with `Feature("\(feature)")` in Package.swift.
              """))
      }
      for role in FeatureRole.allCases where present.contains(role) {
        let name = role.targetName(forFeature: feature)
        guard let target = graph[name], target.category != role.requiredCategory else { continue }
        violations.append(
          ArchitectureViolation(
            rule: .incompleteFeature, targets: [name],
            message: """
              `\(name)` is a\(target.kind == .executable ? "n" : "") \(target.kind) target; \
              a feature's \(role) target must be a \(role.requiredCategory == .test ? "test" : "library") target.
              """))
      }
      return violations
    }
  }
}
