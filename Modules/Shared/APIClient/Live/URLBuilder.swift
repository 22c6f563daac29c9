import Foundation

/// Builds request URLs with every query value percent-encoded.
///
/// `URLQueryItem` leaves `+`, `&`-in-values and others alone on some platforms, so values are
/// encoded here with only RFC 3986's unreserved characters (`A–Z a–z 0–9 - . _ ~`) left as
/// they are, and handed to `URLComponents` already encoded: `a&limit=100000#` travels as
/// `a%26limit%3D100000%23` and reaches the server as the literal text.
enum URLBuilder {
  /// The characters a query name or value keeps unencoded.
  static let unreserved: CharacterSet = {
    var set = CharacterSet()
    set.insert(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
    return set
  }()

  /// `text` with everything but unreserved characters percent-encoded (UTF-8).
  static func encode(_ text: String) -> String {
    text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
  }

  /// The URL of `endpoint` below `baseURL`, or `nil` when they do not form a URL.
  static func url(for endpoint: Endpoint, baseURL: URL) -> URL? {
    guard var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false) else {
      return nil
    }
    let basePath =
      components.percentEncodedPath.hasSuffix("/")
      ? String(components.percentEncodedPath.dropLast()) : components.percentEncodedPath
    components.percentEncodedPath = basePath + endpoint.path
    if endpoint.query.isEmpty {
      components.percentEncodedQuery = nil
    } else {
      components.percentEncodedQuery = endpoint.query
        .map { encode($0.name) + "=" + encode($0.value) }
        .joined(separator: "&")
    }
    return components.url
  }
}
