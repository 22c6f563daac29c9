/// A rule of the module architecture that `check-architecture` enforces.
public enum ArchitectureRule: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
  /// A target's source imports a target of the package that the target does not declare.
  case undeclaredImport = "undeclared-import"
  /// A feature's Interface depends, directly or not, on a Live target.
  case interfaceDependsOnLive = "interface-depends-on-live"
  /// A feature's Interface depends, directly or not, on a shared client that has a Live half
  /// (such as `APIClient`) or on a target in `Apps/` (such as the server): a feature reaches
  /// the outside world only through its own narrow client.
  case interfaceDependsOnTransport = "interface-depends-on-transport"
  /// A feature's Testing target depends on something other than its own Interface, the
  /// runtime, shared models and shared test support.
  case testingDependsOnOtherTargets = "testing-depends-on-other-targets"
  /// A feature's target depends on another feature's: features never depend on each other,
  /// the app composes them.
  case featureDependsOnFeature = "feature-depends-on-feature"
  /// A feature's `Tests` target depends, directly or not, on a Live target or on anything in
  /// `Apps/` (such as the server): its reducer and view tests build nothing but the feature.
  case featureTestsDependOnLive = "feature-tests-depend-on-live"
  /// The `App` module depends, directly or not, on a Live target.
  case appDependsOnLive = "app-depends-on-live"
  /// A feature's Live target depends, directly or not, on another feature's Live target.
  case liveDependsOnOtherLive = "live-depends-on-other-live"
  /// A library outside the features depends, directly or not, on a Live target: only
  /// executables (and tests, and the shared test support they link) may link Live targets.
  case libraryDependsOnLive = "library-depends-on-live"
  /// A target depends on an executable: an executable's main module cannot be imported (a
  /// test that imports one fails to build on a cold cache), so what tests need of an app lives
  /// in a library the executable runs.
  case dependsOnExecutable = "depends-on-executable"
  /// Targets depend on each other in a cycle.
  case dependencyCycle = "dependency-cycle"
  /// A feature lacks one of its five targets, or one has the wrong kind.
  case incompleteFeature = "incomplete-feature"

  /// The rule's identifier, as printed in brackets before each violation.
  public var description: String { rawValue }
}
