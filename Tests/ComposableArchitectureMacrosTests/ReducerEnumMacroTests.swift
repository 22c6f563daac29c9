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
        @ObservableState
        enum State: ComposableArchitecture.CaseReducerState {
          typealias StateReducer = Path
          case detail(Detail.State)
          case settings(Settings.State)
        }

        @CasePathable
        @ComposableArchitecture._ReducerActionCases
        enum Action {
          case detail(Detail.Action)
          case settings(Settings.Action)
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
        enum CaseScope {
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

  @Test func anEnumInAPrivateTypeSpellsItsActionFileprivate() {
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
          @ObservableState
          enum State: ComposableArchitecture.CaseReducerState {
            typealias StateReducer = Destination
            case editor(Editor.State)
          }

          @CasePathable
          @ComposableArchitecture._ReducerActionCases
          fileprivate enum Action {
            case editor(Editor.Action)
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
          enum CaseScope {
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
        @ObservableState
        enum State: ComposableArchitecture.CaseReducerState {
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
        }

        @CasePathable
        @ComposableArchitecture._ReducerActionCases
        enum Action {
          case edit(EditItem.Action)
          case alert(AlertState<Alert>.Action)
          case dialog(ComposableArchitecture.ConfirmationDialogState<Dialog>.Action)
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
        enum CaseScope {
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
      """
      enum Destination {
        case alert(AlertState<Alert>)

        @CasePathable
        @dynamicMemberLookup
        @ObservableState
        enum State: ComposableArchitecture.CaseReducerState {
          typealias StateReducer = Destination
          case alert(AlertState<Alert>)
          var _$isEphemeral: Bool {
            true
          }
        }

        @CasePathable
        @ComposableArchitecture._ReducerActionCases
        enum Action {
          case alert(AlertState<Alert>.Action)
        }

        static var body: ComposableArchitecture.Reduce<Self.State, Self.Action> {
          ComposableArchitecture.Reduce(
            ComposableArchitecture.EmptyReducer<Self.State, Self.Action>()
          )
        }

        @CasePathable
        @dynamicMemberLookup
        enum CaseScope {
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
      """
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
        @ObservableState
        enum State: ComposableArchitecture.CaseReducerState {
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
        }

        @CasePathable
        @ComposableArchitecture._ReducerActionCases
        enum Action {
          case edit(EditItem.Action)
          case toast(ToastState<Toast>.Action)
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
        enum CaseScope {
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
        @ObservableState
        public enum State: ComposableArchitecture.CaseReducerState {
          public typealias StateReducer = Path
          case detail(Detail.State)
        }

        @CasePathable
        @ComposableArchitecture._ReducerActionCases
        public enum Action {
          case detail(Detail.Action)
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
        public enum CaseScope {
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
        @ObservableState
        enum State: ComposableArchitecture.CaseReducerState {
          typealias StateReducer = Path
          case loading
          case message(String)
        }

        @CasePathable
        @ComposableArchitecture._ReducerActionCases
        enum Action {

        }

        static var body: ComposableArchitecture.Reduce<Self.State, Self.Action> {
          ComposableArchitecture.Reduce(
            ComposableArchitecture.EmptyReducer<Self.State, Self.Action>()
          )
        }

        @CasePathable
        @dynamicMemberLookup
        enum CaseScope {
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

  @Test func caseWithSeveralValuesIsRejected() {
    assertMacro {
      """
      @Reducer
      enum Destination {
        case edit(EditItem, Int)
      }
      """
    } diagnostics: {
      """
      @Reducer
      enum Destination {
        case edit(EditItem, Int)
             ┬──────────────────
             ╰─ 🛑 '@Reducer' enum cases must hold one unlabeled value: a reducer ('case detail(Detail)'), or alert-like state ('case alert(AlertState<Alert>)'); mark other cases '@ReducerCaseIgnored'
      }
      """
    }
  }

  @Test func caseWithALabeledValueIsRejected() {
    assertMacro {
      """
      @Reducer
      enum Destination {
        case edit(feature: EditItem)
      }
      """
    } diagnostics: {
      """
      @Reducer
      enum Destination {
        case edit(feature: EditItem)
             ┬──────────────────────
             ╰─ 🛑 '@Reducer' enum cases must hold one unlabeled value: a reducer ('case detail(Detail)'), or alert-like state ('case alert(AlertState<Alert>)'); mark other cases '@ReducerCaseIgnored'
      }
      """
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
        @ObservableState
        enum State: ComposableArchitecture.CaseReducerState {
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
        }

        @CasePathable
        @ComposableArchitecture._ReducerActionCases
        enum Action {
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
        enum CaseScope {
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
      """
      enum Destination {
        case alert(AlertState<Alert>)
        #if DEBUG
        case note
        #endif

        @CasePathable
        @dynamicMemberLookup
        @ObservableState
        enum State: ComposableArchitecture.CaseReducerState {
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
        }

        @CasePathable
        @ComposableArchitecture._ReducerActionCases
        enum Action {
          case alert(AlertState<Alert>.Action)
        }

        static var body: ComposableArchitecture.Reduce<Self.State, Self.Action> {
          ComposableArchitecture.Reduce(
            ComposableArchitecture.EmptyReducer<Self.State, Self.Action>()
          )
        }

        @CasePathable
        @dynamicMemberLookup
        enum CaseScope {
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
      """
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
        @ObservableState
        enum State: ComposableArchitecture.CaseReducerState, Equatable, Hashable {
          typealias StateReducer = Destination
          case edit(EditItem.State)
        }

        @CasePathable
        @ComposableArchitecture._ReducerActionCases
        enum Action: Sendable {
          case edit(EditItem.Action)
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
        enum CaseScope {
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
}
