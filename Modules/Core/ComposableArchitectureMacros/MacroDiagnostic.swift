import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// An error reported by one of the macros when it is attached to a declaration it cannot expand.
struct MacroDiagnostic: DiagnosticMessage {
  /// The text shown to the user.
  let message: String

  /// A stable identifier for the kind of problem, unique within this plugin.
  let diagnosticID: MessageID

  /// Every diagnostic produced by these macros stops compilation.
  var severity: DiagnosticSeverity { .error }

  /// Creates a diagnostic with the given message, identified by `id` within this plugin.
  init(id: String, message: String) {
    self.message = message
    self.diagnosticID = MessageID(domain: "ComposableArchitectureMacros", id: id)
  }
}

extension MacroExpansionContext {
  /// Reports `diagnostic` as an error located at `node`.
  func diagnose(_ diagnostic: MacroDiagnostic, at node: some SyntaxProtocol) {
    diagnose(Diagnostic(node: Syntax(node), message: diagnostic))
  }
}
