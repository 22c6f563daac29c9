extension ProfileUpdate {
  /// The update with every field trimmed of surrounding whitespace, checked against
  /// ``ProfileRules``.
  ///
  /// A field of whitespace and invisible characters alone (zero-width spaces and joiners, a
  /// byte order mark, other default-ignorable code points) counts as empty: a display name of
  /// them is refused, a bio of them saved empty. Bidirectional embeddings, overrides and
  /// isolates (U+202A–U+202E, U+2066–U+2069), which can make a name read as another, are
  /// refused in the display name and the bio, as are control characters; the email takes
  /// neither invisible characters nor those.
  ///
  /// - Throws: ``ProfileValidationError`` for the first invalid field, in the order
  ///   `displayName`, `bio`, `email`.
  public func validated() throws(ProfileValidationError) -> ProfileUpdate {
    let displayName = displayName.trimmingSurroundingWhitespace
    let bio = bio.trimmingSurroundingWhitespace.emptiedIfBlank
    let email = email.trimmingSurroundingWhitespace
    if displayName.isBlank {
      throw ProfileValidationError(field: "displayName", message: "Display name cannot be empty.")
    }
    if displayName.count > ProfileRules.displayNameMaxLength {
      throw ProfileValidationError(
        field: "displayName",
        message: "Display name can be at most \(ProfileRules.displayNameMaxLength) characters.")
    }
    if displayName.contains(where: \.isNewline) {
      throw ProfileValidationError(
        field: "displayName", message: "Display name must be on one line.")
    }
    if displayName.unicodeScalars.contains(where: \.isControl) {
      throw ProfileValidationError(
        field: "displayName", message: "Display name cannot contain control characters.")
    }
    if displayName.unicodeScalars.contains(where: \.isBidirectionalControl) {
      throw ProfileValidationError(
        field: "displayName", message: "Display name \(Self.bidirectionalControlsRefusal)")
    }
    if bio.count > ProfileRules.bioMaxLength {
      throw ProfileValidationError(
        field: "bio", message: "Bio can be at most \(ProfileRules.bioMaxLength) characters.")
    }
    if bio.unicodeScalars.contains(where: { $0.isControl && !Self.bioControls.contains($0) }) {
      throw ProfileValidationError(
        field: "bio",
        message: "Bio cannot contain control characters other than line breaks and tabs.")
    }
    if bio.unicodeScalars.contains(where: \.isBidirectionalControl) {
      throw ProfileValidationError(
        field: "bio", message: "Bio \(Self.bidirectionalControlsRefusal)")
    }
    if email.count > ProfileRules.emailMaxLength {
      throw ProfileValidationError(
        field: "email",
        message: "Email can be at most \(ProfileRules.emailMaxLength) characters.")
    }
    if !Self.looksLikeEmail(email) {
      throw ProfileValidationError(
        field: "email", message: "Email must look like name@example.com.")
    }
    return ProfileUpdate(displayName: displayName, bio: bio, email: email)
  }

  /// The control characters a bio may hold: line feed, carriage return and tab.
  static let bioControls: Set<Unicode.Scalar> = ["\n", "\r", "\t"]

  /// The end of the message refusing bidirectional controls in a field.
  static let bidirectionalControlsRefusal =
    "cannot contain bidirectional controls (U+202A–U+202E, U+2066–U+2069)."

  /// Whether `email` has one `@` between a non-empty local part and a dotted domain, and no
  /// whitespace, control, invisible or bidirectional control characters.
  static func looksLikeEmail(_ email: String) -> Bool {
    guard !email.contains(where: \.isWhitespace),
      !email.unicodeScalars.contains(where: {
        $0.isControl || $0.isInvisible || $0.isBidirectionalControl
      })
    else { return false }
    let parts = email.split(separator: "@", omittingEmptySubsequences: false)
    guard parts.count == 2, !parts[0].isEmpty else { return false }
    let labels = parts[1].split(separator: ".", omittingEmptySubsequences: false)
    return labels.count >= 2 && labels.allSatisfy { !$0.isEmpty }
  }
}

extension Unicode.Scalar {
  /// Whether the scalar is a control character (general category Cc: U+0000–U+001F and
  /// U+007F–U+009F). SQLite's C interface reads text up to its first NUL, so a stored field
  /// would silently lose what follows one; control characters are refused instead.
  var isControl: Bool { properties.generalCategory == .control }

  /// Whether the scalar draws nothing by itself: Unicode's default-ignorable code points, such
  /// as zero-width spaces and joiners (U+200B–U+200D), the word joiner (U+2060), the byte order
  /// mark (U+FEFF), the soft hyphen, Hangul fillers and variation selectors, and the blank
  /// braille pattern (U+2800), which draws as a space without being whitespace. Within visible
  /// text they are legitimate (an emoji sequence joins with U+200D); alone they make a field
  /// that looks empty.
  var isInvisible: Bool { properties.isDefaultIgnorableCodePoint || value == 0x2800 }

  /// Whether the scalar is a bidirectional embedding, override or isolate (U+202A–U+202E,
  /// U+2066–U+2069): they reorder the text around them, so a name can be made to read as
  /// another. The marks (U+200E, U+200F, U+061C), which only steer neutral characters, stay
  /// allowed.
  var isBidirectionalControl: Bool {
    (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
  }
}

extension String {
  /// The string without leading and trailing whitespace and newlines.
  var trimmingSurroundingWhitespace: String {
    guard let first = firstIndex(where: { !$0.isWhitespace }),
      let last = lastIndex(where: { !$0.isWhitespace })
    else { return "" }
    return String(self[first...last])
  }

  /// Whether the string has nothing but whitespace and invisible characters (or nothing).
  var isBlank: Bool {
    unicodeScalars.allSatisfy { $0.properties.isWhitespace || $0.isInvisible }
  }

  /// The string, or `""` when it is blank.
  var emptiedIfBlank: String { isBlank ? "" : self }
}
