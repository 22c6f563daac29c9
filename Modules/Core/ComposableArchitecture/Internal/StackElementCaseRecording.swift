/// Finds the parts of a case key path to one navigation stack element's actions (`\.path[id:
/// id]`, how a store is scoped to one element), so that the element's store embeds its actions
/// with the action's generated switch instead of through the key path, whose `Case` machinery
/// boxes the action in `Any` at every level.
///
/// A case key path cannot be taken apart, but applying it runs `Case`'s `[id:]` subscript
/// (StackAction+CaseKeyPath.swift), which records its id in ``current`` while a recording is
/// made. The key path is then rebuilt from one of the root's cases and that id, and used only
/// when the two are equal.
@usableFromInline
final class StackElementCaseRecording: @unchecked Sendable {
  /// The recording being made on this task, if any.
  @TaskLocal static var current: StackElementCaseRecording?

  /// The id of the last `[id:]` subscript applied while recording.
  var id: StackElementID?

  private init() {}

  /// The id of the last stack `[id:]` subscript in `keyPath`, if it has one (not necessarily as
  /// its last component: ``stackElementCase(of:element:)`` checks that).
  static func lastElementID<Root, Value>(in keyPath: CaseKeyPath<Root, Value>) -> StackElementID? {
    let recording = StackElementCaseRecording()
    _ = Self.$current.withValue(recording) { Case(keyPath) }
    return recording.id
  }
}

/// The position of the case of `Root` that `keyPath` goes through to the element `id` of a
/// navigation stack, and `id`, when `keyPath` is exactly that case's key path followed by
/// `[id: id]` (`\.path[id: id]`); `nil` otherwise.
@usableFromInline
func stackElementCase<Root, ElementState, ElementAction>(
  of keyPath: CaseKeyPath<Root, ElementAction>, element _: ElementState.Type
) -> (index: Int, id: StackElementID)? {
  guard
    let indexable = Root.self as? any _ReducerAction.Type,
    let id = StackElementCaseRecording.lastElementID(in: keyPath)
  else { return nil }
  let element: AnyKeyPath = \Case<StackAction<ElementState, ElementAction>>.[id: id]
  for (index, casePath) in indexable._$casePaths.enumerated()
  where casePath.appending(path: element) == keyPath {
    return (index, id)
  }
  return nil
}
