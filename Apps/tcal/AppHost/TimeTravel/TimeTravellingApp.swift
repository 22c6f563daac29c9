/// A hosted app whose history can be stepped through: what line mode's `travel` and `history`
/// commands drive (see ``TimeTravelApp``).
@MainActor
public protocol TimeTravellingApp: HostedApp {
  /// Restores the state `offset` steps away (back when negative), going no further than the
  /// history does, and returns how many steps were taken (0 at either end).
  ///
  /// Sending the app any action afterwards resumes from the restored state, dropping the
  /// recorded future.
  func travel(by offset: Int) -> Int

  /// The recorded steps, oldest first, one per line; the current one is marked `›`.
  var historyText: String { get }
}
