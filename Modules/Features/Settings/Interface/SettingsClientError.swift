import Foundation

/// An error of ``SettingsClient``.
public enum SettingsClientError: Error, Equatable, Sendable {
  /// The settings could not be written to `path`, for `reason` (such as "Read-only file
  /// system"); the previous file, if any, is unchanged.
  case saveFailed(path: String, reason: String)
}

extension SettingsClientError: LocalizedError {
  /// A sentence to show people.
  public var errorDescription: String? {
    switch self {
    case let .saveFailed(path, reason):
      "Couldn't save your settings to \(path): \(reason)."
    }
  }
}
