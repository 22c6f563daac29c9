import ComposableArchitectureMacros
import MacroTesting
import SnapshotTesting
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacroExpansion
import Testing

/// Expansion tests for `@_ReducerActionCases`, the fast case routing `@Reducer` gives `Action`.
@Suite(
  .macros(
    [
      "_ReducerActionCases": MacroSpec(
        type: ReducerActionCasesMacro.self, conformances: ["_ReducerAction"])
    ],
    indentationWidth: .spaces(2),
    record: .never
  )
)
struct ReducerActionCasesMacroTests {
  @Test func casesWithoutWithOneAndWithSeveralAssociatedValues() {
    assertMacro {
      """
      @_ReducerActionCases
      enum Action {
        case tapped
        case child(Child.Action)
        case labeled(value: Int)
        case element(id: Int, action: Row.Action)
        case pair(Int, String)
      }
      """
    } expansion: {
      """
      enum Action {
        case tapped
        case child(Child.Action)
        case labeled(value: Int)
        case element(id: Int, action: Row.Action)
        case pair(Int, String)
      }

      extension Action: ComposableArchitecture._ReducerAction {
        static func _$caseIndex(of action: Self) -> Int {
          switch action {
          case .tapped:
            return 0
          case .child:
            return 1
          case .labeled:
            return 2
          case .element:
            return 3
          case .pair:
            return 4
          }
        }
        static func _$extract<_Value>(_ index: Int, from action: Self, as _: _Value.Type) -> _Value? {
          switch action {
          case .tapped:
            return index == 0 ? ComposableArchitecture._$cast((), to: _Value.self) : nil
          case let .child(v0):
            return index == 1 ? ComposableArchitecture._$cast(v0, to: _Value.self) : nil
          case let .labeled(v0):
            return index == 2 ? ComposableArchitecture._$cast(v0, to: _Value.self) : nil
          case let .element(v0, v1):
            return index == 3 ? ComposableArchitecture._$cast((id: v0, action: v1), to: _Value.self) : nil
          case let .pair(v0, v1):
            return index == 4 ? ComposableArchitecture._$cast((v0, v1), to: _Value.self) : nil
          }
        }
        static func _$embed<_Value>(_ index: Int, _ value: _Value) -> Self? {
          switch index {
          case 0:
            return .tapped
          case 1:
            return .child(ComposableArchitecture._$cast(value))
          case 2:
            return .labeled(value: ComposableArchitecture._$cast(value))
          default:
            return nil
          }
        }
      }
      """
    }
  }

  @Test func publicEnum() {
    assertMacro {
      """
      @_ReducerActionCases
      public enum Action {
        case tapped
      }
      """
    } expansion: {
      """
      public enum Action {
        case tapped
      }

      extension Action: ComposableArchitecture._ReducerAction {
        public static func _$caseIndex(of action: Self) -> Int {
          switch action {
          case .tapped:
            return 0
          }
        }
        public static func _$extract<_Value>(_ index: Int, from action: Self, as _: _Value.Type) -> _Value? {
          switch action {
          case .tapped:
            return index == 0 ? ComposableArchitecture._$cast((), to: _Value.self) : nil
          }
        }
        public static func _$embed<_Value>(_ index: Int, _ value: _Value) -> Self? {
          switch index {
          case 0:
            return .tapped
          default:
            return nil
          }
        }
      }
      """
    }
  }

  @Test func emptyEnum() {
    assertMacro {
      """
      @_ReducerActionCases
      enum Action {}
      """
    } expansion: {
      """
      enum Action {}

      extension Action: ComposableArchitecture._ReducerAction {
        static func _$caseIndex(of action: Self) -> Int {
          switch action {
          }
        }
        static func _$extract<_Value>(_ index: Int, from action: Self, as _: _Value.Type) -> _Value? {
          switch action {
          }
        }
        static func _$embed<_Value>(_ index: Int, _ value: _Value) -> Self? {
          switch index {
          default:
            return nil
          }
        }
      }
      """
    }
  }

  @Test func conditionallyCompiledCasesAreLeftToCasePaths() {
    assertMacro {
      """
      @_ReducerActionCases
      enum Action {
        case tapped
        #if DEBUG
        case debugMenuOpened
        #endif
      }
      """
    } expansion: {
      """
      enum Action {
        case tapped
        #if DEBUG
        case debugMenuOpened
        #endif
      }
      """
    }
  }
}
