import TerminalUI
import Testing

/// Counts and single-row text as the views write them.
struct CountAndOneLineTextTests {
  @Test
  func aCountTakesAnSExceptForOne() {
    #expect(CountText.of(1, "post") == "1 post")
    #expect(CountText.of(0, "post") == "0 posts")
    #expect(CountText.of(12, "like") == "12 likes")
  }

  @Test
  func lineBreaksBecomeSingleSpaces() {
    #expect(OneLineText.of("Café\ntoday!") == "Café today!")
    #expect(OneLineText.of("one\r\n\r\ntwo\n") == "one two")
    #expect(OneLineText.of("no breaks") == "no breaks")
  }
}
