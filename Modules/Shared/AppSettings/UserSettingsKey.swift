import Dependencies
import Foundation
import Sharing

extension SharedReaderKey where Self == FileStorageKey<UserSettings>.Default {
  /// The person's settings, one value for the whole app: every feature that honours a setting
  /// declares it, and a change made anywhere (another feature, another `tcal` process writing
  /// the file) is seen by all of them at once.
  ///
  /// ```swift
  /// @SharedReader(.userSettings) var settings
  /// ```
  ///
  /// It is kept as JSON in the file ``Dependencies/DependencyValues/userSettingsFile`` names;
  /// a file that cannot be decoded is moved aside and the defaults are used (see
  /// `FileStorageError`). In tests the file system is in memory, so each test starts from
  /// ``UserSettings/default``.
  public static var userSettings: Self {
    @Dependency(\.userSettingsFile) var file
    return Self[.fileStorage(file), default: .default]
  }
}

/// The file the settings are kept in (see ``Dependencies/DependencyValues/userSettingsFile``).
/// The live value, `settings.json` in the user's configuration directory, is in
/// `SettingsFeatureLive`.
public enum UserSettingsFileKey: TestDependencyKey {
  /// A file under the temporary directory; tests keep files in memory, so it is never written.
  public static var testValue: URL {
    URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("settings.json")
  }
}

extension DependencyValues {
  /// The file ``Sharing/SharedReaderKey/userSettings`` keeps the settings in.
  public var userSettingsFile: URL {
    get { self[UserSettingsFileKey.self] }
    set { self[UserSettingsFileKey.self] = newValue }
  }
}
