import ComposableArchitecture

extension Reducer {
  /// This reducer as the hosts debug it: its history recorded for stepping back and forward
  /// (see `TimeTravel`), keeping at most `capacity` states (200 by default: a session's last
  /// minutes, at little memory), and, when `log` is given, every
  /// action and the change it made to state appended to it by `_printChanges`.
  ///
  /// Time travel's own steps are not logged: they restore recorded states and run nothing.
  public func debugged(
    capacity: Int = 200, log: ActionLog? = nil
  ) -> TimeTravel<_PrintChangesReducer<Self>> {
    TimeTravel(capacity: capacity) {
      self._printChanges(log?.printer())
    }
  }
}
