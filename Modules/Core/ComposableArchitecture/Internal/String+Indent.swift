extension String {
  /// The string with every line indented by `indent` spaces.
  @usableFromInline
  func indent(by indent: Int) -> String {
    let indentation = String(repeating: " ", count: indent)
    return self.split(separator: "\n", omittingEmptySubsequences: false)
      .map { indentation + $0 }
      .joined(separator: "\n")
  }
}
