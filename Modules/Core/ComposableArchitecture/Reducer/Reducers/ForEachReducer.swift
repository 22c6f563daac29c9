import OrderedCollections

extension Reducer {
  /// Runs an element reducer on each element of an identified collection, for the actions
  /// addressed to it by id.
  ///
  /// The element runs before this reducer. The element is mutated in place: an action for one
  /// row costs the same over a thousand rows as over a hundred thousand. An action for an id
  /// that is not in the collection is reported as an issue and ignored.
  ///
  /// ```swift
  /// Reduce { state, action in … }
  ///   .forEach(\.rows, action: \.rows) {
  ///     Row()
  ///   }
  /// ```
  @inlinable
  public func forEach<
    ElementState, ElementAction, ID: Hashable & Sendable,
    Element: Reducer<ElementState, ElementAction>
  >(
    _ toElementsState: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>,
    action toElementAction: CaseKeyPath<Action, IdentifiedAction<ID, ElementAction>>,
    @ReducerBuilder<ElementState, ElementAction> element: () -> Element,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _ForEachReducer<Self, ID, Element> {
    _ForEachReducer(
      parent: self,
      toElementsState: toElementsState,
      toElementAction: CaseLookup(toElementAction),
      element: element(),
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column)
    )
  }
}

/// The reducer made by ``Reducer/forEach(_:action:element:fileID:filePath:line:column:)``.
public struct _ForEachReducer<Parent: Reducer, ID: Hashable & Sendable, Element: Reducer>: Reducer {
  @usableFromInline let parent: Parent
  /// The body of the parent reducer, once built (see ``_ReducerBodyCache``).
  @usableFromInline let parentBody = _ReducerBodyCache.for(Parent.self)
  @usableFromInline let toElementsState:
    WritableKeyPath<Parent.State, IdentifiedArray<ID, Element.State>>
  @usableFromInline let elementsState:
    _FieldAccess<Parent.State, IdentifiedArray<ID, Element.State>>
  @usableFromInline let elementActionPath:
    CaseLookup<Parent.Action, IdentifiedAction<ID, Element.Action>>
  @usableFromInline let element: Element
  /// The body of the element reducer, once built (see ``_ReducerBodyCache``).
  @usableFromInline let elementBody = _ReducerBodyCache.for(Element.self)
  @usableFromInline let location: SourceLocation

  @inlinable
  init(
    parent: Parent,
    toElementsState: WritableKeyPath<Parent.State, IdentifiedArray<ID, Element.State>>,
    toElementAction: CaseLookup<Parent.Action, IdentifiedAction<ID, Element.Action>>,
    element: Element,
    location: SourceLocation
  ) {
    self.parent = parent
    self.toElementsState = toElementsState
    self.elementsState = _FieldAccess(toElementsState)
    self.elementActionPath = toElementAction
    self.element = element
    self.location = location
  }

  @inlinable
  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action>
  {
    let idsBefore = self.elementsState.read(&state) { $0.ids }
    let elementEffects = self.reduceForEach(into: &state, action: action)
    let parentEffects = self.parent._reduce(
      into: &state, action: action, bodyCache: self.parentBody)
    let effects = elementEffects.merge(with: parentEffects)
    let isUnchanged = self.elementsState.read(&state) { idsBefore.isSameStorage(as: $0.ids) }
    guard !isUnchanged else { return effects }
    // Elements that went away take their effects with them.
    let removed = idsBefore.subtracting(self.elementsState.read(&state) { $0.ids })
    return removed.reduce(effects) { effects, id in
      effects.merge(with: .cancelChild(at: self.navigationComponent(for: id)))
    }
  }

  /// An element's place in navigation, which scopes its effects.
  @inlinable
  func navigationComponent(for id: ID) -> NavigationComponent {
    NavigationComponent(keyPath: self.toElementsState, id: AnyHashableSendable(id))
  }

  @inlinable
  func reduceForEach(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action>
  {
    guard case let .element(id, elementAction)? = self.elementActionPath.extract(from: action)
    else {
      return .none
    }
    // The element is looked up once, then mutated where it is stored.
    let effect = self.elementsState.modify(&state) {
      (elements: inout IdentifiedArray<ID, Element.State>) -> Effect<Element.Action>? in
      guard let index = elements.index(id: id) else { return nil }
      return self.element._reduce(
        into: &elements[index], action: elementAction, bodyCache: self.elementBody)
    }
    guard let effect else {
      self.location.report(
        """
        A "forEach" at "\(self.location)" received an action for a missing element. …

          Action:
            \(debugCaseOutput(action))

        This is generally considered an application logic error, and can happen for a few \
        reasons:

        • A parent reducer removed an element with this ID before this reducer ran. This \
        reducer must run before any other reducer removes an element, which ensures that \
        element reducers can handle their actions while their state is still available.

        • An in-flight effect emitted this action when state contained no element at this ID. \
        While it may be perfectly reasonable to ignore this action, consider canceling the \
        associated effect before an element is removed, especially if it is a long-living \
        effect.

        • This action was sent to the store while its state contained no element at this ID. \
        To fix this make sure that actions for this reducer can only be sent from a view store \
        when its state contains an element at this id. In SwiftUI applications, use \
        "ForEachStore".
        """
      )
      return .none
    }
    if case .none = effect.operation { return .none }
    let elementActionPath = self.elementActionPath
    return effect._map { elementActionPath.embed(.element(id: id, action: $0)) }
      .scoped(to: self.navigationComponent(for: id))
  }
}

extension OrderedSet {
  /// Whether both sets share their storage, so that neither has changed since one was copied
  /// from the other: an O(1) check that spares comparing every element on every action.
  @inlinable
  func isSameStorage(as other: Self) -> Bool {
    self.count == other.count
      && self.elements.withUnsafeBufferPointer { lhs in
        other.elements.withUnsafeBufferPointer { rhs in lhs.baseAddress == rhs.baseAddress }
      }
  }
}
