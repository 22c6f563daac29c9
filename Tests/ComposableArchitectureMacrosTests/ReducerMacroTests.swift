import ComposableArchitectureMacros
import MacroTesting
import SnapshotTesting
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacroExpansion
import Testing

/// Expansion tests for `@Reducer`.
@Suite(
  .macros(
    [
      "Reducer": MacroSpec(
        type: ReducerMacro.self, conformances: ["Reducer", "_BodyCachingReducer"])
    ],
    indentationWidth: .spaces(2),
    record: .never
  )
)
struct ReducerMacroTests {
  @Test func counterWithStateActionAndBody() {
    assertMacro {
      """
      @Reducer
      struct Counter {
        @ObservableState
        struct State: Equatable {
          var count = 0
        }
        enum Action {
          case decrementButtonTapped
          case incrementButtonTapped
        }
        var body: some ReducerOf<Self> {
          Reduce { state, action in
            switch action {
            case .decrementButtonTapped:
              state.count -= 1
              return .none
            case .incrementButtonTapped:
              state.count += 1
              return .none
            }
          }
        }
      }
      """
    } expansion: {
      """
      struct Counter {
        @ObservableState
        struct State: Equatable {
          var count = 0
        }
        @CasePathable @ComposableArchitecture._ReducerActionCases
        enum Action {
          case decrementButtonTapped
          case incrementButtonTapped
        }
        @ComposableArchitecture.ReducerBuilder<Self.State, Self.Action>
        var body: some ReducerOf<Self> {
          Reduce { state, action in
            switch action {
            case .decrementButtonTapped:
              state.count -= 1
              return .none
            case .incrementButtonTapped:
              state.count += 1
              return .none
            }
          }
        }
      }

      extension Counter: ComposableArchitecture.Reducer, ComposableArchitecture._BodyCachingReducer {
      }
      """
    }
  }

  @Test func emptyStructGetsStateActionAndBody() {
    assertMacro {
      """
      @Reducer
      struct Feature {
      }
      """
    } expansion: {
      """
      struct Feature {

        @ObservableState
        struct State: Codable, Equatable, Hashable, Sendable {
          init() {
          }
        }

        @CasePathable
        enum Action: CasePaths.CasePathable, CasePaths.CasePathIterable, Equatable, Hashable, Sendable {
        }

        var body: ComposableArchitecture.EmptyReducer<State, Action> {
          ComposableArchitecture.EmptyReducer()
        }
      }

      extension Feature: ComposableArchitecture.Reducer {
      }
      """
    }
  }

  // As in TCA, `reduce(into:action:)` still works in a `@Reducer`, with a deprecation warning
  // whose fix-it makes it a `body` holding a `Reduce` of the same lines.
  @Test func reduceMethodIsDeprecatedInFavourOfBody() {
    assertMacro {
      """
      @Reducer
      struct Feature {
        struct State {}
        enum Action {
          case tapped
        }
        func reduce(into state: inout State, action: Action) -> Effect<Action> {
          .none
        }
      }
      """
    } diagnostics: {
      """
      @Reducer
      struct Feature {
        struct State {}
        enum Action {
          case tapped
        }
        func reduce(into state: inout State, action: Action) -> Effect<Action> {
             ┬─────
             ╰─ ⚠️ 'reduce(into:action:)' is deprecated: Reducers should be defined using the 'body' property and a 'Reduce'.
                ✏️ Use 'body' instead
          .none
        }
      }
      """
    } fixes: {
      """
      @Reducer
      struct Feature {
        struct State {}
        enum Action {
          case tapped
        }
        var body: some Reducer<State, Action> {
          Reduce { state, action in
            .none
          }
        }
      }
      """
    } expansion: {
      """
      struct Feature {
        struct State {}
        @CasePathable @ComposableArchitecture._ReducerActionCases
        enum Action {
          case tapped
        }
        @ComposableArchitecture.ReducerBuilder<State, Action>
        var body: some Reducer<State, Action> {
          Reduce { state, action in
            .none
          }
        }
      }

      extension Feature: ComposableArchitecture.Reducer, ComposableArchitecture._BodyCachingReducer {
      }
      """
    }
  }

  // A method the code marks deprecated itself is not warned about again.
  @Test func reduceMethodMarkedDeprecatedIsNotWarnedAbout() {
    assertMacro {
      """
      @Reducer
      struct Feature {
        struct State {}
        enum Action {}
        @available(*, deprecated, message: "Kept for old callers")
        func reduce(into state: inout State, action: Action) -> Effect<Action> {
          .none
        }
      }
      """
    } expansion: {
      """
      struct Feature {
        struct State {}
        @CasePathable @ComposableArchitecture._ReducerActionCases
        enum Action {}
        @available(*, deprecated, message: "Kept for old callers")
        func reduce(into state: inout State, action: Action) -> Effect<Action> {
          .none
        }
      }

      extension Feature: ComposableArchitecture.Reducer {
      }
      """
    }
  }

