/// The part a target plays in a feature, read from its name: `NAMEFeature`,
/// `NAMEFeatureLive`, `NAMEFeatureTesting`, `NAMEFeatureTests` or `NAMEFeatureLiveTests`.
public enum FeatureRole: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
  /// `NAMEFeature`: reducer, State, Action and client interfaces.
  case interface
  /// `NAMEFeatureLive`: live client implementations.
  case live
  /// `NAMEFeatureTesting`: named test doubles and fixtures.
  case testing
  /// `NAMEFeatureTests`: the reducer's and the view's tests, with the Testing doubles.
  case tests
  /// `NAMEFeatureLiveTests`: the live clients' tests (against a real server when the Live target
  /// talks to the API).
  case liveTests

  /// The suffix the role's target name ends with.
  public var suffix: String {
    switch self {
    case .interface: "Feature"
    case .live: "FeatureLive"
    case .testing: "FeatureTesting"
    case .tests: "FeatureTests"
    case .liveTests: "FeatureLiveTests"
    }
  }

  /// The kind of target the role must be.
  public var requiredCategory: TargetCategory {
    self == .tests || self == .liveTests ? .test : .library
  }

  /// The role's name for people (`Interface`, `Live`, `Testing`, `Tests`, `Live tests`).
  public var description: String {
    switch self {
    case .interface: "Interface"
    case .live: "Live"
    case .testing: "Testing"
    case .tests: "Tests"
    case .liveTests: "Live tests"
    }
  }

  /// The name of the feature's target that plays this role.
  public func targetName(forFeature feature: String) -> String {
    feature + suffix
  }

  /// The feature and role a target name denotes, or `nil` for a target outside the feature
  /// naming scheme.
  public static func parse(_ targetName: String) -> (feature: String, role: FeatureRole)? {
    for role in [FeatureRole.testing, .liveTests, .tests, .live, .interface]
    where targetName.hasSuffix(role.suffix) {
      let feature = String(targetName.dropLast(role.suffix.count))
      guard let first = feature.first, first.isUppercase else { return nil }
      return (feature, role)
    }
    return nil
  }
}
