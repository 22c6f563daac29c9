import Foundation

/// An error of ``UserDetailClient`` the feature handles itself.
///
/// Other failures reach the feature as whatever error the client threw, and are shown with their
/// `localizedDescription`.
public enum UserDetailClientError: Error, Equatable, Sendable, LocalizedError {
  /// No user has the requested id (the server answered 404).
  case notFound

  /// A sentence to show people.
  public var errorDescription: String? {
    switch self {
    case .notFound: "We couldn't find that user."
    }
  }
}
