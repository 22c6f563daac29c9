import SwiftDiagnostics
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

    /// `@Reducer(state:action:)` (or `@Reducer()`) is attached to a struct, as TCA words it.
    static let argumentsOnStruct = MacroDiagnostic(
      id: "reducer-arguments-on-struct",
      message: "Argument passed to call that takes no arguments when applied to a struct"
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
    if case .enumeration = DeclarationKind(declaration) {
      return staticBodyAttributes(member)
    }
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
  /// A `ReducerBuilder` of the enum's own `State` and `Action` for a `static var body` the enum
  /// declares, as TCA's `CaseReducer` requirement gives it.
  static func staticBodyAttributes(_ member: some DeclSyntaxProtocol) -> [AttributeSyntax] {
    guard let variable = member.as(VariableDeclSyntax.self), !variable.isLet,
      variable.isTypeProperty, variable.boundNames == ["body"],
      !variable.attributes.plainAttributes.contains(where: {
        $0.attributeName.trimmedDescription.contains("ReducerBuilder")
      })
    else { return [] }
    return [
      AttributeSyntax(
        attributeName: TypeSyntax("ComposableArchitecture.ReducerBuilder<Self.State, Self.Action>"))
    ]
  }

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
      diagnoseArguments(of: node, in: context)
      diagnoseReduceMethod(of: structure, in: context)
      return expandStruct(structure)
    case .enumeration(let enumeration):
      return expandEnum(
        enumeration, items: ReducerCase.cases(of: enumeration),
        conformances: SynthesizedConformances(node))
    case .referenceType, .other:
      context.diagnose(Failure.notAStruct, at: node)
      return []
    }
  }

  /// Reports an argument list on `@Reducer` attached to a struct (whose `State` and `Action`
  /// declare their own conformances), with a fix-it that removes it, as TCA does.
  static func diagnoseArguments(
    of node: AttributeSyntax, in context: some MacroExpansionContext
  ) {
    guard let leftParen = node.leftParen, let rightParen = node.rightParen else { return }
    let arguments = node.arguments.map { Syntax($0) }
    let written = leftParen.text + (arguments?.trimmedDescription ?? "") + rightParen.text
    let place = arguments.flatMap { $0.trimmedDescription.isEmpty ? nil : $0 } ?? Syntax(leftParen)
    context.diagnose(
      Diagnostic(
        node: place,
        message: Failure.argumentsOnStruct,
        fixIt: FixIt(
          message: ReplacementFixIt(message: "Remove '\(written)'"),
          changes: [
            .replace(
              oldNode: Syntax(node),
              newNode: Syntax(
                node.with(\.leftParen, nil).with(\.arguments, nil).with(\.rightParen, nil)))
          ])))
  }

  /// Warns, as TCA does, that a `reduce(into:action:)` method of a reducer struct is
  /// deprecated, with a fix-it that makes it a `body` holding a `Reduce` of the same
  /// statements. Methods that are `async`, that throw or that return something other than a
  /// named type (an `Effect<Action>`, an `EffectOf<Self>`) are left alone, as there, and so
  /// is a method marked `@available(*, deprecated)`.
  static func diagnoseReduceMethod(
    of structure: StructDeclSyntax, in context: some MacroExpansionContext
  ) {
    for member in structure.memberBlock.members {
      // A method the code marks deprecated itself has been seen to: no warning, as Swift gives
      // none for deprecated API used inside a deprecated declaration.
      guard let method = member.decl.as(FunctionDeclSyntax.self), method.name.text == "reduce",
        !method.attributes.marksDeprecated,
        case let parameters = Array(method.signature.parameterClause.parameters),
        parameters.map(\.firstName.text) == ["into", "action"],
        method.signature.effectSpecifiers == nil,
        let returned = method.signature.returnClause?.type,
        returned.is(IdentifierTypeSyntax.self) || returned.is(MemberTypeSyntax.self),
        let statements = method.body?.statements
      else { continue }
      let (state, action) = (
        (parameters[0].secondName ?? parameters[0].firstName).text,
        (parameters[1].secondName ?? parameters[1].firstName).text
      )
      // The domain the method names (`inout State`, `Action`), which the body's type keeps.
      let stateType =
        (parameters[0].type.as(AttributedTypeSyntax.self)?.baseType
        ?? parameters[0].type).trimmedDescription
      let actionType = parameters[1].type.trimmedDescription
      // The method's lines move into a closure two levels deeper than the method.
      var indent = ""
      for piece in method.leadingTrivia {
        switch piece {
        case .newlines, .carriageReturns, .carriageReturnLineFeeds: indent = ""
        case .spaces(let count): indent += String(repeating: " ", count: count)
        case .tabs(let count): indent += String(repeating: "\t", count: count)
        default: break
        }
      }
      let lines = statements.description.split(separator: "\n", omittingEmptySubsequences: false)
        .joined(separator: "\n  ")
      let body: DeclSyntax = """
        var body: some Reducer<\(raw: stateType), \(raw: actionType)> {
        \(raw: indent)  Reduce { \(raw: state), \(raw: action) in\(raw: lines)
        \(raw: indent)  }
        \(raw: indent)}
        """
      context.diagnose(
        Diagnostic(
          node: Syntax(method.name),
          message: MacroDiagnostic(
            id: "reducer-reduce-method-deprecated",
            message: """
              'reduce(into:action:)' is deprecated: Reducers should be defined using the 'body' \
              property and a 'Reduce'.
              """,
            severity: .warning),
          fixIt: FixIt(
            message: ReplacementFixIt(message: "Use 'body' instead"),
            changes: [
              .replace(
                oldNode: Syntax(method),
                newNode: Syntax(body.with(\.leadingTrivia, method.leadingTrivia)))
            ])))
    }
  }

  /// The members a reducer struct needs but does not declare itself.
  ///
  /// As in TCA, a `State` (or `Action`) is generated only when the struct does not declare one
  /// and does not spell out its domain: a `body` typed `some Reducer<…>` or `some ReducerOf<…>`,
  /// a stored `body` (`let body = EmptyReducer<Int, Int>()`) or a `reduce(into:action:)` method
  /// leaves the names to whatever they resolve to, so that a helper reducer nested in a feature
  /// can write `some Reducer<State, Action>` for the feature's own types.
  static func expandStruct(_ structure: StructDeclSyntax) -> [DeclSyntax] {
    let access = structure.generatedMemberAccess
    let declaresReduce = structure.declaresFunction(named: "reduce", labels: ["into", "action"])
    let spellsOutDomain = declaresReduce || spellsOutBodyDomain(structure)
    var members: [DeclSyntax] = []

    if !structure.declaresNestedType(named: "State"), !spellsOutDomain {
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
    if !structure.declaresNestedType(named: "Action"), !spellsOutDomain {
      members.append(
        """
        @CasePathable
        \(raw: access)enum Action: CasePaths.CasePathable, CasePaths.CasePathIterable, Equatable, \
        Hashable, Sendable {}
        """
      )
    }

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
  /// What `@ObservableState` and `@_ReducerActionCases` would add to the generated `State` and
  /// `Action` is written into them here instead, and the generated enums declare the
  /// conformances `@CasePathable` would add in an extension: an extension that a macro attached
  /// to a macro-generated declaration adds while the compiler checks another generated extension
  /// crashes it (signal 11, in `TypeCheckPrimaryFileRequest`), as when a `@Reducer` struct holds
  /// a `@Reducer enum Destination` of features declared in the same module. `@CasePathable`
  /// stays attached for its members, as in TCA.
  static func expandEnum(
    _ enumeration: EnumDeclSyntax, items: [ReducerCaseItem],
    conformances: SynthesizedConformances = SynthesizedConformances()
  ) -> [DeclSyntax] {
    let access = enumeration.generatedMemberAccess
    let name = enumeration.name.trimmed.text
    let casePathable = casePathableConformances
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
    let stateInheritance =
      ([
        "ComposableArchitecture.CaseReducerState", "ComposableArchitecture.ObservableState",
        "Observation.Observable",
      ] + casePathable + conformances.state)
      .joined(separator: ", ")
    let stateDecl = EnumDeclSyntax(
      DeclSyntax("\(raw: access)enum State {\n\(raw: stateMembers.joined(separator: "\n"))\n}"))!
    let stateIdentity = ObservableStateMacro.enumIdentity(of: stateDecl)
    let stateWillModify = ObservableStateMacro.enumWillModify(of: stateDecl)
    // The fast action routing of `_ReducerAction`, unless cases are behind `#if` (its case list
    // would differ between builds): the runtime then routes through case key paths.
    let actionCasesDecl = EnumDeclSyntax(
      DeclSyntax("enum Action {\n\(raw: actionCases.joined(separator: "\n"))\n}"))!
    let routedCases = ReducerActionCasesMacro.cases(of: actionCasesDecl)
    let routing = routedCases.map { cases -> String in
      let signatures = ReducerActionCasesMacro.Signatures(access: access)
      return """
        \(signatures.casePaths) {
        \(ReducerActionCasesMacro.casePathsBody(cases))
        }
        \(signatures.caseMembers) {
        \(ReducerActionCasesMacro.caseMembersBody(cases))
        }
        \(signatures.extract) {
        \(ReducerActionCasesMacro.extractBody(cases))
        }
        \(signatures.embed) {
        \(ReducerActionCasesMacro.embedBody(cases))
        }
        """
    }
    let actionInheritance =
      casePathable + (routedCases == nil ? [] : ["ComposableArchitecture._ReducerAction"])
      + conformances.action
    let actionClause = ": \(actionInheritance.joined(separator: ", "))"

    // A `State` or `Action` the enum declares itself is kept as written.
    var members: [DeclSyntax] = []
    if !enumeration.declaresNestedType(named: "State") {
      members.append(
        """
        @CasePathable
        @dynamicMemberLookup
        \(raw: access)enum State: \(raw: stateInheritance) {
          \(raw: stateMembers.joined(separator: "\n"))
          \(stateIdentity)
          \(stateWillModify)
        }
        """
      )
    }
    if !enumeration.declaresNestedType(named: "Action") {
      members.append(
        """
        @CasePathable
        \(raw: access)enum Action\(raw: actionClause) {
          \(raw: actionCases.joined(separator: "\n"))
          \(raw: routing ?? "")
        }
        """
      )
    }
    // A `static var body` the enum declares replaces the generated one, as in TCA: it composes
    // the cases itself (`ifCaseLet`) around logic of its own.
    if !declaresStaticBody(enumeration) {
      members.append(
        """
        \(raw: access)static var body: ComposableArchitecture.Reduce<Self.State, Self.Action> {
          ComposableArchitecture.Reduce(
            \(raw: body)
          )
        }
        """
      )
    }
    return members + [
      """
      @CasePathable
      @dynamicMemberLookup
      \(raw: access)enum CaseScope: \(raw: casePathable.joined(separator: ", ")) {
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

  /// Whether the struct's instance `body` spells out its domain: it is stored (it has an
  /// initializer, whose type gives the domain) or its type is `some`/`any` `Reducer<…>` or
  /// `ReducerOf<…>`, qualified or not.
  static func spellsOutBodyDomain(_ structure: StructDeclSyntax) -> Bool {
    structure.flattenedMembers.contains { member in
      guard let variable = member.as(VariableDeclSyntax.self), !variable.isTypeProperty
      else { return false }
      return variable.bindings.contains { binding in
        guard binding.identifierName == "body" else { return false }
        if binding.initializer != nil { return true }
        guard let type = binding.typeAnnotation?.type else { return false }
        let constraint = type.as(SomeOrAnyTypeSyntax.self)?.constraint ?? type
        return ["Reducer", "ReducerOf"].contains(constraint.lastNameComponent)
      }
    }
  }

  /// Whether the enum declares a `static var body`.
  static func declaresStaticBody(_ enumeration: EnumDeclSyntax) -> Bool {
    enumeration.memberBlock.members.contains { member in
      guard let variable = member.decl.as(VariableDeclSyntax.self) else { return false }
      return variable.isTypeProperty && variable.boundNames.contains("body")
    }
  }

  /// Whether the struct declares an instance `body`.
  static func declaresBody(_ structure: StructDeclSyntax) -> Bool {
    structure.flattenedMembers.contains { member in
      guard let variable = member.as(VariableDeclSyntax.self) else { return false }
      return !variable.isTypeProperty && variable.boundNames.contains("body")
    }
  }
}

extension ReducerMacro {
  /// The conformances `@CasePathable` adds, declared on the enums this macro generates so that
  /// `@CasePathable` adds no extension to them (see `expandEnum(_:items:conformances:)`).
  static let casePathableConformances = ["CasePaths.CasePathable", "CasePaths.CasePathIterable"]
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
