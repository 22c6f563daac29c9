import CasePaths
import Synchronization

extension AnyCasePath {
  /// This case path as a case key path, so that the deprecated operators that take an
  /// `AnyCasePath` (`/Action.child`) run through the same reducers as the case key path ones.
  ///
  /// The key path's one component is a subscript of `Case` whose argument holds this path;
  /// every conversion makes a key path of its own (a closure cannot be compared).
  @usableFromInline
  var _caseKeyPath: CaseKeyPath<Root, Value> {
    \Case<Root>.[_anyCasePath: _AnyCasePathComponent(self)]
  }
}

/// The argument of the key path subscript that turns an `AnyCasePath` into a case key path:
/// the path, under an identity of its own.
public struct _AnyCasePathComponent<Root, Value>: Hashable, Sendable {
  private let id: Int
  let path: AnyCasePath<Root, Value>

  @usableFromInline
  init(_ path: AnyCasePath<Root, Value>) {
    self.id = _anyCasePathComponentIDs.add(1, ordering: .relaxed).newValue
    self.path = path
  }

  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.id == rhs.id }
  public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

/// Identities of converted case paths.
private let _anyCasePathComponentIDs = Atomic<Int>(0)

extension Case {
  /// The case of `component`'s path inside this case: how an `AnyCasePath` becomes a case key
  /// path (see `AnyCasePath._caseKeyPath`).
  public subscript<Child>(_anyCasePath component: _AnyCasePathComponent<Value, Child>) -> Case<
    Child
  > {
    Case<Child>(
      embed: { (child: Child) -> Any in self._embed(component.path.embed(child)) },
      extract: { (root: Any) -> Child? in
        self._extract(from: root).flatMap { component.path.extract(from: $0) }
      }
    )
  }
}
