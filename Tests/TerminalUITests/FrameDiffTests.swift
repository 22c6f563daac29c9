import TerminalUI
import Testing

@Suite struct FrameDiffTests {
  let esc = "\u{1B}"

  @Test func firstFrameErasesOnceAndDrawsEveryLine() {
    let frame = Screen(
      width: 3, height: 2, lines: ["ab", StyledLine("c", style: .init(bold: true))])
    #expect(
      FrameDiff.update(from: nil, to: frame)
        == "\(esc)[0m\(esc)[2J\(esc)[1;1Hab \(esc)[2;1H\(esc)[1mc\(esc)[0m  ")
  }

  @Test func onlyChangedLinesAreRewritten() {
    let previous = Screen(width: 3, height: 3, lines: ["a", "b", "c"])
    let next = Screen(width: 3, height: 3, lines: ["a", "B", "c"])
    #expect(FrameDiff.update(from: previous, to: next) == "\(esc)[2;1H\(esc)[2KB  ")
    #expect(FrameDiff.bytes(from: previous, to: next) == Array("\(esc)[2;1H\(esc)[2KB  ".utf8))
  }

  @Test func aStyleChangeIsAChange() {
    let previous = Screen(width: 2, height: 1, lines: ["a"])
    let next = Screen(width: 2, height: 1, lines: [StyledLine("a", style: .init(inverse: true))])
    #expect(
      FrameDiff.update(from: previous, to: next) == "\(esc)[1;1H\(esc)[2K\(esc)[7ma\(esc)[0m ")
  }

  @Test func identicalFramesWriteNothing() {
    let frame = Screen(width: 3, height: 2, lines: ["a", "b"])
    #expect(FrameDiff.update(from: frame, to: frame).isEmpty)
  }

  @Test func aNewSizeRedrawsEverything() {
    let previous = Screen(width: 3, height: 1, lines: ["a"])
    let next = Screen(width: 2, height: 1, lines: ["a"])
    #expect(FrameDiff.update(from: previous, to: next) == "\(esc)[0m\(esc)[2J\(esc)[1;1Ha ")
  }

  @Test func theScreenIsNeverErasedWithoutAResize() {
    let previous = Screen(width: 4, height: 4, lines: ["a", "b", "c", "d"])
    let next = Screen(width: 4, height: 4, lines: ["w", "x", "y", "z"])
    #expect(!FrameDiff.update(from: previous, to: next).contains("\(esc)[2J"))
  }
}
