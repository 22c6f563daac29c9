/// An action sent to one element of a collection of features, by the element's id.
///
/// ```swift
/// enum Action {
///   case rows(IdentifiedActionOf<Row>)
/// }
/// // …
/// store.send(.rows(.element(id: row.id, action: .toggle)))
/// ```
@CasePathable
public enum IdentifiedAction<ID: Hashable & Sendable, Action>: CasePathable {
  /// An action for the element identified by `id`.
  case element(id: ID, action: Action)
}

extension IdentifiedAction: _ReducerAction {
  public static func _$caseIndex(of action: Self) -> Int {
    0
  }

  public static func _$extract<Value>(_ index: Int, from action: Self, as _: Value.Type) -> Value? {
    switch action {
    case let .element(id, action): _$cast((id: id, action: action), to: Value.self)
    }
  }

  public static func _$embed<Value>(_ index: Int, _ value: Value) -> Self? {
    let (id, action) = _$cast(value, to: (id: ID, action: Action).self)
    return .element(id: id, action: action)
  }
}

extension IdentifiedAction: Equatable where Action: Equatable {}
extension IdentifiedAction: Hashable where Action: Hashable {}
extension IdentifiedAction: Sendable where Action: Sendable {}

/// The identified action of a reducer whose state is `Identifiable`.
public typealias IdentifiedActionOf<R: Reducer> = IdentifiedAction<R.State.ID, R.Action>
where R.State: Identifiable
