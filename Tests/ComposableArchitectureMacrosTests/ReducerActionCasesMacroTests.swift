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
        static func _$caseIndex(_ action: UnsafeRawPointer) -> Int {
          switch action.assumingMemoryBound(to: Self.self).pointee {
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
        static func _$withPayload(_ action: UnsafeRawPointer, _ body: (UnsafeRawPointer) -> Void) {
          switch action.assumingMemoryBound(to: Self.self).pointee {
          case .tapped:
            withUnsafePointer(to: ()) {
              body(UnsafeRawPointer($0))
            }
          case let .child(v0):
            withUnsafePointer(to: v0) {
              body(UnsafeRawPointer($0))
            }
          case let .labeled(v0):
            withUnsafePointer(to: v0) {
              body(UnsafeRawPointer($0))
            }
          case let .element(v0, v1):
            withUnsafePointer(to: (id: v0, action: v1)) {
              body(UnsafeRawPointer($0))
            }
          case let .pair(v0, v1):
            withUnsafePointer(to: (v0, v1)) {
              body(UnsafeRawPointer($0))
            }
          }
        }
        static func _$embed(_ index: Int, _ payload: UnsafeRawPointer, into result: UnsafeMutableRawPointer) -> Bool {
          let action: Self
          switch index {
          case 0:
            action = .tapped
          case 1:
            action = .child(ComposableArchitecture._$load(payload))
          case 2:
            action = .labeled(value: ComposableArchitecture._$load(payload))
          default:
            return false
          }
          result.assumingMemoryBound(to: Self.self).initialize(to: action)
          return true
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
        public static func _$caseIndex(_ action: UnsafeRawPointer) -> Int {
          switch action.assumingMemoryBound(to: Self.self).pointee {
          case .tapped:
            return 0
          }
        }
        public static func _$withPayload(_ action: UnsafeRawPointer, _ body: (UnsafeRawPointer) -> Void) {
          switch action.assumingMemoryBound(to: Self.self).pointee {
          case .tapped:
            withUnsafePointer(to: ()) {
              body(UnsafeRawPointer($0))
            }
          }
        }
        public static func _$embed(_ index: Int, _ payload: UnsafeRawPointer, into result: UnsafeMutableRawPointer) -> Bool {
          let action: Self
          switch index {
          case 0:
            action = .tapped
          default:
            return false
          }
          result.assumingMemoryBound(to: Self.self).initialize(to: action)
          return true
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
        static func _$caseIndex(_ action: UnsafeRawPointer) -> Int {
          switch action.assumingMemoryBound(to: Self.self).pointee {
          }
        }
        static func _$withPayload(_ action: UnsafeRawPointer, _ body: (UnsafeRawPointer) -> Void) {
          switch action.assumingMemoryBound(to: Self.self).pointee {
          }
        }
        static func _$embed(_ index: Int, _ payload: UnsafeRawPointer, into result: UnsafeMutableRawPointer) -> Bool {
          return false
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
