import APIClient
import Dependencies
import Foundation
import SharedModels

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Sends ``Endpoint``s (over SwiftNIO, or URLSession for `https`) and turns every outcome into
/// a decoded value or an ``APIError``.
struct HTTPTransport: Sendable {
  /// The session `https` requests go through.
  let session: URLSession

  /// Sends `endpoint` to the server the `apiConfiguration` dependency names, decoding the
  /// answer as `Response`.
  func send<Response: Decodable>(_ endpoint: Endpoint) async throws(APIError) -> Response {
    @Dependency(\.apiConfiguration) var configuration
    return try await send(endpoint, as: Response.self, configuration: configuration)
  }

  /// Sends `endpoint` to the server the `apiConfiguration` dependency names, decoding the
  /// answer as `Response` with the version (`ETag`) the server gave it.
  func sendVersioned<Response: Decodable>(
    _ endpoint: Endpoint
  ) async throws(APIError) -> Versioned<Response> {
    @Dependency(\.apiConfiguration) var configuration
    let answer = try await exchange(endpoint, configuration: configuration)
    return Versioned(try Self.decode(Response.self, from: answer), version: answer.entityTag)
  }

  /// Sends `endpoint` to the server `configuration` names and decodes the answer as `Response`.
  ///
  /// Cancelling the calling task cancels the request, which then throws
  /// ``APIError/cancelled``.
  func send<Response: Decodable>(
    _ endpoint: Endpoint, as response: Response.Type = Response.self,
    configuration: APIConfiguration
  ) async throws(APIError) -> Response {
    try Self.decode(Response.self, from: try await exchange(endpoint, configuration: configuration))
  }

  /// Sends `endpoint` to the server `configuration` names and returns its successful answer;
  /// any other outcome throws its ``APIError``.
  private func exchange(
    _ endpoint: Endpoint, configuration: APIConfiguration
  ) async throws(APIError) -> HTTP1Exchange.Answer {
    guard let url = URLBuilder.url(for: endpoint, baseURL: configuration.baseURL) else {
      throw .transport("Invalid URL: \(configuration.baseURL)\(endpoint.path)")
    }
    var headers = [(name: "Accept", value: "application/json")]
    if endpoint.body != nil { headers.append((name: "Content-Type", value: "application/json")) }
    headers += endpoint.headers

    let answer: HTTP1Exchange.Answer
    do {
      try Task.checkCancellation()
      answer = try await Self.withTimeout(configuration.timeout) { [session, headers] in
        try await Self.exchange(
          method: endpoint.method, url: url, headers: headers, body: endpoint.body,
          timeout: configuration.timeout, session: session)
      }
    } catch {
      throw Self.apiError(for: error, server: Self.address(of: configuration.baseURL))
    }
    try Self.check(status: answer.status, body: answer.body)
    return answer
  }

  /// `answer`'s body decoded as `Response`.
  private static func decode<Response: Decodable>(
    _ response: Response.Type, from answer: HTTP1Exchange.Answer
  ) throws(APIError) -> Response {
    do {
      return try JSONDecoder.api.decode(Response.self, from: answer.body)
    } catch {
      throw .decoding(String(describing: error))
    }
  }

  /// Sends one request and reads the whole answer: over SwiftNIO for `http` URLs (see
  /// ``HTTP1Exchange``), through `session` for the others (`https`).
  static func exchange(
    method: String, url: URL, headers: [(name: String, value: String)], body: Data?,
    timeout: Duration, session: URLSession
  ) async throws -> HTTP1Exchange.Answer {
    if url.scheme?.lowercased() == "http" {
      return try await HTTP1Exchange(method: method, url: url, headers: headers, body: body)
        .perform()
    }
    var request = URLRequest(url: url, timeoutInterval: timeout.timeInterval)
    request.httpMethod = method
    for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
    request.httpBody = body
    let (data, response) = try await session.data(for: request)
    guard let http = response as? HTTPURLResponse else {
      throw APIError.transport("The answer was not HTTP.")
    }
    return HTTP1Exchange.Answer(
      status: http.statusCode, body: data, entityTag: http.value(forHTTPHeaderField: "ETag"))
  }

  /// Throws the ``APIError`` an unsuccessful status stands for.
  static func check(status: Int, body: Data) throws(APIError) {
    switch status {
    case 200..<300:
      return
    case 404:
      throw .notFound
    case 412:
      throw .conflict(serverMessage(in: body, status: status))
    case 422:
      throw .validation(serverMessage(in: body, status: status))
    case 400..<500:
      throw .badRequest(serverMessage(in: body, status: status))
    case 500..<600:
      throw .server(status: status, message: explanation(in: body))
    default:
      throw .server(status: status)
    }
  }

  /// `url` as a person is shown it when the server cannot be reached: without a user name or
  /// password it may carry.
  static func address(of url: URL) -> String {
    guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
      return url.absoluteString
    }
    components.user = nil
    components.password = nil
    return components.string ?? url.absoluteString
  }

  /// What an ``APIErrorBody`` says of a failure, unless it says only that the server failed
  /// (`internal_error`), which the client's own message says better.
  static func explanation(in body: Data) -> String? {
    guard let error = try? JSONDecoder.api.decode(APIErrorBody.self, from: body),
      error.code != APIErrorBody.Code.internalError, !error.message.isEmpty
    else { return nil }
    return error.message
  }

  /// The message of an ``APIErrorBody``, or a generic one when the body is not one.
  static func serverMessage(in body: Data, status: Int) -> String {
    (try? JSONDecoder.api.decode(APIErrorBody.self, from: body).message)
      ?? "The request was refused (\(status) \(HTTPURLResponse.localizedString(forStatusCode: status)))."
  }

  /// Thrown when a request outlives its timeout.
  struct TimeoutError: Error {}

  /// The result of `operation`, or ``TimeoutError`` once `timeout` has passed (the operation
  /// is then cancelled). URLSession on Linux does not enforce a request's
  /// `timeoutInterval` on its own, so the transport does.
  static func withTimeout<T: Sendable>(
    _ timeout: Duration, _ operation: @escaping @Sendable () async throws -> T
  ) async throws -> T {
    try await withThrowingTaskGroup(of: T.self) { group in
      group.addTask { try await operation() }
      group.addTask {
        try await Task.sleep(for: timeout)
        throw TimeoutError()
      }
      defer { group.cancelAll() }
      guard let first = try await group.next() else { throw CancellationError() }
      return first
    }
  }

  /// The ``APIError`` a failed exchange's error stands for; a failure to reach the server
  /// names `server`, its address.
  static func apiError(for error: any Error, server: String? = nil) -> APIError {
    if error is TimeoutError { return .timedOut }
    if case .transport(let reason, nil)? = error as? APIError {
      return .transport(reason, server: server)
    }
    if let error = error as? APIError { return error }
    if error is CancellationError || Task.isCancelled { return .cancelled }
    if let urlError = error as? URLError {
      switch urlError.code {
      case .cancelled: return .cancelled
      case .timedOut: return .timedOut
      default: return .transport(urlError.localizedDescription, server: server)
      }
    }
    return .transport(String(describing: error), server: server)
  }
}

extension Duration {
  /// The duration in seconds, as Foundation counts time.
  var timeInterval: TimeInterval {
    self / .seconds(1)
  }
}
