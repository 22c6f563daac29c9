import SharedModels
import SharedViews
import TerminalUI
import Testing

@Suite struct PostRowTests {
  private let post = Post.sample(id: 7, author: .zoe, body: "Opening\nthe café early", likeCount: 2)

  @Test func theFeedShowsTheAuthorsColumnTheTextAndTheTime() {
    let row = PostRow(post, layout: .feed(nameWidth: 8, showsPreview: true))
    let line = row.line(width: 50, theme: .monochrome).plainText
    #expect(line.hasPrefix("Zoë Ång…  Opening the café early"))
    #expect(line.hasSuffix(DateText.minute(post.createdAt)))
    #expect(line.displayWidth == 50)
    // Without previews, the handle stands in for the text.
    let handle = PostRow(post, layout: .feed(nameWidth: 8, showsPreview: false))
    #expect(handle.line(width: 50, theme: .monochrome).plainText.hasPrefix("Zoë Ång…  @zoe "))
  }

  @Test func aNarrowFeedRowLeavesTheYearOutOfTheTimeToKeepMoreText() {
    let row = PostRow(post, layout: .feed(nameWidth: 8, showsPreview: true))
    let line = row.line(width: 40, theme: .monochrome).plainText
    #expect(line == "Zoë Ång…  Opening the café…  " + DateText.shortMinute(post.createdAt))
    #expect(line.displayWidth == 40)
    // Narrower still, the text keeps the row.
    #expect(row.line(width: 30, theme: .monochrome).plainText == "Zoë Ång…  Opening the café ea…")
  }

  @Test func theFeedDropsTheTimeBeforeTheAuthor() {
    let row = PostRow(post, layout: .feed(nameWidth: 8, showsPreview: true))
    let line = row.line(width: 14, theme: .monochrome).plainText
    #expect(line == "Zoë Ång…  Ope…")
  }

  @Test func aUsersPostsShowTheDayTheTextAndTheLikes() {
    let row = PostRow(post, layout: .byAuthor(showsPreview: true))
    let line = row.line(width: 48, theme: .monochrome).plainText
    #expect(line.hasPrefix(DateText.day(post.createdAt) + "  Opening the café early"))
    #expect(line.hasSuffix("2 likes"))
    let narrow = PostRow(post, layout: .byAuthor(showsPreview: false))
    #expect(narrow.line(width: 12, theme: .monochrome).plainText == DateText.day(post.createdAt))
  }

  @Test func thePreviewShowsTheWholeTextWrappedUnderARule() {
    let lines = PostPreview(post).lines(width: 12, theme: .monochrome).map(\.plainText)
    #expect(lines == ["────────────", "  Opening", "  the café", "  early"])
  }

  @Test func thePreviewKeepsItsHeightAndEndsALongTextWithAnEllipsis() {
    let short = Post.sample(id: 8, author: .zoe, body: "Hi")
    #expect(
      PostPreview(short).lines(width: 12, theme: .monochrome).map(\.plainText)
        == ["────────────", "  Hi", "  ", "  "])
    let long = Post.sample(id: 9, author: .zoe, body: "one two three four five six seven")
    #expect(
      PostPreview(long).lines(width: 12, theme: .monochrome).map(\.plainText)
        == ["────────────", "  one two", "  three four", "  five six …"])
  }

  @Test func searchResultsShowTheAuthorTheDayAndTheTextCutToWidth() {
    let line = PostRow(post, layout: .search).line(width: 200, theme: .monochrome).plainText
    #expect(line == "Zoë Ångström · \(DateText.day(post.createdAt)) · Opening the café early")
    let cut = PostRow(post, layout: .search).line(width: 10, theme: .monochrome)
    #expect(cut.plainText == "Zoë Ångst…")
  }
}

@Suite struct UserRowTests {
  @Test func theNameAndHandleThenThePostCountAtTheRightEnd() {
    let line = UserRow(.alice).line(width: 40, theme: .monochrome).plainText
    #expect(line == "Alice Liddell  @alice            3 posts")
    #expect(UserRow(.hana).line(width: 12, theme: .monochrome).plainText == "山田 花子  …")
  }
}
