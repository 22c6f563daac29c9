import ComposableArchitectureMacros
import MacroTesting
import SnapshotTesting
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacroExpansion
import Testing

/// Expansion tests for `@Reducer` on structs: the access of what it generates, the domain it
/// reads from `body` and `reduce(into:action:)`, and the attributes of a nested `enum State`.
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
struct ReducerMacroDomainTests {
  @Test func privateStructGetsMembersOfDefaultAccess() {
    assertMacro {
      """
      @Reducer
      private struct Feature {
      }
      """
    } expansion: {
      """
      private struct Feature {

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

  @Test func fileprivateStructGetsMembersOfDefaultAccess() {
    assertMacro {
      """
      @Reducer
      fileprivate struct Feature {
        enum Action {
          case tapped
        }
      }
      """
    } expansion: {
      """
      fileprivate struct Feature {
        @CasePathable @ComposableArchitecture._ReducerActionCases
        enum Action {
          case tapped
        }

        @ObservableState
        struct State: Codable, Equatable, Hashable, Sendable {
          init() {
          }
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

  @Test func bodyTypeNamesTheDomain() {
    assertMacro {
      """
      @Reducer
      struct Tally {
        var body: some Reducer<Int, Bool> {
          Reduce { state, action in
            .none
          }
        }
      }
      """
    } expansion: {
      """
      struct Tally {
        @ComposableArchitecture.ReducerBuilder<Int, Bool>
        var body: some Reducer<Int, Bool> {
          Reduce { state, action in
            .none
          }
        }
      }

      extension Tally: ComposableArchitecture.Reducer, ComposableArchitecture._BodyCachingReducer {
      }
      """
    }
  }

  @Test func qualifiedBodyTypeNamesTheDomain() {
    assertMacro {
      """
      @Reducer
      struct Tally {
        var body: some ComposableArchitecture.Reducer<Int, Bool> {
          EmptyReducer()
        }
      }
      """
    } expansion: {
      """
      struct Tally {
        @ComposableArchitecture.ReducerBuilder<Int, Bool>
        var body: some ComposableArchitecture.Reducer<Int, Bool> {
          EmptyReducer()
        }
      }

      extension Tally: ComposableArchitecture.Reducer, ComposableArchitecture._BodyCachingReducer {
      }
      """
    }
  }

  /// As in TCA: a `body` that names its domain gets no `State` or `Action`, so that a helper
  /// nested in a feature reads `State` and `Action` as the feature's.
  @Test func bodyTypeNamingStateAndActionGetsNothingGenerated() {
    assertMacro {
      """
      @Reducer
      struct Helper {
        var body: some Reducer<State, Action> {
          EmptyReducer()
        }
      }
      """
    } expansion: {
      """
      struct Helper {
        @ComposableArchitecture.ReducerBuilder<State, Action>
        var body: some Reducer<State, Action> {
          EmptyReducer()
        }
      }

      extension Helper: ComposableArchitecture.Reducer, ComposableArchitecture._BodyCachingReducer {
      }
      """
    }
  }

  @Test func storedBodyGetsNothingGenerated() {
    assertMacro {
      """
      @Reducer
      struct Feature {
        let body = EmptyReducer<Int, Int>()
      }
      """
    } expansion: {
      """
      struct Feature {
        let body = EmptyReducer<Int, Int>()
      }

      extension Feature: ComposableArchitecture.Reducer, ComposableArchitecture._BodyCachingReducer {
      }
      """
    }
  }

  @Test func bodyOfAnotherReducersDomain() {
    assertMacro {
      """
      @Reducer
      struct Logging {
        var body: some ReducerOf<Counter> {
          EmptyReducer()
        }
      }
      """
    } expansion: {
      """
      struct Logging {
        @ComposableArchitecture.ReducerBuilder<Counter.State, Counter.Action>
        var body: some ReducerOf<Counter> {
          EmptyReducer()
        }
      }

      extension Logging: ComposableArchitecture.Reducer, ComposableArchitecture._BodyCachingReducer {
      }
      """
    }
  }

  // The fix-it keeps the domain a `reduce(into:action:)` names in its parameters.
  @Test func reduceMethodNamesTheDomain() {
    assertMacro {
      """
      @Reducer
      struct Tally {
        func reduce(into state: inout Int, action: Bool) -> Effect<Bool> {
          .none
        }
      }
      """
    } diagnostics: {
      """
      @Reducer
      struct Tally {
        func reduce(into state: inout Int, action: Bool) -> Effect<Bool> {
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
      struct Tally {
        var body: some Reducer<Int, Bool> {
          Reduce { state, action in
            .none
          }
        }
      }
      """
    } expansion: {
      """
      struct Tally {
        @ComposableArchitecture.ReducerBuilder<Int, Bool>
        var body: some Reducer<Int, Bool> {
          Reduce { state, action in
            .none
          }
        }
      }

      extension Tally: ComposableArchitecture.Reducer, ComposableArchitecture._BodyCachingReducer {
      }
      """
    }
  }

  @Test func nestedStateEnumBecomesCasePathableWithDynamicMemberLookup() {
    assertMacro {
      """
      @Reducer
      struct Session {
        @ObservableState
        enum State {
          case signedIn(SignedIn.State)
          case signedOut(SignedOut.State)
        }
        enum Action {
          case signedIn(SignedIn.Action)
          case signedOut(SignedOut.Action)
        }
        var body: some ReducerOf<Self> {
          EmptyReducer()
            .ifCaseLet(\\.signedIn, action: \\.signedIn) {
              SignedIn()
            }
        }
      }
      """
    } expansion: {
      #"""
      struct Session {
        @ObservableState
        @CasePathable @dynamicMemberLookup
        enum State {
          case signedIn(SignedIn.State)
          case signedOut(SignedOut.State)
        }
        @CasePathable @ComposableArchitecture._ReducerActionCases
        enum Action {
          case signedIn(SignedIn.Action)
          case signedOut(SignedOut.Action)
        }
        @ComposableArchitecture.ReducerBuilder<Self.State, Self.Action>
        var body: some ReducerOf<Self> {
          EmptyReducer()
            .ifCaseLet(\.signedIn, action: \.signedIn) {
              SignedIn()
            }
        }
      }

      extension Session: ComposableArchitecture.Reducer, ComposableArchitecture._BodyCachingReducer {
      }
      """#
    }
  }

  @Test func nestedStateEnumKeepsAttributesItHas() {
    assertMacro {
      """
      @Reducer
      public struct Session {
        @CasePathable
        public enum State: Equatable {
          case signedIn(SignedIn.State)
        }
        @dynamicMemberLookup
        public enum Action: CasePathable {
          case signedIn(SignedIn.Action)
        }
        public var body: some ReducerOf<Self> {
          EmptyReducer()
        }
      }
      """
    } expansion: {
      """
      public struct Session {
        @CasePathable
        @dynamicMemberLookup
        public enum State: Equatable {
          case signedIn(SignedIn.State)
        }
        @dynamicMemberLookup
        @ComposableArchitecture._ReducerActionCases
        public enum Action: CasePathable {
          case signedIn(SignedIn.Action)
        }
        @ComposableArchitecture.ReducerBuilder<Self.State, Self.Action>
        public var body: some ReducerOf<Self> {
          EmptyReducer()
        }
      }

      extension Session: ComposableArchitecture.Reducer, ComposableArchitecture._BodyCachingReducer {
      }
      """
    }
  }

  @Test func argumentsOnAStructAreAnError() {
    assertMacro {
      """
      @Reducer(state: .equatable)
      struct Feature {
      }
      """
    } diagnostics: {
      """
      @Reducer(state: .equatable)
               ┬────────────────
               ╰─ 🛑 Argument passed to call that takes no arguments when applied to a struct
                  ✏️ Remove '(state: .equatable)'
      struct Feature {
      }
      """
    } fixes: {
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
  @Test func anEmptyArgumentListOnAStructIsAnErrorToo() {
    assertMacro {
      """
      @Reducer()
      struct Feature {
      }
      """
    } diagnostics: {
      """
      @Reducer()
              ┬
              ╰─ 🛑 Argument passed to call that takes no arguments when applied to a struct
                 ✏️ Remove '()'
      struct Feature {
      }
      """
    } fixes: {
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

}
