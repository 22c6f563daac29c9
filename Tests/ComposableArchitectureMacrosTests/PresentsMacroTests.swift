import ComposableArchitectureMacros
import MacroTesting
import SnapshotTesting
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacroExpansion
import Testing

/// Expansion tests for `@Presents`.
@Suite(
  .macros(
    ["Presents": PresentsMacro.self],
    indentationWidth: .spaces(2),
    record: .never
  )
)
struct PresentsMacroTests {
  @Test func optionalDestination() {
    assertMacro {
      """
      struct State {
        @Presents var destination: Destination.State?
      }
      """
    } expansion: {
      #"""
      struct State {
        var destination: Destination.State? {
          @storageRestrictions(initializes: _destination)
          init(initialValue) {
            _destination = ComposableArchitecture.PresentationState(wrappedValue: initialValue)
          }
          get {
            _$observationRegistrar.access(self, keyPath: \.destination, field: 63)
            return _destination.wrappedValue
          }
          set {
            let registrar = _$observationRegistrar
            let identityBefore = ComposableArchitecture._$identity(of: &_destination.wrappedValue)
            let notifies = registrar.willSet(&self, keyPath: \.destination, identityBefore, ComposableArchitecture._$identity(of: newValue))
            _destination.wrappedValue = newValue
            registrar.didSet(&self, keyPath: \.destination, notifies)
          }
        }

        var $destination: ComposableArchitecture.PresentationState<Destination.State> {
          get {
            _$observationRegistrar.access(self, keyPath: \.destination, field: 63)
            return _destination
          }
          set {
            let registrar = _$observationRegistrar
            let identityBefore = ComposableArchitecture._$identity(of: &_destination.wrappedValue)
            let notifies = registrar.willSet(&self, keyPath: \.destination, identityBefore, ComposableArchitecture._$identity(of: newValue.wrappedValue))
            _destination.wrappedValue = newValue.wrappedValue
            registrar.didSet(&self, keyPath: \.destination, notifies)
          }
          _modify {
            let registrar = _$observationRegistrar
            let identityBefore = ComposableArchitecture._$identity(of: &_destination.wrappedValue)
            registrar.willModify(&self, keyPath: \.destination, identityBefore)
            defer {
              let identityAfter = ComposableArchitecture._$identity(of: &_destination.wrappedValue)
              registrar.didModify(&self, keyPath: \.destination, identityBefore, identityAfter)
            }
            yield &_destination
          }
        }

        @ObservationStateIgnored
        private var _destination = ComposableArchitecture.PresentationState<Destination.State>(wrappedValue: nil)
      }
      """#
    }
  }

  @Test func publicOptionalSpelledOut() {
    assertMacro {
      """
      public struct State {
        @Presents public var alert: Optional<AlertState<Action.Alert>>
      }
      """
    } expansion: {
      #"""
      public struct State {
        public var alert: Optional<AlertState<Action.Alert>> {
          @storageRestrictions(initializes: _alert)
          init(initialValue) {
            _alert = ComposableArchitecture.PresentationState(wrappedValue: initialValue)
          }
          get {
            _$observationRegistrar.access(self, keyPath: \.alert, field: 57)
            return _alert.wrappedValue
          }
          set {
            let registrar = _$observationRegistrar
            let identityBefore = ComposableArchitecture._$identity(of: &_alert.wrappedValue)
            let notifies = registrar.willSet(&self, keyPath: \.alert, identityBefore, ComposableArchitecture._$identity(of: newValue))
            _alert.wrappedValue = newValue
            registrar.didSet(&self, keyPath: \.alert, notifies)
          }
        }

        public var $alert: ComposableArchitecture.PresentationState<AlertState<Action.Alert>> {
          get {
            _$observationRegistrar.access(self, keyPath: \.alert, field: 57)
            return _alert
          }
          set {
            let registrar = _$observationRegistrar
            let identityBefore = ComposableArchitecture._$identity(of: &_alert.wrappedValue)
            let notifies = registrar.willSet(&self, keyPath: \.alert, identityBefore, ComposableArchitecture._$identity(of: newValue.wrappedValue))
            _alert.wrappedValue = newValue.wrappedValue
            registrar.didSet(&self, keyPath: \.alert, notifies)
          }
          _modify {
            let registrar = _$observationRegistrar
            let identityBefore = ComposableArchitecture._$identity(of: &_alert.wrappedValue)
            registrar.willModify(&self, keyPath: \.alert, identityBefore)
            defer {
              let identityAfter = ComposableArchitecture._$identity(of: &_alert.wrappedValue)
              registrar.didModify(&self, keyPath: \.alert, identityBefore, identityAfter)
            }
            yield &_alert
          }
        }

        @ObservationStateIgnored
        private var _alert = ComposableArchitecture.PresentationState<AlertState<Action.Alert>>(wrappedValue: nil)
      }
      """#
    }
  }

  @Test func nonOptionalPropertyIsAnError() {
    assertMacro {
      """
      struct State {
        @Presents var destination: Destination.State
      }
      """
    } diagnostics: {
      """
      struct State {
        @Presents var destination: Destination.State
        ┬────────
        ╰─ 🛑 '@Presents' must be applied to a 'var' with an optional type annotation, like 'var destination: Destination.State?'
      }
      """
    }
  }
}
