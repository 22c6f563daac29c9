import ComposableArchitecture
import Foundation
import Testing

/// The navigation actions are `Codable` when what they carry is, as in TCA, so a recorded
/// action log can be written and read back.
struct ActionCodingTests {
  private enum Row: Codable, Equatable {
    case toggled(Bool)
  }

  @Test
  func anIdentifiedActionIsWrittenAndReadBack() throws {
    let action = IdentifiedAction<Int, Row>.element(id: 7, action: .toggled(true))
    let data = try JSONEncoder().encode(action)
    #expect(try JSONDecoder().decode(IdentifiedAction<Int, Row>.self, from: data) == action)
  }

  @Test
  func aPresentationActionIsWrittenAndReadBack() throws {
    for action in [PresentationAction<Row>.presented(.toggled(false)), .dismiss] {
      let data = try JSONEncoder().encode(action)
      #expect(try JSONDecoder().decode(PresentationAction<Row>.self, from: data) == action)
    }
  }
}
