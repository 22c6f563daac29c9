import SwiftSyntax

/// One case of a `@Reducer` enum, and what it contributes to the generated `State`, `Action`,
/// `body` and `CaseScope`.
struct ReducerCase {
  /// What the case holds.
  enum Kind {
    /// A child feature: `case detail(Detail)`. Its state is `Detail.State`, its actions
    /// `Detail.Action`, and `body` runs `Detail()` on it, or the reducer the case gives as its
    /// default value (`case quoted(Note = Note(prefix: "> "))` runs `Note(prefix: "> ")`).
    case feature(TypeSyntax, reducer: ExprSyntax?)
    /// Alert-like state: `case alert(AlertState<Alert>)`, or any case marked
    /// `@ReducerCaseEphemeral`. Its actions are the state's `Action`; no reducer runs on it and
    /// presenting reducers dismiss it after any of its actions.
    case ephemeral(TypeSyntax)
    /// A case marked `@ReducerCaseIgnored`, one without associated values, or one holding
    /// several values or a labeled one (`case meeting(Meeting, title: String)`): plain data,
    /// kept in `State` as written, with no actions and no reducer.
    case ignored(EnumCaseParameterClauseSyntax?)
  }

  /// The case's name.
  let name: String
  /// What the case holds.
  let kind: Kind

  /// The type names whose states are ephemeral without being marked.
  static let ephemeralTypeNames: Set<String> = ["AlertState", "ConfirmationDialogState"]

  /// Reads the cases of `enumeration`, in order, keeping those declared inside `#if` blocks
  /// under their conditions.
  static func cases(of enumeration: EnumDeclSyntax) -> [ReducerCaseItem] {
    cases(in: enumeration.memberBlock.members)
  }

  /// Reads the cases declared in `members`, in order.
  static func cases(in members: MemberBlockItemListSyntax) -> [ReducerCaseItem] {
    var items: [ReducerCaseItem] = []
    for member in members {
      if let ifConfig = member.decl.as(IfConfigDeclSyntax.self) {
        var clauses: [ReducerCaseItem.Clause] = []
        for clause in ifConfig.clauses {
          let nested = clause.elements?.as(MemberBlockItemListSyntax.self) ?? []
          clauses.append(
            ReducerCaseItem.Clause(
              directive: clause.poundKeyword.text,
              condition: clause.condition?.trimmedDescription,
              items: cases(in: nested)
            )
          )
        }
        items.append(.conditional(clauses))
        continue
      }
      guard let caseDecl = member.decl.as(EnumCaseDeclSyntax.self) else { continue }
      let ignored = caseDecl.attributes.containsAttribute(named: ["ReducerCaseIgnored"])
      let ephemeral = caseDecl.attributes.containsAttribute(named: ["ReducerCaseEphemeral"])
      for element in caseDecl.elements {
        let name = element.name.text
        guard let clause = element.parameterClause, !ignored else {
          items.append(.single(ReducerCase(name: name, kind: .ignored(element.parameterClause))))
          continue
        }
        guard clause.parameters.count == 1, let parameter = clause.parameters.first,
          parameter.firstName == nil || parameter.firstName?.tokenKind == .wildcard
        else {
          items.append(.single(ReducerCase(name: name, kind: .ignored(clause))))
          continue
        }
        let type = parameter.type.trimmed
        if ephemeral || Self.ephemeralTypeNames.contains(type.lastNameComponent) {
          items.append(.single(ReducerCase(name: name, kind: .ephemeral(type))))
        } else {
          let reducer = parameter.defaultValue?.value.trimmed
          items.append(.single(ReducerCase(name: name, kind: .feature(type, reducer: reducer))))
        }
      }
    }
    return items
  }

  /// The case of the generated `State` enum.
  var stateCase: String {
    switch kind {
    case .feature(let type, _):
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
    case .feature(let type, _), .ephemeral(let type):
      return "case \(name)(\(type).Action)"
    case .ignored:
      return nil
    }
  }

  /// The scope running the case's feature in the generated `body`, if it has one.
  var scope: String? {
    guard case .feature(let type, let reducer) = kind else { return nil }
    return """
      ComposableArchitecture.Scope(state: \\Self.State.Cases.\(name), \
      action: \\Self.Action.Cases.\(name)) {
        \(reducer.map { "\($0)" } ?? "\(type)()")
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
    case .feature(let type, _):
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

/// A member of a `@Reducer` enum that contributes to the generated code: a case, or a `#if`
/// block whose clauses declare cases. The generated `State`, `Action`, `body` and `CaseScope`
/// keep the block, so that they have the same cases as the enum in every build.
enum ReducerCaseItem {
  /// One clause of a `#if` block: `#if DEBUG`, `#elseif os(Linux)`, `#else`.
  struct Clause {
    /// The clause's directive: `#if`, `#elseif` or `#else`.
    let directive: String
    /// The clause's condition, absent for `#else`.
    let condition: String?
    /// What the clause declares.
    let items: [ReducerCaseItem]
  }

  /// A case declared directly in the enum.
  case single(ReducerCase)
  /// A `#if` block.
  indirect case conditional([Clause])

  /// Every case of the items, whatever its condition.
  static func allCases(of items: [ReducerCaseItem]) -> [ReducerCase] {
    items.flatMap { item -> [ReducerCase] in
      switch item {
      case .single(let reducerCase):
        return [reducerCase]
      case .conditional(let clauses):
        return clauses.flatMap { allCases(of: $0.items) }
      }
    }
  }

  /// The lines `line` makes of each case of the items, each `#if` block kept around the lines
  /// of its cases. A block whose cases make no line is left out.
  static func lines(
    of items: [ReducerCaseItem],
    _ line: (ReducerCase) -> String?
  ) -> [String] {
    lines(of: items, grouping: { $0.compactMap(line) })
  }

  /// The lines `group` makes of each run of cases declared next to each other (not separated by
  /// a `#if` block), each `#if` block kept around the lines of its own runs. A block whose
  /// cases make no line is left out.
  static func lines(
    of items: [ReducerCaseItem],
    grouping group: ([ReducerCase]) -> [String]
  ) -> [String] {
    var lines: [String] = []
    var run: [ReducerCase] = []
    for item in items {
      switch item {
      case .single(let reducerCase):
        run.append(reducerCase)
      case .conditional(let clauses):
        lines += group(run)
        run = []
        let clauseLines = clauses.map { Self.lines(of: $0.items, grouping: group) }
        guard clauseLines.contains(where: { !$0.isEmpty }) else { continue }
        for (clause, body) in zip(clauses, clauseLines) {
          lines.append(
            [clause.directive, clause.condition].compactMap { $0 }.joined(separator: " "))
          lines += body
        }
        lines.append("#endif")
      }
    }
    return lines + group(run)
  }
}
