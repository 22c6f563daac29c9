import Dependencies
import IssueReporting

/// The identity of an element of a ``StackState``: stable for the element's lifetime, never
/// reused by the stack that made it.
///
/// Ids come from the `stackElementID` dependency; in a ``TestStore`` they count from 0, so tests
/// can name them with integer literals: `.path(.element(id: 0, action: .saveButtonTapped))`.
public struct StackElementID: Hashable, Comparable, Sendable, ExpressibleByIntegerLiteral {
  /// The id's number.
  public let rawValue: Int

  /// Creates an id from its number.
  public init(rawValue: Int) {
    self.rawValue = rawValue
  }

  /// The id numbered `value`, a shorthand for tests: outside a test context (the `context`
  /// dependency is not `.test`) it is reported as an issue, for the ids an app meets are the
  /// stack's own.
  public init(integerLiteral value: Int) {
    @Dependency(\.context) var context
    if context != .test {
      reportIssue(
        """
        Specifying stack element IDs by integer literal is not allowed outside of tests.

        In tests, integer literal stack element IDs can be used as a shorthand to the \
        auto-incrementing generation of the current dependency context. This can be useful when \
        asserting against actions received by a specific element.
        """
      )
    }
    self.init(rawValue: value)
  }

  public static func < (lhs: Self, rhs: Self) -> Bool {
    lhs.rawValue < rhs.rawValue
  }
}

extension StackElementID: CustomStringConvertible, CustomDebugStringConvertible,
  CustomDumpStringConvertible
{
  /// `#` and the id's number: `#0`.
  public var description: String { "#\(self.rawValue)" }
  /// `#` and the id's number: `#0`.
  public var debugDescription: String { "#\(self.rawValue)" }
  /// `#` and the id's number: `#0`.
  public var customDumpDescription: String { "#\(self.rawValue)" }
}

/// Makes the ids of new stack elements.
///
/// The runtime reads it from `DependencyValues._current`, the dependencies in force, rather
/// than through `@Dependency`, whose value merges a copy of the dependencies into the current
/// ones (an allocation) on every read: `append` runs on every push.
public struct StackElementIDGenerator: Sendable {
  /// The raw value of the id made next.
  private let counter: Locked<Int>

  /// The next id, consumed.
  public func callAsFunction() -> StackElementID {
    self.counter.withLock { value in
      defer { value += 1 }
      return StackElementID(rawValue: value)
    }
  }

  /// The id that will be made next, without using it up.
  public func peek() -> StackElementID {
    self.counter.withLock { StackElementID(rawValue: $0) }
  }

  /// Makes sure ids made from now on come after `id` (for elements pushed with an id of their
  /// own).
  @usableFromInline
  func skip(past id: StackElementID) {
    self.counter.withLock { value in value = max(value, id.rawValue + 1) }
  }

  /// Makes `id` the next id made, even if it was made already: a test store runs an assertion
  /// closure from the id its action started at, then puts the generator back where it was.
  func rewind(to id: StackElementID) {
    self.counter.withLock { $0 = id.rawValue }
  }

  /// A generator counting up from 0.
  public static func incrementing() -> Self {
    Self(counter: Locked(0))
  }
}

extension StackElementIDGenerator: DependencyKey {
  public static let liveValue = Self.incrementing()
  public static var testValue: Self { .incrementing() }
}

extension DependencyValues {
  /// Makes the ids of elements appended to a ``StackState``.
  public var stackElementID: StackElementIDGenerator {
    get { self[StackElementIDGenerator.self] }
    set { self[StackElementIDGenerator.self] = newValue }
  }
}
