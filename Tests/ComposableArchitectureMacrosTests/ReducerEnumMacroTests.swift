import ComposableArchitectureMacros
import MacroTesting
import SnapshotTesting
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacroExpansion
import Testing

/// Expansion tests for `@Reducer` on enums (`Path`, `Destination`).
@Suite(
  .macros(
    [
      "Reducer": MacroSpec(
        type: ReducerMacro.self,
        conformances: ["Reducer", "CaseReducer", "_BodyCachingReducer"]
      ),
      "ReducerCaseEphemeral": MacroSpec(type: ReducerCaseMarkerMacro.self),
      "ReducerCaseIgnored": MacroSpec(type: ReducerCaseMarkerMacro.self),
    ],
    indentationWidth: .spaces(2),
    record: .never
  )
)
struct ReducerEnumMacroTests {
  @Test func featureCases() {
    assertMacro {
      """
      @Reducer
      enum Path {
        case detail(Detail)
        case settings(Settings)
      }
      """
    } expansion: {
      #"""
      enum Path {
        case detail(Detail)
        case settings(Settings)

        @CasePathable
        @dynamicMemberLookup
        enum State: ComposableArchitecture.CaseReducerState, ComposableArchitecture.ObservableState, Observation.Observable, CasePaths.CasePathable, CasePaths.CasePathIterable {
          typealias StateReducer = Path
          case detail(Detail.State)
          case settings(Settings.State)
          var _$id: ComposableArchitecture.ObservableStateID {
            switch self {
          case let .detail(v0):
          return ._$id(for: v0)._$tag(0)
          case let .settings(v0):
          return ._$id(for: v0)._$tag(1)
          }
          }
          mutating func _$willModify() {
            switch self {
          case var .detail(v0):
          ComposableArchitecture._$willModify(&v0)
          self = .detail(v0)
          case var .settings(v0):
          ComposableArchitecture._$willModify(&v0)
          self = .settings(v0)
          }
          }
        }

        @CasePathable
        enum Action: CasePaths.CasePathable, CasePaths.CasePathIterable, ComposableArchitecture._ReducerAction {
          case detail(Detail.Action)
          case settings(Settings.Action)
          static var _$casePaths: [AnyKeyPath] {
            let casePaths: [CasePaths.PartialCaseKeyPath<Self>] = [\.detail, \.settings]
            return casePaths
          }
          static var _$caseMembers: [AnyKeyPath] {
            let members: [Swift.PartialKeyPath<Self.AllCasePaths>] = [\.detail, \.settings]
            return members
          }
          static func _$extract(_ index: Int, from action: UnsafeRawPointer, into result: UnsafeMutableRawPointer) -> Bool {
            switch action.assumingMemoryBound(to: Self.self).pointee {
            case let .detail(v0) where index == 0:
              ComposableArchitecture._$store(v0, into: result)
            case let .settings(v0) where index == 1:
              ComposableArchitecture._$store(v0, into: result)
            default:
              return false
            }
            return true
          }
          static func _$embed(_ index: Int, _ payload: UnsafeRawPointer, into result: UnsafeMutableRawPointer) -> Bool {
            let action: Self
            switch index {
            case 0:
              action = ComposableArchitecture._$make(Self.detail(_:), from: payload)
            case 1:
              action = ComposableArchitecture._$make(Self.settings(_:), from: payload)
            default:
              return false
            }
            result.assumingMemoryBound(to: Self.self).initialize(to: action)
            return true
          }
        }

        static var body: ComposableArchitecture.Reduce<Self.State, Self.Action> {
          ComposableArchitecture.Reduce(
            ComposableArchitecture.CombineReducers {
              ComposableArchitecture.Scope(state: \Self.State.Cases.detail, action: \Self.Action.Cases.detail) {
                Detail()
              }
              ComposableArchitecture.Scope(state: \Self.State.Cases.settings, action: \Self.Action.Cases.settings) {
                Settings()
              }
            }
          )
        }

        @CasePathable
        @dynamicMemberLookup
        enum CaseScope: CasePaths.CasePathable, CasePaths.CasePathIterable {
          case detail(ComposableArchitecture.StoreOf<Detail>)
          case settings(ComposableArchitecture.StoreOf<Settings>)
        }

        @preconcurrency @MainActor
        static func scope(_ store: ComposableArchitecture.Store<Self.State, Self.Action>) -> CaseScope {
          switch store.state {
          case .detail:
            return .detail(store.scope(state: \.detail, action: \.detail)!)
          case .settings:
            return .settings(store.scope(state: \.settings, action: \.settings)!)
          }
        }
      }

      extension Path: ComposableArchitecture.CaseReducer, ComposableArchitecture.Reducer {
      }
      """#
    }
  }

  /// Inside a `private` type the generated `Action` writes its routing members without an
  /// access modifier: they are as visible as the type, as its protocol requires.
  @Test func anEnumInAPrivateTypeGetsMembersOfTheTypesAccess() {
    assertMacro {
      """
      private struct Inbox {
        @Reducer
        enum Destination {
          case editor(Editor)
        }
      }
      """
    } expansion: {
      #"""
      private struct Inbox {
        enum Destination {
          case editor(Editor)

          @CasePathable
          @dynamicMemberLookup
          enum State: ComposableArchitecture.CaseReducerState, ComposableArchitecture.ObservableState, Observation.Observable, CasePaths.CasePathable, CasePaths.CasePathIterable {
            typealias StateReducer = Destination
            case editor(Editor.State)
            var _$id: ComposableArchitecture.ObservableStateID {
              switch self {
            case let .editor(v0):
            return ._$id(for: v0)._$tag(0)
            }
            }
            mutating func _$willModify() {
              switch self {
            case var .editor(v0):
            ComposableArchitecture._$willModify(&v0)
            self = .editor(v0)
            }
            }
          }

          @CasePathable
          enum Action: CasePaths.CasePathable, CasePaths.CasePathIterable, ComposableArchitecture._ReducerAction {
            case editor(Editor.Action)
            static var _$casePaths: [AnyKeyPath] {
              let casePaths: [CasePaths.PartialCaseKeyPath<Self>] = [\.editor]
              return casePaths
            }
            static var _$caseMembers: [AnyKeyPath] {
              let members: [Swift.PartialKeyPath<Self.AllCasePaths>] = [\.editor]
              return members
            }
            static func _$extract(_ index: Int, from action: UnsafeRawPointer, into result: UnsafeMutableRawPointer) -> Bool {
              switch action.assumingMemoryBound(to: Self.self).pointee {
              case let .editor(v0) where index == 0:
                ComposableArchitecture._$store(v0, into: result)
              default:
                return false
              }
              return true
            }
            static func _$embed(_ index: Int, _ payload: UnsafeRawPointer, into result: UnsafeMutableRawPointer) -> Bool {
              let action: Self
              switch index {
              case 0:
                action = ComposableArchitecture._$make(Self.editor(_:), from: payload)
              default:
                return false
              }
              result.assumingMemoryBound(to: Self.self).initialize(to: action)
              return true
            }
          }

          static var body: ComposableArchitecture.Reduce<Self.State, Self.Action> {
            ComposableArchitecture.Reduce(
              ComposableArchitecture.CombineReducers {
                ComposableArchitecture.Scope(state: \Self.State.Cases.editor, action: \Self.Action.Cases.editor) {
                  Editor()
                }
              }
            )
          }

          @CasePathable
          @dynamicMemberLookup
          enum CaseScope: CasePaths.CasePathable, CasePaths.CasePathIterable {
            case editor(ComposableArchitecture.StoreOf<Editor>)
          }

          @preconcurrency @MainActor
          static func scope(_ store: ComposableArchitecture.Store<Self.State, Self.Action>) -> CaseScope {
            switch store.state {
            case .editor:
              return .editor(store.scope(state: \.editor, action: \.editor)!)
            }
          }
        }
      }

      extension Inbox.Destination: ComposableArchitecture.CaseReducer, ComposableArchitecture.Reducer {
      }
      """#
    }
  }

  @Test func alertAndDialogCasesAreEphemeral() {
    assertMacro {
      """
      @Reducer
      enum Destination {
        case edit(EditItem)
        case alert(AlertState<Alert>)
        case dialog(ComposableArchitecture.ConfirmationDialogState<Dialog>)
      }
      """
    } expansion: {
      #"""
      enum Destination {
        case edit(EditItem)
        case alert(AlertState<Alert>)
        case dialog(ComposableArchitecture.ConfirmationDialogState<Dialog>)

        @CasePathable
        @dynamicMemberLookup
        enum State: ComposableArchitecture.CaseReducerState, ComposableArchitecture.ObservableState, Observation.Observable, CasePaths.CasePathable, CasePaths.CasePathIterable {
          typealias StateReducer = Destination
          case edit(EditItem.State)
          case alert(AlertState<Alert>)
          case dialog(ComposableArchitecture.ConfirmationDialogState<Dialog>)
          var _$isEphemeral: Bool {
            switch self {
            case .alert, .dialog:
            true
            default:
            false
            }
          }
          var _$id: ComposableArchitecture.ObservableStateID {
            switch self {
          case let .edit(v0):
          return ._$id(for: v0)._$tag(0)
          case let .alert(v0):
          return ._$id(for: v0)._$tag(1)
          case let .dialog(v0):
          return ._$id(for: v0)._$tag(2)
          }
          }
          mutating func _$willModify() {
            switch self {
          case var .edit(v0):
          ComposableArchitecture._$willModify(&v0)
          self = .edit(v0)
          case var .alert(v0):
          ComposableArchitecture._$willModify(&v0)
          self = .alert(v0)
          case var .dialog(v0):
          ComposableArchitecture._$willModify(&v0)
          self = .dialog(v0)
          }
          }
        }

        @CasePathable
        enum Action: CasePaths.CasePathable, CasePaths.CasePathIterable, ComposableArchitecture._ReducerAction {
          case edit(EditItem.Action)
          case alert(AlertState<Alert>.Action)
          case dialog(ComposableArchitecture.ConfirmationDialogState<Dialog>.Action)
          static var _$casePaths: [AnyKeyPath] {
            let casePaths: [CasePaths.PartialCaseKeyPath<Self>] = [\.edit, \.alert, \.dialog]
            return casePaths
          }
          static var _$caseMembers: [AnyKeyPath] {
            let members: [Swift.PartialKeyPath<Self.AllCasePaths>] = [\.edit, \.alert, \.dialog]
            return members
          }
          static func _$extract(_ index: Int, from action: UnsafeRawPointer, into result: UnsafeMutableRawPointer) -> Bool {
            switch action.assumingMemoryBound(to: Self.self).pointee {
            case let .edit(v0) where index == 0:
              ComposableArchitecture._$store(v0, into: result)
            case let .alert(v0) where index == 1:
              ComposableArchitecture._$store(v0, into: result)
            case let .dialog(v0) where index == 2:
              ComposableArchitecture._$store(v0, into: result)
            default:
              return false
            }
            return true
          }
          static func _$embed(_ index: Int, _ payload: UnsafeRawPointer, into result: UnsafeMutableRawPointer) -> Bool {
            let action: Self
            switch index {
            case 0:
              action = ComposableArchitecture._$make(Self.edit(_:), from: payload)
            case 1:
              action = ComposableArchitecture._$make(Self.alert(_:), from: payload)
            case 2:
              action = ComposableArchitecture._$make(Self.dialog(_:), from: payload)
            default:
              return false
            }
            result.assumingMemoryBound(to: Self.self).initialize(to: action)
            return true
          }
        }

        static var body: ComposableArchitecture.Reduce<Self.State, Self.Action> {
          ComposableArchitecture.Reduce(
            ComposableArchitecture.CombineReducers {
              ComposableArchitecture.Scope(state: \Self.State.Cases.edit, action: \Self.Action.Cases.edit) {
                EditItem()
              }
            }
          )
        }

        @CasePathable
        @dynamicMemberLookup
        enum CaseScope: CasePaths.CasePathable, CasePaths.CasePathIterable {
          case edit(ComposableArchitecture.StoreOf<EditItem>)
          case alert(AlertState<Alert>)
          case dialog(ComposableArchitecture.ConfirmationDialogState<Dialog>)
        }

        @preconcurrency @MainActor
        static func scope(_ store: ComposableArchitecture.Store<Self.State, Self.Action>) -> CaseScope {
          switch store.state {
          case .edit:
            return .edit(store.scope(state: \.edit, action: \.edit)!)
          case let .alert(v0):
            return .alert(v0)
          case let .dialog(v0):
            return .dialog(v0)
          }
        }
      }

      extension Destination: ComposableArchitecture.CaseReducer, ComposableArchitecture.Reducer {
      }
      """#
    }
  }

  @Test func onlyEphemeralCases() {
    assertMacro {
      """
      @Reducer
      enum Destination {
        case alert(AlertState<Alert>)
      }
      """
    } expansion: {
      #"""
      enum Destination {
        case alert(AlertState<Alert>)

        @CasePathable
        @dynamicMemberLookup
        enum State: ComposableArchitecture.CaseReducerState, ComposableArchitecture.ObservableState, Observation.Observable, CasePaths.CasePathable, CasePaths.CasePathIterable {
          typealias StateReducer = Destination
          case alert(AlertState<Alert>)
          var _$isEphemeral: Bool {
            true
          }
          var _$id: ComposableArchitecture.ObservableStateID {
            switch self {
          case let .alert(v0):
          return ._$id(for: v0)._$tag(0)
          }
          }
          mutating func _$willModify() {
            switch self {
          case var .alert(v0):
          ComposableArchitecture._$willModify(&v0)
          self = .alert(v0)
          }
          }
        }

        @CasePathable
        enum Action: CasePaths.CasePathable, CasePaths.CasePathIterable, ComposableArchitecture._ReducerAction {
          case alert(AlertState<Alert>.Action)
          static var _$casePaths: [AnyKeyPath] {
            let casePaths: [CasePaths.PartialCaseKeyPath<Self>] = [\.alert]
            return casePaths
          }
          static var _$caseMembers: [AnyKeyPath] {
            let members: [Swift.PartialKeyPath<Self.AllCasePaths>] = [\.alert]
            return members
          }
          static func _$extract(_ index: Int, from action: UnsafeRawPointer, into result: UnsafeMutableRawPointer) -> Bool {
            switch action.assumingMemoryBound(to: Self.self).pointee {
            case let .alert(v0) where index == 0:
              ComposableArchitecture._$store(v0, into: result)
            default:
              return false
            }
            return true
          }
          static func _$embed(_ index: Int, _ payload: UnsafeRawPointer, into result: UnsafeMutableRawPointer) -> Bool {
            let action: Self
            switch index {
            case 0:
              action = ComposableArchitecture._$make(Self.alert(_:), from: payload)
            default:
              return false
            }
            result.assumingMemoryBound(to: Self.self).initialize(to: action)
            return true
          }
        }

        static var body: ComposableArchitecture.Reduce<Self.State, Self.Action> {
          ComposableArchitecture.Reduce(
            ComposableArchitecture.EmptyReducer<Self.State, Self.Action>()
          )
        }

        @CasePathable
        @dynamicMemberLookup
        enum CaseScope: CasePaths.CasePathable, CasePaths.CasePathIterable {
          case alert(AlertState<Alert>)
        }

        @preconcurrency @MainActor
        static func scope(_ store: ComposableArchitecture.Store<Self.State, Self.Action>) -> CaseScope {
          switch store.state {
          case let .alert(v0):
            return .alert(v0)
          }
        }
      }

      extension Destination: ComposableArchitecture.CaseReducer, ComposableArchitecture.Reducer {
      }
      """#
    }
  }

  @Test func markedCases() {
    assertMacro {
      """
      @Reducer
      enum Destination {
        case edit(EditItem)
        @ReducerCaseEphemeral
        case toast(ToastState<Toast>)
        @ReducerCaseIgnored
        case preview(Item, label: String)
        case empty
      }
      """
    } expansion: {
      #"""
      enum Destination {
        case edit(EditItem)
        case toast(ToastState<Toast>)
        case preview(Item, label: String)
        case empty

        @CasePathable
        @dynamicMemberLookup
        enum State: ComposableArchitecture.CaseReducerState, ComposableArchitecture.ObservableState, Observation.Observable, CasePaths.CasePathable, CasePaths.CasePathIterable {
          typealias StateReducer = Destination
          case edit(EditItem.State)
          case toast(ToastState<Toast>)
          case preview(Item, label: String)
          case empty
          var _$isEphemeral: Bool {
            switch self {
            case .toast:
            true
            default:
            false
            }
          }
          var _$id: ComposableArchitecture.ObservableStateID {
            switch self {
          case let .edit(v0):
          return ._$id(for: v0)._$tag(0)
          case let .toast(v0):
          return ._$id(for: v0)._$tag(1)
          case .preview:
          return ._$inert._$tag(2)
          case .empty:
          return ._$inert._$tag(3)
          }
          }
          mutating func _$willModify() {
            switch self {
          case var .edit(v0):
          ComposableArchitecture._$willModify(&v0)
          self = .edit(v0)
          case var .toast(v0):
          ComposableArchitecture._$willModify(&v0)
          self = .toast(v0)
          case .preview:
          break
          case .empty:
          break
          }
          }
        }

        @CasePathable
        enum Action: CasePaths.CasePathable, CasePaths.CasePathIterable, ComposableArchitecture._ReducerAction {
          case edit(EditItem.Action)
          case toast(ToastState<Toast>.Action)
          static var _$casePaths: [AnyKeyPath] {
            let casePaths: [CasePaths.PartialCaseKeyPath<Self>] = [\.edit, \.toast]
            return casePaths
          }
          static var _$caseMembers: [AnyKeyPath] {
            let members: [Swift.PartialKeyPath<Self.AllCasePaths>] = [\.edit, \.toast]
            return members
          }
          static func _$extract(_ index: Int, from action: UnsafeRawPointer, into result: UnsafeMutableRawPointer) -> Bool {
            switch action.assumingMemoryBound(to: Self.self).pointee {
            case let .edit(v0) where index == 0:
              ComposableArchitecture._$store(v0, into: result)
            case let .toast(v0) where index == 1:
              ComposableArchitecture._$store(v0, into: result)
            default:
              return false
            }
            return true
          }
          static func _$embed(_ index: Int, _ payload: UnsafeRawPointer, into result: UnsafeMutableRawPointer) -> Bool {
            let action: Self
            switch index {
            case 0:
              action = ComposableArchitecture._$make(Self.edit(_:), from: payload)
            case 1:
              action = ComposableArchitecture._$make(Self.toast(_:), from: payload)
            default:
              return false
            }
            result.assumingMemoryBound(to: Self.self).initialize(to: action)
            return true
          }
        }

        static var body: ComposableArchitecture.Reduce<Self.State, Self.Action> {
          ComposableArchitecture.Reduce(
            ComposableArchitecture.CombineReducers {
              ComposableArchitecture.Scope(state: \Self.State.Cases.edit, action: \Self.Action.Cases.edit) {
                EditItem()
              }
            }
          )
        }

        @CasePathable
        @dynamicMemberLookup
        enum CaseScope: CasePaths.CasePathable, CasePaths.CasePathIterable {
          case edit(ComposableArchitecture.StoreOf<EditItem>)
          case toast(ToastState<Toast>)
          case preview(Item, label: String)
          case empty
        }

        @preconcurrency @MainActor
        static func scope(_ store: ComposableArchitecture.Store<Self.State, Self.Action>) -> CaseScope {
          switch store.state {
          case .edit:
            return .edit(store.scope(state: \.edit, action: \.edit)!)
          case let .toast(v0):
            return .toast(v0)
          case let .preview(v0, v1):
            return .preview(v0, label: v1)
          case .empty:
            return .empty
          }
        }
      }

      extension Destination: ComposableArchitecture.CaseReducer, ComposableArchitecture.Reducer {
      }
      """#
    }
  }

  @Test func publicEnum() {
    assertMacro {
      """
      @Reducer
      public enum Path {
        case detail(Detail)
      }
      """
    } expansion: {
      #"""
      public enum Path {
        case detail(Detail)

        @CasePathable
        @dynamicMemberLookup
        public enum State: ComposableArchitecture.CaseReducerState, ComposableArchitecture.ObservableState, Observation.Observable, CasePaths.CasePathable, CasePaths.CasePathIterable {
          public typealias StateReducer = Path
          case detail(Detail.State)
          public var _$id: ComposableArchitecture.ObservableStateID {
            switch self {
          case let .detail(v0):
          return ._$id(for: v0)._$tag(0)
          }
          }
          public mutating func _$willModify() {
            switch self {
          case var .detail(v0):
          ComposableArchitecture._$willModify(&v0)
          self = .detail(v0)
          }
          }
        }

        @CasePathable
        public enum Action: CasePaths.CasePathable, CasePaths.CasePathIterable, ComposableArchitecture._ReducerAction {
          case detail(Detail.Action)
          public static var _$casePaths: [AnyKeyPath] {
            let casePaths: [CasePaths.PartialCaseKeyPath<Self>] = [\.detail]
            return casePaths
          }
          public static var _$caseMembers: [AnyKeyPath] {
            let members: [Swift.PartialKeyPath<Self.AllCasePaths>] = [\.detail]
            return members
          }
          public static func _$extract(_ index: Int, from action: UnsafeRawPointer, into result: UnsafeMutableRawPointer) -> Bool {
            switch action.assumingMemoryBound(to: Self.self).pointee {
            case let .detail(v0) where index == 0:
              ComposableArchitecture._$store(v0, into: result)
            default:
              return false
            }
            return true
          }
          public static func _$embed(_ index: Int, _ payload: UnsafeRawPointer, into result: UnsafeMutableRawPointer) -> Bool {
            let action: Self
            switch index {
            case 0:
              action = ComposableArchitecture._$make(Self.detail(_:), from: payload)
            default:
              return false
            }
            result.assumingMemoryBound(to: Self.self).initialize(to: action)
            return true
          }
        }

        public static var body: ComposableArchitecture.Reduce<Self.State, Self.Action> {
          ComposableArchitecture.Reduce(
            ComposableArchitecture.CombineReducers {
              ComposableArchitecture.Scope(state: \Self.State.Cases.detail, action: \Self.Action.Cases.detail) {
                Detail()
              }
            }
          )
        }

        @CasePathable
        @dynamicMemberLookup
        public enum CaseScope: CasePaths.CasePathable, CasePaths.CasePathIterable {
          case detail(ComposableArchitecture.StoreOf<Detail>)
        }

        @preconcurrency @MainActor
        public static func scope(_ store: ComposableArchitecture.Store<Self.State, Self.Action>) -> CaseScope {
          switch store.state {
          case .detail:
            return .detail(store.scope(state: \.detail, action: \.detail)!)
          }
        }
      }

      extension Path: ComposableArchitecture.CaseReducer, ComposableArchitecture.Reducer {
      }
      """#
    }
  }

  @Test func onlyIgnoredCasesGiveAnEmptyBody() {
    assertMacro {
      """
      @Reducer
      enum Path {
        case loading
        @ReducerCaseIgnored
        case message(String)
      }
      """
    } expansion: {
      """
      enum Path {
        case loading
        case message(String)

        @CasePathable
        @dynamicMemberLookup
        enum State: ComposableArchitecture.CaseReducerState, ComposableArchitecture.ObservableState, Observation.Observable, CasePaths.CasePathable, CasePaths.CasePathIterable {
          typealias StateReducer = Path
          case loading
          case message(String)
          var _$id: ComposableArchitecture.ObservableStateID {
            switch self {
          case .loading:
          return ._$inert._$tag(0)
          case let .message(v0):
          return ._$id(for: v0)._$tag(1)
          }
          }
          mutating func _$willModify() {
            switch self {
          case .loading:
          break
          case var .message(v0):
          ComposableArchitecture._$willModify(&v0)
          self = .message(v0)
          }
          }
        }

        @CasePathable
        enum Action: CasePaths.CasePathable, CasePaths.CasePathIterable, ComposableArchitecture._ReducerAction {

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

        static var body: ComposableArchitecture.Reduce<Self.State, Self.Action> {
          ComposableArchitecture.Reduce(
            ComposableArchitecture.EmptyReducer<Self.State, Self.Action>()
          )
        }

        @CasePathable
        @dynamicMemberLookup
        enum CaseScope: CasePaths.CasePathable, CasePaths.CasePathIterable {
          case loading
          case message(String)
        }

        @preconcurrency @MainActor
        static func scope(_ store: ComposableArchitecture.Store<Self.State, Self.Action>) -> CaseScope {
          switch store.state {
          case .loading:
            return .loading
          case let .message(v0):
            return .message(v0)
          }
        }
      }

      extension Path: ComposableArchitecture.CaseReducer, ComposableArchitecture.Reducer {
      }
      """
    }
  }

  /// As in TCA, a case holding several values or a labeled one is plain data.
  @Test func casesWithSeveralOrLabeledValuesArePlainState() {
    assertMacro {
      """
      @Reducer
      enum Destination {
        case edit(EditItem)
        case meeting(Meeting, title: String)
        case note(text: String)
      }
      """
    } expansion: {
      #"""
      enum Destination {
        case edit(EditItem)
        case meeting(Meeting, title: String)
        case note(text: String)

        @CasePathable
        @dynamicMemberLookup
        enum State: ComposableArchitecture.CaseReducerState, ComposableArchitecture.ObservableState, Observation.Observable, CasePaths.CasePathable, CasePaths.CasePathIterable {
          typealias StateReducer = Destination
          case edit(EditItem.State)
          case meeting(Meeting, title: String)
          case note(text: String)
          var _$id: ComposableArchitecture.ObservableStateID {
            switch self {
          case let .edit(v0):
          return ._$id(for: v0)._$tag(0)
          case .meeting:
          return ._$inert._$tag(1)
          case let .note(v0):
          return ._$id(for: v0)._$tag(2)
          }
          }
          mutating func _$willModify() {
            switch self {
          case var .edit(v0):
          ComposableArchitecture._$willModify(&v0)
          self = .edit(v0)
          case .meeting:
          break
          case var .note(v0):
          ComposableArchitecture._$willModify(&v0)
          self = .note(text: v0)
          }
          }
        }

        @CasePathable
        enum Action: CasePaths.CasePathable, CasePaths.CasePathIterable, ComposableArchitecture._ReducerAction {
          case edit(EditItem.Action)
          static var _$casePaths: [AnyKeyPath] {
            let casePaths: [CasePaths.PartialCaseKeyPath<Self>] = [\.edit]
            return casePaths
          }
          static var _$caseMembers: [AnyKeyPath] {
            let members: [Swift.PartialKeyPath<Self.AllCasePaths>] = [\.edit]
            return members
          }
          static func _$extract(_ index: Int, from action: UnsafeRawPointer, into result: UnsafeMutableRawPointer) -> Bool {
            switch action.assumingMemoryBound(to: Self.self).pointee {
            case let .edit(v0) where index == 0:
              ComposableArchitecture._$store(v0, into: result)
            default:
              return false
            }
            return true
          }
          static func _$embed(_ index: Int, _ payload: UnsafeRawPointer, into result: UnsafeMutableRawPointer) -> Bool {
            let action: Self
            switch index {
            case 0:
              action = ComposableArchitecture._$make(Self.edit(_:), from: payload)
            default:
              return false
            }
            result.assumingMemoryBound(to: Self.self).initialize(to: action)
            return true
          }
        }

        static var body: ComposableArchitecture.Reduce<Self.State, Self.Action> {
          ComposableArchitecture.Reduce(
            ComposableArchitecture.CombineReducers {
              ComposableArchitecture.Scope(state: \Self.State.Cases.edit, action: \Self.Action.Cases.edit) {
                EditItem()
              }
            }
          )
        }

        @CasePathable
        @dynamicMemberLookup
        enum CaseScope: CasePaths.CasePathable, CasePaths.CasePathIterable {
          case edit(ComposableArchitecture.StoreOf<EditItem>)
          case meeting(Meeting, title: String)
          case note(text: String)
        }

        @preconcurrency @MainActor
        static func scope(_ store: ComposableArchitecture.Store<Self.State, Self.Action>) -> CaseScope {
          switch store.state {
          case .edit:
            return .edit(store.scope(state: \.edit, action: \.edit)!)
          case let .meeting(v0, v1):
            return .meeting(v0, title: v1)
          case let .note(v0):
            return .note(text: v0)
          }
        }
      }

      extension Destination: ComposableArchitecture.CaseReducer, ComposableArchitecture.Reducer {
      }
      """#
    }
  }

  /// A case's default value is the reducer its `body` runs.
  @Test func aCasesDefaultValueIsItsReducer() {
    assertMacro {
      """
      @Reducer
      enum Destination {
        case quoted(Note = Note(prefix: "> "))
        case inner(Inner.Body = Inner.body)
      }
      """
    } expansion: {
      #"""
      enum Destination {
        case quoted(Note = Note(prefix: "> "))
        case inner(Inner.Body = Inner.body)

        @CasePathable
        @dynamicMemberLookup
        enum State: ComposableArchitecture.CaseReducerState, ComposableArchitecture.ObservableState, Observation.Observable, CasePaths.CasePathable, CasePaths.CasePathIterable {
          typealias StateReducer = Destination
          case quoted(Note.State)
          case inner(Inner.Body.State)
          var _$id: ComposableArchitecture.ObservableStateID {
            switch self {
          case let .quoted(v0):
          return ._$id(for: v0)._$tag(0)
          case let .inner(v0):
          return ._$id(for: v0)._$tag(1)
          }
          }
          mutating func _$willModify() {
            switch self {
          case var .quoted(v0):
          ComposableArchitecture._$willModify(&v0)
          self = .quoted(v0)
          case var .inner(v0):
          ComposableArchitecture._$willModify(&v0)
          self = .inner(v0)
          }
          }
        }

        @CasePathable
        enum Action: CasePaths.CasePathable, CasePaths.CasePathIterable, ComposableArchitecture._ReducerAction {
          case quoted(Note.Action)
          case inner(Inner.Body.Action)
          static var _$casePaths: [AnyKeyPath] {
            let casePaths: [CasePaths.PartialCaseKeyPath<Self>] = [\.quoted, \.inner]
            return casePaths
          }
          static var _$caseMembers: [AnyKeyPath] {
            let members: [Swift.PartialKeyPath<Self.AllCasePaths>] = [\.quoted, \.inner]
            return members
          }
          static func _$extract(_ index: Int, from action: UnsafeRawPointer, into result: UnsafeMutableRawPointer) -> Bool {
            switch action.assumingMemoryBound(to: Self.self).pointee {
            case let .quoted(v0) where index == 0:
              ComposableArchitecture._$store(v0, into: result)
            case let .inner(v0) where index == 1:
              ComposableArchitecture._$store(v0, into: result)
            default:
              return false
            }
            return true
          }
          static func _$embed(_ index: Int, _ payload: UnsafeRawPointer, into result: UnsafeMutableRawPointer) -> Bool {
            let action: Self
            switch index {
            case 0:
              action = ComposableArchitecture._$make(Self.quoted(_:), from: payload)
            case 1:
              action = ComposableArchitecture._$make(Self.inner(_:), from: payload)
            default:
              return false
            }
            result.assumingMemoryBound(to: Self.self).initialize(to: action)
            return true
          }
        }

        static var body: ComposableArchitecture.Reduce<Self.State, Self.Action> {
          ComposableArchitecture.Reduce(
            ComposableArchitecture.CombineReducers {
              ComposableArchitecture.Scope(state: \Self.State.Cases.quoted, action: \Self.Action.Cases.quoted) {
                Note(prefix: "> ")
              }
              ComposableArchitecture.Scope(state: \Self.State.Cases.inner, action: \Self.Action.Cases.inner) {
                Inner.body
              }
            }
          )
        }

        @CasePathable
        @dynamicMemberLookup
        enum CaseScope: CasePaths.CasePathable, CasePaths.CasePathIterable {
          case quoted(ComposableArchitecture.StoreOf<Note>)
          case inner(ComposableArchitecture.StoreOf<Inner.Body>)
        }

        @preconcurrency @MainActor
        static func scope(_ store: ComposableArchitecture.Store<Self.State, Self.Action>) -> CaseScope {
          switch store.state {
          case .quoted:
            return .quoted(store.scope(state: \.quoted, action: \.quoted)!)
          case .inner:
            return .inner(store.scope(state: \.inner, action: \.inner)!)
          }
        }
      }

      extension Destination: ComposableArchitecture.CaseReducer, ComposableArchitecture.Reducer {
      }
      """#
    }
  }

  /// An `Action` the enum declares itself is kept, and none is generated.
  @Test func anActionTheEnumDeclaresIsKept() {
    assertMacro {
      """
      @Reducer
      enum Destination {
        case edit(EditItem)

        @CasePathable
        enum Action {
          case edit(EditItem.Action)
        }
      }
      """
    } expansion: {
      #"""
      enum Destination {
        case edit(EditItem)

        @CasePathable
        enum Action {
          case edit(EditItem.Action)
        }

        @CasePathable
        @dynamicMemberLookup
        enum State: ComposableArchitecture.CaseReducerState, ComposableArchitecture.ObservableState, Observation.Observable, CasePaths.CasePathable, CasePaths.CasePathIterable {
          typealias StateReducer = Destination
          case edit(EditItem.State)
          var _$id: ComposableArchitecture.ObservableStateID {
            switch self {
          case let .edit(v0):
          return ._$id(for: v0)._$tag(0)
          }
          }
          mutating func _$willModify() {
            switch self {
          case var .edit(v0):
          ComposableArchitecture._$willModify(&v0)
          self = .edit(v0)
          }
          }
        }

        static var body: ComposableArchitecture.Reduce<Self.State, Self.Action> {
          ComposableArchitecture.Reduce(
            ComposableArchitecture.CombineReducers {
              ComposableArchitecture.Scope(state: \Self.State.Cases.edit, action: \Self.Action.Cases.edit) {
                EditItem()
              }
            }
          )
        }

        @CasePathable
        @dynamicMemberLookup
        enum CaseScope: CasePaths.CasePathable, CasePaths.CasePathIterable {
          case edit(ComposableArchitecture.StoreOf<EditItem>)
        }

        @preconcurrency @MainActor
        static func scope(_ store: ComposableArchitecture.Store<Self.State, Self.Action>) -> CaseScope {
          switch store.state {
          case .edit:
            return .edit(store.scope(state: \.edit, action: \.edit)!)
          }
        }
      }

      extension Destination: ComposableArchitecture.CaseReducer, ComposableArchitecture.Reducer {
      }
      """#
    }
  }

  @Test func casesInsideIfConfigKeepTheirConditions() {
    assertMacro {
      """
      @Reducer
      enum Destination {
        case edit(EditItem)
        #if DEBUG
        case debugMenu(DebugMenu)
        case debugAlert(AlertState<DebugAlert>)
        #elseif os(Linux)
        @ReducerCaseIgnored
        case linuxNote(String)
        #else
        case other
        #endif
      }
      """
    } expansion: {
      #"""
      enum Destination {
        case edit(EditItem)
        #if DEBUG
        case debugMenu(DebugMenu)
        case debugAlert(AlertState<DebugAlert>)
        #elseif os(Linux)
        case linuxNote(String)
        #else
        case other
        #endif

        @CasePathable
        @dynamicMemberLookup
        enum State: ComposableArchitecture.CaseReducerState, ComposableArchitecture.ObservableState, Observation.Observable, CasePaths.CasePathable, CasePaths.CasePathIterable {
          typealias StateReducer = Destination
          case edit(EditItem.State)
          #if DEBUG
          case debugMenu(DebugMenu.State)
          case debugAlert(AlertState<DebugAlert>)
          #elseif os(Linux)
          case linuxNote(String)
          #else
          case other
          #endif
          var _$isEphemeral: Bool {
            switch self {
            #if DEBUG
          case .debugAlert:
            true
          #elseif os(Linux)
          #else
          #endif
            default:
            false
            }
          }
          var _$id: ComposableArchitecture.ObservableStateID {
            switch self {
          case let .edit(v0):
          return ._$id(for: v0)._$tag(0)
          #if DEBUG
          case let .debugMenu(v0):
          return ._$id(for: v0)._$tag(1)
          case let .debugAlert(v0):
          return ._$id(for: v0)._$tag(2)
          #elseif os(Linux)
          case let .linuxNote(v0):
          return ._$id(for: v0)._$tag(3)
          #else
          case .other:
          return ._$inert._$tag(4)
          #endif
          }
          }
          mutating func _$willModify() {
            switch self {
          case var .edit(v0):
          ComposableArchitecture._$willModify(&v0)
          self = .edit(v0)
          #if DEBUG
          case var .debugMenu(v0):
          ComposableArchitecture._$willModify(&v0)
          self = .debugMenu(v0)
          case var .debugAlert(v0):
          ComposableArchitecture._$willModify(&v0)
          self = .debugAlert(v0)
          #elseif os(Linux)
          case var .linuxNote(v0):
          ComposableArchitecture._$willModify(&v0)
          self = .linuxNote(v0)
          #else
          case .other:
          break
          #endif
          }
          }
        }

        @CasePathable
        enum Action: CasePaths.CasePathable, CasePaths.CasePathIterable {
          case edit(EditItem.Action)
          #if DEBUG
          case debugMenu(DebugMenu.Action)
          case debugAlert(AlertState<DebugAlert>.Action)
          #elseif os(Linux)
          #else
          #endif

        }

        static var body: ComposableArchitecture.Reduce<Self.State, Self.Action> {
          ComposableArchitecture.Reduce(
            ComposableArchitecture.CombineReducers {
              ComposableArchitecture.Scope(state: \Self.State.Cases.edit, action: \Self.Action.Cases.edit) {
                EditItem()
              }
              #if DEBUG
              ComposableArchitecture.Scope(state: \Self.State.Cases.debugMenu, action: \Self.Action.Cases.debugMenu) {
                DebugMenu()
              }
              #elseif os(Linux)
              #else
              #endif
            }
          )
        }

        @CasePathable
        @dynamicMemberLookup
        enum CaseScope: CasePaths.CasePathable, CasePaths.CasePathIterable {
          case edit(ComposableArchitecture.StoreOf<EditItem>)
          #if DEBUG
          case debugMenu(ComposableArchitecture.StoreOf<DebugMenu>)
          case debugAlert(AlertState<DebugAlert>)
          #elseif os(Linux)
          case linuxNote(String)
          #else
          case other
          #endif
        }

        @preconcurrency @MainActor
        static func scope(_ store: ComposableArchitecture.Store<Self.State, Self.Action>) -> CaseScope {
          switch store.state {
          case .edit:
            return .edit(store.scope(state: \.edit, action: \.edit)!)
          #if DEBUG
          case .debugMenu:
            return .debugMenu(store.scope(state: \.debugMenu, action: \.debugMenu)!)
          case let .debugAlert(v0):
            return .debugAlert(v0)
          #elseif os(Linux)
          case let .linuxNote(v0):
            return .linuxNote(v0)
          #else
          case .other:
            return .other
          #endif
          }
        }
      }

      extension Destination: ComposableArchitecture.CaseReducer, ComposableArchitecture.Reducer {
      }
      """#
    }
  }

  @Test func ifConfigWithoutFeaturesLeavesBodyEmpty() {
    assertMacro {
      """
      @Reducer
      enum Destination {
        case alert(AlertState<Alert>)
        #if DEBUG
        case note
        #endif
      }
      """
    } expansion: {
      #"""
      enum Destination {
        case alert(AlertState<Alert>)
        #if DEBUG
        case note
        #endif

        @CasePathable
        @dynamicMemberLookup
        enum State: ComposableArchitecture.CaseReducerState, ComposableArchitecture.ObservableState, Observation.Observable, CasePaths.CasePathable, CasePaths.CasePathIterable {
          typealias StateReducer = Destination
          case alert(AlertState<Alert>)
          #if DEBUG
          case note
          #endif
          var _$isEphemeral: Bool {
            switch self {
            case .alert:
            true
            default:
            false
            }
          }
          var _$id: ComposableArchitecture.ObservableStateID {
            switch self {
          case let .alert(v0):
          return ._$id(for: v0)._$tag(0)
          #if DEBUG
          case .note:
          return ._$inert._$tag(1)
          #endif
          }
          }
          mutating func _$willModify() {
            switch self {
          case var .alert(v0):
          ComposableArchitecture._$willModify(&v0)
          self = .alert(v0)
          #if DEBUG
          case .note:
          break
          #endif
          }
          }
        }

        @CasePathable
        enum Action: CasePaths.CasePathable, CasePaths.CasePathIterable, ComposableArchitecture._ReducerAction {
          case alert(AlertState<Alert>.Action)
          static var _$casePaths: [AnyKeyPath] {
            let casePaths: [CasePaths.PartialCaseKeyPath<Self>] = [\.alert]
            return casePaths
          }
          static var _$caseMembers: [AnyKeyPath] {
            let members: [Swift.PartialKeyPath<Self.AllCasePaths>] = [\.alert]
            return members
          }
          static func _$extract(_ index: Int, from action: UnsafeRawPointer, into result: UnsafeMutableRawPointer) -> Bool {
            switch action.assumingMemoryBound(to: Self.self).pointee {
            case let .alert(v0) where index == 0:
              ComposableArchitecture._$store(v0, into: result)
            default:
              return false
            }
            return true
          }
          static func _$embed(_ index: Int, _ payload: UnsafeRawPointer, into result: UnsafeMutableRawPointer) -> Bool {
            let action: Self
            switch index {
            case 0:
              action = ComposableArchitecture._$make(Self.alert(_:), from: payload)
            default:
              return false
            }
            result.assumingMemoryBound(to: Self.self).initialize(to: action)
            return true
          }
        }

        static var body: ComposableArchitecture.Reduce<Self.State, Self.Action> {
          ComposableArchitecture.Reduce(
            ComposableArchitecture.EmptyReducer<Self.State, Self.Action>()
          )
        }

        @CasePathable
        @dynamicMemberLookup
        enum CaseScope: CasePaths.CasePathable, CasePaths.CasePathIterable {
          case alert(AlertState<Alert>)
          #if DEBUG
          case note
          #endif
        }

        @preconcurrency @MainActor
        static func scope(_ store: ComposableArchitecture.Store<Self.State, Self.Action>) -> CaseScope {
          switch store.state {
          case let .alert(v0):
            return .alert(v0)
          #if DEBUG
          case .note:
            return .note
          #endif
          }
        }
      }

      extension Destination: ComposableArchitecture.CaseReducer, ComposableArchitecture.Reducer {
      }
      """#
    }
  }

  @Test func synthesizedConformancesOfStateAndAction() {
    assertMacro {
      """
      @Reducer(state: .equatable, .hashable, action: .sendable)
      enum Destination {
        case edit(EditItem)
      }
      """
    } expansion: {
      #"""
      enum Destination {
        case edit(EditItem)

        @CasePathable
        @dynamicMemberLookup
        enum State: ComposableArchitecture.CaseReducerState, ComposableArchitecture.ObservableState, Observation.Observable, CasePaths.CasePathable, CasePaths.CasePathIterable, Equatable, Hashable {
          typealias StateReducer = Destination
          case edit(EditItem.State)
          var _$id: ComposableArchitecture.ObservableStateID {
            switch self {
          case let .edit(v0):
          return ._$id(for: v0)._$tag(0)
          }
          }
          mutating func _$willModify() {
            switch self {
          case var .edit(v0):
          ComposableArchitecture._$willModify(&v0)
          self = .edit(v0)
          }
          }
        }

        @CasePathable
        enum Action: CasePaths.CasePathable, CasePaths.CasePathIterable, ComposableArchitecture._ReducerAction, Sendable {
          case edit(EditItem.Action)
          static var _$casePaths: [AnyKeyPath] {
            let casePaths: [CasePaths.PartialCaseKeyPath<Self>] = [\.edit]
            return casePaths
          }
          static var _$caseMembers: [AnyKeyPath] {
            let members: [Swift.PartialKeyPath<Self.AllCasePaths>] = [\.edit]
            return members
          }
          static func _$extract(_ index: Int, from action: UnsafeRawPointer, into result: UnsafeMutableRawPointer) -> Bool {
            switch action.assumingMemoryBound(to: Self.self).pointee {
            case let .edit(v0) where index == 0:
              ComposableArchitecture._$store(v0, into: result)
            default:
              return false
            }
            return true
          }
          static func _$embed(_ index: Int, _ payload: UnsafeRawPointer, into result: UnsafeMutableRawPointer) -> Bool {
            let action: Self
            switch index {
            case 0:
              action = ComposableArchitecture._$make(Self.edit(_:), from: payload)
            default:
              return false
            }
            result.assumingMemoryBound(to: Self.self).initialize(to: action)
            return true
          }
        }

        static var body: ComposableArchitecture.Reduce<Self.State, Self.Action> {
          ComposableArchitecture.Reduce(
            ComposableArchitecture.CombineReducers {
              ComposableArchitecture.Scope(state: \Self.State.Cases.edit, action: \Self.Action.Cases.edit) {
                EditItem()
              }
            }
          )
        }

        @CasePathable
        @dynamicMemberLookup
        enum CaseScope: CasePaths.CasePathable, CasePaths.CasePathIterable {
          case edit(ComposableArchitecture.StoreOf<EditItem>)
        }

        @preconcurrency @MainActor
        static func scope(_ store: ComposableArchitecture.Store<Self.State, Self.Action>) -> CaseScope {
          switch store.state {
          case .edit:
            return .edit(store.scope(state: \.edit, action: \.edit)!)
          }
        }
      }

      extension Destination: ComposableArchitecture.CaseReducer, ComposableArchitecture.Reducer {
      }
      """#
    }
  }

  @Test func aBodyTheEnumDeclaresReplacesTheGeneratedOne() {
    assertMacro {
      """
      @Reducer
      enum Session {
        case lobby(Lobby)
        static var body: some ReducerOf<Self> {
          EmptyReducer()
          EmptyReducer()
        }
      }
      """
    } expansion: {
      #"""
      enum Session {
        case lobby(Lobby)
        @ComposableArchitecture.ReducerBuilder<Self.State, Self.Action>
        static var body: some ReducerOf<Self> {
          EmptyReducer()
          EmptyReducer()
        }

        @CasePathable
        @dynamicMemberLookup
        enum State: ComposableArchitecture.CaseReducerState, ComposableArchitecture.ObservableState, Observation.Observable, CasePaths.CasePathable, CasePaths.CasePathIterable {
          typealias StateReducer = Session
          case lobby(Lobby.State)
          var _$id: ComposableArchitecture.ObservableStateID {
            switch self {
          case let .lobby(v0):
          return ._$id(for: v0)._$tag(0)
          }
          }
          mutating func _$willModify() {
            switch self {
          case var .lobby(v0):
          ComposableArchitecture._$willModify(&v0)
          self = .lobby(v0)
          }
          }
        }

        @CasePathable
        enum Action: CasePaths.CasePathable, CasePaths.CasePathIterable, ComposableArchitecture._ReducerAction {
          case lobby(Lobby.Action)
          static var _$casePaths: [AnyKeyPath] {
            let casePaths: [CasePaths.PartialCaseKeyPath<Self>] = [\.lobby]
            return casePaths
          }
          static var _$caseMembers: [AnyKeyPath] {
            let members: [Swift.PartialKeyPath<Self.AllCasePaths>] = [\.lobby]
            return members
          }
          static func _$extract(_ index: Int, from action: UnsafeRawPointer, into result: UnsafeMutableRawPointer) -> Bool {
            switch action.assumingMemoryBound(to: Self.self).pointee {
            case let .lobby(v0) where index == 0:
              ComposableArchitecture._$store(v0, into: result)
            default:
              return false
            }
            return true
          }
          static func _$embed(_ index: Int, _ payload: UnsafeRawPointer, into result: UnsafeMutableRawPointer) -> Bool {
            let action: Self
            switch index {
            case 0:
              action = ComposableArchitecture._$make(Self.lobby(_:), from: payload)
            default:
              return false
            }
            result.assumingMemoryBound(to: Self.self).initialize(to: action)
            return true
          }
        }

        @CasePathable
        @dynamicMemberLookup
        enum CaseScope: CasePaths.CasePathable, CasePaths.CasePathIterable {
          case lobby(ComposableArchitecture.StoreOf<Lobby>)
        }

        @preconcurrency @MainActor
        static func scope(_ store: ComposableArchitecture.Store<Self.State, Self.Action>) -> CaseScope {
          switch store.state {
          case .lobby:
            return .lobby(store.scope(state: \.lobby, action: \.lobby)!)
          }
        }
      }

      extension Session: ComposableArchitecture.CaseReducer, ComposableArchitecture.Reducer {
      }
      """#
    }
  }
}
