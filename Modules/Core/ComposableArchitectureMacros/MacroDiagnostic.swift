import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// A problem one of the macros reports: an error when it is attached to a declaration it cannot
/// expand, or a warning about code that still works but is deprecated.
struct MacroDiagnostic: DiagnosticMessage {
  /// The text shown to the user.
  let message: String

  /// A stable identifier for the kind of problem, unique within this plugin.
  let diagnosticID: MessageID

  /// Whether the diagnostic stops compilation (an error) or not (a warning).
  let severity: DiagnosticSeverity

  /// Creates a diagnostic with the given message, identified by `id` within this plugin.
  init(id: String, message: String, severity: DiagnosticSeverity = .error) {
    self.message = message
    self.diagnosticID = MessageID(domain: "ComposableArchitectureMacros", id: id)
    self.severity = severity
  }
}

extension MacroExpansionContext {
  /// Reports `diagnostic` as an error located at `node`.
  func diagnose(_ diagnostic: MacroDiagnostic, at node: some SyntaxProtocol) {
    diagnose(Diagnostic(node: Syntax(node), message: diagnostic))
  }
}
