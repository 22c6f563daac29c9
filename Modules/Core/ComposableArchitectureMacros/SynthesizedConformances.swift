import SwiftSyntax

/// The protocols `@Reducer(state: .equatable, .sendable, action: .sendable)` asks an enum
/// reducer's generated `State` and `Action` to conform to.
struct SynthesizedConformances {
  /// The protocols of `State`, as written in an inheritance clause: `["Equatable", "Sendable"]`.
  var state: [String] = []
  /// The protocols of `Action`.
  var action: [String] = []

  /// The protocol each argument names.
  private static let protocols = [
    "codable": "Codable", "decodable": "Decodable", "encodable": "Encodable",
    "equatable": "Equatable", "hashable": "Hashable", "sendable": "Sendable",
  ]

  /// No protocols.
  init() {}

  /// Reads the arguments of `attribute`; an attribute without arguments asks for none.
  init(_ attribute: AttributeSyntax) {
    guard case .argumentList(let arguments) = attribute.arguments else { return }
    var label = ""
    for argument in arguments {
      if let name = argument.label?.text { label = name }
      guard let member = argument.expression.as(MemberAccessExprSyntax.self),
        let name = Self.protocols[member.declName.baseName.text]
      else { continue }
      switch label {
      case "state": state.append(name)
      case "action": action.append(name)
      default: continue
      }
    }
  }
}
