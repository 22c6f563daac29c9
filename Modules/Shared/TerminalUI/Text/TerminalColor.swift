/// A colour a terminal can show as a foreground or a background.
///
/// The sixteen named colours follow the terminal's own palette (so they suit the user's
/// scheme); `indexed` picks one of the 256 palette entries and `rgb` a 24-bit colour.
public enum TerminalColor: Hashable, Sendable {
  /// Palette colour 0.
  case black
  /// Palette colour 1.
  case red
  /// Palette colour 2.
  case green
  /// Palette colour 3.
  case yellow
  /// Palette colour 4.
  case blue
  /// Palette colour 5.
  case magenta
  /// Palette colour 6.
  case cyan
  /// Palette colour 7.
  case white
  /// Palette colour 8 (often a grey).
  case brightBlack
  /// Palette colour 9.
  case brightRed
  /// Palette colour 10.
  case brightGreen
  /// Palette colour 11.
  case brightYellow
  /// Palette colour 12.
  case brightBlue
  /// Palette colour 13.
  case brightMagenta
  /// Palette colour 14.
  case brightCyan
  /// Palette colour 15.
  case brightWhite
  /// One of the 256 palette entries.
  case indexed(UInt8)
  /// A 24-bit colour.
  case rgb(red: UInt8, green: UInt8, blue: UInt8)
}
