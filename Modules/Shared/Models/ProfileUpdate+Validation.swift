extension ProfileUpdate {
  /// The update with every field trimmed of surrounding whitespace, checked against
  /// ``ProfileRules``.
  ///
  /// - Throws: ``ProfileValidationError`` for the first invalid field, in the order
  ///   `displayName`, `bio`, `email`.
  public func validated() throws(ProfileValidationError) -> ProfileUpdate {
    let displayName = displayName.trimmingSurroundingWhitespace
    let bio = bio.trimmingSurroundingWhitespace
    let email = email.trimmingSurroundingWhitespace
    if displayName.isEmpty {
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
    if bio.count > ProfileRules.bioMaxLength {
      throw ProfileValidationError(
        field: "bio", message: "Bio can be at most \(ProfileRules.bioMaxLength) characters.")
    }
    if bio.unicodeScalars.contains(where: { $0.isControl && !Self.bioControls.contains($0) }) {
      throw ProfileValidationError(
        field: "bio",
        message: "Bio cannot contain control characters other than line breaks and tabs.")
    }
    if email.count > ProfileRules.emailMaxLength || !Self.looksLikeEmail(email) {
      throw ProfileValidationError(
        field: "email", message: "Email must look like name@example.com.")
    }
    return ProfileUpdate(displayName: displayName, bio: bio, email: email)
  }

  /// The control characters a bio may hold: line feed, carriage return and tab.
  static let bioControls: Set<Unicode.Scalar> = ["\n", "\r", "\t"]

  /// Whether `email` has one `@` between a non-empty local part and a dotted domain, and no
  /// whitespace or control characters.
  static func looksLikeEmail(_ email: String) -> Bool {
    guard !email.contains(where: \.isWhitespace), !email.unicodeScalars.contains(where: \.isControl)
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
}

extension String {
  /// The string without leading and trailing whitespace and newlines.
  var trimmingSurroundingWhitespace: String {
    guard let first = firstIndex(where: { !$0.isWhitespace }),
      let last = lastIndex(where: { !$0.isWhitespace })
    else { return "" }
    return String(self[first...last])
  }
}
