import Foundation
import TCATooling
import Testing

struct FeatureScaffolderTests {
  /// A package root holding a copy of the root manifest.
  private func makePackage() throws -> TemporaryDirectory {
    let directory = try TemporaryDirectory()
    let manifest = try String(
      contentsOf: Fixtures.repositoryRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
    try directory.write(manifest, to: "Package.swift")
    try directory.write("// A test.\n", to: "Tests/ComposableArchitectureTests/StoreTests.swift")
    return directory
  }

  private func manifest(_ directory: TemporaryDirectory) throws -> String {
    try String(contentsOf: directory.url.appendingPathComponent("Package.swift"), encoding: .utf8)
  }

  @Test
  func writesTheFiveTargetsAndDeclaresTheFeature() throws {
    let package = try makePackage()
    defer { package.remove() }
    let result = try FeatureScaffolder(packageRoot: package.url).scaffold(
      "Demo", existingTargets: ["ComposableArchitecture"])
    #expect(
      result.createdFiles == [
        "Modules/Features/Demo/Interface/Demo.swift",
        "Modules/Features/Demo/Interface/DemoClient.swift",
        "Modules/Features/Demo/Interface/DemoView.swift",
        "Modules/Features/Demo/Live/DemoClient+Live.swift",
        "Modules/Features/Demo/Testing/DemoClient+Doubles.swift",
        "Tests/DemoFeatureTests/DemoTests.swift",
        "Tests/DemoFeatureLiveTests/DemoClientLiveTests.swift",
        "Tests/DemoFeatureTests/DemoViewTests.swift",
        "Package.swift",
      ])
    for file in result.createdFiles {
      #expect(FileManager.default.fileExists(atPath: package.url.appendingPathComponent(file).path))
    }
    #expect(try ManifestEditor.featureNames(in: manifest(package)).last == "Demo")
  }

  /// The generated files by path.
  private func generatedFiles() throws -> [String: String] {
    let template = FeatureTemplate(name: try FeatureName(validating: "Demo"))
    return Dictionary(uniqueKeysWithValues: template.files.map { ($0.path, $0.contents) })
  }

  @Test
  func theReducerFollowsTheSharedActionNaming() throws {
    let reducer = try #require(generatedFiles()["Modules/Features/Demo/Interface/Demo.swift"])
    #expect(reducer.contains("@Reducer\npublic struct Demo {"))
    #expect(reducer.contains("  @ObservableState\n  public struct State: Equatable {"))
    #expect(reducer.contains("  public enum Action: Equatable {"))
    for action in [
      "case onAppear", "case refresh", "case retry", "case messageLoaded(String)",
      "case messageFailed(String)", "case delegate(Delegate)",
    ] {
      #expect(reducer.contains("    \(action)\n"), "missing `\(action)`")
    }
    #expect(reducer.contains("    @CasePathable\n    public enum Delegate: Equatable {"))
    #expect(reducer.contains("await send(.messageFailed(error.localizedDescription))"))
    #expect(reducer.contains(".cancellable(id: CancelID.load, cancelInFlight: true)"))
    #expect(!reducer.contains("String(describing:"))
  }

  @Test
  func theClientHasTestAndPreviewValuesAndTheLiveValueIsComputed() throws {
    let files = try generatedFiles()
    let client = try #require(files["Modules/Features/Demo/Interface/DemoClient.swift"])
    #expect(client.contains("@DependencyClient\npublic struct DemoClient: Sendable {"))
    #expect(client.contains("extension DemoClient: TestDependencyKey {"))
    #expect(client.contains("  public static let testValue = DemoClient()\n"))
    #expect(client.contains("  public static var previewValue: DemoClient {"))
    let live = try #require(files["Modules/Features/Demo/Live/DemoClient+Live.swift"])
    #expect(live.contains("extension DemoClient: DependencyKey {"))
    #expect(live.contains("  public static var liveValue: DemoClient {"))
    #expect(live.contains("throw NotImplemented(endpoint: \"DemoClient.load\")"))
    #expect(live.contains("struct NotImplemented: LocalizedError {"))
    #expect(live.contains("is not implemented yet: write its live implementation in "))
    #expect(!files.values.contains { $0.contains("fatalError") })
    // Only the files every feature with a client has: no error type of its own.
    #expect(!files.keys.contains { $0.hasSuffix("ClientError.swift") })
  }

