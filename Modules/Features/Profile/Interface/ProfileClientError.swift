/// An error of ``ProfileClient``.
public enum ProfileClientError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The endpoint has no live implementation yet.
  case notImplemented(endpoint: String)

  /// What went wrong and where to fix it.
  public var description: String {
    switch self {
    case let .notImplemented(endpoint):
      "\(endpoint) is not implemented yet: write its live implementation in "
        + "Modules/Features/Profile/Live/ProfileClient+Live.swift."
    }
  }
}
