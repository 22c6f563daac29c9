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
  public static func live(session: URLSession = .api) -> APIClient {
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
        try await transport.send(Endpoint(method: "PUT", path: "/me", body: try encode(update)))
      },
      versionedMe: {
        try await transport.sendVersioned(Endpoint(path: "/me"))
      },
      updateMeIfUnchanged: { update, version in
        try await transport.sendVersioned(
          Endpoint(
            method: "PUT", path: "/me", body: try encode(update),
            headers: [(name: "If-Match", value: version)]))
      }
    )
  }

  /// `update` as the JSON body of a `PUT /me`.
  private static func encode(_ update: ProfileUpdate) throws(APIError) -> Data {
    do {
      return try JSONEncoder.api.encode(update)
    } catch {
      throw .decoding(String(describing: error))
    }
  }
}

extension URLSession {
  /// The session the live client uses: nothing kept on disk, no cookies. The API's answers
  /// are not cached by HTTP (a list reloads to show what changed).
  ///
  /// Making any session on Linux makes Foundation create a directory for its shared cookie
  /// store in the data directory (named after the executable's folder) and one for its shared
  /// cache in the cache directory, though this session uses neither: the empty directories it
  /// made are removed again, so the app leaves nothing where the person did not ask.
  public static let api: URLSession = EmptyDirectoriesMade.removed {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.urlCache = nil
    configuration.httpCookieStorage = nil
    configuration.httpShouldSetCookies = false
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    return URLSession(configuration: configuration)
  }
}

/// The directories Foundation may create when a session is made: the data and cache
/// directories of the XDG base directory specification, and the cache's Foundation folder.
enum EmptyDirectoriesMade {
  /// Runs `make`, then removes the empty directories it created in the watched directories.
  static func removed<T>(_ make: () -> T) -> T {
    let files = FileManager.default
    let watched = watchedDirectories()
    let before = watched.map { Set((try? files.contentsOfDirectory(atPath: $0)) ?? []) }
    let absent = watched.filter { !files.fileExists(atPath: $0) }
    let made = make()
    // Deepest first, so that a folder emptied by the removal of its new child goes too.
    for (directory, existing) in zip(watched, before).reversed() {
      for name in (try? files.contentsOfDirectory(atPath: directory)) ?? []
      where !existing.contains(name) {
        let path = directory + "/" + name
        if (try? files.contentsOfDirectory(atPath: path))?.isEmpty == true {
          try? files.removeItem(atPath: path)
        }
      }
    }
    // A data or cache directory that was not there before goes too when it is left empty.
    for directory in absent.reversed()
    where (try? files.contentsOfDirectory(atPath: directory))?.isEmpty == true {
      try? files.removeItem(atPath: directory)
    }
    return made
  }

  /// `$XDG_DATA_HOME` (or `~/.local/share`), `$XDG_CACHE_HOME` (or `~/.cache`) and the
  /// latter's `org.swift.foundation.URLCache`.
  private static func watchedDirectories() -> [String] {
    let environment = ProcessInfo.processInfo.environment
    let home = FileManager.default.homeDirectoryForCurrentUser.path
    func base(_ variable: String, _ fallback: String) -> String {
      guard let value = environment[variable], value.hasPrefix("/") else {
        return home + "/" + fallback
      }
      return value
    }
    let cache = base("XDG_CACHE_HOME", ".cache")
    return [
      base("XDG_DATA_HOME", ".local/share"), cache, cache + "/org.swift.foundation.URLCache",
    ]
  }
}
