/// Swift's reserved words, and the capitalised names that act as keywords in type position.
enum SwiftKeywords {
  /// Every keyword a feature name must not be.
  static let all: Set<String> = [
    // Declarations.
    "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension",
    "fileprivate", "func", "import", "init", "inout", "internal", "let", "nonisolated", "open",
    "operator", "package", "precedencegroup", "private", "protocol", "public", "rethrows",
    "static", "struct", "subscript", "typealias", "var",
    // Statements.
    "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for",
    "guard", "if", "in", "repeat", "return", "switch", "throw", "where", "while",
    // Expressions and types.
    "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws",
    "true", "try", "Type", "Protocol", "some", "any", "each", "consume", "copy", "discard",
  ]
}
