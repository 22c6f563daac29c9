/// The source files of a new feature, shaped like the real ones (ARCHITECTURE.md, "The features
/// and the app"): a `@Reducer` whose actions follow the shared naming (`onAppear`, `refresh`, `retry`, `messageLoaded`,
/// `messageFailed`, `delegate`), a `@DependencyClient` with its `testValue` and `previewValue`
/// (Interface), a terminal view (Interface), the client's `liveValue` that throws a clear "not
/// implemented" error (Live), named doubles (Testing), and passing tests: the reducer through a
/// `TestStore` and the view's lines and keys (Tests), and the live client (LiveTests). These
/// are the files every feature with a client has, under the same names.
public struct FeatureTemplate: Sendable {
  /// The feature the files are for.
  public var name: FeatureName

  /// Creates the template for `name`.
  public init(name: FeatureName) {
    self.name = name
  }

  /// The feature's directory: `Modules/Features/NAME`.
  public var featureDirectory: String { "Modules/Features/\(name)" }
  /// The Interface target's directory.
  public var interfaceDirectory: String { "\(featureDirectory)/Interface" }
  /// The Live target's directory.
  public var liveDirectory: String { "\(featureDirectory)/Live" }
  /// The Testing target's directory.
  public var testingDirectory: String { "\(featureDirectory)/Testing" }
  /// The test target's directory: `Tests/NAMEFeatureTests`.
  public var testsDirectory: String { "Tests/\(name.testsTarget)" }
  /// The live clients' test target's directory: `Tests/NAMEFeatureLiveTests`.
  public var liveTestsDirectory: String { "Tests/\(name.liveTestsTarget)" }

  /// The directories the scaffold creates, outermost first.
  public var directories: [String] {
    [
      featureDirectory, interfaceDirectory, liveDirectory, testingDirectory, testsDirectory,
      liveTestsDirectory,
    ]
  }

  /// The view's type name: `NAMEView`.
  var viewType: String { "\(name.reducerType)View" }

  /// Every file of the feature.
  public var files: [ScaffoldFile] {
    [
      ScaffoldFile(path: "\(interfaceDirectory)/\(name.reducerType).swift", contents: reducer),
      ScaffoldFile(path: "\(interfaceDirectory)/\(name.clientType).swift", contents: client),
      ScaffoldFile(path: "\(interfaceDirectory)/\(viewType).swift", contents: view),
      ScaffoldFile(path: "\(liveDirectory)/\(name.clientType)+Live.swift", contents: liveClient),
      ScaffoldFile(
        path: "\(testingDirectory)/\(name.clientType)+Doubles.swift", contents: clientDoubles),
      ScaffoldFile(path: "\(testsDirectory)/\(name.reducerType)Tests.swift", contents: tests),
      ScaffoldFile(
        path: "\(liveTestsDirectory)/\(name.clientType)LiveTests.swift", contents: liveTests),
      ScaffoldFile(path: "\(testsDirectory)/\(viewType)Tests.swift", contents: viewTests),
    ]
  }
}

extension FeatureTemplate {
  /// `import` lines for `modules`, sorted as the formatter wants them.
  func imports(_ modules: String...) -> String {
    modules.sorted().map { "import \($0)" }.joined(separator: "\n")
  }
}
