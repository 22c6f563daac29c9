// The operators TCA 1.25 still has for code written before case key paths: `AnyCasePath`s
// (`action: /Action.child`) and closures in place of key paths. Each is deprecated as in TCA,
// so older code ports with warnings rather than errors, and each runs through the case key
// path version of its operator.

extension Reducer {
  /// ``ifLet(_:action:then:fileID:filePath:line:column:)`` with an `AnyCasePath`.
  @available(
    *, deprecated,
    message:
      "Use the version of this operator with case key paths, instead. See the following migration guide for more information: https://pointfreeco.github.io/swift-composable-architecture/main/documentation/composablearchitecture/migratingto1.4"
  )
  @inlinable
  public func ifLet<WrappedState, WrappedAction, Wrapped: Reducer<WrappedState, WrappedAction>>(
    _ toWrappedState: WritableKeyPath<State, WrappedState?>,
    action toWrappedAction: AnyCasePath<Action, WrappedAction>,
    @ReducerBuilder<WrappedState, WrappedAction> then wrapped: () -> Wrapped,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _IfLetReducer<Self, Wrapped> {
    ifLet(
      toWrappedState, action: toWrappedAction._caseKeyPath, then: wrapped,
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// ``ifLet(_:action:fileID:filePath:line:column:)``, for a child whose logic runs elsewhere
  /// (an alert's state), with an `AnyCasePath`.
  @available(
    *, deprecated,
    message:
      "Use the version of this operator with case key paths, instead. See the following migration guide for more information: https://pointfreeco.github.io/swift-composable-architecture/main/documentation/composablearchitecture/migratingto1.4"
  )
  @inlinable
  public func ifLet<WrappedState, WrappedAction>(
    _ toWrappedState: WritableKeyPath<State, WrappedState?>,
    action toWrappedAction: AnyCasePath<Action, WrappedAction>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _IfLetReducer<Self, EmptyReducer<WrappedState, WrappedAction>> {
    ifLet(
      toWrappedState, action: toWrappedAction._caseKeyPath,
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// The presentation ``ifLet(_:action:destination:fileID:filePath:line:column:)`` with an
  /// `AnyCasePath`.
  @available(
    *, deprecated,
    message:
      "Use the version of this operator with case key paths, instead. See the following migration guide for more information: https://pointfreeco.github.io/swift-composable-architecture/main/documentation/composablearchitecture/migratingto1.4"
  )
  @inlinable
  public func ifLet<
    DestinationState, DestinationAction, Destination: Reducer<DestinationState, DestinationAction>
  >(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    action toPresentationAction: AnyCasePath<Action, PresentationAction<DestinationAction>>,
    @ReducerBuilder<DestinationState, DestinationAction> destination: () -> Destination,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _PresentationReducer<Self, Destination> {
    ifLet(
      toPresentationState, action: toPresentationAction._caseKeyPath, destination: destination,
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// The presentation ``ifLet(_:action:fileID:filePath:line:column:)`` for an alert or a
  /// confirmation dialog, which needs no reducer of its own, with an `AnyCasePath`.
  @available(
    *, deprecated,
    message:
      "Use the version of this operator with case key paths, instead. See the following migration guide for more information: https://pointfreeco.github.io/swift-composable-architecture/main/documentation/composablearchitecture/migratingto1.4"
  )
  @inlinable
  public func ifLet<DestinationState: _EphemeralState, DestinationAction>(
    _ toPresentationState: WritableKeyPath<State, PresentationState<DestinationState>>,
    action toPresentationAction: AnyCasePath<Action, PresentationAction<DestinationAction>>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _PresentationReducer<Self, EmptyReducer<DestinationState, DestinationAction>> {
    ifLet(
      toPresentationState, action: toPresentationAction._caseKeyPath,
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// ``ifCaseLet(_:action:then:fileID:filePath:line:column:)`` with `AnyCasePath`s.
  @available(
    *, deprecated,
    message:
      "Use the version of this operator with case key paths, instead. See the following migration guide for more information: https://pointfreeco.github.io/swift-composable-architecture/main/documentation/composablearchitecture/migratingto1.4"
  )
  @inlinable
  public func ifCaseLet<CaseState, CaseAction, Case: Reducer<CaseState, CaseAction>>(
    _ toCaseState: AnyCasePath<State, CaseState>,
    action toCaseAction: AnyCasePath<Action, CaseAction>,
    @ReducerBuilder<CaseState, CaseAction> then case: () -> Case,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _IfCaseLetReducer<Self, Case> {
    // Built directly: the case key path operator needs `CasePathable` state, which an enum
    // reached through an `AnyCasePath` (`/State.child`) need not be.
    _IfCaseLetReducer(
      parent: self,
      child: `case`(),
      toChildState: toCaseState._caseKeyPath,
      toChildAction: CaseLookup(toCaseAction._caseKeyPath),
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column),
      scopesByCaseName: true
    )
  }

  /// ``forEach(_:action:element:fileID:filePath:line:column:)`` with an `AnyCasePath` to a
  /// case holding an element's id and action (`/Action.row(id:action:)`).
  @available(
    *, deprecated,
    message:
      "Use the version of this operator with case key paths, instead. See the following migration guide for more information: https://pointfreeco.github.io/swift-composable-architecture/main/documentation/composablearchitecture/migratingto1.4"
  )
  @inlinable
  public func forEach<
    ElementState, ElementAction, ID: Hashable & Sendable,
    Element: Reducer<ElementState, ElementAction>
  >(
    _ toElementsState: WritableKeyPath<State, IdentifiedArray<ID, ElementState>>,
    action toElementAction: AnyCasePath<Action, (ID, ElementAction)>,
    @ReducerBuilder<ElementState, ElementAction> element: () -> Element,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _ForEachReducer<Self, ID, Element> {
    let identified = AnyCasePath<Action, IdentifiedAction<ID, ElementAction>>(
      embed: { action in
        switch action {
        case let .element(id, action): toElementAction.embed((id, action))
        }
      },
      extract: { action in
        toElementAction.extract(from: action).map { .element(id: $0, action: $1) }
      }
    )
    return forEach(
      toElementsState, action: identified._caseKeyPath, element: element,
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// The stack ``forEach(_:action:destination:fileID:filePath:line:column:)`` with an
  /// `AnyCasePath`.
  @available(
    *, deprecated,
    message:
      "Use the version of this operator with case key paths, instead. See the following migration guide for more information: https://pointfreeco.github.io/swift-composable-architecture/main/documentation/composablearchitecture/migratingto1.4"
  )
  @inlinable
  public func forEach<
    DestinationState, DestinationAction, Destination: Reducer<DestinationState, DestinationAction>
  >(
    _ toStackState: WritableKeyPath<State, StackState<DestinationState>>,
    action toStackAction: AnyCasePath<Action, StackAction<DestinationState, DestinationAction>>,
    @ReducerBuilder<DestinationState, DestinationAction> destination: () -> Destination,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> _StackReducer<Self, Destination> {
    forEach(
      toStackState, action: toStackAction._caseKeyPath, destination: destination,
      fileID: fileID, filePath: filePath, line: line, column: column)
  }
}

extension Scope {
  /// ``init(state:action:child:)`` with an `AnyCasePath` to the child's actions.
  @available(
    *, deprecated,
    message:
      "Use the version of this operator with case key paths, instead. See the following migration guide for more information: https://pointfreeco.github.io/swift-composable-architecture/main/documentation/composablearchitecture/migratingto1.4"
  )
  @inlinable
  public init<ChildState, ChildAction>(
    state toChildState: WritableKeyPath<ParentState, ChildState>,
    action toChildAction: AnyCasePath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where ChildState == Child.State, ChildAction == Child.Action {
    self.init(state: toChildState, action: toChildAction._caseKeyPath, child: child)
  }

  /// The enum-state ``init(state:action:child:fileID:filePath:line:column:)`` with
  /// `AnyCasePath`s.
  @available(
    *, deprecated,
    message:
      "Use the version of this operator with case key paths, instead. See the following migration guide for more information: https://pointfreeco.github.io/swift-composable-architecture/main/documentation/composablearchitecture/migratingto1.4"
  )
  @inlinable
  public init<ChildState, ChildAction>(
    state toChildState: AnyCasePath<ParentState, ChildState>,
    action toChildAction: AnyCasePath<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where ChildState == Child.State, ChildAction == Child.Action {
    // Routed through the case path itself: the parent's state enum need not be `CasePathable`,
    // as it need not be for `/State.child`.
    self.route = _ScopeRoute(
      childField: nil, childCase: toChildState,
      location: SourceLocation(fileID: fileID, filePath: filePath, line: line, column: column),
      toChildAction: CaseLookup(toChildAction._caseKeyPath), childBody: .for(Child.self))
    self.child = child()
  }
}

extension BindingReducer {
  /// ``init(action:)`` with a closure that extracts the view's actions, such as `{ $0.view }`.
  @available(
    *, deprecated,
    message:
      "Use the version of this API that takes a case key path, instead. See the following migration guide for more information: https://pointfreeco.github.io/swift-composable-architecture/main/documentation/composablearchitecture/migratingto1.4"
  )
  @inlinable
  public init(action toViewAction: @escaping (_ action: Action) -> ViewAction?) {
    self.toViewAction = toViewAction
  }
}

extension StackState {
  /// The state of the element with `id` in one case of an enum element, through an
  /// `AnyCasePath`: `$0.path[id: 0, case: /Path.State.detail]?.count = 1`.
  @available(
    *, deprecated,
    message:
      "Use the version of this subscript with case key paths, instead. See the following migration guide for more information: https://pointfreeco.github.io/swift-composable-architecture/main/documentation/composablearchitecture/migratingto1.4"
  )
  public subscript<Case>(id id: StackElementID, case path: AnyCasePath<Element, Case>) -> Case? {
    _read { yield self[id: id].flatMap { path.extract(from: $0) } }
    _modify {
      let element = self[id: id]
      var value = element.flatMap { path.extract(from: $0) }
      let wasInCase = value != nil
      yield &value
      guard wasInCase else {
        reportIssue(unrelatedCaseMessage(element))
        return
      }
      self[id: id] = value.map { path.embed($0) }
    }
  }
}

extension PresentationState {
  /// The presented state in one case of an enum destination, through an `AnyCasePath`:
  /// `state.$destination[case: /Destination.State.editor]`.
  @available(
    *, deprecated,
    message:
      "Use the version of this subscript with case key paths, instead. See the following migration guide for more information: https://pointfreeco.github.io/swift-composable-architecture/main/documentation/composablearchitecture/migratingto1.4"
  )
  public subscript<Case>(case path: AnyCasePath<State, Case>) -> Case? {
    _read { yield self.wrappedValue.flatMap { path.extract(from: $0) } }
    _modify {
      let presented = self.wrappedValue
      var value = presented.flatMap { path.extract(from: $0) }
      let wasInCase = value != nil
      yield &value
      guard wasInCase else {
        reportIssue(unrelatedCaseMessage(presented))
        return
      }
      self.wrappedValue = value.map { path.embed($0) }
    }
  }
}

extension Store {
  /// A store of the state `toChildState` computes and the actions `fromChildAction` embeds:
  /// closure scoping, from before scoping by key paths.
  ///
  /// Unlike key path scopes, a closure scope is not cached: each call makes a store.
  @available(
    *, deprecated,
    message:
      "Pass 'state' a key path to child state and 'action' a case key path to child action, instead. For more information see the following migration guide: https://pointfreeco.github.io/swift-composable-architecture/main/documentation/composablearchitecture/migratingto1.5#Store-scoping-with-key-paths"
  )
  @_disfavoredOverload  // As the case key path overload is: `\.self` must not land here.
  public func scope<ChildState, ChildAction>(
    state toChildState: @escaping (_ state: State) -> ChildState,
    action fromChildAction: @escaping (_ childAction: ChildAction) -> Action
  ) -> Store<ChildState, ChildAction> {
    let parent = self.core
    let parentSend = parent.sendFunction
    return Store<ChildState, ChildAction>(
      core: ClosureScopedCore(
        root: parent.root,
        state: { toChildState(parent.state) },
        parentSend: { parentSend(fromChildAction($0)) }))
  }
}

/// The core of a store scoped with closures: its state is computed from its parent's each time
/// it is read, and only then (as in TCA, a store nobody reads never calls its closure).
final class ClosureScopedCore<State, Action>: Core {
  let root: any RootCoreProtocol
  let computeState: @MainActor () -> State
  let parentSend: @MainActor (Action) -> EffectTasks?

  init(
    root: any RootCoreProtocol,
    state: @escaping @MainActor () -> State,
    parentSend: @escaping @MainActor (Action) -> EffectTasks?
  ) {
    self.root = root
    self.computeState = state
    self.parentSend = parentSend
  }

  var state: State {
    self.computeState()
  }

  func send(_ action: Action) -> EffectTasks? {
    self.parentSend(action)
  }

  var stateReader: StateReader<State> {
    { body in withUnsafePointer(to: self.state) { body($0) } }
  }

  var sendFunction: @MainActor (Action) -> EffectTasks? {
    { self.send($0) }
  }
}

// Names from before TCA 1.0, which no longer compile there either: each offers its
// replacement as a fix-it.

/// Renamed ``Effect`` in TCA 1.0.
@available(*, unavailable, renamed: "Effect")
public typealias EffectTask = Effect

/// Renamed ``Reducer`` in TCA 1.0.
@available(*, unavailable, renamed: "Reducer")
public typealias ReducerProtocol = Reducer

/// Renamed ``ReducerOf`` in TCA 1.0.
@available(*, unavailable, renamed: "ReducerOf")
public typealias ReducerProtocolOf<R: Reducer> = Reducer<R.State, R.Action>
