import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// Implements `@Reducer`, which turns a struct into a `Reducer` conformance.
///
/// Attached to a struct, the macro
/// - marks a nested `enum Action` as `@CasePathable` and `@_ReducerActionCases` (fast case
///   routing), and a nested `enum State` as `@CasePathable` and `@dynamicMemberLookup`,
/// - marks an instance `var body` as a `ReducerBuilder` of the feature's state and action (those
///   its type names, as in `some Reducer<Int, Bool>`, or `Self.State` and `Self.Action`),
/// - supplies an empty `State`, an empty `Action` and an empty `body` when the struct does not
///   declare them and its domain does not name other types (no `body` is supplied when the
///   struct implements `reduce(into:action:)`),
/// - adds the `Reducer` conformance, and for a reducer that declares its `body`, the
///   `_BodyCachingReducer` conformance, so that whatever runs it builds the body once.
///
/// Attached to an enum (`Path`, `Destination`), the macro generates `State` and `Action` enums
/// with a case per feature, a static `body` scoping each feature's reducer to its case, and a
/// `CaseScope` enum with `scope(_:)` for `store.case` (case-pathable, so that
/// `store.case.detail` is the child store while the state is in that case), and conforms the
/// enum to `CaseReducer` (see `ReducerCase` for what each kind of case becomes).
/// `@Reducer(state: .equatable, action: .sendable)` adds protocols to the generated `State` and
/// `Action`.
public enum ReducerMacro {
  /// The errors this macro reports.
  enum Failure {
    /// The macro is attached to something other than a struct or an enum.
    static let notAStruct = MacroDiagnostic(
      id: "reducer-not-a-struct",
      message: "'@Reducer' can only be applied to a struct or an enum"
    )

