import AppFeature
import AppHost
import ArgumentParser
import ComposableArchitecture
import Foundation

/// `--feature NAME` (one feature alone) and `--mock` (the test doubles, no server).
extension TCALCommand {
  /// Checks `--feature`, `--user` and `--mock` against each other and the other options.
  func validateIsolation() throws {
    let choice = try feature.map { name in
      do {
        return try FeatureChoice.named(name)
      } catch {
        throw ValidationError("\(error)")
      }
    }
    if let userID {
      guard choice == .userDetail else {
        throw ValidationError("--user applies to --feature user-detail only.")
      }
      guard userID > 0 else {
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
