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
/// - adds the `Reducer` conformance, and for a reducer that declares its `body`, the
///   `_BodyCachingReducer` conformance, so that whatever runs it builds the body once.
///
/// Attached to an enum (`Path`, `Destination`), the macro generates `State` and `Action` enums
/// with a case per feature, a static `body` scoping each feature's reducer to its case, and a
/// `CaseScope` enum with `scope(_:)` for `store.case`, and conforms the enum to `CaseReducer`
/// (see `ReducerCase` for what each kind of case becomes).
public enum ReducerMacro {
  /// The errors this macro reports.
  enum Failure {
    /// The macro is attached to something other than a struct or an enum.
    static let notAStruct = MacroDiagnostic(
      id: "reducer-not-a-struct",
      message: "'@Reducer' can only be applied to a struct or an enum"
    )

    /// An enum reducer declares cases inside `#if`.
    static let conditionalCases = MacroDiagnostic(
      id: "reducer-enum-conditional-cases",
      message: """
        '@Reducer' enums cannot declare cases inside '#if': the generated 'State' and 'Action' \
        would not match the cases of every build
        """
    )

    /// A case of an enum reducer holds several values, or a labeled one.
    static let caseNotOneValue = MacroDiagnostic(
      id: "reducer-enum-case-not-one-value",
      message: """
        '@Reducer' enum cases must hold one unlabeled value: a reducer ('case detail(Detail)'), \
        or alert-like state ('case alert(AlertState<Alert>)'); mark other cases \
        '@ReducerCaseIgnored'
        """
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
    case .enumeration(let enumeration):
      switch ReducerCase.cases(of: enumeration) {
      case .success(let cases):
        return expandEnum(enumeration, cases: cases)
      case .failure(.notOneValue(let element)):
        context.diagnose(Failure.caseNotOneValue, at: element)
        return []
      case .failure(.conditionalCases(let ifConfig)):
        context.diagnose(Failure.conditionalCases, at: ifConfig)
        return []
      }
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

    let declaresReduce = structure.declaresFunction(named: "reduce", labels: ["into", "action"])
    if !declaresBody(structure) && !declaresReduce {
      members.append(
        """
        \(raw: access)var body: ComposableArchitecture.EmptyReducer<State, Action> {
          ComposableArchitecture.EmptyReducer()
        }
        """
      )
    }

    return members
  }

  /// The `State`, `Action`, `body`, `CaseScope` and `scope(_:)` of an enum reducer.
  static func expandEnum(_ enumeration: EnumDeclSyntax, cases: [ReducerCase]) -> [DeclSyntax] {
    let access = enumeration.generatedMemberAccess
    let name = enumeration.name.trimmed.text

    var stateMembers = ["\(access)typealias StateReducer = \(name)"] + cases.map(\.stateCase)
    let ephemeralCases = cases.filter(\.isEphemeral).map { ".\($0.name)" }
    if ephemeralCases.count == cases.count, !cases.isEmpty {
      stateMembers.append("\(access)var _$isEphemeral: Bool { true }")
    } else if !ephemeralCases.isEmpty {
      stateMembers.append(
        """
        \(access)var _$isEphemeral: Bool {
          switch self {
          case \(ephemeralCases.joined(separator: ", ")): true
          default: false
          }
        }
        """
      )
    }

    let scopes = cases.compactMap(\.scope)
    let body =
      scopes.isEmpty
      ? "ComposableArchitecture.EmptyReducer<Self.State, Self.Action>()"
      : "ComposableArchitecture.CombineReducers {\n\(scopes.joined(separator: "\n"))\n}"
    let scopeSwitch =
      cases.isEmpty
      ? "switch store.state {}"
      : "switch store.state {\n\(cases.map(\.scopeSwitchCase).joined(separator: "\n"))\n}"

    return [
      """
      @CasePathable
      @dynamicMemberLookup
      @ObservableState
      \(raw: access)enum State: ComposableArchitecture.CaseReducerState {
        \(raw: stateMembers.joined(separator: "\n"))
      }
      """,
      """
      @CasePathable
      @ComposableArchitecture._ReducerActionCases
      \(raw: access)enum Action {
        \(raw: cases.compactMap(\.actionCase).joined(separator: "\n"))
      }
      """,
      """
      \(raw: access)static var body: ComposableArchitecture.Reduce<Self.State, Self.Action> {
        ComposableArchitecture.Reduce(
          \(raw: body)
        )
      }
      """,
      """
      \(raw: access)enum CaseScope {
        \(raw: cases.map(\.caseScopeCase).joined(separator: "\n"))
      }
      """,
      """
      @preconcurrency @MainActor
      \(raw: access)static func scope(_ store: ComposableArchitecture.Store<Self.State, Self.Action>) -> CaseScope {
        \(raw: scopeSwitch)
      }
      """,
    ]
  }

  /// Whether the reducer runs a `body` it declares, which is then kept by whatever runs it
  /// (`_BodyCachingReducer`). A generated empty body is not worth keeping, and a reducer with
  /// no `body` of its own may implement `reduce(into:action:)` in an extension, which must run.
  static func cachesBody(_ structure: StructDeclSyntax) -> Bool {
    declaresBody(structure)
      && !structure.declaresFunction(named: "reduce", labels: ["into", "action"])
  }

  /// Whether the struct declares an instance `body`.
  static func declaresBody(_ structure: StructDeclSyntax) -> Bool {
    structure.flattenedMembers.contains { member in
      guard let variable = member.as(VariableDeclSyntax.self) else { return false }
      return !variable.isTypeProperty && variable.boundNames.contains("body")
    }
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
    if case .enumeration = DeclarationKind(declaration) {
      guard protocols.contains(where: { $0.lastNameComponent == "CaseReducer" }) else {
        return []
      }
      return [
        try ExtensionDeclSyntax(
          """
          extension \(type.trimmed): ComposableArchitecture.CaseReducer, \
          ComposableArchitecture.Reducer {}
          """
        )
      ]
    }
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
