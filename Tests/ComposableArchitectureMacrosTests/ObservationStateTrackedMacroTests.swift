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
            _$observationRegistrar.access(self, keyPath: \.title, field: 41)
            return _title
          }
          set {
            guard _$observationRegistrar._mayHaveObservers(field: 41),
              !ComposableArchitecture._$isUnchanged(_title, newValue)
            else {
              _title = newValue
              return
            }
            let registrar = _$observationRegistrar
            let identityBefore = ComposableArchitecture._$identity(of: &_title)
            let notifies = registrar.willSet(&self, keyPath: \.title, identityBefore, ComposableArchitecture._$identity(of: newValue))
            _title = newValue
            registrar.didSet(&self, keyPath: \.title, notifies)
          }
          _modify {
            let observed = _$observationRegistrar._mayHaveObservers(field: 41)
            let identityBefore = observed ? ComposableArchitecture._$identityBeforeModifying(&_title) : .untracked
            if observed {
              _$observationRegistrar.copy().willModify(&self, keyPath: \.title, identityBefore)
            }
            defer {
              if observed {
                let identityAfter = ComposableArchitecture._$identity(of: &_title)
                _$observationRegistrar.copy().didModify(&self, keyPath: \.title, identityBefore, identityAfter)
              }
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
            _$observationRegistrar.access(self, keyPath: \.`default`, field: 62)
            return _default
          }
          set {
            guard _$observationRegistrar._mayHaveObservers(field: 62),
              !ComposableArchitecture._$isUnchanged(_default, newValue)
            else {
              _default = newValue
              return
            }
            let registrar = _$observationRegistrar
            let identityBefore = ComposableArchitecture._$identity(of: &_default)
            let notifies = registrar.willSet(&self, keyPath: \.`default`, identityBefore, ComposableArchitecture._$identity(of: newValue))
            _default = newValue
            registrar.didSet(&self, keyPath: \.`default`, notifies)
          }
          _modify {
            let observed = _$observationRegistrar._mayHaveObservers(field: 62)
            let identityBefore = observed ? ComposableArchitecture._$identityBeforeModifying(&_default) : .untracked
            if observed {
              _$observationRegistrar.copy().willModify(&self, keyPath: \.`default`, identityBefore)
            }
            defer {
              if observed {
                let identityAfter = ComposableArchitecture._$identity(of: &_default)
                _$observationRegistrar.copy().didModify(&self, keyPath: \.`default`, identityBefore, identityAfter)
              }
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
