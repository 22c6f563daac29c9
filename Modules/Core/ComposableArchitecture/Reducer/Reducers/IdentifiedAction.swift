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
  public static var _$casePaths: [AnyKeyPath] {
    let casePaths: [PartialCaseKeyPath<Self>] = [\.element]
    return casePaths
  }

  public static var _$caseMembers: [AnyKeyPath] {
    let members: [PartialKeyPath<AllCasePaths>] = [\.element]
    return members
  }

  public static func _$extract(
    _ index: Int, from action: UnsafeRawPointer, into result: UnsafeMutableRawPointer
  ) -> Bool {
    switch action.assumingMemoryBound(to: Self.self).pointee {
    case let .element(id, action):
      _$store((id: id, action: action), into: result)
      return true
    }
  }

  public static func _$embed(
    _ index: Int, _ payload: UnsafeRawPointer, into result: UnsafeMutableRawPointer
  ) -> Bool {
    let (id, action) = payload.assumingMemoryBound(to: (id: ID, action: Action).self).pointee
    result.assumingMemoryBound(to: Self.self).initialize(to: .element(id: id, action: action))
    return true
  }
}

extension IdentifiedAction: Equatable where Action: Equatable {}
extension IdentifiedAction: Hashable where Action: Hashable {}
extension IdentifiedAction: Sendable where Action: Sendable {}
extension IdentifiedAction: Decodable where ID: Decodable, Action: Decodable {}
extension IdentifiedAction: Encodable where ID: Encodable, Action: Encodable {}

/// The identified action of a reducer whose state is `Identifiable`.
public typealias IdentifiedActionOf<R: Reducer> = IdentifiedAction<R.State.ID, R.Action>
where R.State: Identifiable
