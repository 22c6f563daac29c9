/// The number of terminal columns text takes.
///
/// Width is measured per grapheme cluster (`Character`), the unit a terminal draws in one go:
///
/// - 2 for East Asian Wide and Fullwidth characters (CJK ideographs, kana, Hangul syllables,
///   fullwidth forms) and for emoji shown as emoji: a scalar with emoji presentation, an emoji
///   followed by variation selector 16 (`U+FE0F`), a ZWJ sequence, a flag;
/// - 0 for a cluster that is only combining marks or format characters (a lone zero-width
///   joiner, a variation selector);
/// - 1 for everything else, including a control character (shown as `�`).
///
/// Terminals differ on one case: a symbol that is text by default made emoji by VS16 (`♥️`,
/// `1️⃣`) is 2 columns here, as in Unicode and current terminals, while older ones (tmux 3.3)
/// draw it in 1. Emoji that are emoji by default (`☕️`, `🦉`, `👩‍💻`) are 2 everywhere.
public enum DisplayWidth {
  /// The columns `character` takes: 0, 1 or 2.
  public static func of(_ character: Character) -> Int {
    // ASCII (printable or control, shown as `�`) is one column: the common case, decided
    // without looking up Unicode properties.
    if character.isASCII { return 1 }
    let scalars = character.unicodeScalars
    guard let first = scalars.first else { return 0 }
    if first.properties.generalCategory == .control { return 1 }
    if scalars.count > 1 {
      // An emoji made into emoji presentation by VS16, or joined into a ZWJ sequence.
      if first.properties.isEmoji
        && scalars.contains(where: { $0.value == 0xFE0F || $0.value == 0x200D })
      {
        return 2
      }
    }
    if first.properties.isEmojiPresentation { return 2 }
    if isZeroWidth(first) { return 0 }
    if isWide(first) { return 2 }
    return 1
  }

  /// The columns `text` takes: the sum of its characters' widths.
  public static func of(_ text: some StringProtocol) -> Int {
    // All-ASCII text is as wide as it has bytes, but for `\r\n`: one character, shown as one
    // `↵` (``StyledLine``).
    if text.utf8.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) { return text.utf8.count }
    var total = 0
    for character in text { total += of(character) }
    return total
  }

  /// Whether `scalar` is East Asian Wide or Fullwidth (outside emoji, which are checked by
  /// their presentation property).
  static func isWide(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    // Below the first wide range nothing is wide: the common case costs one comparison.
    guard value >= 0x1100 else { return false }
    var low = 0
    var high = wideRanges.count - 1
    while low <= high {
      let middle = (low + high) / 2
      let range = wideRanges[middle]
      if value < range.lowerBound {
        high = middle - 1
      } else if value > range.upperBound {
        low = middle + 1
      } else {
        return true
      }
    }
    return false
  }

  /// Whether `scalar` takes no column when it starts a cluster of its own.
  static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format:
      return true
    default:
      // Hangul medial vowels and final consonants join the preceding syllable.
      return (0x1160...0x11FF).contains(scalar.value)
    }
  }

  /// East Asian Wide (W) and Fullwidth (F) blocks, sorted, from Unicode's EastAsianWidth.txt
  /// grouped by block (emoji are left to `isEmojiPresentation`).
  static let wideRanges: [ClosedRange<UInt32>] = [
    0x1100...0x115F,  // Hangul Jamo initial consonants
    0x2329...0x232A,  // angle brackets
    0x2E80...0x303E,  // CJK radicals, Kangxi radicals, CJK symbols and punctuation
    0x3041...0x3247,  // Hiragana, Katakana, Bopomofo, Hangul compatibility Jamo, Kanbun
    0x3250...0x4DBF,  // enclosed CJK, CJK compatibility, CJK extension A
    0x4E00...0xA4CF,  // CJK unified ideographs, Yi
    0xA960...0xA97F,  // Hangul Jamo extended A
    0xAC00...0xD7A3,  // Hangul syllables
    0xF900...0xFAFF,  // CJK compatibility ideographs
    0xFE10...0xFE19,  // vertical forms
    0xFE30...0xFE6F,  // CJK compatibility forms, small form variants
    0xFF00...0xFF60,  // fullwidth forms
    0xFFE0...0xFFE6,  // fullwidth signs
    0x16FE0...0x16FE4,  // ideographic symbols
    0x17000...0x18CFF,  // Tangut, Khitan
    0x1AFF0...0x1B2FF,  // Kana supplement and extensions, Nushu
    0x1F200...0x1F2FF,  // enclosed ideographic supplement
    0x20000...0x2FFFD,  // CJK extensions B–F, compatibility supplement
    0x30000...0x3FFFD,  // CJK extensions G–H
  ]
}

extension StringProtocol {
  /// The number of terminal columns this text takes (see ``DisplayWidth``).
  public var displayWidth: Int { DisplayWidth.of(self) }
}

extension Character {
  /// The number of terminal columns this character takes: 0, 1 or 2 (see ``DisplayWidth``).
  public var displayWidth: Int { DisplayWidth.of(self) }
}
