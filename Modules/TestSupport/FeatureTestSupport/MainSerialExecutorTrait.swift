import ComposableArchitecture
import Testing

/// Runs each test with every task enqueued on the main serial executor, so a test store's effects
/// run in a deterministic order, as TCA's `TestStore` arranges by default.
public struct MainSerialExecutorTrait: SuiteTrait, TestTrait, TestScoping {
  /// Applies to every test of a suite it is given to.
  public var isRecursive: Bool { true }

  /// Creates the trait.
  public init() {}

  /// Runs the test case inside `withMainSerialExecutor`.
  public func provideScope(
    for test: Test,
    testCase: Test.Case?,
    performing function: @Sendable () async throws -> Void
  ) async throws {
    guard testCase != nil else { return try await function() }
    try await withMainSerialExecutor { try await function() }
  }
}

extension Trait where Self == MainSerialExecutorTrait {
  /// Runs each test with every task on the main serial executor.
  public static var mainSerialExecutor: Self { Self() }
}
