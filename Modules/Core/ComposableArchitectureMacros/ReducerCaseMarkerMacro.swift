import SwiftSyntax
import SwiftSyntaxMacros

/// Implements `@ReducerCaseIgnored` and `@ReducerCaseEphemeral`: marks that `@Reducer` reads on
/// the cases of an enum reducer. They expand to nothing themselves.
public enum ReducerCaseMarkerMacro: PeerMacro {
  public static func expansion(
    of node: AttributeSyntax,
    providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    []
  }
}
