import Foundation
import TerminalUI
import Testing

/// Dates as the views show them: in UTC, zero-padded.
struct DateTextTests {
  /// 2024-01-31 09:05:30 UTC.
  private let date = Date(timeIntervalSince1970: 1_706_691_930)

  @Test
  func aDayIsItsUTCDate() {
    #expect(DateText.day(date) == "2024-01-31")
    // A second before midnight UTC is still that day, whatever the machine's time zone.
    #expect(DateText.day(Date(timeIntervalSince1970: 1_706_745_599)) == "2024-01-31")
  }

  @Test
  func aMinuteAddsTheUTCTimeZeroPadded() {
    #expect(DateText.minute(date) == "2024-01-31 09:05")
    #expect(DateText.minute(Date(timeIntervalSince1970: 0)) == "1970-01-01 00:00")
  }

  @Test
  func aShortMinuteLeavesOutTheYear() {
    #expect(DateText.shortMinute(date) == "01-31 09:05")
    #expect(DateText.shortMinute(Date(timeIntervalSince1970: 0)) == "01-01 00:00")
  }
}
