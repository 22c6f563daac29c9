import ComposableArchitectureMacros
import MacroTesting
import SnapshotTesting
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacroExpansion
import Testing

/// Expansion tests for `@ObservationStateTracked`.
@Suite(
  .macros(
    ["ObservationStateTracked": MacroSpec(type: ObservationStateTrackedMacro.self)],
    indentationWidth: .spaces(2),
    record: .never
  )
)
struct ObservationStateTrackedMacroTests {
  @Test func propertyWithTypeAnnotation() {
    assertMacro {
      """
      struct State {
        @ObservationStateTracked
        var count: Int = 0
      }
      """
    } expansion: {
      #"""
      struct State {
        var count: Int {
          @storageRestrictions(initializes: _count)
          init(initialValue) {
            _count = initialValue
          }
          get {
            _$observationRegistrar.access(self, keyPath: \.count)
            return _count
          }
          set {
            _$observationRegistrar.mutate(self, keyPath: \.count, &_count, newValue, ComposableArchitecture._$isIdentityEqual)
          }
          _modify {
            let oldIdentity = _$observationRegistrar.willModify(self, keyPath: \.count, _count)
            defer {
              _$observationRegistrar.didModify(self, keyPath: \.count, _count, oldIdentity)
            }
            yield &_count
          }
        }

        @ObservationStateIgnored
        private var _count: Int = 0
      }
      """#
    }
  }

  @Test func propertyWithoutTypeAnnotation() {
    assertMacro {
      """
      struct State {
        @ObservationStateTracked
        var count = 0
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
            _$observationRegistrar.access(self, keyPath: \.count)
            return _count
          }
          set {
            _$observationRegistrar.mutate(self, keyPath: \.count, &_count, newValue, ComposableArchitecture._$isIdentityEqual)
          }
          _modify {
            let oldIdentity = _$observationRegistrar.willModify(self, keyPath: \.count, _count)
            defer {
              _$observationRegistrar.didModify(self, keyPath: \.count, _count, oldIdentity)
            }
            yield &_count
          }
        }

        @ObservationStateIgnored
        private var _count = 0
      }
      """#
    }
  }

  @Test func propertyWithoutInitialValue() {
    assertMacro {
      """
      struct State {
        @ObservationStateTracked
        var title: String
      }
      """
    } expansion: {
      #"""
      struct State {
        var title: String {
          @storageRestrictions(initializes: _title)
          init(initialValue) {
            _title = initialValue
          }
          get {
            _$observationRegistrar.access(self, keyPath: \.title)
            return _title
          }
          set {
            _$observationRegistrar.mutate(self, keyPath: \.title, &_title, newValue, ComposableArchitecture._$isIdentityEqual)
          }
          _modify {
            let oldIdentity = _$observationRegistrar.willModify(self, keyPath: \.title, _title)
            defer {
              _$observationRegistrar.didModify(self, keyPath: \.title, _title, oldIdentity)
            }
            yield &_title
          }
        }

        @ObservationStateIgnored
        private var _title: String
      }
      """#
    }
  }

  @Test func backtickedName() {
    assertMacro {
      """
      struct State {
        @ObservationStateTracked
        var `default`: Int = 0
      }
      """
    } expansion: {
      #"""
      struct State {
        var `default`: Int {
          @storageRestrictions(initializes: _default)
          init(initialValue) {
            _default = initialValue
          }
          get {
            _$observationRegistrar.access(self, keyPath: \.`default`)
            return _default
          }
          set {
            _$observationRegistrar.mutate(self, keyPath: \.`default`, &_default, newValue, ComposableArchitecture._$isIdentityEqual)
          }
          _modify {
            let oldIdentity = _$observationRegistrar.willModify(self, keyPath: \.`default`, _default)
            defer {
              _$observationRegistrar.didModify(self, keyPath: \.`default`, _default, oldIdentity)
            }
            yield &_default
          }
        }

        @ObservationStateIgnored
        private var _default: Int = 0
      }
      """#
    }
  }

  @Test func notAStoredVariable() {
    assertMacro {
      """
      struct State {
        @ObservationStateTracked
        let id = 0
        @ObservationStateTracked
        var doubled: Int { 0 }
        @ObservationStateTracked
        static var shared = 0
        @ObservationStateTracked
        lazy var cache = 0
      }
      """
    } expansion: {
      """
      struct State {
        let id = 0
        var doubled: Int { 0 }
        static var shared = 0
        lazy var cache = 0
      }
      """
    }
  }
}
