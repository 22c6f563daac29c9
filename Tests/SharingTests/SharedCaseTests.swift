import CasePaths
import Sharing
import Testing

@CasePathable
private enum Route: Equatable, Sendable {
  case detail(Int)
  case settings
}

/// An enum whose cases are also properties (`tab.search` is an `Int?`): the type asked for picks
/// the case.
@CasePathable
@dynamicMemberLookup
private enum Tab: Equatable, Sendable {
  case search(Int)
  case profile
}

private struct Screen: Equatable, Sendable {
  var route: Route
}

/// A model whose route's cases are also properties, as swift-sharing's case path tests have it.
private struct Model: Equatable, Sendable {
  var tab: Tab
}

/// A case of a shared enum, reached as a member (`$route.detail`): shared with the enum while it
/// is in that case.
struct SharedCaseTests {
  @Test
  func aCaseIsSharedWhileTheEnumIsInIt() {
    @Shared(value: Route.detail(42)) var route
    let detail = $route.detail
    #expect(detail?.wrappedValue == 42)
    #expect($route.settings == nil)

    detail?.withLock { $0 += 1 }
    #expect(route == .detail(43))

    $route.withLock { $0 = .detail(7) }
    #expect(detail?.wrappedValue == 7)
  }

  @Test
  func aCaseLeftBehindKeepsItsLastValueAndWritesNothing() throws {
    @Shared(value: Route.detail(1)) var route
    let detail = try #require($route.detail)
    $route.withLock { $0 = .settings }
    #expect(detail.wrappedValue == 1)
    #expect($route.detail == nil)
    #expect($route.settings != nil)

    detail.withLock { $0 = 100 }
    #expect(route == .settings)
  }

  @Test
  func aCaseIsReachedThroughTheEnclosingValue() throws {
    @Shared(value: Screen(route: .detail(5))) var screen
    let detail = try #require($screen.route.detail)
    detail.withLock { $0 *= 2 }
    #expect(screen.route == .detail(10))
  }

  @Test
  func aReaderReachesACaseReadOnly() throws {
    @Shared(value: Route.detail(3)) var route
    let reader = SharedReader($route)
    let detail = try #require(reader.detail)
    #expect(detail.wrappedValue == 3)
    $route.withLock { $0 = .detail(4) }
    #expect(detail.wrappedValue == 4)
    #expect(reader.settings == nil)
  }

  @Test
  func theTypeAskedForPicksTheCaseOverTheProperty() throws {
    @Shared(value: Tab.search(1)) var tab
    let search: Shared<Int>? = $tab.search
    let property: SharedReader<Int?> = $tab.search
    try #require(search).withLock { $0 = 2 }
    #expect(tab == .search(2))
    #expect(property.wrappedValue == 2)
  }

  @Test
  func aCaseIsReadAsASharedReaderThroughAnEnclosingValue() throws {
    @Shared(value: Model(tab: .search(5))) var model
    let reader: SharedReader<Int>? = $model.tab.search
    #expect(try #require(reader).wrappedValue == 5)
    $model.withLock { $0.tab = .search(6) }
    #expect(reader?.wrappedValue == 6)
    let profile: SharedReader<Void>? = $model.tab.profile
    #expect(profile == nil)
  }

  @Test
  func aCaseDescribesWhereItIs() throws {
    @Shared(value: Route.detail(3)) var route
    let detail = try #require($route.detail)
    #expect(String(describing: detail).contains("detail"))
  }
}
