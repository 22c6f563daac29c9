import Hummingbird

/// Reads and validates query and path parameters, throwing ``APIFailure/badRequest(_:field:)``
/// with a message that names the parameter and its allowed values.
struct RequestParameters {
  let context: APIRequestContext
  /// The query's parameters, decoded as a form (``formDecoded(_:)``), the first of each name.
  let queryParameters: [String: String]

  init(request: Request, context: APIRequestContext) {
    self.context = context
    self.queryParameters = Self.parameters(ofQuery: request.uri.query ?? "")
  }

  /// The query parameter `name`, decoded; the first one when it is repeated.
  func query(_ name: String) -> String? {
    queryParameters[name]
  }

  /// The `name=value` pairs of `query`, split at `&` and at the first `=`, names and values
  /// decoded with ``formDecoded(_:)``; the first value of a repeated name. A pair without `=`
  /// has an empty value.
  ///
  /// Hummingbird's `URI.queryParameters` percent-decodes values only and keeps `+`, so
  /// `q=alice+kumar`, as browsers and most HTTP clients encode a form value, would search for
  /// `alice+kumar`.
  static func parameters(ofQuery query: String) -> [String: String] {
    var parameters: [String: String] = [:]
    for pair in query.split(separator: "&", omittingEmptySubsequences: true) {
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      let name = formDecoded(parts[0])
      guard parameters[name] == nil else { continue }
      parameters[name] = parts.count > 1 ? formDecoded(parts[1]) : ""
    }
    return parameters
  }

  /// `text` decoded as a form field (`application/x-www-form-urlencoded`): `+` is a space and
  /// `%XX` escapes are decoded, so `%2B` stays a plus. Text with a malformed escape (`%zz`, a
  /// lone `%`) is kept as it is, only its `+` read as spaces.
  static func formDecoded(_ text: Substring) -> String {
    percentDecoded(text, plusIsSpace: true)
      ?? String(text.map { $0 == "+" ? " " : $0 })
  }

  /// `text` with its `%XX` escapes decoded, and `+` read as a space when `plusIsSpace`; bytes
  /// that are not UTF-8 read as U+FFFD, as Hummingbird decodes them. `nil` when an escape is
  /// not `%` and two hex digits.
  static func percentDecoded(_ text: Substring, plusIsSpace: Bool) -> String? {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count)
    var iterator = text.utf8.makeIterator()
    while let byte = iterator.next() {
      switch byte {
      case UInt8(ascii: "%"):
        guard let high = iterator.next()?.hexDigitValue,
          let low = iterator.next()?.hexDigitValue
        else { return nil }
        bytes.append(high << 4 | low)
      case UInt8(ascii: "+") where plusIsSpace:
        bytes.append(UInt8(ascii: " "))
      default:
        bytes.append(byte)
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The integer query parameter `name`, `defaultValue` when absent, within `range`.
  func integer(_ name: String, default defaultValue: Int, in range: ClosedRange<Int>)
    throws(APIFailure) -> Int
  {
    guard let text = query(name) else { return defaultValue }
    guard let value = Int(text), range.contains(value) else {
      throw .badRequest(
        "`\(name)` must be a whole number from \(range.lowerBound) to \(range.upperBound).",
        field: name)
    }
    return value
  }

  /// The `page` and `limit` query parameters.
  func page(_ limits: APILimits) throws(APIFailure) -> PageRequest {
    PageRequest(
      page: try integer("page", default: 1, in: 1...limits.maxPage),
      limit: try integer("limit", default: limits.defaultPageSize, in: 1...limits.maxPageSize))
  }

  /// The positive integer path parameter `name` (an id), percent-decoded (`%31` is 1): plain
  /// ASCII digits without a sign or a leading zero, so each id has one spelling.
  func id(_ name: String = "id", of resource: String) throws(APIFailure) -> Int {
    guard let raw = context.parameters.get(name),
      let text = Self.percentDecoded(raw[...], plusIsSpace: false),
      let first = text.utf8.first, first != UInt8(ascii: "0"),
      text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
      let value = Int(text)
    else {
      throw .badRequest("\(resource) ids are whole numbers from 1.", field: name)
    }
    return value
  }
}
