import TerminalUI

/// The lines' plain text, each between `|` marks so the width (trailing spaces included)
/// shows in snapshots.
func framed(_ lines: [StyledLine]) -> String {
  lines.map { "|" + $0.plainText + "|" }.joined(separator: "\n")
}

/// The screen's plain text, framed like `framed(_:)`.
func framed(_ screen: Screen) -> String {
  screen.framedText
}

/// Whether `text` contains an SGR sequence with a colour parameter (30–49 or 90–107, which
/// includes the extended 38 and 48).
func containsColor(_ text: String) -> Bool {
  for sequence in text.split(separator: "\u{1B}", omittingEmptySubsequences: false).dropFirst() {
    guard sequence.first == "[", let end = sequence.firstIndex(of: "m") else { continue }
    let parameters = sequence.dropFirst()[..<end].split(separator: ";").compactMap { Int($0) }
    if parameters.contains(where: { (30...49).contains($0) || (90...107).contains($0) }) {
      return true
    }
  }
  return false
}
