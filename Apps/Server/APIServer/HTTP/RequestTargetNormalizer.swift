import NIOCore
import NIOHTTP1

/// Puts each request's target in the normal form RFC 9110 (section 4.2.3) and RFC 3986
/// (section 6.2.2) give equivalent URIs, before the routes read it: `/%75sers/1` and
/// `/a/../users/1` reach the route of `/users/1`, as clients that normalize differently expect.
///
/// Only the path changes: percent-encoded unreserved characters (letters, digits, `-`, `.`, `_`,
/// `~`) are decoded, then the dot segments (`.`, `..`) are removed. Reserved characters stay
/// encoded (`%2F` is not a `/`), a malformed escape is left for the routes to refuse, and the
/// query, an asterisk-form target (`OPTIONS *`) and an absolute-form one are kept as they are.
enum RequestTargetNormalizer {
  /// `target` in normal form.
  static func normalized(_ target: String) -> String {
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
        let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2]),
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

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    default: nil
    }
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

/// Normalizes each request's target (``RequestTargetNormalizer``) before Hummingbird reads it.
final class RequestTargetHandler: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = HTTPServerRequestPart
  typealias InboundOut = HTTPServerRequestPart

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    guard case .head(var head) = unwrapInboundIn(data) else {
      context.fireChannelRead(data)
      return
    }
    head.uri = RequestTargetNormalizer.normalized(head.uri)
    context.fireChannelRead(wrapInboundOut(.head(head)))
  }
}
