import Foundation

/// Why an ``APIClient`` call failed, in terms a person can be shown.
public enum APIError: Error, Equatable, Hashable, Sendable {
  /// The server has no such resource (404).
  case notFound
  /// The server refused the request (400, 413, 415 or another 4xx), with its message.
  case badRequest(String)
  /// A field of the request is invalid (422), with the server's message.
  case validation(String)
  /// What the request would replace was changed by someone else since it was read (412); the
  /// message says what to do.
  case conflict(String)
  /// The server failed (5xx) or answered with a status the client does not expect; `message`
  /// is what the server said of it, when it said more than that it failed (such as why it is
  /// unavailable).
  case server(status: Int, message: String? = nil)
  /// The answer could not be read.
  case decoding(String)
  /// The server could not be reached (connection refused, host unknown, connection lost…):
  /// why, and the server's address (`server`) when it is known, so a mistyped one can be seen.
  case transport(String, server: String? = nil)
  /// The server did not answer in time.
  case timedOut
  /// The request was cancelled, usually because the task that made it was.
  case cancelled

  /// A sentence to show people.
  public var message: String {
    switch self {
    case .notFound:
      "We couldn't find that."
    case .badRequest(let message), .validation(let message), .conflict(let message):
      message
    case .server(let status, nil):
      "The server ran into a problem (\(status)). Please try again."
    case .server(let status, let message?):
      "\(message) (HTTP \(status))"
    case .decoding:
      "The server sent an answer we couldn't read."
    case .transport(_, nil):
      "Can't reach the server. Check that it is running and try again."
    case .transport(_, let server?):
      "Can't reach the server at \(server). Check that it is running and try again."
    case .timedOut:
      "The server took too long to answer. Please try again."
    case .cancelled:
      "The request was cancelled."
    }
  }
}

extension APIError: LocalizedError {
  /// ``message``, so `localizedDescription` reads well.
  public var errorDescription: String? { message }
}
