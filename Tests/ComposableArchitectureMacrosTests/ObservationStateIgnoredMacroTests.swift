import ComposableArchitectureMacros
import MacroTesting
import SnapshotTesting
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacroExpansion
import Testing

/// Expansion tests for `@ObservationStateIgnored`.
@Suite(
  .macros(
    ["ObservationStateIgnored": MacroSpec(type: ObservationStateIgnoredMacro.self)],
    indentationWidth: .spaces(2),
    record: .never
  )
)
struct ObservationStateIgnoredMacroTests {
  @Test func expandsToNothing() {
    assertMacro {
      """
      struct State {
        @ObservationStateIgnored
        var count = 0
        @ObservationStateIgnored var title: String
      }
      """
    } expansion: {
      """
      struct State {
        var count = 0
        var title: String
      }
      """
    }
  }
}
