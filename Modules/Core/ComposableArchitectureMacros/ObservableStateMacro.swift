import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// Implements `@ObservableState`, which makes a state struct observable.
///
/// Attached to a struct, the macro
/// - marks every plain stored `var` with `@ObservationStateTracked`, which moves its value into a
///   `_name` peer and reports reads and writes to the observation registrar,
/// - adds the registrar, the `_$id` identity and the `_$modify` entry point that mutates a
///   tracked property in place through a key path,
/// - adds the `ObservableState`, `Observable` and `CustomDumpReflectable` conformances, the last
///   with a mirror that shows the properties under their own names.
///
/// Attached to an enum of states, the macro adds an `_$id` that is the identity of the state the
/// current case holds, tagged with the case, and the `ObservableState` and `Observable`
/// conformances: a parent observing a field that holds the enum is notified when the case
/// changes or its state is replaced, not when the state inside changes in place.
///
/// Classes and actors are reported as an error, in TCA's words.
public enum ObservableStateMacro {
  /// The errors this macro reports.
  enum Failure {
    /// The macro is attached to a class or an actor (`kind`) named `name`, as TCA words it:
    /// "'@ObservableState' cannot be applied to class type 'Model'".
    static func referenceType(_ kind: String, named name: String) -> MacroDiagnostic {
      MacroDiagnostic(
        id: "observable-state-reference-type",
        message: "'@ObservableState' cannot be applied to \(kind) type '\(name)'"
      )
    }

    /// The macro is attached to a protocol or an extension.
    static let notAStruct = MacroDiagnostic(
      id: "observable-state-not-a-struct",
      message: "'@ObservableState' can only be applied to a struct or an enum"
    )

  }

  /// The attribute that marks a property as tracked.
  static let trackedAttribute = "ObservationStateTracked"

  /// Attributes of `@Observable` and of older TCA that do not work in observable state, each
  /// with the one to write instead.
  static let replacedAttributes = [
    ("ObservationIgnored", "ObservationStateIgnored"),
    ("ObservationTracked", "ObservationStateTracked"),
    ("PresentationState", "Presents"),
  ]

  /// Reports each attribute of `variable` that observable state replaces, with a fix-it that
  /// writes the replacement: "'@PresentationState' cannot be used in '@ObservableState'".
  static func diagnoseReplacedAttributes(
    of variable: VariableDeclSyntax, in context: some MacroExpansionContext
  ) {
    for attribute in variable.attributes.plainAttributes {
      guard
        let (_, replacement) = replacedAttributes.first(where: { $0.0 == attribute.baseName }),
        let name = attribute.attributeName.as(IdentifierTypeSyntax.self)
      else { continue }
      let renamed = name.with(
        \.name, .identifier(replacement, trailingTrivia: name.name.trailingTrivia))
      context.diagnose(
        Diagnostic(
          node: Syntax(attribute),
          message: MacroDiagnostic(
            id: "observable-state-replaced-attribute",
            message: "'@\(attribute.baseName)' cannot be used in '@ObservableState'"),
          fixIt: FixIt(
            message: ReplacementFixIt(message: "Use '@\(replacement)' instead"),
            changes: [
              .replace(
                oldNode: Syntax(attribute),
                newNode: Syntax(attribute.with(\.attributeName, TypeSyntax(renamed))))
            ])))
    }
  }
}

/// A fix-it that writes what replaces the attribute a diagnostic points at.
struct ReplacementFixIt: FixItMessage {
  /// The text shown with the fix-it.
  let message: String

  var fixItID: MessageID {
    MessageID(domain: "ComposableArchitectureMacros", id: "replace-attribute")
  }
}

extension ObservableStateMacro: MemberAttributeMacro {
  /// Marks each stored property that needs tracking with `@ObservationStateTracked`.
  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingAttributesFor member: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [AttributeSyntax] {
    guard
      case .structure = DeclarationKind(declaration),
      let variable = member.as(VariableDeclSyntax.self)
    else { return [] }
    diagnoseReplacedAttributes(of: variable, in: context)
    guard variable.needsObservationTracking else { return [] }
    let name = IdentifierTypeSyntax(name: .identifier(trackedAttribute))
    return [AttributeSyntax(attributeName: name)]
  }
}

