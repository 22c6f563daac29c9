import Foundation
import TCATooling
import Testing

/// The tools on the real root package.
struct RepositoryTests {
  @Test
  func everyTargetDirectoryExists() throws {
    let graph = try Fixtures.repositoryGraph()
    #expect(graph["ComposableArchitecture"]?.path == "Modules/Core/ComposableArchitecture")
    for target in graph.targets {
      let url = Fixtures.repositoryRoot.appendingPathComponent(target.path)
      #expect(FileManager.default.fileExists(atPath: url.path), "\(target.name): \(target.path)")
    }
  }

  @Test
  func describingIgnoresTestTargetsNarrowing() throws {
    // The test run may itself be narrowed; the graph must still hold every test target.
    let graph = try Fixtures.repositoryGraph()
    #expect(graph["ComposableArchitectureTests"]?.category == .test)
    #expect(graph["ComposableArchitectureMacrosTests"]?.category == .test)
  }

  @Test
  func touchingTheStoreSelectsEverythingThatDependsOnTheRuntime() throws {
    let graph = try Fixtures.repositoryGraph()
    let affected = AffectedTargets(
      changedFiles: ["Modules/Core/ComposableArchitecture/Store/Store.swift"], graph: graph)
    let dependsOnRuntime = graph.targets.filter {
      $0.name == "ComposableArchitecture"
        || graph.dependencyClosure(of: $0.name).contains("ComposableArchitecture")
    }
    #expect(Set(affected.all) == Set(dependsOnRuntime.map(\.name)))
    #expect(affected.libraries.contains("ComposableArchitecture"))
    #expect(affected.executables.contains("CounterDemo"))
    #expect(affected.tests.contains("ComposableArchitectureTests"))
    #expect(!affected.all.contains("ComposableArchitectureMacros"))
    #expect(!affected.tests.contains("ComposableArchitectureMacrosTests"))
  }

  @Test
  func touchingAMacroTestSelectsOnlyTheMacroTests() throws {
    let graph = try Fixtures.repositoryGraph()
    let affected = AffectedTargets(
      changedFiles: ["Tests/ComposableArchitectureMacrosTests/ReducerMacroTests.swift"],
      graph: graph)
    #expect(affected.all == ["ComposableArchitectureMacrosTests"])
  }

  @Test
  func touchingTheMacrosSelectsTheRuntimeToo() throws {
    let graph = try Fixtures.repositoryGraph()
    let affected = AffectedTargets(
      changedFiles: ["Modules/Core/ComposableArchitectureMacros/ReducerMacro.swift"], graph: graph)
    #expect(affected.libraries.contains("ComposableArchitecture"))
    #expect(affected.libraries.contains("ComposableArchitectureMacros"))
    #expect(affected.tests.contains("ComposableArchitectureMacrosTests"))
    #expect(affected.tests.contains("ComposableArchitectureTests"))
  }

  @Test
  func theRepositoryPassesTheArchitectureCheck() throws {
    let graph = try Fixtures.repositoryGraph()
    let imports = SourceImport.scan(graph, root: Fixtures.repositoryRoot)
    // The scan reads every target's sources: the runtime's imports are among them.
    #expect(imports["ComposableArchitecture"]?.contains { $0.module == "CasePaths" } == true)
    #expect(imports["AppFeature"]?.contains { $0.module == "SearchFeature" } == true)
    let violations = ArchitectureChecker(graph: graph, imports: imports).violations()
    #expect(violations == [], "\(violations.map(\.description).joined(separator: "\n"))")
  }

  @Test
  func theRepositoryLocatesFromTooling() throws {
    let sources = Fixtures.toolingRoot.appendingPathComponent("Sources")
    #expect(
      try PackageRootLocator.locate(from: sources).standardizedFileURL.path
        == Fixtures.repositoryRoot.standardizedFileURL.path)
    #expect(
      try PackageRootLocator.locate(from: Fixtures.repositoryRoot.appendingPathComponent("Modules"))
        .standardizedFileURL.path == Fixtures.repositoryRoot.standardizedFileURL.path)
  }
}
