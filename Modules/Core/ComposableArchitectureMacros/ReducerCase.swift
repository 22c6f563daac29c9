import SwiftSyntax

/// One case of a `@Reducer` enum, and what it contributes to the generated `State`, `Action`,
/// `body` and `CaseScope`.
struct ReducerCase {
  /// What the case holds.
  enum Kind {
    /// A child feature: `case detail(Detail)`. Its state is `Detail.State`, its actions
    /// `Detail.Action`, and `body` runs `Detail()` on it.
    case feature(TypeSyntax)
    /// Alert-like state: `case alert(AlertState<Alert>)`, or any case marked
    /// `@ReducerCaseEphemeral`. Its actions are the state's `Action`; no reducer runs on it and
    /// presenting reducers dismiss it after any of its actions.
    case ephemeral(TypeSyntax)
    /// A case marked `@ReducerCaseIgnored`, or one without associated values: kept in `State`
    /// as written, with no actions and no reducer.
    case ignored(EnumCaseParameterClauseSyntax?)
  }

  /// The case's name.
  let name: String
  /// What the case holds.
  let kind: Kind

  /// The problem with a case that cannot be expanded.
  enum Problem: Error {
    /// A feature or ephemeral case must hold exactly one unlabeled value.
    case notOneValue(EnumCaseElementSyntax)
    /// Cases declared inside `#if` would be missing from the generated enums in some builds.
    case conditionalCases(IfConfigDeclSyntax)
  }

  /// The type names whose states are ephemeral without being marked.
  static let ephemeralTypeNames: Set<String> = ["AlertState", "ConfirmationDialogState"]

  /// Reads the cases of `enumeration`, in order.
  static func cases(of enumeration: EnumDeclSyntax) -> Result<[ReducerCase], Problem> {
    var cases: [ReducerCase] = []
    for member in enumeration.memberBlock.members {
      if let ifConfig = member.decl.as(IfConfigDeclSyntax.self),
        ifConfig.clauses.contains(where: { clause in
          clause.elements?.as(MemberBlockItemListSyntax.self)?.contains {
            $0.decl.is(EnumCaseDeclSyntax.self)
          } ?? false
        })
      {
        return .failure(.conditionalCases(ifConfig))
      }
      guard let caseDecl = member.decl.as(EnumCaseDeclSyntax.self) else { continue }
      let ignored = caseDecl.attributes.containsAttribute(named: ["ReducerCaseIgnored"])
      let ephemeral = caseDecl.attributes.containsAttribute(named: ["ReducerCaseEphemeral"])
      for element in caseDecl.elements {
        let name = element.name.text
        guard let clause = element.parameterClause, !ignored else {
          cases.append(ReducerCase(name: name, kind: .ignored(element.parameterClause)))
          continue
        }
        guard clause.parameters.count == 1, let parameter = clause.parameters.first,
          parameter.firstName == nil || parameter.firstName?.tokenKind == .wildcard
        else {
          return .failure(.notOneValue(element))
        }
        let type = parameter.type.trimmed
        if ephemeral || Self.ephemeralTypeNames.contains(type.lastNameComponent) {
          cases.append(ReducerCase(name: name, kind: .ephemeral(type)))
        } else {
          cases.append(ReducerCase(name: name, kind: .feature(type)))
        }
      }
    }
    return .success(cases)
  }

  /// The case of the generated `State` enum.
  var stateCase: String {
    switch kind {
    case .feature(let type):
      return "case \(name)(\(type).State)"
    case .ephemeral(let type):
      return "case \(name)(\(type))"
    case .ignored(let clause):
      return "case \(name)\(clause?.trimmedDescription ?? "")"
    }
  }

  /// The case of the generated `Action` enum, if the case has actions.
  var actionCase: String? {
    switch kind {
    case .feature(let type), .ephemeral(let type):
      return "case \(name)(\(type).Action)"
    case .ignored:
      return nil
    }
  }

  /// The scope running the case's feature in the generated `body`, if it has one.
  var scope: String? {
    guard case .feature(let type) = kind else { return nil }
    return """
      ComposableArchitecture.Scope(state: \\Self.State.Cases.\(name), \
      action: \\Self.Action.Cases.\(name)) {
        \(type)()
      }
      """
  }

  /// Whether the generated `State` reports this case as ephemeral.
  var isEphemeral: Bool {
    if case .ephemeral = kind { return true }
    return false
  }

  /// The case of the generated `CaseScope` enum.
  var caseScopeCase: String {
    switch kind {
    case .feature(let type):
      return "case \(name)(ComposableArchitecture.StoreOf<\(type)>)"
    case .ephemeral(let type):
      return "case \(name)(\(type))"
    case .ignored(let clause):
      return "case \(name)\(clause?.trimmedDescription ?? "")"
    }
  }

  /// The case of the switch in the generated `scope(_:)`.
  var scopeSwitchCase: String {
    switch kind {
    case .feature:
      return "case .\(name):\nreturn .\(name)(store.scope(state: \\.\(name), action: \\.\(name))!)"
    case .ephemeral:
      return "case let .\(name)(v0):\nreturn .\(name)(v0)"
    case .ignored(nil):
      return "case .\(name):\nreturn .\(name)"
    case .ignored(let clause?):
      let bindings = clause.parameters.indices.enumerated().map { "v\($0.offset)" }
      let arguments = zip(clause.parameters, bindings).map { parameter, binding in
        guard let label = parameter.firstName, label.tokenKind != .wildcard else { return binding }
        return "\(label.text): \(binding)"
      }
      return """
        case let .\(name)(\(bindings.joined(separator: ", "))):
        return .\(name)(\(arguments.joined(separator: ", ")))
        """
    }
  }
}