extension ObservableStateMacro: MemberMacro {
  /// Adds the observation members to a struct, or reports why the declaration is not supported.
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
      guard !enumeration.declaresProperty(named: "_$id") else { return [] }
      return [enumIdentity(of: enumeration), enumWillModify(of: enumeration)]
    case .referenceType:
      let (kind, name) =
        if let actor = declaration.as(ActorDeclSyntax.self) {
          ("actor", actor.name.text)
        } else {
          ("class", declaration.as(ClassDeclSyntax.self)?.name.text ?? "")
        }
      context.diagnose(Failure.referenceType(kind, named: name), at: node)
      return []
    case .other:
      context.diagnose(Failure.notAStruct, at: node)
      return []
    }
  }

  /// The registrar, identity and in-place modification members of an observable struct.
  static func expandStruct(_ structure: StructDeclSyntax) -> [DeclSyntax] {
    let access = structure.generatedMemberAccess
    var members: [DeclSyntax] = []

    if !structure.declaresProperty(named: "_$observationRegistrar") {
      members.append(
        """
        @ObservationStateIgnored
        var _$observationRegistrar = ComposableArchitecture.ObservationStateRegistrar()
        """
      )
    }

    if !structure.declaresProperty(named: "_$id") {
      members.append(
        """
        \(raw: access)var _$id: ComposableArchitecture.ObservableStateID {
          _$observationRegistrar.id
        }
        """
      )
    }

    if !structure.flattenedMembers.contains(where: {
      $0.as(FunctionDeclSyntax.self)?.name.text == "_$willModify"
        && $0.as(FunctionDeclSyntax.self)?.signature.parameterClause.parameters.isEmpty == true
    }) {
      members.append(
        """
        \(raw: access)mutating func _$willModify() {
          _$observationRegistrar._$willModify()
        }
        """
      )
    }

    let declaresFieldAccess = structure.flattenedMembers.contains {
      $0.as(FunctionDeclSyntax.self)?.name.text == "_$field"
    }
    let fields = ObservedField.fields(of: structure)
    if !declaresFieldAccess && !fields.isEmpty {
      members += fieldAccessFunctions(fields, access: access)
    }

    return members
  }

  /// The `_$id` of an observable enum: the identity of the single value a case holds, or an
  /// inert one, tagged with the case's position. Cases declared inside `#if` blocks are
  /// switched over inside the same blocks.
  static func enumIdentity(of enumeration: EnumDeclSyntax) -> DeclSyntax {
    let body = switchOverCases(of: enumeration) { enumCase, index in
      enumCase.hasSinglePayload
        ? "case let .\(enumCase.name.text)(v0):\nreturn ._$id(for: v0)._$tag(\(index))"
        : "case .\(enumCase.name.text):\nreturn ._$inert._$tag(\(index))"
    }
    return """
      \(raw: enumeration.generatedMemberAccess)var _$id: ComposableArchitecture.ObservableStateID {
        \(raw: body)
      }
      """
  }

  /// The `_$willModify()` of an observable enum: stamps the identity of the single value the
  /// current case holds, as a struct stamps its own (see `ObservableStateID`).
  static func enumWillModify(of enumeration: EnumDeclSyntax) -> DeclSyntax {
    let body = switchOverCases(of: enumeration) { enumCase, _ in
      guard enumCase.hasSinglePayload else { return "case .\(enumCase.name.text):\nbreak" }
      return """
        case var .\(enumCase.name.text)(v0):
        ComposableArchitecture._$willModify(&v0)
        self = .\(enumCase.name.text)(\(enumCase.payloadLabel.map { "\($0): " } ?? "")v0)
        """
    }
    return """
      \(raw: enumeration.generatedMemberAccess)mutating func _$willModify() {
        \(raw: body)
      }
      """
  }

  /// A `switch self` over the enum's cases, one case line from `line` (given the case and its
  /// position) per case.
  static func switchOverCases(
    of enumeration: EnumDeclSyntax, _ line: (EnumCaseElementSyntax, Int) -> String
  ) -> String {
    var index = 0
    let switchCases = switchCases(in: enumeration.memberBlock.members, index: &index, line)
    return index == 0
      ? "switch self {}" : "switch self {\n\(switchCases.joined(separator: "\n"))\n}"
  }

  /// The lines of a switch over the cases declared in `members`, numbered from `index`.
  static func switchCases(
    in members: MemberBlockItemListSyntax, index: inout Int,
    _ line: (EnumCaseElementSyntax, Int) -> String
  ) -> [String] {
    var lines: [String] = []
    for member in members {
      if let ifConfig = member.decl.as(IfConfigDeclSyntax.self) {
        let firstIndex = index
        var clauseLines: [String] = []
        for clause in ifConfig.clauses {
          clauseLines.append(
            [clause.poundKeyword.text, clause.condition?.trimmedDescription]
              .compactMap { $0 }.joined(separator: " "))
          let nested = clause.elements?.as(MemberBlockItemListSyntax.self) ?? []
          clauseLines += switchCases(in: nested, index: &index, line)
        }
        if index > firstIndex {
          lines += clauseLines + ["#endif"]
        }
        continue
      }
      guard let caseDecl = member.decl.as(EnumCaseDeclSyntax.self) else { continue }
      for element in caseDecl.elements {
        lines.append(line(element, index))
        index += 1
      }
    }
    return lines
  }

  /// The functions through which the runtime mutates a tracked field in place: `_$field(for:)`
  /// maps a field's key path to its position and stored property, once; `_$willModify` and
  /// `_$didModify` report a mutation of the field at a position to observation, and cost one
  /// check when nothing can be observing the value.
  static func fieldAccessFunctions(_ fields: [ObservedField], access: String) -> [DeclSyntax] {
    // Lines are indented here as they appear in the functions, so that the expansion reads well.
    let lookups = fields.enumerated().map { index, field in
      var lookup = """
          if keyPath == \\Self.\(field.keyPath) {
            return ComposableArchitecture._$StoredField(
              index: \(index), storage: \\Self.\(field.storage), registrar: \\Self._$observationRegistrar,
              observationBit: \(field.bit)
            )
          }
        """
      if let presentedValue = field.presentedValue {
        // The presented state itself, which a store scoped to it reads in place.
        lookup += """

            if keyPath == \\Self.\(presentedValue) {
              return ComposableArchitecture._$StoredField(
                index: -1, storage: \\Self.\(field.storage), registrar: \\Self._$observationRegistrar,
                observationBit: \(field.bit)
              )
            }
          """
      }
      return lookup
    }
    let willCases = fields.enumerated().map { index, field in
      """
        case \(index):
          guard state._$observationRegistrar._mayHaveObservers(field: \(field.bit)) else {
            return nil
          }
          let identity = ComposableArchitecture.\(field.identityBeforeModifying)&state.\(field.identitySubject))
          state._$observationRegistrar.copy().willModify(&state, keyPath: \\.\(field.observedName), identity)
          return identity
      """
    }
    let didCases = fields.enumerated().map { index, field in
      """
        case \(index):
          let identityAfter = ComposableArchitecture._$identity(of: &state.\(field.identitySubject))
          state._$observationRegistrar.copy().didModify(&state, keyPath: \\.\(field.observedName), identityBefore, identityAfter)
      """
    }
    let field = """
      \(access)static func _$field(for keyPath: AnyKeyPath) -> ComposableArchitecture._$StoredField? {
      \(lookups.joined(separator: "\n"))
        return nil
      }
      """
    let willModify = """
      \(access)static func _$willModify(field index: Int, in state: inout Self) -> ComposableArchitecture._$FieldIdentity? {
        switch index {
      \(willCases.joined(separator: "\n"))
        default:
          return nil
        }
      }
      """
    let didModify = """
      \(access)static func _$didModify(field index: Int, in state: inout Self, _ identityBefore: ComposableArchitecture._$FieldIdentity) {
        switch index {
      \(didCases.joined(separator: "\n"))
        default:
          break
        }
      }
      """
    return [
      DeclSyntax(stringLiteral: field), DeclSyntax(stringLiteral: willModify),
      DeclSyntax(stringLiteral: didModify),
    ]
  }
}