  // A `reduce(into:action:)` the warning does not reach (inside `#if`) still stands for the
  // body: none is generated.
  @Test func reduceMethodSuppressesBody() {
    assertMacro {
      """
      @Reducer
      struct Feature {
        struct State {}
        enum Action {
          case tapped
        }
        #if DEBUG
        func reduce(into state: inout State, action: Action) -> Effect<Action> {
          .none
        }
        #endif
      }
      """
    } expansion: {
      """
      struct Feature {
        struct State {}
        @CasePathable @ComposableArchitecture._ReducerActionCases
        enum Action {
          case tapped
        }
        #if DEBUG
        func reduce(into state: inout State, action: Action) -> Effect<Action> {
          .none
        }
        #endif
      }

      extension Feature: ComposableArchitecture.Reducer {
      }
      """
    }
  }

  @Test func publicStructGetsPublicMembers() {
    assertMacro {
      """
      @Reducer
      public struct Feature {
      }
      """
    } expansion: {
      """
      public struct Feature {

        @ObservableState
        public struct State: Codable, Equatable, Hashable, Sendable {
          public init() {
          }
        }

        @CasePathable
        public enum Action: CasePaths.CasePathable, CasePaths.CasePathIterable, Equatable, Hashable, Sendable {
        }

        public var body: ComposableArchitecture.EmptyReducer<State, Action> {
          ComposableArchitecture.EmptyReducer()
        }
      }

      extension Feature: ComposableArchitecture.Reducer {
      }
      """
    }
  }

  @Test func packageStructGetsPackageMembers() {
    assertMacro {
      """
      @Reducer
      package struct Feature {
      }
      """
    } expansion: {
      """
      package struct Feature {

        @ObservableState
        package struct State: Codable, Equatable, Hashable, Sendable {
          package init() {
          }
        }

        @CasePathable
        package enum Action: CasePaths.CasePathable, CasePaths.CasePathIterable, Equatable, Hashable, Sendable {
        }

        package var body: ComposableArchitecture.EmptyReducer<State, Action> {
          ComposableArchitecture.EmptyReducer()
        }
      }

      extension Feature: ComposableArchitecture.Reducer {
      }
      """
    }
  }

  @Test func typeAliasesCountAsStateAndAction() {
    assertMacro {
      """
      @Reducer
      struct Feature {
        typealias State = Int
        typealias Action = Never
        var body: some ReducerOf<Self> {
          EmptyReducer()
        }
      }
      """
    } expansion: {
      """
      struct Feature {
        typealias State = Int
        typealias Action = Never
        @ComposableArchitecture.ReducerBuilder<Self.State, Self.Action>
        var body: some ReducerOf<Self> {
          EmptyReducer()
        }
      }

      extension Feature: ComposableArchitecture.Reducer, ComposableArchitecture._BodyCachingReducer {
      }
      """
    }
  }

  @Test func actionAlreadyCasePathable() {
    assertMacro {
      """
      @Reducer
      struct Feature {
        struct State {}
        @CasePathable
        enum Action {
          case tapped
        }
        var body: some ReducerOf<Self> {
          EmptyReducer()
        }
      }
      """
    } expansion: {
      """
      struct Feature {
        struct State {}
        @CasePathable
        @ComposableArchitecture._ReducerActionCases
        enum Action {
          case tapped
        }
        @ComposableArchitecture.ReducerBuilder<Self.State, Self.Action>
        var body: some ReducerOf<Self> {
          EmptyReducer()
        }
      }

      extension Feature: ComposableArchitecture.Reducer, ComposableArchitecture._BodyCachingReducer {
      }
      """
    }
  }

  @Test func actionAlreadyCasePathableQualified() {
    assertMacro {
      """
      @Reducer
      struct Feature {
        struct State {}
        @CasePaths.CasePathable
        enum Action {
          case tapped
        }
        var body: some ReducerOf<Self> {
          EmptyReducer()
        }
      }
      """
    } expansion: {
      """
      struct Feature {
        struct State {}
        @CasePaths.CasePathable
        @ComposableArchitecture._ReducerActionCases
        enum Action {
          case tapped
        }
        @ComposableArchitecture.ReducerBuilder<Self.State, Self.Action>
        var body: some ReducerOf<Self> {
          EmptyReducer()
        }
      }

      extension Feature: ComposableArchitecture.Reducer, ComposableArchitecture._BodyCachingReducer {
      }
      """
    }
  }

