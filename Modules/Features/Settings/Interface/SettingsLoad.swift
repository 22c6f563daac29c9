/// What loading the settings found: the settings to use and, when the saved ones could not be
/// used, a notice for the person.
public struct SettingsLoad: Equatable, Sendable {
  /// The settings to use.
  public var settings: UserSettings
  /// A sentence to show the person, such as "Your settings file was unreadable; it was moved
  /// to …; using defaults.", or `nil` when there is nothing to say.
  public var notice: String?

  /// Creates a load result.
  public init(settings: UserSettings, notice: String? = nil) {
    self.settings = settings
    self.notice = notice
  }
}
