import Foundation

/// Text for alerts, dialogs and other state-driven UI, kept as data so it can be compared in
/// tests and drawn by any renderer (the terminal app prints it).
///
/// Texts joined with `+` keep their parts: two joined texts are equal when their parts are,
/// and a joined text never equals a plain one, even with the same characters
/// (`TextState("a") + TextState("b") != TextState("ab")`), as in SwiftUI Navigation. Compare
/// ``string`` (or `String(state:)`) to compare the characters alone.
public struct TextState: Equatable, Hashable, Sendable {
  /// The text as written: plain characters, or two texts joined.
  private let storage: Storage

  private enum Storage: Equatable, Hashable, Sendable {
    case verbatim(String)
    indirect case concatenated(TextState, TextState)

    static func == (lhs: Self, rhs: Self) -> Bool {
      switch (lhs, rhs) {
      case let (.verbatim(lhs), .verbatim(rhs)): lhs == rhs
      case let (.concatenated(lhs1, lhs2), .concatenated(rhs1, rhs2)): lhs1 == rhs1 && lhs2 == rhs2
      case (.verbatim, .concatenated), (.concatenated, .verbatim): false
      }
    }

    func hash(into hasher: inout Hasher) {
      switch self {
      case let .verbatim(string):
        hasher.combine(0)
        hasher.combine(string)
      case let .concatenated(first, second):
        hasher.combine(1)
        hasher.combine(first)
        hasher.combine(second)
      }
    }
  }

  /// Creates text from a string.
  @_disfavoredOverload
  public init(_ content: some StringProtocol) {
    self.init(verbatim: String(content))
  }

  /// Creates text from a string, without localization.
  public init(verbatim content: String) {
    self.storage = .verbatim(content)
  }

  private init(storage: Storage) {
    self.storage = storage
  }

  /// The text's characters, its parts' one after the other.
  public var string: String {
    switch storage {
    case let .verbatim(string): string
    case let .concatenated(first, second): first.string + second.string
    }
  }

  /// The two texts one after the other.
  public static func + (lhs: Self, rhs: Self) -> Self {
    Self(storage: .concatenated(lhs, rhs))
  }
}

extension TextState: ExpressibleByStringInterpolation {
  public init(stringLiteral value: String) {
    self.init(verbatim: value)
  }
}

extension TextState: CustomDumpRepresentable {
  /// The text's characters: a dump shows text as the string it reads as.
  public var customDumpValue: Any {
    self.string
  }
}

extension String {
  /// The characters of a text state. There is no localization here, so `locale` changes
  /// nothing.
  public init(state: TextState, locale: Locale? = nil) {
    self = state.string
  }
}
