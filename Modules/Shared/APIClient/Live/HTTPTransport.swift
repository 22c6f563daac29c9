import APIClient
import Dependencies
import Foundation
import SharedModels

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Sends ``Endpoint``s with URLSession and turns every outcome into a decoded value or an
/// ``APIError``.
struct HTTPTransport: Sendable {
  /// The session requests go through.
  let session: URLSession

  /// Sends `endpoint` to the server the `apiConfiguration` dependency names, decoding the
  /// answer as `Response`.
  func send<Response: Decodable>(_ endpoint: Endpoint) async throws(APIError) -> Response {
    @Dependency(\.apiConfiguration) var configuration
    return try await send(endpoint, as: Response.self, configuration: configuration)
  }

  /// Sends `endpoint` to the server `configuration` names and decodes the answer as `Response`.
  ///
  /// Cancelling the calling task cancels the request, which then throws
  /// ``APIError/cancelled``.
  func send<Response: Decodable>(
    _ endpoint: Endpoint, as response: Response.Type = Response.self,
    configuration: APIConfiguration
  ) async throws(APIError) -> Response {
    guard let url = URLBuilder.url(for: endpoint, baseURL: configuration.baseURL) else {
      throw .transport("Invalid URL: \(configuration.baseURL)\(endpoint.path)")
    }
    var request = URLRequest(url: url, timeoutInterval: configuration.timeout.timeInterval)
    request.httpMethod = endpoint.method
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    if let body = endpoint.body {
      request.httpBody = body
      request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    }

    let data: Data
    let urlResponse: URLResponse
    do {
      try Task.checkCancellation()
      (data, urlResponse) = try await Self.withTimeout(configuration.timeout) {
        [session, request] in
        try await session.data(for: request)
      }
    } catch {
      throw Self.apiError(for: error)
    }
    guard let http = urlResponse as? HTTPURLResponse else {
      throw .transport("The answer was not HTTP.")
    }
    try Self.check(status: http.statusCode, body: data)
    do {
      return try JSONDecoder.api.decode(Response.self, from: data)
    } catch {
      throw .decoding(String(describing: error))
    }
  }

  /// Throws the ``APIError`` an unsuccessful status stands for.
  static func check(status: Int, body: Data) throws(APIError) {
    switch status {
    case 200..<300:
      return
    case 404:
      throw .notFound
    case 422:
      throw .validation(serverMessage(in: body, status: status))
    case 400..<500:
      throw .badRequest(serverMessage(in: body, status: status))
    default:
      throw .server(status: status)
    }
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

  /// The ``APIError`` a URLSession error stands for.
  static func apiError(for error: any Error) -> APIError {
    if error is TimeoutError { return .timedOut }
    if error is CancellationError || Task.isCancelled { return .cancelled }
    if let urlError = error as? URLError {
      switch urlError.code {
      case .cancelled: return .cancelled
      case .timedOut: return .timedOut
      default: return .transport(urlError.localizedDescription)
      }
    }
    return .transport(String(describing: error))
  }
}

extension Duration {
  /// The duration in seconds, as Foundation counts time.
  var timeInterval: TimeInterval {
    self / .seconds(1)
  }
}
