import Observation

/// What every read of a store's state observes: changes when the root state is replaced as a
/// whole (or on every send, for state that is not ``ObservableState``).
///
/// A class of its own, not generic, so the key path it registers is instantiated once for the
/// process rather than on every read.
final class StateObservation: Observable, Sendable {
  private let registrar = ObservationRegistrar()

  /// Registers a read of the state with the current observation tracking.
  func access() {
    self.registrar.access(self, keyPath: \.version)
  }

  /// Notifies observers of the state that it was replaced.
  func stateWasReplaced() {
    self.registrar.withMutation(of: self, keyPath: \.version) {}
  }

  /// Observed by ``access()``; never read for its value.
  private var version: Int { 0 }
}
