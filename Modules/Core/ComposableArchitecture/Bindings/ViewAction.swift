/// An action enum that gathers what a view sends in one `view` case, as modular TCA features
/// write it:
///
/// ```swift
/// enum Action: ViewAction {
///   case delegate(Delegate)
///   case view(View)
///
///   enum View: BindableAction {
///     case binding(BindingAction<State>)
///     case loginButtonTapped
///   }
/// }
/// ```
///
/// A view (here, a terminal screen) then sends `.view(.loginButtonTapped)`, and
/// `BindingReducer(action: \.view)` applies the view's binding actions.
public protocol ViewAction<ViewAction> {
  /// The actions a view sends.
  associatedtype ViewAction

  /// Embeds a view action: satisfied by `case view(View)`.
  static func view(_ action: ViewAction) -> Self
}

/// A view that sends its feature's view actions without spelling the `view` case:
/// `send(.loginButtonTapped)` sends `.view(.loginButtonTapped)` to its store.
public protocol ViewActionSending<StoreState, StoreAction> {
  /// The state of the view's store.
  associatedtype StoreState
  /// The actions of the view's store, which gather the view's actions in a `view` case.
  associatedtype StoreAction: ViewAction

  /// The store the view sends to.
  @MainActor var store: Store<StoreState, StoreAction> { get }
}

extension ViewActionSending {
  /// Sends a view action to the view's store.
  @MainActor
  @discardableResult
  public func send(_ action: StoreAction.ViewAction) -> StoreTask {
    store.send(.view(action))
  }

  /// Sends a view action to the view's store; the animation is accepted for TCA's spelling and
  /// ignored.
  @MainActor
  @discardableResult
  public func send(_ action: StoreAction.ViewAction, animation: SwiftUIStandIns.Animation?)
    -> StoreTask
  {
    store.send(.view(action), animation: animation)
  }

  /// Sends a view action to the view's store; the transaction is accepted for TCA's spelling
  /// and ignored.
  @MainActor
  @discardableResult
  public func send(_ action: StoreAction.ViewAction, transaction: SwiftUIStandIns.Transaction)
    -> StoreTask
  {
    store.send(.view(action), transaction: transaction)
  }
}
