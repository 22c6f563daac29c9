import Dependencies
import Foundation

/// Where the API server is and how long to wait for it.
public struct APIConfiguration: Sendable, Hashable {
  /// The server's base URL, such as `http://127.0.0.1:8080`.
  public var baseURL: URL
  /// How long a request may wait for the server before failing with ``APIError/timedOut``.
  public var timeout: Duration

  /// Creates a configuration.
  public init(baseURL: URL, timeout: Duration = .seconds(10)) {
    self.baseURL = baseURL
    self.timeout = timeout
  }

  /// `http://127.0.0.1:8080`, where `swift run Server` listens by default.
  public static var local: APIConfiguration {
    APIConfiguration(baseURL: URL(string: "http://127.0.0.1:8080") ?? URL(fileURLWithPath: "/"))
  }
}

extension APIConfiguration: DependencyKey {
  /// ``local``; an app that starts the server in-process overrides it with the server's URL.
  public static var liveValue: APIConfiguration { .local }
  /// ``local``; tests that reach a server override it.
  public static var testValue: APIConfiguration { .local }
}

extension DependencyValues {
  /// Where the API server is and how long to wait for it.
  public var apiConfiguration: APIConfiguration {
    get { self[APIConfiguration.self] }
    set { self[APIConfiguration.self] = newValue }
  }
}
