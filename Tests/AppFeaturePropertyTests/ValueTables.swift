import AppSettings
import SettingsFeature
import SharedModels

/// The values commands pick from, simplest first (a command's number 0 picks the first), with
/// the odd ones a person, a late response or a bug could produce.
enum ValueTables {
  /// Selection offsets: steps, pages, and values that overflow a careless `selection + offset`.
  static let offsets = [
    0, 1, -1, 2, -2, 5, -5, 19, -19, 100, -100, 1_000_000, -1_000_000, .max, .min, .max - 1,
    .min + 1,
  ]

  /// User ids for delegate actions: ones the doubles know, and ones nobody has.
  static let userIDs: [User.ID] = [1, 2, 3, 4, 10, 11, 30, 45, 0, -1, 999_999, .max, .min]

  /// Search fields as typed: blank, padded, accented, CJK, emoji and very long.
  static let queries = [
    "", "zo", "a", "   ", "alice", "hana", "ハナ", "zoë", "no such words", "🙂", "  zo  ",
    String(repeating: "x", count: 300),
  ]

  /// Display names, valid and not.
  static let displayNames = [
    "Alice", "", "A", "Alicia", "   ", "Zoë 🙂", "ハナ", String(repeating: "n", count: 200),
  ]

  /// Bios, valid and not.
  static let bios = ["", "Changed", "Line\nbreak", String(repeating: "b", count: 1_000)]

  /// E-mail addresses, valid and not.
  static let emails = ["alice@example.com", "", "not an email", "a@b.c", "x@y", " @ "]

  /// Page sizes and search delays outside their ranges, which the settings must clamp.
  static let oddNumbers = [20, 0, -5, 1, 4, 5, 100, 101, 1_000, 2_001, .max, .min]

  /// Page numbers a late response may carry.
  static let pages = [1, 2, 3, 4, 0, -1, 99]

  /// Messages failures carry.
  static let messages = ["Offline", "", String(repeating: "e", count: 500)]

  /// Settings with odd values (clamped by `UserSettings`).
  static func settings(_ first: Int, _ second: Int) -> UserSettings {
    UserSettings(
      theme: pick(UserSettings.Theme.allCases, second),
      pageSize: pick(oddNumbers, first),
      searchDebounceMilliseconds: pick(oddNumbers, first / 3 + second),
      showsPostPreviews: second.isMultiple(of: 2)
    )
  }

  /// The element of `table` that `number` picks.
  static func pick<Value>(_ table: [Value], _ number: Int) -> Value {
    table[number % table.count]
  }
}
