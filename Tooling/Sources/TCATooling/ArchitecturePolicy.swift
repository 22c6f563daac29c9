/// Which targets play the shared roles the architecture rules refer to.
public struct ArchitecturePolicy: Sendable {
  /// The runtime every feature builds on.
  public var runtimeTarget: String
  /// The library module that composes the features.
  public var appTarget: String
  /// Directories whose targets are shared models.
  public var sharedModelDirectories: [String]
  /// Directories whose targets are shared test support.
  public var testSupportDirectories: [String]
  /// Libraries in `Apps/` that hold an executable's composition root (its command line and the
  /// assignment of every client's live value), so that tests can import it: an executable's
  /// main module cannot be imported. Like an executable, such a library may link Live targets;
  /// any library that depends on it links them too, and is refused.
  public var compositionRoots: [String]

  /// Creates a policy.
  public init(
    runtimeTarget: String = "ComposableArchitecture",
    appTarget: String = "AppFeature",
    sharedModelDirectories: [String] = ["Modules/Shared"],
    testSupportDirectories: [String] = ["Modules/TestSupport"],
    compositionRoots: [String] = ["TCALApp"]
  ) {
    self.runtimeTarget = runtimeTarget
    self.appTarget = appTarget
    self.sharedModelDirectories = sharedModelDirectories
    self.testSupportDirectories = testSupportDirectories
    self.compositionRoots = compositionRoots
  }

  /// The repository's conventions: the runtime is `ComposableArchitecture`, the composing
  /// module `AppFeature` (in `Modules/App`), the app's composition root `TCALApp` (in
  /// `Apps/tcal`); shared models are targets named `Models` or `…Models`, or living under
  /// `Modules/Shared/`; shared test support is targets and products named `…TestSupport`, or
  /// targets under `Modules/TestSupport/`.
  public static let repository = ArchitecturePolicy()

  /// Whether `target` holds shared models (a shared Live target does not).
  public func isSharedModels(_ target: PackageTarget) -> Bool {
    guard FeatureRole.parse(target.name) == nil, target.category == .library,
      !isSharedLive(target)
    else { return false }
    return target.name.hasSuffix("Models")
      || sharedModelDirectories.contains { RepositoryPath.path(target.path, isInside: $0) }
  }

  /// Whether `target` is the Live half of a shared Interface/Live pair: a library named
  /// `…Live` in a shared models directory, such as `APIClientLive` in
  /// `Modules/Shared/APIClient/Live`. It follows the rules of a feature's Live target.
  public func isSharedLive(_ target: PackageTarget) -> Bool {
    guard FeatureRole.parse(target.name) == nil, target.category == .library,
      target.name.count > "Live".count, target.name.hasSuffix("Live")
    else { return false }
    return sharedModelDirectories.contains { RepositoryPath.path(target.path, isInside: $0) }
  }

  /// Whether `target` is a composition-root library: one of ``compositionRoots``, in `Apps/`.
  public func isCompositionRoot(_ target: PackageTarget) -> Bool {
    target.category == .library && compositionRoots.contains(target.name)
      && RepositoryPath.path(target.path, isInside: "Apps")
  }

  /// Whether `target` is shared test support.
  public func isTestSupport(_ target: PackageTarget) -> Bool {
    guard FeatureRole.parse(target.name) == nil, target.category == .library else { return false }
    return target.name.hasSuffix("TestSupport")
      || testSupportDirectories.contains { RepositoryPath.path(target.path, isInside: $0) }
  }

  /// Whether a product of another package is test support (`IssueReportingTestSupport`).
  public func isTestSupportProduct(_ product: String) -> Bool {
    product.hasSuffix("TestSupport")
  }
}