  @Test
  func theDoublesAreNamedLikeTheRealFeatures() throws {
    let doubles = try #require(
      generatedFiles()["Modules/Features/Demo/Testing/DemoClient+Doubles.swift"])
    for declaration in [
      "public static var mock: DemoClient {",
      "public static func failing(_ error: any Error) -> DemoClient {",
      "public static var empty: DemoClient {", "public static var never: DemoClient {",
      "public static func slow(_ duration: Duration, clock: any Clock<Duration>) -> DemoClient {",
    ] {
      #expect(doubles.contains(declaration), "missing `\(declaration)`")
    }
  }

  @Test
  func theViewIsTheFeaturesScreenOfTheState() throws {
    let view = try #require(generatedFiles()["Modules/Features/Demo/Interface/DemoView.swift"])
    #expect(view.contains("import TerminalUI\n"))
    #expect(view.contains("public struct DemoView: FeatureScreen {"))
    #expect(view.contains("  public static let title = \"Demo\""))
    #expect(view.contains("  public var isBusy: Bool { state.isLoading }"))
    #expect(view.contains("  public static var appearAction: Demo.Action? { .onAppear }"))
    #expect(view.contains("  public init(state: Demo.State) {"))
    #expect(view.contains("  public func render(in context: RenderContext) -> [StyledLine] {"))
    #expect(view.contains("  public var keyBindings: [KeyBinding<Demo.Action>] {"))
  }

  @Test
  func theTestsCoverTheReducerTheLiveClientAndTheView() throws {
    let files = try generatedFiles()
    let tests = try #require(files["Tests/DemoFeatureTests/DemoTests.swift"])
    #expect(tests.contains("import Testing"))
    #expect(tests.contains("@MainActor\nstruct DemoTests {"))
    #expect(tests.contains("let store = TestStore(initialState: Demo.State()) {"))
    let live = try #require(files["Tests/DemoFeatureLiveTests/DemoClientLiveTests.swift"])
    #expect(live.contains("@Suite(.serialized)\nstruct DemoClientLiveTests {"))
    #expect(live.contains("try await DemoClient.liveValue.load()"))
    let view = try #require(files["Tests/DemoFeatureTests/DemoViewTests.swift"])
    #expect(view.contains("struct DemoViewTests {"))
    #expect(view.contains("view.action(for: .character(\"r\")) == .retry"))
  }

  @Test
  func everyFileImportsWhatItUsesAndFitsTheFormatter() throws {
    for (path, contents) in try generatedFiles() {
      // `MemberImportVisibility`: Foundation's members (`localizedDescription`) need it imported.
      if contents.contains("localizedDescription") || contents.contains("LocalizedError") {
        #expect(contents.contains("import Foundation\n"), "\(path) does not import Foundation")
      }
      for line in contents.split(separator: "\n") where line.count > 100 {
        Issue.record("\(path): line longer than 100 columns: \(line)")
      }
      #expect(!contents.contains("\t"), "\(path) has a tab")
      let imports = contents.split(separator: "\n").filter { $0.hasPrefix("import ") }
      #expect(imports == imports.sorted(), "\(path): imports not sorted: \(imports)")
    }
  }

  @Test(arguments: ["demo", "Demo-1", "Self", "DemoFeature", "Store", ""])
  func refusesABadNameTouchingNothing(name: String) throws {
    let package = try makePackage()
    defer { package.remove() }
    let before = (package.listing(), try manifest(package))
    #expect(throws: FeatureNameError.self) {
      try FeatureScaffolder(packageRoot: package.url).scaffold(name, existingTargets: [])
    }
    #expect(package.listing() == before.0)
    #expect(try manifest(package) == before.1)
  }

  @Test
  func refusesAnExistingFeatureTargetOrFolder() throws {
    let package = try makePackage()
    defer { package.remove() }
    let scaffolder = FeatureScaffolder(packageRoot: package.url)
    try scaffolder.scaffold("Demo", existingTargets: [])
    let before = (package.listing(), try manifest(package))

    #expect(
      throws: FeatureNameError.alreadyExists("Demo", what: "the feature `Demo` in Package.swift")
    ) {
      try scaffolder.scaffold("Demo", existingTargets: [])
    }
    #expect(
      throws: FeatureNameError.alreadyExists("DEMO", what: "the feature `Demo` in Package.swift")
    ) {
      try scaffolder.scaffold("DEMO", existingTargets: [])
    }
    #expect(throws: FeatureNameError.alreadyExists("Other", what: "the target `OtherFeatureLive`"))
    {
      try scaffolder.scaffold("Other", existingTargets: ["OtherFeatureLive"])
    }
    // A name that the real manifest does not declare, so only the folder refuses it.
    try package.write("// Notes.\n", to: "Modules/Features/onboarding/Notes.swift")
    #expect(
      throws: FeatureNameError.alreadyExists("Onboarding", what: "`Modules/Features/onboarding`")
    ) {
      try scaffolder.scaffold("Onboarding", existingTargets: [])
    }
    try package.write("// Old.\n", to: "Tests/LegacyFeatureTests/Old.swift")
    #expect(throws: FeatureNameError.alreadyExists("Legacy", what: "`Tests/LegacyFeatureTests`")) {
      try scaffolder.scaffold("Legacy", existingTargets: [])
    }
    let written = [
      "Modules/Features/onboarding", "Modules/Features/onboarding/Notes.swift",
      "Tests/LegacyFeatureTests",
      "Tests/LegacyFeatureTests/Old.swift",
    ]
    #expect(package.listing() == (before.0 + written).sorted())
    #expect(try manifest(package) == before.1)
  }

  @Test
  func refusesAManifestWithoutAFeaturesListTouchingNothing() throws {
    let package = try TemporaryDirectory()
    defer { package.remove() }
    try package.write("// swift-tools-version: 6.1\n", to: "Package.swift")
    let before = package.listing()
    #expect(throws: ManifestEditError.missingList) {
      try FeatureScaffolder(packageRoot: package.url).scaffold("Demo", existingTargets: [])
    }
    #expect(package.listing() == before)
  }

  @Test
  func undoesWhatItWroteWhenAWriteFails() throws {
    let package = try makePackage()
    defer { package.remove() }
    // `Tests` is a file, so the test target's folder cannot be created.
    try FileManager.default.removeItem(at: package.url.appendingPathComponent("Tests"))
    try package.write("not a folder", to: "Tests")
    let before = (package.listing(), try manifest(package))
    #expect(throws: (any Error).self) {
      try FeatureScaffolder(packageRoot: package.url).scaffold("Demo", existingTargets: [])
    }
    #expect(package.listing() == before.0)
    #expect(try manifest(package) == before.1)
  }
}
