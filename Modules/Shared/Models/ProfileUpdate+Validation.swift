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
    if bio.count > ProfileRules.bioMaxLength {
      throw ProfileValidationError(
        field: "bio", message: "Bio can be at most \(ProfileRules.bioMaxLength) characters.")
    }
    if email.count > ProfileRules.emailMaxLength || !Self.looksLikeEmail(email) {
      throw ProfileValidationError(
        field: "email", message: "Email must look like name@example.com.")
    }
    return ProfileUpdate(displayName: displayName, bio: bio, email: email)
  }

  /// Whether `email` has one `@` between a non-empty local part and a dotted domain, and no
  /// whitespace.
  static func looksLikeEmail(_ email: String) -> Bool {
    guard !email.contains(where: \.isWhitespace) else { return false }
    let parts = email.split(separator: "@", omittingEmptySubsequences: false)
    guard parts.count == 2, !parts[0].isEmpty else { return false }
    let labels = parts[1].split(separator: ".", omittingEmptySubsequences: false)
    return labels.count >= 2 && labels.allSatisfy { !$0.isEmpty }
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
}
