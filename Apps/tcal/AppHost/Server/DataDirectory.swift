import Foundation

/// Where the app keeps its files, following the XDG Base Directory conventions.
///
/// The app's name is the last path component: `$XDG_DATA_HOME/tcal` (else
/// `~/.local/share/tcal`) for data such as the embedded server's database, and
/// `$XDG_CONFIG_HOME/tcal` (else `~/.config/tcal`) for settings.
public struct AppDirectories: Equatable, Sendable {
  /// The directory for data the app generates (the embedded server's database).
  public var data: URL
  /// The directory for the person's configuration (settings).
  public var config: URL

  /// Creates directories at explicit locations.
  public init(data: URL, config: URL) {
    self.data = data
    self.config = config
  }

  /// The directories for `appName` under the XDG locations that `environment` names.
  ///
  /// A variable that is unset, empty or not an absolute path is ignored, as the specification
  /// says; the fallbacks are under `HOME` (else the current user's home directory).
  public static func xdg(
    appName: String = AppDirectories.appName,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> AppDirectories {
    let home =
      environment["HOME"].flatMap(absolutePath).map { URL(fileURLWithPath: $0) }
      ?? FileManager.default.homeDirectoryForCurrentUser
    let dataHome =
      environment["XDG_DATA_HOME"].flatMap(absolutePath)
      .map { URL(fileURLWithPath: $0) }
      ?? home.appendingPathComponent(".local/share")
    let configHome =
      environment["XDG_CONFIG_HOME"].flatMap(absolutePath)
      .map { URL(fileURLWithPath: $0) }
      ?? home.appendingPathComponent(".config")
    return AppDirectories(
      data: dataHome.appendingPathComponent(appName),
      config: configHome.appendingPathComponent(appName)
    )
  }

  /// The name the app's directories are called by.
  public static let appName = "tcal"

  private static func absolutePath(_ value: String) -> String? {
    value.hasPrefix("/") ? value : nil
  }
}
