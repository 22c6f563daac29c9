import FeatureKit
import IdentifiedCollections
import SharedModels
import Testing

@Suite struct PagingTests {
  /// A row of a paged list.
  struct Row: Identifiable, Equatable {
    var id: Int
  }

  /// Rows 1 to 45, the list the pages are cut from.
  static let all = (1...45).map(Row.init(id:))

  /// Page `page` of ``all``, `limit` rows a page.
  static func page(_ page: Int, limit: Int = 20) -> Page<Row> {
    Page(slicing: all, page: page, limit: limit)
  }

  /// Rows `ids`.
  static func rows(_ ids: ClosedRange<Int>) -> IdentifiedArrayOf<Row> {
    IdentifiedArray(uniqueElements: ids.map(Row.init(id:)))
  }

  @Test func aNewListHasPageOneNextAndNothingLoadingOrFailed() {
    let paging = Paging()
    #expect(paging == Paging(nextPage: 1, loadingPage: nil, failedPage: nil, limit: nil))
    #expect(!paging.isLoading)
    #expect(!paging.isAtEnd)
    #expect(Paging(nextPage: nil).isAtEnd)
    #expect(Paging(loadingPage: 2).isLoading)
  }

  @Test func startingALoadAwaitsThePageAndForgetsAFailure() {
    var paging = Paging(nextPage: 2, failedPage: 2, limit: 20)
    let limit = paging.startLoading(2, pageSize: 20)
    #expect(limit == 20)
    #expect(paging == Paging(nextPage: 2, loadingPage: 2, failedPage: nil, limit: 20))
    #expect(paging.isLoading)
  }

  @Test func pageOneIsAskedAtThePageSizeAndLaterPagesAtTheSizePageOneWasCutWith() {
    var paging = Paging(nextPage: 2, limit: 20)
    // The page size changed to 50 after page 1 was cut at 20: page 2 at 50 would skip rows.
    #expect(paging.startLoading(2, pageSize: 50) == 20)
    #expect(paging.startLoading(1, pageSize: 50) == 50)
    // Before any page 1 arrived, there is only the page size.
    var fresh = Paging(nextPage: 3)
    #expect(fresh.startLoading(3, pageSize: 50) == 50)
  }

  @Test func theAwaitedFirstPageReplacesTheRowsAndSetsTheLimit() {
    var paging = Paging(nextPage: 3, loadingPage: 1, limit: 10)
    var rows = Self.rows(1...30)
    #expect(paging.receive(Self.page(1), into: &rows))
    #expect(rows == Self.rows(1...20))
    #expect(paging == Paging(nextPage: 2, loadingPage: nil, failedPage: nil, limit: 20))
  }

  @Test func theAwaitedLaterPageAppendsAndTheLastEndsTheList() {
    var paging = Paging(nextPage: 2, loadingPage: 2, limit: 20)
    var rows = Self.rows(1...20)
    #expect(paging.receive(Self.page(2), into: &rows))
    #expect(rows == Self.rows(1...40))
    #expect(paging == Paging(nextPage: 3, limit: 20))

    _ = paging.startLoading(3, pageSize: 20)
    #expect(paging.receive(Self.page(3), into: &rows))
    #expect(rows == Self.rows(1...45))
    #expect(paging == Paging(nextPage: nil, limit: 20))
    #expect(paging.isAtEnd)
  }

  @Test func aPageThatIsNotAwaitedIsDropped() {
    let loading = Paging(nextPage: 2, loadingPage: 1, limit: 20)
    var paging = loading
    var rows = Self.rows(1...20)
    // Page 2 arrives after a refresh started waiting for page 1 instead.
    #expect(!paging.receive(Self.page(2), into: &rows))
    #expect(paging == loading)
    #expect(rows == Self.rows(1...20))

    // Nothing is awaited: even page 1 is dropped.
    var idle = Paging(nextPage: 2, limit: 20)
    #expect(!idle.receive(Self.page(1, limit: 5), into: &rows))
    #expect(idle == Paging(nextPage: 2, limit: 20))
    #expect(rows == Self.rows(1...20))
  }

