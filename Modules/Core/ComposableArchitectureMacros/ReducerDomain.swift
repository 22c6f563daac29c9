import SwiftSyntax

/// The state and action types a reducer struct names in the type of its `body`
/// (`some Reducer<Int, Bool>`, `some ReducerOf<Parent>`): `@Reducer` marks that `body` as a
/// `ReducerBuilder` of those types.
struct ReducerDomain {
  /// The state type, as written.
  let state: String
  /// The action type, as written.
  let action: String

  /// The domain written in the type of `body` (`some Reducer<State, Action>`,
  /// `some ReducerOf<Self>`), if the type names one.
  init?(body variable: VariableDeclSyntax) {
    guard variable.bindings.count == 1, let type = variable.bindings.first?.typeAnnotation?.type
    else { return nil }
    let constraint = type.as(SomeOrAnyTypeSyntax.self)?.constraint ?? type
    let arguments: [String]
    if let identifier = constraint.as(IdentifierTypeSyntax.self) {
      arguments =
        identifier.genericArgumentClause?.arguments.map(\.argument.trimmedDescription) ?? []
    } else if let member = constraint.as(MemberTypeSyntax.self),
      member.baseType.trimmedDescription == "ComposableArchitecture"
    {
      arguments = member.genericArgumentClause?.arguments.map(\.argument.trimmedDescription) ?? []
    } else {
      return nil
    }
    switch (constraint.lastNameComponent, arguments.count) {
    case ("Reducer", 2):
      self.init(state: arguments[0], action: arguments[1])
    case ("ReducerOf", 1):
      self.init(state: "\(arguments[0]).State", action: "\(arguments[0]).Action")
    default:
      return nil
    }
  }

  private init(state: String, action: String) {
    self.state = state
    self.action = action
  }
}
