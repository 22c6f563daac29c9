/// The person's preferences, saved between runs.
///
/// Numbers are kept in their ranges: setting or decoding a value outside
/// ``pageSizeRange`` or ``searchDebounceRange`` clamps it. Decoding is tolerant so an older
/// or hand-edited file still loads: a missing key takes its ``default`` value and an unknown
/// theme name reads as the default theme; a value of the wrong JSON type is an error.
public struct UserSettings: Codable, Equatable, Hashable, Sendable {
  /// How the interface is coloured.
  public enum Theme: String, Codable, CaseIterable, Hashable, Sendable {
    /// Light text on a dark background.
    case dark
    /// Dark text on a light background.
    case light
    /// No colours at all (as with `NO_COLOR`), only the terminal's own.
    case noColor
  }

  /// The colour theme.
  public var theme: Theme
  /// How many rows a list loads a page at a time, within ``pageSizeRange``.
  public var pageSize: Int {
    didSet { pageSize = Self.pageSizeRange.clamping(pageSize) }
  }
  /// How long search waits after the last keystroke before it asks the server, in
  /// milliseconds, within ``searchDebounceRange``.
  public var searchDebounceMilliseconds: Int {
    didSet {
      searchDebounceMilliseconds = Self.searchDebounceRange.clamping(searchDebounceMilliseconds)
    }
  }
  /// Whether lists of posts show the start of each post's text.
  public var showsPostPreviews: Bool

  /// The allowed page sizes.
  public static let pageSizeRange = 5...100
  /// How much one step changes the page size.
  public static let pageSizeStep = 5
  /// The allowed search delays, in milliseconds.
  public static let searchDebounceRange = 0...2000
  /// How much one step changes the search delay, in milliseconds.
  public static let searchDebounceStep = 50

  /// The settings a first run uses: dark theme, 20 rows a page, 300 ms search delay, previews
  /// shown.
  public static let `default` = UserSettings(
    theme: .dark, pageSize: 20, searchDebounceMilliseconds: 300, showsPostPreviews: true)

  /// The search delay as a `Duration`.
  public var searchDebounce: Duration {
    .milliseconds(searchDebounceMilliseconds)
  }

  /// Creates settings; numbers outside their ranges are clamped.
  public init(
    theme: Theme,
    pageSize: Int,
    searchDebounceMilliseconds: Int,
    showsPostPreviews: Bool
  ) {
    self.theme = theme
    self.pageSize = Self.pageSizeRange.clamping(pageSize)
    self.searchDebounceMilliseconds = Self.searchDebounceRange.clamping(searchDebounceMilliseconds)
    self.showsPostPreviews = showsPostPreviews
  }

  private enum CodingKeys: String, CodingKey {
    case theme
    case pageSize
    case searchDebounceMilliseconds
    case showsPostPreviews
  }

  /// Decodes settings, taking the default for each missing key and for an unknown theme name;
  /// numbers are clamped. A value of the wrong JSON type throws.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let defaults = Self.default
    let themeName = try container.decodeIfPresent(String.self, forKey: .theme)
    self.init(
      theme: themeName.flatMap(Theme.init(rawValue:)) ?? defaults.theme,
      pageSize: try container.decodeIfPresent(Int.self, forKey: .pageSize)
        ?? defaults.pageSize,
      searchDebounceMilliseconds: try container.decodeIfPresent(
        Int.self, forKey: .searchDebounceMilliseconds) ?? defaults.searchDebounceMilliseconds,
      showsPostPreviews: try container.decodeIfPresent(Bool.self, forKey: .showsPostPreviews)
        ?? defaults.showsPostPreviews
    )
  }
}

extension ClosedRange<Int> {
  /// `value`, or the nearest bound when it lies outside the range.
  fileprivate func clamping(_ value: Int) -> Int {
    Swift.min(Swift.max(value, lowerBound), upperBound)
  }
}
