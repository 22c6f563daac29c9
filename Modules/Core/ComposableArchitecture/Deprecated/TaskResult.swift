// `TaskResult`, the result type of effects written before Swift had typed throws and before TCA
// moved to `Result` (1.4), deprecated as in TCA 1.24 and later: code that still sends
// `.response(TaskResult { try await … })` compiles with a warning and behaves as it did.

import CasePaths
import IssueReporting

/// The outcome of an asynchronous, throwing operation: a value or an error.
///
/// Unlike `Result<Success, any Error>`, a `TaskResult` is `Equatable` when its value is: two
/// failures are equal when their errors are of the same `Equatable` type and equal. Comparing
/// failures whose error type is not `Equatable` reports an issue in debug builds, since a test
/// could not tell them apart.
@available(
  *, deprecated,
  message:
    "Use 'Result', instead. See the following migration guide for more information: https://pointfreeco.github.io/swift-composable-architecture/main/documentation/composablearchitecture/migratingto1.4#Moving-off-of-TaskResult"
)
public enum TaskResult<Success: Sendable>: Sendable {
  /// The operation returned `Success`.
  case success(Success)
  /// The operation threw.
  case failure(any Error)

  /// The outcome of running `body`: its value, or the error it threw.
  public init(catching body: @Sendable () async throws -> Success) async {
    do {
      self = .success(try await body())
    } catch {
      self = .failure(error)
    }
  }

  /// The same outcome as `result`.
  public init<Failure>(_ result: Result<Success, Failure>) {
    switch result {
    case let .success(value): self = .success(value)
    case let .failure(error): self = .failure(error)
    }
  }

  /// The value, or the error thrown again.
  public var value: Success {
    get throws {
      switch self {
      case let .success(value): return value
      case let .failure(error): throw error
      }
    }
  }

  /// The value transformed by `transform`; a failure is kept.
  public func map<NewSuccess>(
    _ transform: (Success) -> NewSuccess
  ) -> TaskResult<NewSuccess> {
    flatMap { .success(transform($0)) }
  }

  /// The outcome `transform` makes of the value; a failure is kept.
  public func flatMap<NewSuccess>(
    _ transform: (Success) -> TaskResult<NewSuccess>
  ) -> TaskResult<NewSuccess> {
    switch self {
    case let .success(value): transform(value)
    case let .failure(error): .failure(error)
    }
  }

  /// `Result`'s name for ``value``.
  @available(*, unavailable, renamed: "value")
  public func get() throws -> Success { try value }
}

@available(*, deprecated)
extension TaskResult: CasePathable {
  /// The case paths of ``TaskResult``: `\.success` and `\.failure`, so that
  /// `receive(\.response.success)` works as for any case of an action.
  public struct AllCasePaths: Sendable {
    /// The ``TaskResult/success(_:)`` case.
    public var success: AnyCasePath<TaskResult, Success> {
      AnyCasePath(
        embed: { .success($0) },
        extract: { if case let .success(value) = $0 { value } else { nil } })
    }

    /// The ``TaskResult/failure(_:)`` case.
    public var failure: AnyCasePath<TaskResult, any Error> {
      AnyCasePath(
        embed: { .failure($0) },
        extract: { if case let .failure(error) = $0 { error } else { nil } })
    }
  }

  /// The case paths of ``TaskResult``.
  public static var allCasePaths: AllCasePaths { AllCasePaths() }
}

@available(*, deprecated)
extension TaskResult: Equatable where Success: Equatable {
  /// Two successes with equal values, or two failures with errors of the same `Equatable` type
  /// that are equal.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    switch (lhs, rhs) {
    case let (.success(lhs), .success(rhs)):
      return lhs == rhs
    case let (.failure(lhs), .failure(rhs)):
      if let equal = errorsEqual(lhs, rhs) { return equal }
      if type(of: lhs) == type(of: rhs) {
        reportUncomparable(type(of: lhs), conformance: "Equatable", use: "To test two values")
      }
      return false
    default:
      return false
    }
  }
}

@available(*, deprecated)
extension TaskResult: Hashable where Success: Hashable {
  /// Hashes the value, or an error whose type is `Hashable`; an error of another type is
  /// reported in debug builds and adds only its case to the hash.
  public func hash(into hasher: inout Hasher) {
    switch self {
    case let .success(value):
      hasher.combine(0)
      hasher.combine(value)
    case let .failure(error):
      hasher.combine(1)
      if let error = (error as Any) as? any Hashable {
        hasher.combine(AnyHashable(error))
      } else {
        reportUncomparable(type(of: error), conformance: "Hashable", use: "To hash a value")
      }
    }
  }
}

extension Result where Success: Sendable, Failure == any Error {
  /// The same outcome as `result`.
  @available(
    *, deprecated,
    message:
      "Use 'Result', instead. See the following migration guide for more information: https://pointfreeco.github.io/swift-composable-architecture/main/documentation/composablearchitecture/migratingto1.4#Moving-off-of-TaskResult"
  )
  public init(_ result: TaskResult<Success>) {
    switch result {
    case let .success(value): self = .success(value)
    case let .failure(error): self = .failure(error)
    }
  }
}

/// Whether two errors are equal, when the first one's type is `Equatable`; `nil` otherwise.
private func errorsEqual(_ lhs: any Error, _ rhs: any Error) -> Bool? {
  func compare<E: Equatable>(_ lhs: E) -> Bool {
    (rhs as? E).map { $0 == lhs } ?? false
  }
  guard let lhs = (lhs as Any) as? any Equatable else { return nil }
  return compare(lhs)
}

/// Reports, in debug builds, that an error of `errorType` was compared or hashed although its
/// type lacks `conformance`, which a test of a `TaskResult` needs; in TCA's words, which people
/// search for.
private func reportUncomparable(_ errorType: Any.Type, conformance: String, use: String) {
  #if DEBUG
    let name = readableTypeName(errorType)
    reportIssue(
      """
      "\(name)" is not \(conformance.lowercased()).

      \(use) of this type, it must conform to the "\(conformance)" protocol. For example:

          extension \(name): \(conformance) {}

      See the documentation of "TaskResult" for more information.
      """
    )
  #endif
}