/// A field of an observable struct that the runtime can mutate in place: a tracked `var`, or
/// the `$name` projection of a `@Presents var name`.
struct ObservedField {
  /// The key path a reducer names it by: `count`, or `$destination`.
  let keyPath: String
  /// Its stored property: `_count`, `_destination`.
  let storage: String
  /// What its identity is taken of: `_count`, `_destination.wrappedValue`.
  let identitySubject: String
  /// The field observers register: `count`, `destination`.
  let observedName: String
  /// For a `@Presents` field, the property holding the presented state: `destination`.
  var presentedValue: String?
  /// The field's bit in the record of read fields (see `observationBit(of:)`).
  let bit: Int

  /// The call, up to its argument, taking the field's identity before an in-place modification:
  /// a child state stored in the field is stamped anew first; a `@Presents` field's presented
  /// state, which the navigation reducers identify themselves, is not.
  var identityBeforeModifying: String {
    self.presentedValue == nil ? "_$identityBeforeModifying(" : "_$identity(of: "
  }

  /// The fields of `structure`, in declaration order. A deprecated property is left out: the
  /// functions would name it, and so warn in code that cannot silence it (the runtime reaches
  /// it as any other key path, through its accessors).
  static func fields(of structure: StructDeclSyntax) -> [ObservedField] {
    structure.stateProperties.compactMap { property in
      guard !property.isDeprecated else { return nil }
      if property.isTracked {
        return ObservedField(
          keyPath: property.spelling, storage: property.storageName,
          identitySubject: property.storageName, observedName: property.spelling,
          bit: observationBit(of: property.name))
      }
      if property.isPresented {
        return ObservedField(
          keyPath: "$\(property.name)", storage: "_\(property.name)",
          identitySubject: "_\(property.name).wrappedValue", observedName: property.name,
          presentedValue: property.spelling, bit: observationBit(of: property.name))
      }
      return nil
    }
  }
}

