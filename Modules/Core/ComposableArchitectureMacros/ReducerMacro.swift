import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// Implements `@Reducer`, which turns a struct into a `Reducer` conformance.
///
/// Attached to a struct, the macro
/// - marks a nested `enum Action` as `@CasePathable` and `@_ReducerActionCases` (fast case
///   routing),
/// - marks an instance `var body` as a `ReducerBuilder` of the feature's state and action,
/// - supplies an empty `State`, an empty `Action` and an empty `body` when the struct does not
///   declare them (no `body` is supplied when the struct implements `reduce(into:action:)`),
/// - adds the `Reducer` conformance, and for a reducer that runs its `body`, storage that
///   caches the body while a store runs it (`_BodyCachingReducer`).
///
/// Enum reducers are not expanded yet; they are reported as an error.
public enum ReducerMacro {
  /// The errors this macro reports.
  enum Failure {
    /// The macro is attached to something other than a struct or an enum.
    static let notAStruct = MacroDiagnostic(
      id: "reducer-not-a-struct",
      message: "'@Reducer' can only be applied to a struct"
    )

    /// The macro is attached to an enum, which will describe a group of child reducers.
    static let enumNotSupported = MacroDiagnostic(
      id: "reducer-enum-unsupported",
      message: "'@Reducer' enums (Path/Destination) are not supported yet"
    )
  }
}

extension ReducerMacro: MemberAttributeMacro {
  /// Marks `enum Action` as `@CasePathable` and `var body` as a `ReducerBuilder`.
  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingAttributesFor member: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [AttributeSyntax] {
    guard case .structure = DeclarationKind(declaration) else { return [] }

    if let enumeration = member.as(EnumDeclSyntax.self), enumeration.name.text == "Action" {
      var attributes: [AttributeSyntax] = []
      if !enumeration.attributes.containsAttribute(named: ["CasePathable"]) {
        attributes.append(
          AttributeSyntax(attributeName: IdentifierTypeSyntax(name: "CasePathable")))
      }
      if !enumeration.attributes.containsAttribute(named: ["_ReducerActionCases"]) {
        attributes.append(
          AttributeSyntax(
            attributeName: TypeSyntax("ComposableArchitecture._ReducerActionCases")
          )
        )
      }
      return attributes
    }

    if let variable = member.as(VariableDeclSyntax.self),
      !variable.isLet,
      !variable.isTypeProperty,
      variable.boundNames == ["body"]
    {
      let alreadyBuilt = variable.attributes.plainAttributes.contains {
        $0.attributeName.trimmedDescription.contains("ReducerBuilder")
      }
      guard !alreadyBuilt else { return [] }
      return [
        AttributeSyntax(
          attributeName: TypeSyntax(
            "ComposableArchitecture.ReducerBuilder<Self.State, Self.Action>"
          )
        )
      ]
    }

    return []
  }
}

extension ReducerMacro: MemberMacro {
  /// Adds the missing `State`, `Action` and `body` to a struct, or reports why the declaration
  /// is not supported.
  public static func expansion(
    of node: AttributeSyntax,
    providingMembersOf declaration: some DeclGroupSyntax,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    switch DeclarationKind(declaration) {
    case .structure(let structure):
      return expandStruct(structure)
    case .enumeration:
      context.diagnose(Failure.enumNotSupported, at: node)
      return []
    case .referenceType, .other:
      context.diagnose(Failure.notAStruct, at: node)
      return []
    }
  }

  /// The members a reducer struct needs but does not declare itself.
  static func expandStruct(_ structure: StructDeclSyntax) -> [DeclSyntax] {
    let access = structure.generatedMemberAccess
    var members: [DeclSyntax] = []

    if !structure.declaresNestedType(named: "State") {
      members.append(
        """
        @ObservableState
        \(raw: access)struct State: Codable, Equatable, Hashable, Sendable {
          \(raw: access)init() {}
        }
        """
      )
    }

    if !structure.declaresNestedType(named: "Action") {
      members.append(
        """
        @CasePathable
        @ComposableArchitecture._ReducerActionCases
        \(raw: access)enum Action: Equatable, Hashable, Sendable {}
        """
      )
    }

    let declaresBody = structure.flattenedMembers.contains { member in
      guard let variable = member.as(VariableDeclSyntax.self) else { return false }
      return !variable.isTypeProperty && variable.boundNames.contains("body")
    }
    let declaresReduce = structure.declaresFunction(named: "reduce", labels: ["into", "action"])
    if !declaresBody && !declaresReduce {
      members.append(
        """
        \(raw: access)var body: ComposableArchitecture.EmptyReducer<State, Action> {
          ComposableArchitecture.EmptyReducer()
        }
        """
      )
    }

    if cachesBody(structure) {
      members.append(
        """
        \(raw: access)let _$bodyCache = ComposableArchitecture._ReducerBodyCache()
        """
      )
    }

    return members
  }

  /// Whether the reducer runs its `body` (declared or generated), which is then cached: it does
  /// not implement `reduce(into:action:)` itself nor declare the cache already.
  static func cachesBody(_ structure: StructDeclSyntax) -> Bool {
    let declaresReduce = structure.declaresFunction(named: "reduce", labels: ["into", "action"])
    let declaresCache = structure.flattenedMembers.contains { member in
      member.as(VariableDeclSyntax.self)?.boundNames.contains("_$bodyCache") ?? false
    }
    return !declaresReduce && !declaresCache
  }
}

extension ReducerMacro: ExtensionMacro {
  /// Adds the `Reducer` conformance when it is requested.
  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingExtensionsOf type: some TypeSyntaxProtocol,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [ExtensionDeclSyntax] {
    guard case .structure(let structure) = DeclarationKind(declaration) else { return [] }
    var conformances: [String] = []
    if protocols.contains(where: { $0.lastNameComponent == "Reducer" }) {
      conformances.append("ComposableArchitecture.Reducer")
    }
    if protocols.contains(where: { $0.lastNameComponent == "_BodyCachingReducer" }),
      cachesBody(structure)
    {
      conformances.append("ComposableArchitecture._BodyCachingReducer")
    }
    guard !conformances.isEmpty else { return [] }
    return [
      try ExtensionDeclSyntax(
        "extension \(type.trimmed): \(raw: conformances.joined(separator: ", ")) {}"
      )
    ]
  }
}
