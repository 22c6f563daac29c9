import SwiftSyntax

/// The state and action types a reducer struct names itself: in the type of its `body`
/// (`some Reducer<Int, Bool>`, `some ReducerOf<Parent>`) or in the signature of its
/// `reduce(into:action:)`.
///
/// `@Reducer` builds the `body` for these types, and generates a `State` or an `Action` only
/// when the reducer's domain refers to the nested type of that name.
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

  /// The domain of a `reduce(into:action:)` method, if `function` is one.
  init?(reduce function: FunctionDeclSyntax) {
    let parameters = Array(function.signature.parameterClause.parameters)
    guard function.name.text == "reduce", parameters.count == 2,
      parameters[0].firstName.text == "into", parameters[1].firstName.text == "action",
      let state = parameters[0].type.as(AttributedTypeSyntax.self)
    else { return nil }
    self.init(
      state: state.baseType.trimmedDescription, action: parameters[1].type.trimmedDescription)
  }

  private init(state: String, action: String) {
    self.state = state
    self.action = action
  }

  /// The domain `structure` names in its `body` or its `reduce(into:action:)`, if it names one.
  static func of(_ structure: StructDeclSyntax) -> ReducerDomain? {
    for member in structure.flattenedMembers {
      if let variable = member.as(VariableDeclSyntax.self), !variable.isTypeProperty,
        variable.boundNames == ["body"]
      {
        if let domain = ReducerDomain(body: variable) { return domain }
      } else if let function = member.as(FunctionDeclSyntax.self),
        let domain = ReducerDomain(reduce: function)
      {
        return domain
      }
    }
    return nil
  }

  /// Whether the state type is the nested `State` of the reducer called `reducerName`.
  func stateIsNested(in reducerName: String) -> Bool {
    Self.nestedNames("State", in: reducerName).contains(state)
  }

  /// Whether the action type is the nested `Action` of the reducer called `reducerName`.
  func actionIsNested(in reducerName: String) -> Bool {
    Self.nestedNames("Action", in: reducerName).contains(action)
  }

  /// The spellings of the nested type `name` of the reducer called `reducerName`.
  private static func nestedNames(_ name: String, in reducerName: String) -> Set<String> {
    [name, "Self.\(name)", "\(reducerName).\(name)"]
  }
}
