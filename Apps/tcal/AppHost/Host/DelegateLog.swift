import ComposableArchitecture
import Observation
import Synchronization

/// The delegate actions a feature run on its own has sent since they were last taken: what the
/// composed app would handle (opening a user, say), which ``FeatureApp`` tells the person about
/// instead of doing nothing visible.
///
/// It is observable: a frame that took from it is drawn again when another is recorded, so a
/// delegate action sent by an effect (a save that finished) shows at once, not at the next key.
public final class DelegateLog: Sendable, Observable {
  private let descriptions = Mutex<[String]>([])
  private let registrar = ObservationRegistrar()

  /// An empty log.
  public init() {}

  /// Records `action` when it is a delegate action (its case is named `delegate`).
  public func record(_ action: some Any) {
    guard let description = Self.delegateDescription(of: action) else { return }
    registrar.withMutation(of: self, keyPath: \.recorded) {
      descriptions.withLock { $0.append(description) }
    }
  }

  /// How many delegate actions wait to be taken (observed by whoever takes them).
  private var recorded: Int {
    registrar.access(self, keyPath: \.recorded)
    return descriptions.withLock { $0.count }
  }

  /// The delegate actions recorded since the last call, oldest first; the log is then empty.
  /// Observation tracking that calls it is told of the next one recorded.
  public func take() -> [String] {
    registrar.access(self, keyPath: \.recorded)
    return descriptions.withLock { descriptions in
      defer { descriptions.removeAll() }
      return descriptions
    }
  }

  /// `.delegate(.openUser(id: 12))` for an action in its `delegate` case (as the history panel
  /// names actions, ``ActionSummary``), `nil` for any other.
  static func delegateDescription(of action: some Any) -> String? {
    let mirror = Mirror(reflecting: action)
    guard mirror.displayStyle == .enum, mirror.children.first?.label == "delegate" else {
      return nil
    }
    return "." + ActionSummary.text(of: action)
  }
}

extension Reducer {
  /// This reducer, its delegate actions also recorded in `log`.
  public func recordingDelegates(in log: DelegateLog) -> some Reducer<State, Action> {
    Reduce { state, action in
      log.record(action)
      return self.reduce(into: &state, action: action)
    }
  }
}
