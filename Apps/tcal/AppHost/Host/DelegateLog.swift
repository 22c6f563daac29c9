import ComposableArchitecture
import Foundation
import Synchronization

/// The delegate actions a feature run on its own has sent since they were last taken: what the
/// composed app would handle (opening a user, say), which ``FeatureApp`` tells the person about
/// instead of doing nothing visible.
public final class DelegateLog: Sendable {
  private let descriptions = Mutex<[String]>([])

  /// An empty log.
  public init() {}

  /// Records `action` when it is a delegate action (its case is named `delegate`).
  public func record(_ action: some Any) {
    guard let description = Self.delegateDescription(of: action) else { return }
    descriptions.withLock { $0.append(description) }
  }

  /// The delegate actions recorded since the last call, oldest first; the log is then empty.
  public func take() -> [String] {
    descriptions.withLock { descriptions in
      defer { descriptions.removeAll() }
      return descriptions
    }
  }

  /// `.delegate(.openUser(id: 12))` for an action in its `delegate` case, `nil` for any other.
  static func delegateDescription(of action: some Any) -> String? {
    let mirror = Mirror(reflecting: action)
    guard mirror.displayStyle == .enum, let child = mirror.children.first,
      child.label == "delegate"
    else { return nil }
    var dump = String(customDumping: child.value)
    dump = dump.split(whereSeparator: \.isNewline)
      .map { $0.trimmingCharacters(in: .whitespaces) }
      .joined(separator: " ")
      .replacingOccurrences(of: "( ", with: "(")
      .replacingOccurrences(of: " )", with: ")")
    // `UserList.Action.Delegate.openUser(id: 12)`: the case, without the type before it.
    let name = dump.prefix { $0 != "(" }
    if let dot = name.lastIndex(of: ".") { dump.removeSubrange(dump.startIndex..<dot) }
    return ".delegate(\(dump))"
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