  @Test func bodyAlreadyAnnotated() {
    assertMacro {
      """
      @Reducer
      struct Feature {
        struct State {}
        enum Action {}
        @ReducerBuilder<State, Action>
        var body: some ReducerOf<Self> {
          EmptyReducer()
        }
      }
      """
    } expansion: {
      """
      struct Feature {
        struct State {}
        @CasePathable @ComposableArchitecture._ReducerActionCases
        enum Action {}
        @ReducerBuilder<State, Action>
        var body: some ReducerOf<Self> {
          EmptyReducer()
        }
      }

      extension Feature: ComposableArchitecture.Reducer, ComposableArchitecture._BodyCachingReducer {
      }
      """
    }
  }

  @Test func staticBodyIsNotTheReducerBody() {
    assertMacro {
      """
      @Reducer
      struct Feature {
        struct State {}
        enum Action {}
        static var body = 0
      }
      """
    } expansion: {
      """
      struct Feature {
        struct State {}
        @CasePathable @ComposableArchitecture._ReducerActionCases
        enum Action {}
        static var body = 0

        var body: ComposableArchitecture.EmptyReducer<State, Action> {
          ComposableArchitecture.EmptyReducer()
        }
      }

      extension Feature: ComposableArchitecture.Reducer {
      }
      """
    }
  }

  @Test func otherMembersAreLeftAlone() {
    assertMacro {
      """
      @Reducer
      struct Feature {
        struct State {}
        enum Action {}
        enum Destination {}
        @Dependency(\\.continuousClock) var clock
        let id = 1
        func helper() {}
        var body: some ReducerOf<Self> {
          EmptyReducer()
        }
      }
      """
    } expansion: {
      #"""
      struct Feature {
        struct State {}
        @CasePathable @ComposableArchitecture._ReducerActionCases
        enum Action {}
        enum Destination {}
        @Dependency(\.continuousClock) var clock
        let id = 1
        func helper() {}
        @ComposableArchitecture.ReducerBuilder<Self.State, Self.Action>
        var body: some ReducerOf<Self> {
          EmptyReducer()
        }
      }

      extension Feature: ComposableArchitecture.Reducer, ComposableArchitecture._BodyCachingReducer {
      }
      """#
    }
  }

  @Test func existingConformanceAddsNoExtension() {
    assertMacro(["Reducer": MacroSpec(type: ReducerMacro.self)]) {
      """
      @Reducer
      struct Feature: Reducer {
        struct State {}
        enum Action {}
        var body: some ReducerOf<Self> {
          EmptyReducer()
        }
      }
      """
    } expansion: {
      """
      struct Feature: Reducer {
        struct State {}
        @CasePathable @ComposableArchitecture._ReducerActionCases
        enum Action {}
        @ComposableArchitecture.ReducerBuilder<Self.State, Self.Action>
        var body: some ReducerOf<Self> {
          EmptyReducer()
        }
      }
      """
    }
  }

  @Test func genericStruct() {
    assertMacro {
      """
      @Reducer
      struct Feature<Child: Reducer> {
        let child: Child
      }
      """
    } expansion: {
      """
      struct Feature<Child: Reducer> {
        let child: Child

        @ObservableState
        struct State: Codable, Equatable, Hashable, Sendable {
          init() {
          }
        }

        @CasePathable
        enum Action: CasePaths.CasePathable, CasePaths.CasePathIterable, Equatable, Hashable, Sendable {
        }

        var body: ComposableArchitecture.EmptyReducer<State, Action> {
          ComposableArchitecture.EmptyReducer()
        }
      }

      extension Feature: ComposableArchitecture.Reducer {
      }
      """
    }
  }

  @Test func classIsRejected() {
    assertMacro {
      """
      @Reducer
      class Feature {
      }
      """
    } diagnostics: {
      """
      @Reducer
      ┬───────
      ╰─ 🛑 '@Reducer' can only be applied to a struct or an enum
      class Feature {
      }
      """
    }
  }

  @Test func actorIsRejected() {
    assertMacro {
      """
      @Reducer
      actor Feature {
      }
      """
    } diagnostics: {
      """
      @Reducer
      ┬───────
      ╰─ 🛑 '@Reducer' can only be applied to a struct or an enum
      actor Feature {
      }
      """
    }
  }

  @Test func protocolIsRejected() {
    assertMacro {
      """
      @Reducer
      protocol Feature {
      }
      """
    } diagnostics: {
      """
      @Reducer
      ┬───────
      ╰─ 🛑 '@Reducer' can only be applied to a struct or an enum
      protocol Feature {
      }
      """
    }
  }
}
