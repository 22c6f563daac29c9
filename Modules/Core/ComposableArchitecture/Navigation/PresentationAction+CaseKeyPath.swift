extension Case {
  /// A case of a presented child's actions, reached through `.presented` without naming it:
  /// `\.destination.editor` is `\.destination.presented.editor`.
  ///
  /// ```swift
  /// store.scope(state: \.destination?.editor, action: \.destination.editor)
  /// ```
  public subscript<ChildAction: CasePathable, AppendedAction>(
    dynamicMember keyPath: KeyPath<
      ChildAction.AllCasePaths, AnyCasePath<ChildAction, AppendedAction>
    >
  ) -> Case<AppendedAction>
  where Value == PresentationAction<ChildAction> {
    presentedCase(of: self, through: ChildAction.allCasePaths[keyPath: keyPath])
  }

  /// A case of a presented child's actions as presentation actions of that case's feature:
  /// `\.destination.editor` where a `PresentationAction<Editor.Action>` is expected, `.dismiss`
  /// passing through unchanged.
  @_disfavoredOverload
  public subscript<ChildAction: CasePathable, AppendedAction>(
    dynamicMember keyPath: KeyPath<
      ChildAction.AllCasePaths, AnyCasePath<ChildAction, AppendedAction>
    >
  ) -> Case<PresentationAction<AppendedAction>>
  where Value == PresentationAction<ChildAction> {
    presentationCase(of: self, through: ChildAction.allCasePaths[keyPath: keyPath])
  }
}

/// The case `casePath` of the child actions presented through `presentation`.
private func presentedCase<ChildAction, AppendedAction>(
  of presentation: Case<PresentationAction<ChildAction>>,
  through casePath: AnyCasePath<ChildAction, AppendedAction>
) -> Case<AppendedAction> {
  let casePath = UncheckedSendable(casePath)
  return Case<AppendedAction>(
    embed: { (action: AppendedAction) -> Any in
      presentation._embed(.presented(casePath.value.embed(action)))
    },
    extract: { (root: Any) -> AppendedAction? in
      guard case let .presented(action)? = presentation._extract(from: root) else { return nil }
      return casePath.value.extract(from: action)
    }
  )
}

/// The case `casePath` of the child actions presented through `presentation`, as presentation
/// actions.
private func presentationCase<ChildAction, AppendedAction>(
  of presentation: Case<PresentationAction<ChildAction>>,
  through casePath: AnyCasePath<ChildAction, AppendedAction>
) -> Case<PresentationAction<AppendedAction>> {
  let casePath = UncheckedSendable(casePath)
  return Case<PresentationAction<AppendedAction>>(
    embed: { (action: PresentationAction<AppendedAction>) -> Any in
      switch action {
      case .dismiss:
        return presentation._embed(.dismiss)
      case let .presented(action):
        return presentation._embed(.presented(casePath.value.embed(action)))
      }
    },
    extract: { (root: Any) -> PresentationAction<AppendedAction>? in
      switch presentation._extract(from: root) {
      case .dismiss?:
        return .dismiss
      case let .presented(action)?:
        return casePath.value.extract(from: action).map { .presented($0) }
      case nil:
        return nil
      }
    }
  )
}
