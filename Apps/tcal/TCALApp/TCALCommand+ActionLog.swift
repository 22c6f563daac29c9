import AppHost
import ArgumentParser

extension TCALCommand {
  /// The file `--log-actions` names, opened for appending, or `nil` without the option.
  ///
  /// - Throws: A `ValidationError` saying why the file cannot be written.
  func openActionLog() throws -> ActionLog? {
    guard let logActionsPath else { return nil }
    do {
      return try ActionLog(path: logActionsPath)
    } catch {
      throw ValidationError(error.description)
    }
  }
}
