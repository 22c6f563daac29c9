import SwiftSyntax
import SwiftSyntaxMacros

/// Implements `@ObservationStateIgnored`, which marks a property of an observable state struct as
/// not observed.
///
/// The attribute only tells `@ObservableState` to leave the property alone, so the expansion
/// adds nothing.
public enum ObservationStateIgnoredMacro {}

extension ObservationStateIgnoredMacro: AccessorMacro {
  /// No accessors: the property stays as written.
  public static func expansion(
    of node: AttributeSyntax,
    providingAccessorsOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [AccessorDeclSyntax] {
    []
  }
}