  @Test func aFailureMakesTheAwaitedPageTheFailedOne() {
    var paging = Paging(nextPage: 2, loadingPage: 2, limit: 20)
    #expect(paging.fail() == 2)
    #expect(paging == Paging(nextPage: 2, loadingPage: nil, failedPage: 2, limit: 20))
  }

  @Test func aFailureWhenNothingIsAwaitedIsIgnored() {
    let failed = Paging(nextPage: 2, failedPage: 2, limit: 20)
    var paging = failed
    #expect(paging.fail() == nil)
    #expect(paging == failed)
  }

  @Test func theNextPageIsWantedWithinThePrefetchDistanceOfTheEnd() {
    let paging = Paging(nextPage: 2, limit: 20)
    #expect(Paging.prefetchDistance == 5)
    #expect(!paging.wantsNextPage(selection: 0, count: 20))
    #expect(!paging.wantsNextPage(selection: 14, count: 20))
    #expect(paging.wantsNextPage(selection: 15, count: 20))
    #expect(paging.wantsNextPage(selection: 19, count: 20))
    // A list shorter than the distance wants it from its first row.
    #expect(paging.wantsNextPage(selection: 0, count: 3))
  }

  @Test func theNextPageIsNotWantedAtTheEndWhileLoadingAfterAFailureOrWithNoRows() {
    #expect(!Paging(nextPage: nil, limit: 20).wantsNextPage(selection: 19, count: 20))
    #expect(!Paging(nextPage: 2, loadingPage: 2).wantsNextPage(selection: 19, count: 20))
    #expect(!Paging(nextPage: 2, loadingPage: 1).wantsNextPage(selection: 19, count: 20))
    #expect(!Paging(nextPage: 2, failedPage: 2).wantsNextPage(selection: 19, count: 20))
    #expect(!Paging().wantsNextPage(selection: 0, count: 0))
  }

  @Test func theFirstPageIsNeededWhenNothingIsLoadedYet() {
    #expect(Paging().needsFirstPage(pageSize: 20))
    // Page 1 failed: showing the list again tries it again.
    #expect(Paging(failedPage: 1).needsFirstPage(pageSize: 20))
    // It is on its way.
    #expect(!Paging(loadingPage: 1).needsFirstPage(pageSize: 20))
  }

  @Test func theFirstPageIsNeededAgainWhenThePagesWereCutAtAnotherSize() {
    #expect(!Paging(nextPage: 2, limit: 20).needsFirstPage(pageSize: 20))
    #expect(!Paging(nextPage: nil, limit: 20).needsFirstPage(pageSize: 20))
    #expect(Paging(nextPage: 2, limit: 20).needsFirstPage(pageSize: 25))
    #expect(Paging(nextPage: nil, limit: 20).needsFirstPage(pageSize: 15))
    #expect(Paging(nextPage: 3, failedPage: 3, limit: 20).needsFirstPage(pageSize: 25))
    // Not while a page loads: it is cut at the size asked, and the next showing checks again.
    #expect(!Paging(nextPage: 2, loadingPage: 2, limit: 20).needsFirstPage(pageSize: 25))
    // Rows given without the size they were cut with are kept.
    #expect(!Paging(nextPage: nil).needsFirstPage(pageSize: 20))
    #expect(!Paging(nextPage: 2).needsFirstPage(pageSize: 20))
  }

  @Test func mergingSkipsRowsAlreadyShownAndEndsAPageClaimingMoreAfterTheLastNumber() {
    var rows = Self.rows(1...20)
    // A row arrived between two loads: page 2 starts with the last row of page 1.
    let shifted = Page(items: Array(Self.all[19..<39]), page: 2, limit: 20, total: 46)
    #expect(rows.merge(shifted) == 3)
    #expect(rows == Self.rows(1...39))

    var last = Page(items: [Row(id: 1)], page: .max, limit: 20, total: 1)
    last.hasMore = true
    #expect(rows.merge(last) == nil)
  }
}
