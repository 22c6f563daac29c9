import AppSettings
import ComposableArchitecture
import Foundation

extension FileStorage {
  /// A file system in memory whose settings file (``AppSettings/UserSettingsFileKey/testValue``,
  /// where tests' `@Shared(.userSettings)` looks) holds `settings`, as the app writes them.
  public static func settingsFile(_ settings: UserSettings) -> FileStorage {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    // Encoding plain values into JSON cannot fail.
    let data = (try? encoder.encode(settings)) ?? Data()
    return settingsFile(containing: data)
  }

  /// A file system in memory whose settings file holds `contents`, such as a damaged file.
  public static func settingsFile(containing contents: Data) -> FileStorage {
    .inMemory(files: LockIsolated([UserSettingsFileKey.testValue: contents]))
  }

  /// A file system in memory whose settings file cannot be decoded.
  public static var damagedSettingsFile: FileStorage {
    settingsFile(containing: Data(#"{"theme": "light", "pageSi"#.utf8))
  }
}
