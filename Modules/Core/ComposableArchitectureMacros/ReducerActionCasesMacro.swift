import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// Implements `@_ReducerActionCases`, which `@Reducer` attaches to a reducer's `Action` enum.
///
/// It conforms the enum to `_ReducerAction`: the list of its case key paths, and generated
/// switches that extract a case's associated value and embed one, each case named by its
/// position in that list, so the runtime can route actions to child reducers without going
/// through case key paths on every action.
///
/// Enums with cases inside `#if` blocks are left alone (their case list differs between
/// builds); the runtime then keeps using case key paths for them.
public enum ReducerActionCasesMacro: ExtensionMacro {
  /// One case of the enum: its name and the labels of its associated values (`nil` for an
  /// unlabeled one); no associated values is an empty list.
  struct Case {
    let name: String
    let labels: [String?]
  }

  public static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingExtensionsOf type: some TypeSyntaxProtocol,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [ExtensionDeclSyntax] {
    guard let enumeration = declaration.as(EnumDeclSyntax.self),
      protocols.contains(where: { $0.lastNameComponent == "_ReducerAction" }),
      let cases = self.cases(of: enumeration)
    else { return [] }
    let signatures = Signatures(access: context.extensionMemberAccess(for: enumeration))
    return [
      try ExtensionDeclSyntax(
        """
        extension \(type.trimmed): ComposableArchitecture._ReducerAction {
          \(raw: signatures.casePaths) {
            \(raw: self.casePathsBody(cases))
          }
          \(raw: signatures.caseMembers) {
            \(raw: self.caseMembersBody(cases))
          }
          \(raw: signatures.extract) {
            \(raw: self.extractBody(cases))
          }
          \(raw: signatures.embed) {
            \(raw: self.embedBody(cases))
          }
        }
        """
      )
    ]
  }

  /// The declarations of the three members of a `_ReducerAction` conformance, whose bodies
  /// ``casePathsBody(_:)``, ``extractBody(_:)`` and ``embedBody(_:)`` write. `@Reducer` uses
  /// them too, to write the conformance straight into the `Action` of an enum reducer.
  struct Signatures {
    /// The access modifier of the members, with its trailing space, or nothing.
    let access: String

    var casePaths: String {
      "\(access)static var _$casePaths: [AnyKeyPath]"
    }
    var caseMembers: String {
      "\(access)static var _$caseMembers: [AnyKeyPath]"
    }
    var extract: String {
      "\(access)static func _$extract(_ index: Int, from action: UnsafeRawPointer, "
        + "into result: UnsafeMutableRawPointer) -> Bool"
    }
    var embed: String {
      "\(access)static func _$embed(_ index: Int, _ payload: UnsafeRawPointer, "
        + "into result: UnsafeMutableRawPointer) -> Bool"
    }
  }

  /// The enum's cases in declaration order, or `nil` when some are conditionally compiled.
  static func cases(of enumeration: EnumDeclSyntax) -> [Case]? {
    var cases: [Case] = []
    for member in enumeration.memberBlock.members {
      if member.decl.is(IfConfigDeclSyntax.self) { return nil }
      guard let caseDecl = member.decl.as(EnumCaseDeclSyntax.self) else { continue }
      for element in caseDecl.elements {
        let labels =
          element.parameterClause?.parameters.map { parameter -> String? in
            guard let name = parameter.firstName, name.tokenKind != .wildcard else { return nil }
            return name.text
          } ?? []
        cases.append(Case(name: element.name.text, labels: labels))
      }
    }
    return cases
  }

  /// The switch of the action at `action` read as `Self`.
  static let subject = "action.assumingMemoryBound(to: Self.self).pointee"

  /// The case key paths, in declaration order: a case's position there is its index in the
  /// switches below.
  static func casePathsBody(_ cases: [Case]) -> String {
    let list = "[" + cases.map { "\\.\($0.name)" }.joined(separator: ", ") + "]"
    return "let casePaths: [CasePaths.PartialCaseKeyPath<Self>] = \(list)\nreturn casePaths"
  }

  /// The key paths of the enum's `AllCasePaths` members, in declaration order, as the
  /// case-path-taking `scope` and reducer operators receive `\.someCase` (see
  /// ``_ReducerAction/_$caseMembers``).
  static func caseMembersBody(_ cases: [Case]) -> String {
    let list = "[" + cases.map { "\\.\($0.name)" }.joined(separator: ", ") + "]"
    return "let members: [Swift.PartialKeyPath<Self.AllCasePaths>] = \(list)\nreturn members"
  }

  static func extractBody(_ cases: [Case]) -> String {
    guard !cases.isEmpty else { return "switch \(subject) {}" }
    let lines = cases.enumerated().map { index, element -> String in
      let store = "ComposableArchitecture._$store"
      switch element.labels.count {
      case 0:
        return "case .\(element.name) where index == \(index):\n\(store)((), into: result)"
      case 1:
        return "case let .\(element.name)(v0) where index == \(index):\n\(store)(v0, into: result)"
      default:
        let bindings = element.labels.indices.map { "v\($0)" }
        let tuple = zip(element.labels, bindings).map { label, binding in
          label.map { "\($0): \(binding)" } ?? binding
        }
        return """
          case let .\(element.name)(\(bindings.joined(separator: ", "))) where index == \(index):
          \(store)((\(tuple.joined(separator: ", "))), into: result)
          """
      }
    }
    return """
      switch \(subject) {
      \(lines.joined(separator: "\n"))
      default:
      return false
      }
      return true
      """
  }

  static func embedBody(_ cases: [Case]) -> String {
    var lines: [String] = []
    for (index, element) in cases.enumerated() {
      switch element.labels.count {
      case 0:
        lines.append("case \(index): action = .\(element.name)")
      case 1:
        // The case's function and a generic load, not `.name(_$load(payload))`: a payload of
        // an uninhabited type (the `Action` of a reducer with none) would make that load a call
        // that never returns, and the compiler warn in the user's code.
        let label = element.labels[0].map { "\($0):" } ?? "_:"
        lines.append(
          "case \(index): action = ComposableArchitecture._$make(Self.\(element.name)(\(label)), "
            + "from: payload)"
        )
      default:
        continue
      }
    }
    guard !lines.isEmpty else { return "return false" }
    lines.append("default: return false")
    return """
      let action: Self
      switch index {
      \(lines.joined(separator: "\n"))
      }
      result.assumingMemoryBound(to: Self.self).initialize(to: action)
      return true
      """
  }
}