extension ObservableStateMacro: ExtensionMacro {
  /// Adds the requested conformances and, when `CustomDumpReflectable` is requested and not
  /// implemented by hand, a `customDumpMirror`.
  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingExtensionsOf type: some TypeSyntaxProtocol,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [ExtensionDeclSyntax] {
    let requested = Set(protocols.map(\.lastNameComponent))
    if case .enumeration = DeclarationKind(declaration) {
      let conformances = [
        ("ObservableState", "ComposableArchitecture.ObservableState"),
        ("Observable", "Observation.Observable"),
      ]
      .filter { requested.contains($0.0) }
      .map(\.1)
      guard !conformances.isEmpty else { return [] }
      return [
        try ExtensionDeclSyntax(
          "extension \(type.trimmed): \(raw: conformances.joined(separator: ", ")) {}")
      ]
    }
    guard case .structure(let structure) = DeclarationKind(declaration) else { return [] }

    let conformances = [
      ("ObservableState", "ComposableArchitecture.ObservableState"),
      ("Observable", "Observation.Observable"),
      ("CustomDumpReflectable", "CustomDump.CustomDumpReflectable"),
    ]
    .filter { requested.contains($0.0) }
    .map(\.1)
    guard !conformances.isEmpty else { return [] }

    let declaresMirror = structure.declaresProperty(named: "customDumpMirror")
    let mirror = requested.contains("CustomDumpReflectable") && !declaresMirror
    return [
      try ExtensionDeclSyntax(
        "extension \(type.trimmed): \(raw: conformances.joined(separator: ", "))"
      ) {
        if mirror {
          customDumpMirror(for: structure)
        }
      }
    ]
  }

  /// A `customDumpMirror` that lists every stored property under its own name, reading tracked
  /// properties from their storage so that dumping a value does not register observation. A
  /// shared value is listed as its `_name` storage, as TCA shows it.
  static func customDumpMirror(for structure: StructDeclSyntax) -> DeclSyntax {
    let children = structure.stateProperties.map { property in
      if property.isShared {
        return "\"\(property.storageName)\": self.\(property.storageName) as Any"
      }
      let value = property.isTracked ? property.storageName : property.spelling
      return "\"\(property.name)\": self.\(value) as Any"
    }
    let list = children.isEmpty ? ":" : "\n" + children.joined(separator: ",\n") + "\n"
    return """
      \(raw: structure.generatedMemberAccess)var customDumpMirror: Mirror {
        Mirror(
          self,
          children: [\(raw: list)],
          displayStyle: .struct
        )
      }
      """
  }
}

extension EnumCaseElementSyntax {
  /// Whether the case holds a single value (the state of an observable enum's case).
  var hasSinglePayload: Bool {
    self.parameterClause?.parameters.count == 1
  }

  /// The label of the case's single value, if it has one: `version` in `about(version: String)`.
  var payloadLabel: String? {
    guard let parameters = self.parameterClause?.parameters, parameters.count == 1,
      let label = parameters.first?.firstName, label.tokenKind != .wildcard
    else { return nil }
    return label.text
  }
}
