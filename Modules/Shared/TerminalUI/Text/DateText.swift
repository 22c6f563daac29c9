import Foundation

/// Dates as the views show them, in UTC, so that a frame depends on nothing but the state (the
/// same text wherever the app runs, and in every snapshot).
public enum DateText {
  /// `date`'s day: `2024-01-31`.
  public static func day(_ date: Date) -> String {
    let parts = utc.dateComponents([.year, .month, .day], from: date)
    return "\(parts.year ?? 0)-\(twoDigits(parts.month))-\(twoDigits(parts.day))"
  }

  /// `date` to the minute: `2024-01-31 09:05`.
  public static func minute(_ date: Date) -> String {
    let parts = utc.dateComponents([.hour, .minute], from: date)
    return day(date) + " \(twoDigits(parts.hour)):\(twoDigits(parts.minute))"
  }

  /// `date` to the minute without its year, for a narrow row: `01-31 09:05`.
  public static func shortMinute(_ date: Date) -> String {
    String(minute(date).drop { $0 != "-" }.dropFirst())
  }

  private static let utc: Calendar = {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
    return calendar
  }()

  private static func twoDigits(_ value: Int?) -> String {
    let value = value ?? 0
    return value < 10 ? "0\(value)" : "\(value)"
  }
}
