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
      #"""
      enum Action {
        case tapped
        case child(Child.Action)
        case labeled(value: Int)
        case element(id: Int, action: Row.Action)
        case pair(Int, String)
      }

      extension Action: ComposableArchitecture._ReducerAction {
        static var _$casePaths: [AnyKeyPath] {
          let casePaths: [CasePaths.PartialCaseKeyPath<Self>] = [\.tapped, \.child, \.labeled, \.element, \.pair]
          return casePaths
        }
        static var _$caseMembers: [AnyKeyPath] {
          let members: [Swift.PartialKeyPath<Self.AllCasePaths>] = [\.tapped, \.child, \.labeled, \.element, \.pair]
          return members
        }
        static func _$extract(_ index: Int, from action: UnsafeRawPointer, into result: UnsafeMutableRawPointer) -> Bool {
          switch action.assumingMemoryBound(to: Self.self).pointee {
          case .tapped where index == 0:
            ComposableArchitecture._$store((), into: result)
          case let .child(v0) where index == 1:
            ComposableArchitecture._$store(v0, into: result)
          case let .labeled(v0) where index == 2:
            ComposableArchitecture._$store(v0, into: result)
          case let .element(v0, v1) where index == 3:
            ComposableArchitecture._$store((id: v0, action: v1), into: result)
          case let .pair(v0, v1) where index == 4:
            ComposableArchitecture._$store((v0, v1), into: result)
          default:
            return false
          }
          return true
        }
        static func _$embed(_ index: Int, _ payload: UnsafeRawPointer, into result: UnsafeMutableRawPointer) -> Bool {
          let action: Self
          switch index {
          case 0:
            action = .tapped
          case 1:
            action = ComposableArchitecture._$make(Self.child(_:), from: payload)
          case 2:
            action = ComposableArchitecture._$make(Self.labeled(value:), from: payload)
          default:
            return false
          }
          result.assumingMemoryBound(to: Self.self).initialize(to: action)
          return true
        }
      }
      """#
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
      #"""
      public enum Action {
        case tapped
      }

      extension Action: ComposableArchitecture._ReducerAction {
        public static var _$casePaths: [AnyKeyPath] {
          let casePaths: [CasePaths.PartialCaseKeyPath<Self>] = [\.tapped]
          return casePaths
        }
        public static var _$caseMembers: [AnyKeyPath] {
          let members: [Swift.PartialKeyPath<Self.AllCasePaths>] = [\.tapped]
          return members
        }
        public static func _$extract(_ index: Int, from action: UnsafeRawPointer, into result: UnsafeMutableRawPointer) -> Bool {
          switch action.assumingMemoryBound(to: Self.self).pointee {
          case .tapped where index == 0:
            ComposableArchitecture._$store((), into: result)
          default:
            return false
          }
          return true
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
      """#
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
        static var _$casePaths: [AnyKeyPath] {
          let casePaths: [CasePaths.PartialCaseKeyPath<Self>] = []
          return casePaths
        }
        static var _$caseMembers: [AnyKeyPath] {
          let members: [Swift.PartialKeyPath<Self.AllCasePaths>] = []
          return members
        }
        static func _$extract(_ index: Int, from action: UnsafeRawPointer, into result: UnsafeMutableRawPointer) -> Bool {
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

  @Test func actionOfAPrivateFeatureGetsFilePrivateMembers() {
    assertMacro {
      """
      private struct Feature {
        @_ReducerActionCases
        enum Action {
          case tapped
        }
      }
      """
    } expansion: {
      #"""
      private struct Feature {
        enum Action {
          case tapped
        }
      }

      extension Feature.Action: ComposableArchitecture._ReducerAction {
        fileprivate static var _$casePaths: [AnyKeyPath] {
          let casePaths: [CasePaths.PartialCaseKeyPath<Self>] = [\.tapped]
          return casePaths
        }
        fileprivate static var _$caseMembers: [AnyKeyPath] {
          let members: [Swift.PartialKeyPath<Self.AllCasePaths>] = [\.tapped]
          return members
        }
        fileprivate static func _$extract(_ index: Int, from action: UnsafeRawPointer, into result: UnsafeMutableRawPointer) -> Bool {
          switch action.assumingMemoryBound(to: Self.self).pointee {
          case .tapped where index == 0:
            ComposableArchitecture._$store((), into: result)
          default:
            return false
          }
          return true
        }
        fileprivate static func _$embed(_ index: Int, _ payload: UnsafeRawPointer, into result: UnsafeMutableRawPointer) -> Bool {
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
      """#
    }
  }
}
