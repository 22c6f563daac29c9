import Foundation

/// A type's name as descriptions and reports write it (as swift-sharing's do): without the
/// modules of it and of its generic arguments (a nested type keeps the types around it, a type
/// declared in a function its scope's), and optionals, arrays and dictionaries in their short
/// forms: `Shared<Int?>`, `Shared<[Feature.State]>`, `SharedReader<[String: Int]>`.
func typeName(_ type: Any.Type) -> String {
  var reader = TypeNameReader(withoutLocalContexts(String(reflecting: type)))
  return reader.type()
}

/// `name` without the `(unknown context at $…).` that a type declared in a function has in its
/// reflected name.
private func withoutLocalContexts(_ name: String) -> String {
  var result = name
  while let start = result.range(of: "(unknown context at "),
    let close = result[start.upperBound...].firstIndex(of: ")")
  {
    let end = result.index(after: close)
    let dot = end < result.endIndex && result[end] == "." ? result.index(after: end) : end
    result.removeSubrange(start.lowerBound..<dot)
  }
  return result
}

/// Reads a reflected type name (`Swift.Optional<Swift.Array<App.Item>>`) one character at a
/// time, writing each named type without its module and the standard library's sugared types
/// in their short forms.
private struct TypeNameReader {
  private let characters: [Character]
  private var index = 0

  init(_ name: String) {
    characters = Array(name)
  }

  /// The type (or generic argument) starting at the current character, up to the `,` or `>`
  /// that ends it outside any parentheses, or to the end.
  mutating func type() -> String {
    var result = ""
    var parentheses = 0
    while index < characters.count {
      let character = characters[index]
      if parentheses == 0, character == "," || character == ">" { break }
      if character == "-", index + 1 < characters.count, characters[index + 1] == ">" {
        result += "->"
        index += 2
      } else if isPathCharacter(character) {
        result += namedType()
      } else {
        if character == "(" { parentheses += 1 }
        if character == ")" { parentheses -= 1 }
        result.append(character)
        index += 1
      }
    }
    return result
  }

  /// A named type at the current character (`Swift.Dictionary<Swift.String, Swift.Int>`), with
  /// its generic arguments.
  private mutating func namedType() -> String {
    var path = ""
    while index < characters.count, isPathCharacter(characters[index]) {
      path.append(characters[index])
      index += 1
    }
    guard index < characters.count, characters[index] == "<" else { return name(path) }
    index += 1
    var arguments: [String] = []
    while index < characters.count {
      arguments.append(type())
      guard index < characters.count, characters[index] == "," else { break }
      index += 1
      while index < characters.count, characters[index] == " " { index += 1 }
    }
    index += 1  // The closing `>`.
    return shortForm(of: path, arguments: arguments)
      ?? name(path) + "<" + arguments.joined(separator: ", ") + ">"
  }

  /// `Optional`, `Array` and `Dictionary` of the standard library as `T?`, `[T]` and `[K: V]`;
  /// an optional function or existential keeps its long form, which needs no parentheses.
  private func shortForm(of path: String, arguments: [String]) -> String? {
    switch (path, arguments.count) {
    case ("Swift.Optional", 1):
      let wrapped = arguments[0]
      let isBare =
        !wrapped.contains("->") && !wrapped.hasPrefix("any ") && !wrapped.hasPrefix("some ")
      return isBare ? wrapped + "?" : nil
    case ("Swift.Array", 1):
      return "[\(arguments[0])]"
    case ("Swift.Dictionary", 2):
      return "[\(arguments[0]): \(arguments[1])]"
    default:
      return nil
    }
  }

  /// `path` without its first component, the module: `Feature.State` for `App.Feature.State`.
  private func name(_ path: String) -> String {
    guard let dot = path.firstIndex(of: ".") else { return path }
    return String(path[path.index(after: dot)...])
  }

  private func isPathCharacter(_ character: Character) -> Bool {
    character.isLetter || character.isNumber || character == "_" || character == "."
  }
}
