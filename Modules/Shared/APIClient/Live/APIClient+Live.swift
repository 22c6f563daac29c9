import APIClient
import Dependencies
import Foundation
import SharedModels

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension APIClient: DependencyKey {
  /// The client that calls the server at the `apiConfiguration` dependency's base URL.
  public static let liveValue = APIClient.live()

  /// A client that sends requests through `session`, reading the `apiConfiguration`
  /// dependency at each call, so an app can point it at a server started after launch.
  public static func live(session: URLSession = .shared) -> APIClient {
    let transport = HTTPTransport(session: session)
    return APIClient(
      users: { page, limit in
        try await transport.send(.paged("/users", page: page, limit: limit))
      },
      user: { id in
        try await transport.send(Endpoint(path: "/users/\(id)"))
      },
      posts: { userID, page, limit in
        try await transport.send(.paged("/users/\(userID)/posts", page: page, limit: limit))
      },
      feed: { page, limit in
        try await transport.send(.paged("/posts", page: page, limit: limit))
      },
      search: { query, limit in
        try await transport.send(
          Endpoint(path: "/search", query: [("q", query), ("limit", String(limit))]))
      },
      me: {
        try await transport.send(Endpoint(path: "/me"))
      },
      updateMe: { update in
        let body: Data
        do {
          body = try JSONEncoder.api.encode(update)
        } catch {
          throw APIError.decoding(String(describing: error))
        }
        return try await transport.send(Endpoint(method: "PUT", path: "/me", body: body))
      }
    )
  }
}
