import SwiftCompilerPlugin
import SwiftSyntaxMacros

/// The compiler plugin that vends every macro declared by the `ComposableArchitecture` module.
@main
struct ComposableArchitectureMacrosPlugin: CompilerPlugin {
  let providingMacros: [any Macro.Type] = [
    ReducerMacro.self,
    ReducerActionCasesMacro.self,
    ObservableStateMacro.self,
    ObservationStateTrackedMacro.self,
    ObservationStateIgnoredMacro.self,
    PresentsMacro.self,
    ReducerCaseMarkerMacro.self,
  ]
}
