import ComposableArchitectureMacros
import MacroTesting
import SnapshotTesting
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacroExpansion
import Testing

/// Expansion tests for `@ObservableState`.
@Suite(
  .macros(
    [
      "ObservableState": MacroSpec(
        type: ObservableStateMacro.self,
        conformances: ["Observable", "ObservableState", "CustomDumpReflectable"]
      )
    ],
    indentationWidth: .spaces(2),
    record: .never
  )
)
struct ObservableStateMacroTests {
  @Test func trackedProperties() {
    assertMacro {
      """
      @ObservableState
      struct State {
        var count = 0
        var title: String = ""
      }
      """
    } expansion: {
      #"""
      struct State {
        @ObservationStateTracked
        var count = 0
        @ObservationStateTracked
        var title: String = ""

        @ObservationStateIgnored
        var _$observationRegistrar = ComposableArchitecture.ObservationStateRegistrar()

        var _$id: ComposableArchitecture.ObservableStateID {
          _$observationRegistrar.id
        }

        mutating func _$willModify() {
          _$observationRegistrar._$willModify()
        }

        static func _$field(for keyPath: AnyKeyPath) -> ComposableArchitecture._$StoredField? {
          if keyPath == \Self.count {
            return ComposableArchitecture._$StoredField(
              index: 0, storage: \Self._count, registrar: \Self._$observationRegistrar,
              observationBit: 52
            )
          }
          if keyPath == \Self.title {
            return ComposableArchitecture._$StoredField(
              index: 1, storage: \Self._title, registrar: \Self._$observationRegistrar,
              observationBit: 41
            )
          }
          return nil
        }

        static func _$willModify(field index: Int, in state: inout Self) -> ComposableArchitecture._$FieldIdentity? {
          switch index {
          case 0:
            guard state._$observationRegistrar._mayHaveObservers(field: 52) else {
              return nil
            }
            let identity = ComposableArchitecture._$identityBeforeModifying(&state._count)
            state._$observationRegistrar.copy().willModify(&state, keyPath: \.count, identity)
            return identity
          case 1:
            guard state._$observationRegistrar._mayHaveObservers(field: 41) else {
              return nil
            }
            let identity = ComposableArchitecture._$identityBeforeModifying(&state._title)
            state._$observationRegistrar.copy().willModify(&state, keyPath: \.title, identity)
            return identity
          default:
            return nil
          }
        }

        static func _$didModify(field index: Int, in state: inout Self, _ identityBefore: ComposableArchitecture._$FieldIdentity) {
          switch index {
          case 0:
            let identityAfter = ComposableArchitecture._$identity(of: &state._count)
            state._$observationRegistrar.copy().didModify(&state, keyPath: \.count, identityBefore, identityAfter)
          case 1:
            let identityAfter = ComposableArchitecture._$identity(of: &state._title)
            state._$observationRegistrar.copy().didModify(&state, keyPath: \.title, identityBefore, identityAfter)
          default:
            break
          }
        }
      }

      extension State: ComposableArchitecture.ObservableState, Observation.Observable, CustomDump.CustomDumpReflectable {
        var customDumpMirror: Mirror {
          Mirror(
            self,
            children: [
              "count": self._count as Any,
              "title": self._title as Any
            ],
            displayStyle: .struct
          )
        }
      }
      """#
    }
  }

  /// A shared value is dumped as its `_name` storage (the shared value itself), so that a test
  /// store's diff shows what the test expected of it against its live value, as TCA shows it.
  @Test func sharedPropertiesAreDumpedAsTheirStorage() {
    assertMacro {
      """
      @ObservableState
      struct State {
        @Shared(.inMemory("count")) var count = 0
        @SharedReader(.inMemory("title")) var title = ""
      }
      """
    } expansion: {
      """
      struct State {
        @Shared(.inMemory("count")) var count = 0
        @SharedReader(.inMemory("title")) var title = ""

        @ObservationStateIgnored
        var _$observationRegistrar = ComposableArchitecture.ObservationStateRegistrar()

        var _$id: ComposableArchitecture.ObservableStateID {
          _$observationRegistrar.id
        }

        mutating func _$willModify() {
          _$observationRegistrar._$willModify()
        }
      }

      extension State: ComposableArchitecture.ObservableState, Observation.Observable, CustomDump.CustomDumpReflectable {
        var customDumpMirror: Mirror {
          Mirror(
            self,
            children: [
              "_count": self._count as Any,
              "_title": self._title as Any
            ],
            displayStyle: .struct
          )
        }
      }
      """
    }
  }

  @Test func untrackedKindsOfProperties() {
    assertMacro {
      """
      @ObservableState
      struct State {
        let id: UUID
        var count = 0
        @ObservationStateIgnored
        var ignored = 0
        var doubled: Int { count * 2 }
        var observed: Int = 0 {
          didSet { print(observed) }
        }
        static var shared = 0
        lazy var cache = [Int]()
        @Shared(.inMemory("flag")) var flag = false
        @Presents var destination: Destination.State?
        var a = 1, b = 2
      }
      """
    } expansion: {
      #"""
      struct State {
        let id: UUID
        @ObservationStateTracked
        var count = 0
        @ObservationStateIgnored
        var ignored = 0
        var doubled: Int { count * 2 }
        var observed: Int = 0 {
          didSet { print(observed) }
        }
        static var shared = 0
        lazy var cache = [Int]()
        @Shared(.inMemory("flag")) var flag = false
        @Presents var destination: Destination.State?
        var a = 1, b = 2

        @ObservationStateIgnored
        var _$observationRegistrar = ComposableArchitecture.ObservationStateRegistrar()

        var _$id: ComposableArchitecture.ObservableStateID {
          _$observationRegistrar.id
        }

        mutating func _$willModify() {
          _$observationRegistrar._$willModify()
        }

        static func _$field(for keyPath: AnyKeyPath) -> ComposableArchitecture._$StoredField? {
          if keyPath == \Self.count {
            return ComposableArchitecture._$StoredField(
              index: 0, storage: \Self._count, registrar: \Self._$observationRegistrar,
              observationBit: 52
            )
          }
          if keyPath == \Self.$destination {
            return ComposableArchitecture._$StoredField(
              index: 1, storage: \Self._destination, registrar: \Self._$observationRegistrar,
              observationBit: 63
            )
          }
          if keyPath == \Self.destination {
            return ComposableArchitecture._$StoredField(
              index: -1, storage: \Self._destination, registrar: \Self._$observationRegistrar,
              observationBit: 63
            )
          }
          return nil
        }

        static func _$willModify(field index: Int, in state: inout Self) -> ComposableArchitecture._$FieldIdentity? {
          switch index {
          case 0:
            guard state._$observationRegistrar._mayHaveObservers(field: 52) else {
              return nil
            }
            let identity = ComposableArchitecture._$identityBeforeModifying(&state._count)
            state._$observationRegistrar.copy().willModify(&state, keyPath: \.count, identity)
            return identity
          case 1:
            guard state._$observationRegistrar._mayHaveObservers(field: 63) else {
              return nil
            }
            let identity = ComposableArchitecture._$identity(of: &state._destination.wrappedValue)
            state._$observationRegistrar.copy().willModify(&state, keyPath: \.destination, identity)
            return identity
          default:
            return nil
          }
        }

        static func _$didModify(field index: Int, in state: inout Self, _ identityBefore: ComposableArchitecture._$FieldIdentity) {
          switch index {
          case 0:
            let identityAfter = ComposableArchitecture._$identity(of: &state._count)
            state._$observationRegistrar.copy().didModify(&state, keyPath: \.count, identityBefore, identityAfter)
          case 1:
            let identityAfter = ComposableArchitecture._$identity(of: &state._destination.wrappedValue)
            state._$observationRegistrar.copy().didModify(&state, keyPath: \.destination, identityBefore, identityAfter)
          default:
            break
          }
        }
      }

      extension State: ComposableArchitecture.ObservableState, Observation.Observable, CustomDump.CustomDumpReflectable {
        var customDumpMirror: Mirror {
          Mirror(
            self,
            children: [
              "id": self.id as Any,
              "count": self._count as Any,
              "ignored": self.ignored as Any,
              "observed": self.observed as Any,
              "_flag": self._flag as Any,
              "destination": self.destination as Any,
              "a": self.a as Any,
              "b": self.b as Any
            ],
            displayStyle: .struct
          )
        }
      }
      """#
    }
  }

  @Test func explicitlyTrackedPropertyIsNotMarkedAgain() {
    assertMacro {
      """
      @ObservableState
      struct State {
        @ObservationStateTracked
        var count = 0
      }
      """
    } expansion: {
      #"""
      struct State {
        @ObservationStateTracked
        var count = 0

        @ObservationStateIgnored
        var _$observationRegistrar = ComposableArchitecture.ObservationStateRegistrar()

        var _$id: ComposableArchitecture.ObservableStateID {
          _$observationRegistrar.id
        }

        mutating func _$willModify() {
          _$observationRegistrar._$willModify()
        }

        static func _$field(for keyPath: AnyKeyPath) -> ComposableArchitecture._$StoredField? {
          if keyPath == \Self.count {
            return ComposableArchitecture._$StoredField(
              index: 0, storage: \Self._count, registrar: \Self._$observationRegistrar,
              observationBit: 52
            )
          }
          return nil
        }

        static func _$willModify(field index: Int, in state: inout Self) -> ComposableArchitecture._$FieldIdentity? {
          switch index {
          case 0:
            guard state._$observationRegistrar._mayHaveObservers(field: 52) else {
              return nil
            }
            let identity = ComposableArchitecture._$identityBeforeModifying(&state._count)
            state._$observationRegistrar.copy().willModify(&state, keyPath: \.count, identity)
            return identity
          default:
            return nil
          }
        }

        static func _$didModify(field index: Int, in state: inout Self, _ identityBefore: ComposableArchitecture._$FieldIdentity) {
          switch index {
          case 0:
            let identityAfter = ComposableArchitecture._$identity(of: &state._count)
            state._$observationRegistrar.copy().didModify(&state, keyPath: \.count, identityBefore, identityAfter)
          default:
            break
          }
        }
      }

      extension State: ComposableArchitecture.ObservableState, Observation.Observable, CustomDump.CustomDumpReflectable {
        var customDumpMirror: Mirror {
          Mirror(
            self,
            children: [
              "count": self._count as Any
            ],
            displayStyle: .struct
          )
        }
      }
      """#
    }
  }

  @Test func noTrackedProperties() {
    assertMacro {
      """
      @ObservableState
      struct State {
        let id: Int
      }
      """
    } expansion: {
      """
      struct State {
        let id: Int

        @ObservationStateIgnored
        var _$observationRegistrar = ComposableArchitecture.ObservationStateRegistrar()

        var _$id: ComposableArchitecture.ObservableStateID {
          _$observationRegistrar.id
        }

        mutating func _$willModify() {
          _$observationRegistrar._$willModify()
        }
      }

      extension State: ComposableArchitecture.ObservableState, Observation.Observable, CustomDump.CustomDumpReflectable {
        var customDumpMirror: Mirror {
          Mirror(
            self,
            children: [
              "id": self.id as Any
            ],
            displayStyle: .struct
          )
        }
      }
      """
    }
  }

  @Test func emptyStruct() {
    assertMacro {
      """
      @ObservableState
      struct State {
      }
      """
    } expansion: {
      """
      struct State {

        @ObservationStateIgnored
        var _$observationRegistrar = ComposableArchitecture.ObservationStateRegistrar()

        var _$id: ComposableArchitecture.ObservableStateID {
          _$observationRegistrar.id
        }

        mutating func _$willModify() {
          _$observationRegistrar._$willModify()
        }
      }

      extension State: ComposableArchitecture.ObservableState, Observation.Observable, CustomDump.CustomDumpReflectable {
        var customDumpMirror: Mirror {
          Mirror(
            self,
            children: [:],
            displayStyle: .struct
          )
        }
      }
      """
    }
  }

  @Test func genericStruct() {
    assertMacro {
      """
      @ObservableState
      struct State<Element: Equatable> {
        var element: Element
        var elements: [Element] = []
      }
      """
    } expansion: {
      #"""
      struct State<Element: Equatable> {
        @ObservationStateTracked
        var element: Element
        @ObservationStateTracked
        var elements: [Element] = []

        @ObservationStateIgnored
        var _$observationRegistrar = ComposableArchitecture.ObservationStateRegistrar()

        var _$id: ComposableArchitecture.ObservableStateID {
          _$observationRegistrar.id
        }

        mutating func _$willModify() {
          _$observationRegistrar._$willModify()
        }

        static func _$field(for keyPath: AnyKeyPath) -> ComposableArchitecture._$StoredField? {
          if keyPath == \Self.element {
            return ComposableArchitecture._$StoredField(
              index: 0, storage: \Self._element, registrar: \Self._$observationRegistrar,
              observationBit: 23
            )
          }
          if keyPath == \Self.elements {
            return ComposableArchitecture._$StoredField(
              index: 1, storage: \Self._elements, registrar: \Self._$observationRegistrar,
              observationBit: 44
            )
          }
          return nil
        }

        static func _$willModify(field index: Int, in state: inout Self) -> ComposableArchitecture._$FieldIdentity? {
          switch index {
          case 0:
            guard state._$observationRegistrar._mayHaveObservers(field: 23) else {
              return nil
            }
            let identity = ComposableArchitecture._$identityBeforeModifying(&state._element)
            state._$observationRegistrar.copy().willModify(&state, keyPath: \.element, identity)
            return identity
          case 1:
            guard state._$observationRegistrar._mayHaveObservers(field: 44) else {
              return nil
            }
            let identity = ComposableArchitecture._$identityBeforeModifying(&state._elements)
            state._$observationRegistrar.copy().willModify(&state, keyPath: \.elements, identity)
            return identity
          default:
            return nil
          }
        }

        static func _$didModify(field index: Int, in state: inout Self, _ identityBefore: ComposableArchitecture._$FieldIdentity) {
          switch index {
          case 0:
            let identityAfter = ComposableArchitecture._$identity(of: &state._element)
            state._$observationRegistrar.copy().didModify(&state, keyPath: \.element, identityBefore, identityAfter)
          case 1:
            let identityAfter = ComposableArchitecture._$identity(of: &state._elements)
            state._$observationRegistrar.copy().didModify(&state, keyPath: \.elements, identityBefore, identityAfter)
          default:
            break
          }
        }
      }

      extension State: ComposableArchitecture.ObservableState, Observation.Observable, CustomDump.CustomDumpReflectable {
        var customDumpMirror: Mirror {
          Mirror(
            self,
            children: [
              "element": self._element as Any,
              "elements": self._elements as Any
            ],
            displayStyle: .struct
          )
        }
      }
      """#
    }
  }

  @Test func genericParameterNamesAreNotShadowed() {
    assertMacro {
      """
      struct Feature<Result> {
        @ObservableState
        struct State<Value> {
          var value: Value
        }
      }
      """
    } expansion: {
      #"""
      struct Feature<Result> {
        struct State<Value> {
          @ObservationStateTracked
          var value: Value

          @ObservationStateIgnored
          var _$observationRegistrar = ComposableArchitecture.ObservationStateRegistrar()

          var _$id: ComposableArchitecture.ObservableStateID {
            _$observationRegistrar.id
          }

          mutating func _$willModify() {
            _$observationRegistrar._$willModify()
          }

          static func _$field(for keyPath: AnyKeyPath) -> ComposableArchitecture._$StoredField? {
            if keyPath == \Self.value {
              return ComposableArchitecture._$StoredField(
                index: 0, storage: \Self._value, registrar: \Self._$observationRegistrar,
                observationBit: 42
              )
            }
            return nil
          }

          static func _$willModify(field index: Int, in state: inout Self) -> ComposableArchitecture._$FieldIdentity? {
            switch index {
            case 0:
              guard state._$observationRegistrar._mayHaveObservers(field: 42) else {
                return nil
              }
              let identity = ComposableArchitecture._$identityBeforeModifying(&state._value)
              state._$observationRegistrar.copy().willModify(&state, keyPath: \.value, identity)
              return identity
            default:
              return nil
            }
          }

          static func _$didModify(field index: Int, in state: inout Self, _ identityBefore: ComposableArchitecture._$FieldIdentity) {
            switch index {
            case 0:
              let identityAfter = ComposableArchitecture._$identity(of: &state._value)
              state._$observationRegistrar.copy().didModify(&state, keyPath: \.value, identityBefore, identityAfter)
            default:
              break
            }
          }
        }
      }

      extension Feature.State: ComposableArchitecture.ObservableState, Observation.Observable, CustomDump.CustomDumpReflectable {
        var customDumpMirror: Mirror {
          Mirror(
            self,
            children: [
              "value": self._value as Any
            ],
            displayStyle: .struct
          )
        }
      }
      """#
    }
  }

  @Test func publicStruct() {
    assertMacro {
      """
      @ObservableState
      public struct State {
        public var count = 0
      }
      """
    } expansion: {
      #"""
      public struct State {
        @ObservationStateTracked
        public var count = 0

        @ObservationStateIgnored
        var _$observationRegistrar = ComposableArchitecture.ObservationStateRegistrar()

        public var _$id: ComposableArchitecture.ObservableStateID {
          _$observationRegistrar.id
        }

        public mutating func _$willModify() {
          _$observationRegistrar._$willModify()
        }

        public static func _$field(for keyPath: AnyKeyPath) -> ComposableArchitecture._$StoredField? {
          if keyPath == \Self.count {
            return ComposableArchitecture._$StoredField(
              index: 0, storage: \Self._count, registrar: \Self._$observationRegistrar,
              observationBit: 52
            )
          }
          return nil
        }

        public static func _$willModify(field index: Int, in state: inout Self) -> ComposableArchitecture._$FieldIdentity? {
          switch index {
          case 0:
            guard state._$observationRegistrar._mayHaveObservers(field: 52) else {
              return nil
            }
            let identity = ComposableArchitecture._$identityBeforeModifying(&state._count)
            state._$observationRegistrar.copy().willModify(&state, keyPath: \.count, identity)
            return identity
          default:
            return nil
          }
        }

        public static func _$didModify(field index: Int, in state: inout Self, _ identityBefore: ComposableArchitecture._$FieldIdentity) {
          switch index {
          case 0:
            let identityAfter = ComposableArchitecture._$identity(of: &state._count)
            state._$observationRegistrar.copy().didModify(&state, keyPath: \.count, identityBefore, identityAfter)
          default:
            break
          }
        }
      }

      extension State: ComposableArchitecture.ObservableState, Observation.Observable, CustomDump.CustomDumpReflectable {
        public var customDumpMirror: Mirror {
          Mirror(
            self,
            children: [
              "count": self._count as Any
            ],
            displayStyle: .struct
          )
        }
      }
      """#
    }
  }

  @Test func packageStruct() {
    assertMacro {
      """
      @ObservableState
      package struct State {
        package var count = 0
      }
      """
    } expansion: {
      #"""
      package struct State {
        @ObservationStateTracked
        package var count = 0

        @ObservationStateIgnored
        var _$observationRegistrar = ComposableArchitecture.ObservationStateRegistrar()

        package var _$id: ComposableArchitecture.ObservableStateID {
          _$observationRegistrar.id
        }

        package mutating func _$willModify() {
          _$observationRegistrar._$willModify()
        }

        package static func _$field(for keyPath: AnyKeyPath) -> ComposableArchitecture._$StoredField? {
          if keyPath == \Self.count {
            return ComposableArchitecture._$StoredField(
              index: 0, storage: \Self._count, registrar: \Self._$observationRegistrar,
              observationBit: 52
            )
          }
          return nil
        }

        package static func _$willModify(field index: Int, in state: inout Self) -> ComposableArchitecture._$FieldIdentity? {
          switch index {
          case 0:
            guard state._$observationRegistrar._mayHaveObservers(field: 52) else {
              return nil
            }
            let identity = ComposableArchitecture._$identityBeforeModifying(&state._count)
            state._$observationRegistrar.copy().willModify(&state, keyPath: \.count, identity)
            return identity
          default:
            return nil
          }
        }

        package static func _$didModify(field index: Int, in state: inout Self, _ identityBefore: ComposableArchitecture._$FieldIdentity) {
          switch index {
          case 0:
            let identityAfter = ComposableArchitecture._$identity(of: &state._count)
            state._$observationRegistrar.copy().didModify(&state, keyPath: \.count, identityBefore, identityAfter)
          default:
            break
          }
        }
      }

      extension State: ComposableArchitecture.ObservableState, Observation.Observable, CustomDump.CustomDumpReflectable {
        package var customDumpMirror: Mirror {
          Mirror(
            self,
            children: [
              "count": self._count as Any
            ],
            displayStyle: .struct
          )
        }
      }
      """#
    }
  }

  @Test func backtickedName() {
    assertMacro {
      """
      @ObservableState
      struct State {
        var `default` = 0
      }
      """
    } expansion: {
      #"""
      struct State {
        @ObservationStateTracked
        var `default` = 0

        @ObservationStateIgnored
        var _$observationRegistrar = ComposableArchitecture.ObservationStateRegistrar()

        var _$id: ComposableArchitecture.ObservableStateID {
          _$observationRegistrar.id
        }

        mutating func _$willModify() {
          _$observationRegistrar._$willModify()
        }

        static func _$field(for keyPath: AnyKeyPath) -> ComposableArchitecture._$StoredField? {
          if keyPath == \Self.`default` {
            return ComposableArchitecture._$StoredField(
              index: 0, storage: \Self._default, registrar: \Self._$observationRegistrar,
              observationBit: 62
            )
          }
          return nil
        }

        static func _$willModify(field index: Int, in state: inout Self) -> ComposableArchitecture._$FieldIdentity? {
          switch index {
          case 0:
            guard state._$observationRegistrar._mayHaveObservers(field: 62) else {
              return nil
            }
            let identity = ComposableArchitecture._$identityBeforeModifying(&state._default)
            state._$observationRegistrar.copy().willModify(&state, keyPath: \.`default`, identity)
            return identity
          default:
            return nil
          }
        }

        static func _$didModify(field index: Int, in state: inout Self, _ identityBefore: ComposableArchitecture._$FieldIdentity) {
          switch index {
          case 0:
            let identityAfter = ComposableArchitecture._$identity(of: &state._default)
            state._$observationRegistrar.copy().didModify(&state, keyPath: \.`default`, identityBefore, identityAfter)
          default:
            break
          }
        }
      }

      extension State: ComposableArchitecture.ObservableState, Observation.Observable, CustomDump.CustomDumpReflectable {
        var customDumpMirror: Mirror {
          Mirror(
            self,
            children: [
              "default": self._default as Any
            ],
            displayStyle: .struct
          )
        }
      }
      """#
    }
  }

  @Test func userDeclaredMembersAreKept() {
    assertMacro {
      """
      @ObservableState
      struct State {
        @ObservationStateIgnored
        var _$observationRegistrar = ComposableArchitecture.ObservationStateRegistrar()
        var count = 0
        var customDumpMirror: Mirror { Mirror(self, children: []) }
      }
      """
    } expansion: {
      #"""
      struct State {
        @ObservationStateIgnored
        var _$observationRegistrar = ComposableArchitecture.ObservationStateRegistrar()
        @ObservationStateTracked
        var count = 0
        var customDumpMirror: Mirror { Mirror(self, children: []) }

        var _$id: ComposableArchitecture.ObservableStateID {
          _$observationRegistrar.id
        }

        mutating func _$willModify() {
          _$observationRegistrar._$willModify()
        }

        static func _$field(for keyPath: AnyKeyPath) -> ComposableArchitecture._$StoredField? {
          if keyPath == \Self.count {
            return ComposableArchitecture._$StoredField(
              index: 0, storage: \Self._count, registrar: \Self._$observationRegistrar,
              observationBit: 52
            )
          }
          return nil
        }

        static func _$willModify(field index: Int, in state: inout Self) -> ComposableArchitecture._$FieldIdentity? {
          switch index {
          case 0:
            guard state._$observationRegistrar._mayHaveObservers(field: 52) else {
              return nil
            }
            let identity = ComposableArchitecture._$identityBeforeModifying(&state._count)
            state._$observationRegistrar.copy().willModify(&state, keyPath: \.count, identity)
            return identity
          default:
            return nil
          }
        }

        static func _$didModify(field index: Int, in state: inout Self, _ identityBefore: ComposableArchitecture._$FieldIdentity) {
          switch index {
          case 0:
            let identityAfter = ComposableArchitecture._$identity(of: &state._count)
            state._$observationRegistrar.copy().didModify(&state, keyPath: \.count, identityBefore, identityAfter)
          default:
            break
          }
        }
      }

      extension State: ComposableArchitecture.ObservableState, Observation.Observable, CustomDump.CustomDumpReflectable {
      }
      """#
    }
  }

  @Test func onlyRequestedConformances() {
    assertMacro(
      [
        "ObservableState": MacroSpec(
          type: ObservableStateMacro.self, conformances: ["ObservableState"])
      ]
    ) {
      """
      @ObservableState
      struct State: Observable, CustomDumpReflectable {
        var count = 0
        var customDumpMirror: Mirror { Mirror(self, children: []) }
      }
      """
    } expansion: {
      #"""
      struct State: Observable, CustomDumpReflectable {
        @ObservationStateTracked
        var count = 0
        var customDumpMirror: Mirror { Mirror(self, children: []) }

        @ObservationStateIgnored
        var _$observationRegistrar = ComposableArchitecture.ObservationStateRegistrar()

        var _$id: ComposableArchitecture.ObservableStateID {
          _$observationRegistrar.id
        }

        mutating func _$willModify() {
          _$observationRegistrar._$willModify()
        }

        static func _$field(for keyPath: AnyKeyPath) -> ComposableArchitecture._$StoredField? {
          if keyPath == \Self.count {
            return ComposableArchitecture._$StoredField(
              index: 0, storage: \Self._count, registrar: \Self._$observationRegistrar,
              observationBit: 52
            )
          }
          return nil
        }

        static func _$willModify(field index: Int, in state: inout Self) -> ComposableArchitecture._$FieldIdentity? {
          switch index {
          case 0:
            guard state._$observationRegistrar._mayHaveObservers(field: 52) else {
              return nil
            }
            let identity = ComposableArchitecture._$identityBeforeModifying(&state._count)
            state._$observationRegistrar.copy().willModify(&state, keyPath: \.count, identity)
            return identity
          default:
            return nil
          }
        }

        static func _$didModify(field index: Int, in state: inout Self, _ identityBefore: ComposableArchitecture._$FieldIdentity) {
          switch index {
          case 0:
            let identityAfter = ComposableArchitecture._$identity(of: &state._count)
            state._$observationRegistrar.copy().didModify(&state, keyPath: \.count, identityBefore, identityAfter)
          default:
            break
          }
        }
      }

      extension State: ComposableArchitecture.ObservableState {
      }
      """#
    }
  }

  @Test func noRequestedConformances() {
    assertMacro(["ObservableState": MacroSpec(type: ObservableStateMacro.self)]) {
      """
      @ObservableState
      struct State: ObservableState, Observable, CustomDumpReflectable {
        var count = 0
      }
      """
    } expansion: {
      #"""
      struct State: ObservableState, Observable, CustomDumpReflectable {
        @ObservationStateTracked
        var count = 0

        @ObservationStateIgnored
        var _$observationRegistrar = ComposableArchitecture.ObservationStateRegistrar()

        var _$id: ComposableArchitecture.ObservableStateID {
          _$observationRegistrar.id
        }

        mutating func _$willModify() {
          _$observationRegistrar._$willModify()
        }

        static func _$field(for keyPath: AnyKeyPath) -> ComposableArchitecture._$StoredField? {
          if keyPath == \Self.count {
            return ComposableArchitecture._$StoredField(
              index: 0, storage: \Self._count, registrar: \Self._$observationRegistrar,
              observationBit: 52
            )
          }
          return nil
        }

        static func _$willModify(field index: Int, in state: inout Self) -> ComposableArchitecture._$FieldIdentity? {
          switch index {
          case 0:
            guard state._$observationRegistrar._mayHaveObservers(field: 52) else {
              return nil
            }
            let identity = ComposableArchitecture._$identityBeforeModifying(&state._count)
            state._$observationRegistrar.copy().willModify(&state, keyPath: \.count, identity)
            return identity
          default:
            return nil
          }
        }

        static func _$didModify(field index: Int, in state: inout Self, _ identityBefore: ComposableArchitecture._$FieldIdentity) {
          switch index {
          case 0:
            let identityAfter = ComposableArchitecture._$identity(of: &state._count)
            state._$observationRegistrar.copy().didModify(&state, keyPath: \.count, identityBefore, identityAfter)
          default:
            break
          }
        }
      }
      """#
    }
  }

  @Test func nestedMacrosExpand() {
    assertMacro(
      [
        "ObservableState": MacroSpec(
          type: ObservableStateMacro.self,
          conformances: ["Observable", "ObservableState", "CustomDumpReflectable"]
        ),
        "ObservationStateTracked": MacroSpec(type: ObservationStateTrackedMacro.self),
        "ObservationStateIgnored": MacroSpec(type: ObservationStateIgnoredMacro.self),
      ]
    ) {
      """
      @ObservableState
      struct State {
        var count = 0
        @ObservationStateIgnored var note = ""
      }
      """
    } expansion: {
      #"""
      struct State {
        var count {
          @storageRestrictions(initializes: _count)
          init(initialValue) {
            _count = initialValue
          }
          get {
            _$observationRegistrar.access(self, keyPath: \.count, field: 52)
            return _count
          }
          set {
            guard _$observationRegistrar._mayHaveObservers(field: 52),
              !ComposableArchitecture._$isUnchanged(_count, newValue)
            else {
              _count = newValue
              return
            }
            let registrar = _$observationRegistrar
            let identityBefore = ComposableArchitecture._$identity(of: &_count)
            let notifies = registrar.willSet(&self, keyPath: \.count, identityBefore, ComposableArchitecture._$identity(of: newValue))
            _count = newValue
            registrar.didSet(&self, keyPath: \.count, notifies)
          }
          _modify {
            let observed = _$observationRegistrar._mayHaveObservers(field: 52)
            let identityBefore = observed ? ComposableArchitecture._$identityBeforeModifying(&_count) : .untracked
            if observed {
              _$observationRegistrar.copy().willModify(&self, keyPath: \.count, identityBefore)
            }
            defer {
              if observed {
                let identityAfter = ComposableArchitecture._$identity(of: &_count)
                _$observationRegistrar.copy().didModify(&self, keyPath: \.count, identityBefore, identityAfter)
              }
            }
            yield &_count
          }
        }
        private var _count = 0
        var note = ""
        var _$observationRegistrar = ComposableArchitecture.ObservationStateRegistrar()

        var _$id: ComposableArchitecture.ObservableStateID {
          _$observationRegistrar.id
        }

        mutating func _$willModify() {
          _$observationRegistrar._$willModify()
        }

        static func _$field(for keyPath: AnyKeyPath) -> ComposableArchitecture._$StoredField? {
          if keyPath == \Self.count {
            return ComposableArchitecture._$StoredField(
              index: 0, storage: \Self._count, registrar: \Self._$observationRegistrar,
              observationBit: 52
            )
          }
          return nil
        }

        static func _$willModify(field index: Int, in state: inout Self) -> ComposableArchitecture._$FieldIdentity? {
          switch index {
          case 0:
            guard state._$observationRegistrar._mayHaveObservers(field: 52) else {
              return nil
            }
            let identity = ComposableArchitecture._$identityBeforeModifying(&state._count)
            state._$observationRegistrar.copy().willModify(&state, keyPath: \.count, identity)
            return identity
          default:
            return nil
          }
        }

        static func _$didModify(field index: Int, in state: inout Self, _ identityBefore: ComposableArchitecture._$FieldIdentity) {
          switch index {
          case 0:
            let identityAfter = ComposableArchitecture._$identity(of: &state._count)
            state._$observationRegistrar.copy().didModify(&state, keyPath: \.count, identityBefore, identityAfter)
          default:
            break
          }
        }
      }

      extension State: ComposableArchitecture.ObservableState, Observation.Observable, CustomDump.CustomDumpReflectable {
        var customDumpMirror: Mirror {
          Mirror(
            self,
            children: [
              "count": self._count as Any,
              "note": self.note as Any
            ],
            displayStyle: .struct
          )
        }
      }
      """#
    }
  }

  // The field functions leave a deprecated field out: naming it there would warn in code that
  // cannot silence the warning.
  @Test func aDeprecatedFieldIsNotNamedInGeneratedCode() {
    assertMacro {
      """
      @ObservableState
      struct State {
        @available(*, deprecated)
        var old = 0
      }
      """
    } expansion: {
      """
      struct State {
        @available(*, deprecated)
        @ObservationStateTracked
        var old = 0

        @ObservationStateIgnored
        var _$observationRegistrar = ComposableArchitecture.ObservationStateRegistrar()

        var _$id: ComposableArchitecture.ObservableStateID {
          _$observationRegistrar.id
        }

        mutating func _$willModify() {
          _$observationRegistrar._$willModify()
        }
      }

      extension State: ComposableArchitecture.ObservableState, Observation.Observable, CustomDump.CustomDumpReflectable {
        var customDumpMirror: Mirror {
          Mirror(
            self,
            children: [
              "old": self._old as Any
            ],
            displayStyle: .struct
          )
        }
      }
      """
    }
  }

  @Test func classIsRejected() {
    assertMacro {
      """
      @ObservableState
      class State {
        var count = 0
      }
      """
    } diagnostics: {
      """
      @ObservableState
      ┬───────────────
      ╰─ 🛑 '@ObservableState' cannot be applied to class type 'State'
      class State {
        var count = 0
      }
      """
    }
  }

  @Test func presentationStateIsReplacedByPresents() {
    assertMacro {
      """
      @ObservableState
      struct State {
        @PresentationState var destination: Destination.State?
      }
      """
    } diagnostics: {
      """
      @ObservableState
      struct State {
        @PresentationState var destination: Destination.State?
        ┬─────────────────
        ╰─ 🛑 '@PresentationState' cannot be used in '@ObservableState'
           ✏️ Use '@Presents' instead
      }
      """
    } fixes: {
      """
      @ObservableState
      struct State {
        @Presents var destination: Destination.State?
      }
      """
    } expansion: {
      #"""
      struct State {
        @Presents var destination: Destination.State?

        @ObservationStateIgnored
        var _$observationRegistrar = ComposableArchitecture.ObservationStateRegistrar()

        var _$id: ComposableArchitecture.ObservableStateID {
          _$observationRegistrar.id
        }

        mutating func _$willModify() {
          _$observationRegistrar._$willModify()
        }

        static func _$field(for keyPath: AnyKeyPath) -> ComposableArchitecture._$StoredField? {
          if keyPath == \Self.$destination {
            return ComposableArchitecture._$StoredField(
              index: 0, storage: \Self._destination, registrar: \Self._$observationRegistrar,
              observationBit: 63
            )
          }
          if keyPath == \Self.destination {
            return ComposableArchitecture._$StoredField(
              index: -1, storage: \Self._destination, registrar: \Self._$observationRegistrar,
              observationBit: 63
            )
          }
          return nil
        }

        static func _$willModify(field index: Int, in state: inout Self) -> ComposableArchitecture._$FieldIdentity? {
          switch index {
          case 0:
            guard state._$observationRegistrar._mayHaveObservers(field: 63) else {
              return nil
            }
            let identity = ComposableArchitecture._$identity(of: &state._destination.wrappedValue)
            state._$observationRegistrar.copy().willModify(&state, keyPath: \.destination, identity)
            return identity
          default:
            return nil
          }
        }

        static func _$didModify(field index: Int, in state: inout Self, _ identityBefore: ComposableArchitecture._$FieldIdentity) {
          switch index {
          case 0:
            let identityAfter = ComposableArchitecture._$identity(of: &state._destination.wrappedValue)
            state._$observationRegistrar.copy().didModify(&state, keyPath: \.destination, identityBefore, identityAfter)
          default:
            break
          }
        }
      }

      extension State: ComposableArchitecture.ObservableState, Observation.Observable, CustomDump.CustomDumpReflectable {
        var customDumpMirror: Mirror {
          Mirror(
            self,
            children: [
              "destination": self.destination as Any
            ],
            displayStyle: .struct
          )
        }
      }
      """#
    }
  }

  @Test func observationAttributesAreReplacedByTheirStateForms() {
    assertMacro {
      """
      @ObservableState
      struct State {
        @ObservationIgnored var cache = 0
        @ObservationTracked var count = 0
      }
      """
    } diagnostics: {
      """
      @ObservableState
      struct State {
        @ObservationIgnored var cache = 0
        ┬──────────────────
        ╰─ 🛑 '@ObservationIgnored' cannot be used in '@ObservableState'
           ✏️ Use '@ObservationStateIgnored' instead
        @ObservationTracked var count = 0
        ┬──────────────────
        ╰─ 🛑 '@ObservationTracked' cannot be used in '@ObservableState'
           ✏️ Use '@ObservationStateTracked' instead
      }
      """
    } fixes: {
      """
      @ObservableState
      struct State {
        @ObservationStateIgnored var cache = 0
        @ObservationStateTracked var count = 0
      }
      """
    } expansion: {
      #"""
      struct State {
        @ObservationStateIgnored var cache = 0
        @ObservationStateTracked var count = 0

        @ObservationStateIgnored
        var _$observationRegistrar = ComposableArchitecture.ObservationStateRegistrar()

        var _$id: ComposableArchitecture.ObservableStateID {
          _$observationRegistrar.id
        }

        mutating func _$willModify() {
          _$observationRegistrar._$willModify()
        }

        static func _$field(for keyPath: AnyKeyPath) -> ComposableArchitecture._$StoredField? {
          if keyPath == \Self.count {
            return ComposableArchitecture._$StoredField(
              index: 0, storage: \Self._count, registrar: \Self._$observationRegistrar,
              observationBit: 52
            )
          }
          return nil
        }

        static func _$willModify(field index: Int, in state: inout Self) -> ComposableArchitecture._$FieldIdentity? {
          switch index {
          case 0:
            guard state._$observationRegistrar._mayHaveObservers(field: 52) else {
              return nil
            }
            let identity = ComposableArchitecture._$identityBeforeModifying(&state._count)
            state._$observationRegistrar.copy().willModify(&state, keyPath: \.count, identity)
            return identity
          default:
            return nil
          }
        }

        static func _$didModify(field index: Int, in state: inout Self, _ identityBefore: ComposableArchitecture._$FieldIdentity) {
          switch index {
          case 0:
            let identityAfter = ComposableArchitecture._$identity(of: &state._count)
            state._$observationRegistrar.copy().didModify(&state, keyPath: \.count, identityBefore, identityAfter)
          default:
            break
          }
        }
      }

      extension State: ComposableArchitecture.ObservableState, Observation.Observable, CustomDump.CustomDumpReflectable {
        var customDumpMirror: Mirror {
          Mirror(
            self,
            children: [
              "cache": self.cache as Any,
              "count": self._count as Any
            ],
            displayStyle: .struct
          )
        }
      }
      """#
    }
  }

  @Test func actorIsRejected() {
    assertMacro {
      """
      @ObservableState
      actor State {
        var count = 0
      }
      """
    } diagnostics: {
      """
      @ObservableState
      ┬───────────────
      ╰─ 🛑 '@ObservableState' cannot be applied to actor type 'State'
      actor State {
        var count = 0
      }
      """
    }
  }

  @Test func enumTakesTheIdentityOfItsCasesState() {
    assertMacro {
      """
      @ObservableState
      enum State {
        case detail(Detail.State)
        case alert(AlertState<Alert>)
        case about(version: String, build: Int)
        case empty
      }
      """
    } expansion: {
      """
      enum State {
        case detail(Detail.State)
        case alert(AlertState<Alert>)
        case about(version: String, build: Int)
        case empty

        var _$id: ComposableArchitecture.ObservableStateID {
          switch self {
          case let .detail(v0):
            return ._$id(for: v0)._$tag(0)
          case let .alert(v0):
            return ._$id(for: v0)._$tag(1)
          case .about:
            return ._$inert._$tag(2)
          case .empty:
            return ._$inert._$tag(3)
          }
        }

        mutating func _$willModify() {
          switch self {
          case var .detail(v0):
            ComposableArchitecture._$willModify(&v0)
            self = .detail(v0)
          case var .alert(v0):
            ComposableArchitecture._$willModify(&v0)
            self = .alert(v0)
          case .about:
            break
          case .empty:
            break
          }
        }
      }

      extension State: ComposableArchitecture.ObservableState, Observation.Observable {
      }
      """
    }
  }

  @Test func enumCasesInsideIfConfigKeepTheirConditions() {
    assertMacro {
      """
      @ObservableState
      enum State {
        case detail(Detail.State)
        #if DEBUG
        case debug(Debug.State)
        #else
        case release
        #endif
        case empty
      }
      """
    } expansion: {
      """
      enum State {
        case detail(Detail.State)
        #if DEBUG
        case debug(Debug.State)
        #else
        case release
        #endif
        case empty

        var _$id: ComposableArchitecture.ObservableStateID {
          switch self {
          case let .detail(v0):
            return ._$id(for: v0)._$tag(0)
          #if DEBUG
          case let .debug(v0):
            return ._$id(for: v0)._$tag(1)
          #else
          case .release:
            return ._$inert._$tag(2)
          #endif
          case .empty:
            return ._$inert._$tag(3)
          }
        }

        mutating func _$willModify() {
          switch self {
          case var .detail(v0):
            ComposableArchitecture._$willModify(&v0)
            self = .detail(v0)
          #if DEBUG
          case var .debug(v0):
            ComposableArchitecture._$willModify(&v0)
            self = .debug(v0)
          #else
          case .release:
            break
          #endif
          case .empty:
            break
          }
        }
      }

      extension State: ComposableArchitecture.ObservableState, Observation.Observable {
      }
      """
    }
  }

  @Test func publicEmptyEnum() {
    assertMacro {
      """
      @ObservableState
      public enum State {}
      """
    } expansion: {
      """
      public enum State {

        public var _$id: ComposableArchitecture.ObservableStateID {
          switch self {
          }
        }

        public mutating func _$willModify() {
          switch self {
          }
        }
      }

      extension State: ComposableArchitecture.ObservableState, Observation.Observable {
      }
      """
    }
  }
}
