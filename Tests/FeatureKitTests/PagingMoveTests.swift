import FeatureKit
import IdentifiedCollections
import SharedModels
import Testing

/// A move down past the last loaded row while another page is to come.
@Suite struct PagingMoveTests {
  typealias Row = PagingTests.Row

  /// A list with page 1 of 20 loaded and page 2 next.
  private func firstPageLoaded() -> (Paging, IdentifiedArrayOf<Row>) {
    var paging = Paging()
    var rows: IdentifiedArrayOf<Row> = []
    _ = paging.startLoading(1, pageSize: 20)
    _ = paging.receive(PagingTests.page(1), into: &rows)
    return (paging, rows)
  }

  @Test func aMoveDownOnTheLastRowIsFinishedWhenTheNextPageArrives() {
    var (paging, rows) = firstPageLoaded()
    var selection = paging.move(19, by: 1, count: rows.count)
    #expect(selection == 19)
    #expect(paging.pendingMove == 1)
    // Pressed twice before the page came.
    selection = paging.move(selection, by: 1, count: rows.count)
    #expect(paging.pendingMove == 2)

    _ = paging.startLoading(2, pageSize: 20)
    #expect(paging.receive(PagingTests.page(2), into: &rows))
    #expect(paging.finishMove(selection, count: rows.count) == 21)
    #expect(paging.pendingMove == 0)
  }

  @Test func aMoveUpOrWithinTheRowsForgetsWhatWasKept() {
    var (paging, rows) = firstPageLoaded()
    _ = paging.move(19, by: 5, count: rows.count)
    #expect(paging.pendingMove == 5)
    #expect(paging.move(19, by: -1, count: rows.count) == 18)
    #expect(paging.pendingMove == 0)
    _ = paging.move(15, by: 10, count: rows.count)
    #expect(paging.pendingMove == 6)
    #expect(paging.move(19, by: 0, count: rows.count) == 19)
    #expect(paging.pendingMove == 0)
  }

  @Test func aMoveFartherThanAPageGoesOnPageAfterPage() {
    var (paging, rows) = firstPageLoaded()
    // A page key in a window of 47 rows.
    var selection = paging.move(0, by: 46, count: rows.count)
    #expect(selection == 19)
    #expect(paging.pendingMove == 27)
    _ = paging.startLoading(2, pageSize: 20)
    _ = paging.receive(PagingTests.page(2), into: &rows)
    selection = paging.finishMove(selection, count: rows.count)
    #expect(selection == 39)
    #expect(paging.pendingMove == 7)
    #expect(paging.wantsNextPage(selection: selection, count: rows.count))
    _ = paging.startLoading(3, pageSize: 20)
    _ = paging.receive(PagingTests.page(3), into: &rows)
    // Page 3 is the last, and holds 5 rows: the move ends on the last one.
    #expect(paging.finishMove(selection, count: rows.count) == 44)
    #expect(paging.pendingMove == 0)
  }

  @Test func noMoreThanTheMaximumIsKeptHoweverFarTheMove() {
    var (paging, rows) = firstPageLoaded()
    #expect(paging.move(0, by: .max, count: rows.count) == 19)
    #expect(paging.pendingMove == Paging.maximumPendingMove)
    _ = paging.move(19, by: .max, count: rows.count)
    #expect(paging.pendingMove == Paging.maximumPendingMove)
  }

  @Test func nothingIsKeptAtTheEndOfTheListOrAfterAFailure() {
    var paging = Paging(nextPage: nil, limit: 20)
    #expect(paging.move(44, by: 3, count: 45) == 44)
    #expect(paging.pendingMove == 0)

    let loaded = firstPageLoaded()
    var failing = loaded.0
    let rows = loaded.1
    _ = failing.move(19, by: 2, count: rows.count)
    _ = failing.startLoading(2, pageSize: 20)
    failing.fail()
    #expect(failing.pendingMove == 0)
    _ = failing.move(19, by: 2, count: rows.count)
    #expect(failing.pendingMove == 0)
  }

  @Test func pageOneStartsAfreshAndKeepsNothing() {
    var (paging, rows) = firstPageLoaded()
    _ = paging.move(19, by: 3, count: rows.count)
    _ = paging.startLoading(1, pageSize: 20)
    #expect(paging.pendingMove == 0)
    _ = paging.move(19, by: 3, count: rows.count)
    #expect(paging.receive(PagingTests.page(1), into: &rows))
    #expect(paging.pendingMove == 0)
  }
}

@Suite struct PagingStaleTests {
  @Test func aStaleListLoadsPageOneWhenShownAndPageOneClearsIt() {
    var paging = Paging(nextPage: 2, limit: 20)
    #expect(!paging.needsFirstPage(pageSize: 20))
    paging.isStale = true
    #expect(paging.needsFirstPage(pageSize: 20))
    var rows: IdentifiedArrayOf<PagingTests.Row> = []
    _ = paging.startLoading(1, pageSize: 20)
    #expect(!paging.needsFirstPage(pageSize: 20))
    _ = paging.receive(PagingTests.page(1), into: &rows)
    #expect(!paging.isStale)
    #expect(!paging.needsFirstPage(pageSize: 20))
  }
}
