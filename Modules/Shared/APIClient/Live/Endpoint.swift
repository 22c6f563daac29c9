import Foundation

/// One call to the API: method, path, query, an optional JSON body and extra header fields.
struct Endpoint: Sendable {
  /// The HTTP method.
  var method: String
  /// The path below the base URL, starting with `/`.
  var path: String
  /// Query parameters, in order; values are sent exactly as given.
  var query: [(name: String, value: String)]
  /// The JSON body, for `PUT`.
  var body: Data?
  /// Header fields sent besides `Accept` and `Content-Type` (an `If-Match`).
  var headers: [(name: String, value: String)]

  init(
    method: String = "GET", path: String, query: [(name: String, value: String)] = [],
    body: Data? = nil, headers: [(name: String, value: String)] = []
  ) {
    self.method = method
    self.path = path
    self.query = query
    self.body = body
    self.headers = headers
  }

  /// A `GET` of one page of `path`.
  static func paged(_ path: String, page: Int, limit: Int) -> Endpoint {
    Endpoint(path: path, query: [("page", String(page)), ("limit", String(limit))])
  }
}
