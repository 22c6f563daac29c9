import NIOCore
import NIOHTTP1

/// Puts a request target's path in the normal form RFC 9110 (section 4.2.3) gives equivalent
/// URIs, for ``RequestTargetHandler``: `/%75sers/1` and `/a/../users/1` are `/users/1`.
///
/// Percent-encoded unreserved characters (letters, digits, `-`, `.`, `_`, `~`) are decoded
/// (RFC 3986, section 6.2.2.2), then the dot segments (`.`, `..`) are removed (section 6.2.2.3);
/// other escapes are kept as they are written (`%2F` is not a `/`, and a malformed escape stays
/// for the routes to refuse, unless a `..` removes its segment). The query, the scheme and
/// authority of an absolute-form target (`http://host/…`), and a target that is not a path
/// (`*`) are kept as they are.
enum RequestTargetNormalizer {
  /// `target` (origin form, `/path?query`, or absolute form, `http://host/path?query`) with its
  /// path in normal form.
  static func normalized(_ target: String) -> String {
    if !target.hasPrefix("/"), let colon = target.firstIndex(of: ":"),
      target[colon...].hasPrefix("://")
    {
      // Absolute form: the path starts at the first `/` after the authority.
      let afterScheme = target[target.index(colon, offsetBy: 3)...]
      guard let pathStart = afterScheme.firstIndex(where: { $0 == "/" || $0 == "?" }),
        target[pathStart] == "/"
      else { return target }
      return String(target[..<pathStart]) + normalized(String(target[pathStart...]))
    }
    guard target.hasPrefix("/") else { return target }
    let queryStart = target.firstIndex(of: "?") ?? target.endIndex
    let path = target[..<queryStart]
    guard path.contains("%") || path.contains(".") else { return target }
    return removingDotSegments(decodingUnreserved(path)) + target[queryStart...]
  }

  /// `path` with each `%XX` that encodes an unreserved character replaced by the character.
  static func decodingUnreserved(_ path: Substring) -> String {
    let bytes = Array(path.utf8)
    var index = 0
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count)
    while index < bytes.count {
      if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count,
        let high = bytes[index + 1].hexDigitValue, let low = bytes[index + 2].hexDigitValue,
        isUnreserved(high << 4 | low)
      {
        output.append(high << 4 | low)
        index += 3
      } else {
        output.append(bytes[index])
        index += 1
      }
    }
    return String(decoding: output, as: UTF8.self)
  }

  /// `path` without its dot segments, as RFC 3986 (section 5.2.4) removes them: `.` goes, `..`
  /// removes the segment before it (none above the root), and a path ending in one ends in `/`.
  static func removingDotSegments(_ path: String) -> String {
    let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
    var kept: [Substring] = []
    for (offset, segment) in segments.enumerated() {
      let isLast = offset == segments.count - 1
      switch segment {
      case ".":
        if isLast { kept.append("") }
      case "..":
        _ = kept.popLast()
        if isLast { kept.append("") }
      default:
        kept.append(segment)
      }
    }
    return "/" + kept.joined(separator: "/")
  }

  private static func isUnreserved(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
      UInt8(ascii: "_"), UInt8(ascii: "~"):
      true
    default:
      false
    }
  }
}

/// Normalizes each request's target (``RequestTargetNormalizer``) before Hummingbird routes it.
/// It runs before the conversion to Swift HTTP Types, since Hummingbird's router matches the path
/// before any of its middleware runs; so the request log records the normalized path.
final class RequestTargetHandler: RequestHeadRewriting, RemovableChannelHandler {
  typealias InboundIn = HTTPServerRequestPart
  typealias InboundOut = HTTPServerRequestPart

  func rewrite(_ head: inout HTTPRequestHead) {
    head.uri = RequestTargetNormalizer.normalized(head.uri)
  }
}
