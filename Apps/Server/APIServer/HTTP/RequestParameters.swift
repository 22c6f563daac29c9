import Foundation
import Hummingbird

/// Reads and validates query and path parameters, throwing ``APIFailure/badRequest(_:field:)``
/// with a message that names the parameter and its allowed values.
struct RequestParameters {
  let context: APIRequestContext
  /// The query's parameters, percent-decoded, the first of each name (parsed once:
  /// `URI.queryParameters` parses the whole query on each access).
  let queryParameters: [String: String]

  init(request: Request, context: APIRequestContext) {
    self.context = context
    self.queryParameters = Dictionary(
      request.uri.queryParameters.map { (String($0.key), String($0.value)) },
      uniquingKeysWith: { first, _ in first })
  }

  /// The query parameter `name`, percent-decoded; the first one when it is repeated.
  func query(_ name: String) -> String? {
    queryParameters[name]
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
      let text = raw.removingPercentEncoding,
      let first = text.utf8.first, first != UInt8(ascii: "0"),
      text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
      let value = Int(text)
    else {
      throw .badRequest("\(resource) ids are whole numbers from 1.", field: name)
    }
    return value
  }
}
