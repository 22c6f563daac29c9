import ComposableArchitecture
import CustomDump
import Foundation
import Testing

struct TextStateTests {
  // Joined texts keep their parts, as in SwiftUI Navigation: an assertion that builds the text
  // another way fails there, so it fails here too.
  @Test
  func aJoinedTextEqualsOnlyTheSameParts() {
    let joined = TextState("Delete ") + TextState("2 items")
    #expect(joined == TextState("Delete ") + TextState("2 items"))
    #expect(joined != TextState("Delete 2 items"))
    #expect(joined != TextState("Delete") + TextState(" 2 items"))
    #expect(joined.hashValue == (TextState("Delete ") + TextState("2 items")).hashValue)
    #expect(joined.string == "Delete 2 items")
  }

  @Test
  func aTextReadsAsItsCharacters() {
    let text = TextState("Hello, ") + TextState(verbatim: "Zoë") + "!"
    #expect(String(state: text) == "Hello, Zoë!")
    #expect(String(state: text, locale: Locale(identifier: "fr_FR")) == "Hello, Zoë!")
    #expect(String(customDumping: text) == #""Hello, Zoë!""#)
  }
}
