import SwiftSyntax
import SwiftSyntaxMacros

/// Picks names for the generic parameters of generated functions that do not shadow a generic
/// parameter of the type they are generated into or of any declaration around it, which Swift
/// rejects.
struct GenericParameterNames {
  /// The generic parameter names already in scope.
  private let taken: Set<String>

  /// Collects the generic parameters of `declaration` and of every declaration enclosing the
  /// macro expansion.
  init(of declaration: some DeclGroupSyntax, in context: some MacroExpansionContext) {
    var names = Set(Self.parameters(of: Syntax(declaration)))
    for enclosing in context.lexicalContext {
      names.formUnion(Self.parameters(of: enclosing))
    }
    taken = names
  }

  /// `preferred`, or `preferred` with as many leading underscores as it takes to be unused.
  func unused(_ preferred: String) -> String {
    var name = preferred
    while taken.contains(name) {
      name = "_" + name
    }
    return name
  }

  /// The generic parameter names declared directly by `node`, if it is a generic declaration.
  private static func parameters(of node: Syntax) -> [String] {
    let clause: GenericParameterClauseSyntax?
    if let structure = node.as(StructDeclSyntax.self) {
      clause = structure.genericParameterClause
    } else if let enumeration = node.as(EnumDeclSyntax.self) {
      clause = enumeration.genericParameterClause
    } else if let classDecl = node.as(ClassDeclSyntax.self) {
      clause = classDecl.genericParameterClause
    } else if let actor = node.as(ActorDeclSyntax.self) {
      clause = actor.genericParameterClause
    } else if let function = node.as(FunctionDeclSyntax.self) {
      clause = function.genericParameterClause
    } else {
      clause = nil
    }
    return clause?.parameters.map(\.name.text) ?? []
  }
}
