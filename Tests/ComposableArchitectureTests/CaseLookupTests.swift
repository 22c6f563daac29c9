import Testing

@testable import ComposableArchitecture

/// Which way a case lookup goes: a feature routes correctly either way (the case key path is
/// always right), so only these tests notice when a lookup stops using the generated switches.
@Suite
struct CaseLookupTests {
  @Test
  func aCaseOfTheEnumIsFoundAtItsPositionAmongCasesDeclaredSeveralToALine() {
    let left = CaseLookup<CrowdedParent.Action, ScopeChild.Action>(\.left)
    let right = CaseLookup<CrowdedParent.Action, ScopeChild.Action>(\.right)
    #expect(left.index == 1)
    #expect(right.index == 2)
    #expect(right.presentedIndex == -1)
  }

  @Test
  func aKeyPathThroughACaseToPresentedFindsThatCase() {
    let lookup = CaseLookup<PresentedScopeParent.Action, ScopeChild.Action>(\.child.presented)
    #expect(lookup.index == -1)
    #expect(lookup.presentedIndex == 1)
  }

  @Test
  func otherKeyPathsGoThroughTheCaseKeyPath() {
    let whole = CaseLookup<CrowdedParent.Action, CrowdedParent.Action>(\.self)
    #expect(whole.index == -1)
    #expect(whole.presentedIndex == -1)
    let increment = CaseLookup<ScopeParent.Action, Void>(\.child.increment)
    #expect(increment.index == -1)
    #expect(increment.presentedIndex == -1)
  }

  @Test
  func aCaseMemberIsFoundAtItsCasesPosition() {
    let left = CaseLookup<CrowdedParent.Action, ScopeChild.Action>.member(\.left)
    let right = CaseLookup<CrowdedParent.Action, ScopeChild.Action>.member(\.right)
    #expect(left.index == 1)
    #expect(right.index == 2)
    #expect(right.presentedIndex == -1)
  }

  @Test
  func aCaseMemberThroughPresentedFindsThatCase() {
    let lookup = CaseLookup<PresentedScopeParent.Action, ScopeChild.Action>.member(
      \.child.presented)
    #expect(lookup.index == -1)
    #expect(lookup.presentedIndex == 1)
    #expect(lookup.extract(from: .child(.presented(.increment))) == .increment)
    #expect(lookup.extract(from: .child(.dismiss)) == nil)
    #expect(lookup.embed(.fetch) == .child(.presented(.fetch)))
  }

  /// A lookup with no position (`index == -1`) reaches the generated switch's `default`, which
  /// builds nothing, and embeds through its case key path instead.
  @Test
  func everyLookupEmbedsWhicheverWayItGoes() {
    let right = CaseLookup<CrowdedParent.Action, ScopeChild.Action>(\.right)
    #expect(right.embed(.fetch) == .right(.fetch))
    let whole = CaseLookup<CrowdedParent.Action, CrowdedParent.Action>(\.self)
    #expect(whole.embed(.noted("x")) == .noted("x"))
    let increment = CaseLookup<ScopeParent.Action, Void>(\.child.increment)
    #expect(increment.embed(()) == .child(.increment))
    let presented = CaseLookup<PresentedScopeParent.Action, ScopeChild.Action>(\.child.presented)
    #expect(presented.embed(.response(2)) == .child(.presented(.response(2))))
  }

  /// A lookup is immutable: every scope naming `\.child` shares the one made first.
  @Test
  func scopesNamingTheSameMemberShareItsLookup() {
    let first = Scope<ScopeParent.State, ScopeParent.Action, ScopeChild>(
      state: \.child, action: \.child
    ) { ScopeChild() }
    let second = Scope<ScopeParent.State, ScopeParent.Action, ScopeChild>(
      state: \.child, action: \.child
    ) { ScopeChild() }
    #expect(first.route.childActionPath === second.route.childActionPath)
    let member = CaseLookup.member(\ScopeParent.Action.AllCasePaths.child)
    #expect(first.route.childActionPath === member)
    // Each keeps its own child's body.
    #expect(first.route.childBody !== second.route.childBody)
  }

  /// A case with several associated values has a position, but the generated switches do not
  /// build it: its lookup makes the case path from the `AllCasePaths` member when asked.
  @Test
  func aMemberWhoseCaseTheSwitchesCannotBuildEmbedsThroughItsCasePath() {
    let lookup = CaseLookup<PairedAction.Action, (a: Int, b: String)>.member(\.pair)
    #expect(lookup.index == 1)
    #expect(lookup.embed((a: 1, b: "x")) == .pair(a: 1, b: "x"))
    let extracted = lookup.extract(from: .pair(a: 2, b: "y"))
    #expect(extracted?.a == 2)
    #expect(extracted?.b == "y")
    #expect(lookup.extract(from: .tapped) == nil)
  }

  /// `\.child` in `Scope(state:action:)` is a key path of the action's `AllCasePaths`, which
  /// the runtime makes once, and is routed by the case's position as a case key path is.
  @Test
  func aLiteralCaseInAScopeIsRoutedByPosition() {
    let scope = Scope<ScopeParent.State, ScopeParent.Action, ScopeChild>(
      state: \.child, action: \.child
    ) { ScopeChild() }
    #expect(scope.route.childActionPath.index == 0)
  }
}

/// A feature whose action has a case with two associated values.
@Reducer
struct PairedAction {
  struct State: Equatable {}

  enum Action: Equatable {
    case tapped
    case pair(a: Int, b: String)
  }

  var body: some ReducerOf<Self> {
    EmptyReducer()
  }
}
