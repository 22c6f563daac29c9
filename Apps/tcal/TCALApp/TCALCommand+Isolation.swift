import AppFeature
import AppHost
import ArgumentParser
import ComposableArchitecture
import Foundation

/// `--feature NAME` (one feature alone) and `--mock` (the test doubles, no server).
extension TCALCommand {
  /// The user id `--user` gives (``validateIsolation()`` refuses any other value); `nil`
  /// without it.
  var userID: Int? {
    user.flatMap { Int($0) }
  }

  /// Checks `--feature`, `--user` and `--mock` against each other and the other options.
  func validateIsolation() throws {
    let choice = try feature.map { name in
      do {
        return try FeatureChoice.named(name)
      } catch {
        throw ValidationError("\(error)")
      }
    }
    if let user {
      guard choice == .userDetail else {
        throw ValidationError("--user applies to --feature user-detail only.")
      }
      guard let id = Int(user), id > 0 else {
        throw ValidationError("--user must be a user id, a whole number from 1.")
      }
    }
    if mock, apiURL != nil || dataDirectory != nil || inMemory {
      throw ValidationError(
        "--mock starts no server: --api-url, --data-dir and --in-memory do not apply.")
    }
    if feature != nil, logActionsPath != nil {
      throw ValidationError(
        "--log-actions records the composed app; it does not apply with --feature.")
    }
  }
}