    /// `@Reducer(state:action:)` is attached to a struct.
    static let argumentsOnStruct = MacroDiagnostic(
      id: "reducer-arguments-on-struct",
      message: """
        '@Reducer' takes no arguments when applied to a struct: declare the conformances on its \
        'State' and 'Action'
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
  /// Marks the nested `State` and `Action` enums as `@CasePathable` (see `enumAttributes(_:)`)
  /// and `var body` as a `ReducerBuilder` of the domain its type names (`some Reducer<Int, Bool>`),
  /// or of `Self.State` and `Self.Action`.
  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingAttributesFor member: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [AttributeSyntax] {
    guard case .structure = DeclarationKind(declaration) else { return [] }

    if let enumeration = member.as(EnumDeclSyntax.self) {
      return enumAttributes(enumeration)
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
      let domain = ReducerDomain(body: variable)
      let state = domain?.state ?? "Self.State"
      let action = domain?.action ?? "Self.Action"
      return [
        AttributeSyntax(
          attributeName: TypeSyntax(
            "ComposableArchitecture.ReducerBuilder<\(raw: state), \(raw: action)>"
          )
        )
      ]
    }

    return []
  }
}

extension ReducerMacro {
  /// The attributes a nested `State` or `Action` enum is missing: both become `@CasePathable`,
  /// so that their cases are reached by case key paths (`\\.child`); `State` also becomes
  /// `@dynamicMemberLookup`, so that `state.child` reads a case's value; and `Action` gets
  /// `@_ReducerActionCases`, which routes actions to child reducers without case key paths.
  static func enumAttributes(_ enumeration: EnumDeclSyntax) -> [AttributeSyntax] {
    var names: [String]
    switch enumeration.name.text {
    case "State":
      names = ["CasePathable", "dynamicMemberLookup"]
    case "Action":
      names = ["CasePathable", "ComposableArchitecture._ReducerActionCases"]
    default:
      return []
    }
    let inheritsCasePathable =
      enumeration.inheritanceClause?.inheritedTypes.contains {
        $0.type.lastNameComponent == "CasePathable"
      } ?? false
    names.removeAll { name in
      let baseName = TypeSyntax(stringLiteral: name).lastNameComponent
      return enumeration.attributes.containsAttribute(named: [baseName])
        || (baseName == "CasePathable" && inheritsCasePathable)
    }
    return names.map { AttributeSyntax(attributeName: TypeSyntax(stringLiteral: $0)) }
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
      if SynthesizedConformances.hasArguments(node) {
        context.diagnose(Failure.argumentsOnStruct, at: node)
      }
      return expandStruct(structure)
    case .enumeration(let enumeration):
      switch ReducerCase.cases(of: enumeration) {
      case .success(let items):
        return expandEnum(
          enumeration, items: items, conformances: SynthesizedConformances(node),
          actionAccess: context.extensionMemberAccess(for: enumeration))
      case .failure(.notOneValue(let element)):
        context.diagnose(Failure.caseNotOneValue, at: element)
        return []
      }
    case .referenceType, .other:
      context.diagnose(Failure.notAStruct, at: node)
      return []
    }
  }

  /// The members a reducer struct needs but does not declare itself.
  ///
  /// A `State` (or `Action`) is generated only when the struct does not declare one and its
  /// domain, if its `body` or `reduce(into:action:)` names one, is the nested type: a reducer of
  /// `some Reducer<Int, Bool>` has neither.
  static func expandStruct(_ structure: StructDeclSyntax) -> [DeclSyntax] {
    let access = structure.generatedMemberAccess
    let name = structure.name.trimmed.text
    let domain = ReducerDomain.of(structure)
    var members: [DeclSyntax] = []

    if !structure.declaresNestedType(named: "State"), domain?.stateIsNested(in: name) ?? true {
      members.append(
        """
        @ObservableState
        \(raw: access)struct State: Codable, Equatable, Hashable, Sendable {
          \(raw: access)init() {}
        }
        """
      )
    }

    // An empty `Action` has no case to route, so it goes without `@_ReducerActionCases`.
    if !structure.declaresNestedType(named: "Action"), domain?.actionIsNested(in: name) ?? true {
      members.append(
        """
        @CasePathable
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

  /// The `State`, `Action`, `body`, `CaseScope` and `scope(_:)` of an enum reducer; cases
  /// declared inside `#if` blocks stay inside the same blocks in each of them.
  ///
  /// `actionAccess` is the access of the generated `Action`, which must be spelled out as
  /// `fileprivate` inside a `private` or `fileprivate` type: `@_ReducerActionCases` expands on
  /// it without seeing the types around the enum, and reads the access from the enum itself.
  static func expandEnum(
    _ enumeration: EnumDeclSyntax, items: [ReducerCaseItem],
    conformances: SynthesizedConformances = SynthesizedConformances(),
    actionAccess: String? = nil
  ) -> [DeclSyntax] {
    let access = enumeration.generatedMemberAccess
    let actionAccess = actionAccess ?? access
    let name = enumeration.name.trimmed.text
    let cases = ReducerCaseItem.allCases(of: items)

    var stateMembers = ["\(access)typealias StateReducer = \(name)"]
    stateMembers += ReducerCaseItem.lines(of: items) { $0.stateCase }
    if !cases.isEmpty, cases.allSatisfy(\.isEphemeral) {
      stateMembers.append("\(access)var _$isEphemeral: Bool { true }")
    } else if cases.contains(where: \.isEphemeral) {
      let ephemeralCases = ReducerCaseItem.lines(
        of: items,
        grouping: { run -> [String] in
          let names = run.filter(\.isEphemeral).map { ".\($0.name)" }
          return names.isEmpty ? [] : ["case \(names.joined(separator: ", ")): true"]
        })
      stateMembers.append(
        """
        \(access)var _$isEphemeral: Bool {
          switch self {
          \(ephemeralCases.joined(separator: "\n"))
          default: false
          }
        }
        """
      )
    }

    let scopes = ReducerCaseItem.lines(of: items) { $0.scope }
    let body =
      cases.contains(where: { $0.scope != nil })
      ? "ComposableArchitecture.CombineReducers {\n\(scopes.joined(separator: "\n"))\n}"
      : "ComposableArchitecture.EmptyReducer<Self.State, Self.Action>()"
    let scopeSwitch =
      cases.isEmpty
      ? "switch store.state {}"
      : """
      switch store.state {
      \(ReducerCaseItem.lines(of: items) { $0.scopeSwitchCase }.joined(separator: "\n"))
      }
      """
    let actionCases = ReducerCaseItem.lines(of: items) { $0.actionCase }
    let caseScopeCases = ReducerCaseItem.lines(of: items) { $0.caseScopeCase }
    let stateInheritance = (["ComposableArchitecture.CaseReducerState"] + conformances.state)
      .joined(separator: ", ")
    let actionInheritance =
      conformances.action.isEmpty ? "" : ": \(conformances.action.joined(separator: ", "))"

    return [
      """
      @CasePathable
      @dynamicMemberLookup
      @ObservableState
      \(raw: access)enum State: \(raw: stateInheritance) {
        \(raw: stateMembers.joined(separator: "\n"))
      }
      """,
      """
      @CasePathable
      @ComposableArchitecture._ReducerActionCases
      \(raw: actionAccess)enum Action\(raw: actionInheritance) {
        \(raw: actionCases.joined(separator: "\n"))
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
      @CasePathable
      @dynamicMemberLookup
      \(raw: access)enum CaseScope {
        \(raw: caseScopeCases.joined(separator: "\n"))
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
