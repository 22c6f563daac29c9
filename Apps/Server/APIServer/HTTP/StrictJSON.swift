import Foundation

/// Whether a request body is JSON as RFC 8259 writes it, checked before it is decoded.
///
/// Foundation's decoder is lenient: it takes a trailing comma (`{"a": 1,}`, `[1,]`) and numbers
/// with leading zeros (`0012`), which other JSON parsers refuse. The server answers such a body
/// 400 "The body is not valid JSON.", as it answers any malformed one, so that a client learns
/// of the mistake here rather than from the next server it talks to.
///
/// The check reads the bytes once, without recursion (a container's depth costs one byte of
/// stack), and looks at syntax only: what a string holds (its UTF-8) is the decoder's to judge.
/// A body in UTF-16 or UTF-32 with a byte-order mark, and UTF-8 with one, are checked as UTF-8.
enum StrictJSON {
  /// Whether `data` is one JSON value, with only whitespace around it.
  static func isValid(_ data: Data) -> Bool {
    var scanner = Scanner(bytes: utf8(data))
    return scanner.scan()
  }

  /// `data` as UTF-8 bytes: without a UTF-8 byte-order mark, and re-encoded when a byte-order
  /// mark says it is UTF-16 or UTF-32.
  private static func utf8(_ data: Data) -> [UInt8] {
    let bytes = [UInt8](data)
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return Array(bytes.dropFirst(3)) }
    let encodings: [([UInt8], String.Encoding)] = [
      ([0x00, 0x00, 0xFE, 0xFF], .utf32BigEndian), ([0xFF, 0xFE, 0x00, 0x00], .utf32LittleEndian),
      ([0xFE, 0xFF], .utf16BigEndian), ([0xFF, 0xFE], .utf16LittleEndian),
    ]
    for (mark, encoding) in encodings where bytes.starts(with: mark) {
      let text = String(data: Data(bytes.dropFirst(mark.count)), encoding: encoding)
      return text.map { Array($0.utf8) } ?? []
    }
    return bytes
  }

  /// What the scanner expects next.
  private enum Expectation {
    case value
    case valueOrEnd
    case key
    case keyOrEnd
    case colon
    case commaOrEnd
  }

  private struct Scanner {
    let bytes: [UInt8]
    var index = 0
    /// The containers open, innermost last: `{` or `[`.
    var open: [UInt8] = []

    init(bytes: [UInt8]) {
      self.bytes = bytes
    }

    mutating func scan() -> Bool {
      var expectation = Expectation.value
      while true {
        skipWhitespace()
        guard index < bytes.count else { return open.isEmpty && expectation == .commaOrEnd }
        let byte = bytes[index]
        switch expectation {
        case .value, .valueOrEnd:
          if expectation == .valueOrEnd, byte == UInt8(ascii: "]") {
            index += 1
            open.removeLast()
            expectation = .commaOrEnd
            continue
          }
          guard let next = scanValue() else { return false }
          expectation = next
        case .key, .keyOrEnd:
          if expectation == .keyOrEnd, byte == UInt8(ascii: "}") {
            index += 1
            open.removeLast()
            expectation = .commaOrEnd
            continue
          }
          guard byte == UInt8(ascii: "\""), scanString() else { return false }
          expectation = .colon
        case .colon:
          guard byte == UInt8(ascii: ":") else { return false }
          index += 1
          expectation = .value
        case .commaOrEnd:
          // Anything after the outermost value is garbage.
          guard let container = open.last else { return false }
          let end = container == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
          if byte == UInt8(ascii: ",") {
            index += 1
            expectation = container == UInt8(ascii: "{") ? .key : .value
          } else if byte == end {
            index += 1
            open.removeLast()
          } else {
            return false
          }
        }
      }
    }

    /// Reads a value, or opens a container; returns what follows it, `nil` when it is not one.
    mutating func scanValue() -> Expectation? {
      switch bytes[index] {
      case UInt8(ascii: "{"):
        index += 1
        open.append(UInt8(ascii: "{"))
        return .keyOrEnd
      case UInt8(ascii: "["):
        index += 1
        open.append(UInt8(ascii: "["))
        return .valueOrEnd
      case UInt8(ascii: "\""):
        return scanString() ? .commaOrEnd : nil
      case UInt8(ascii: "t"):
        return scanLiteral("true") ? .commaOrEnd : nil
      case UInt8(ascii: "f"):
        return scanLiteral("false") ? .commaOrEnd : nil
      case UInt8(ascii: "n"):
        return scanLiteral("null") ? .commaOrEnd : nil
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        return scanNumber() ? .commaOrEnd : nil
      default:
        return nil
      }
    }

    mutating func skipWhitespace() {
      while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    mutating func scanLiteral(_ literal: StaticString) -> Bool {
      let text = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
      guard bytes[index...].starts(with: text) else { return false }
      index += text.count
      return true
    }

    /// A string from its opening quote: no control characters, only JSON's escapes.
    mutating func scanString() -> Bool {
      index += 1
      while index < bytes.count {
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""):
          return true
        case UInt8(ascii: "\\"):
          guard index < bytes.count else { return false }
          let escaped = bytes[index]
          index += 1
          if escaped == UInt8(ascii: "u") {
            guard index + 4 <= bytes.count, bytes[index..<index + 4].allSatisfy(isHexDigit)
            else { return false }
            index += 4
          } else if !Array("\"\\/bfnrt".utf8).contains(escaped) {
            return false
          }
        case 0x00..<0x20:
          return false
        default:
          continue
        }
      }
      return false
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`
    mutating func scanNumber() -> Bool {
      if bytes[index] == UInt8(ascii: "-") { index += 1 }
      guard index < bytes.count else { return false }
      if bytes[index] == UInt8(ascii: "0") {
        index += 1
      } else if !scanDigits() {
        return false
      }
      if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
        index += 1
        guard scanDigits() else { return false }
      }
      if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E")
      {
        index += 1
        if index < bytes.count,
          bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")
        {
          index += 1
        }
        guard scanDigits() else { return false }
      }
      return true
    }

    /// One or more digits.
    mutating func scanDigits() -> Bool {
      let start = index
      while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
        index += 1
      }
      return index > start
    }

    func isHexDigit(_ byte: UInt8) -> Bool {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"),
        UInt8(ascii: "A")...UInt8(ascii: "F"):
        true
      default:
        false
      }
    }
  }
}
