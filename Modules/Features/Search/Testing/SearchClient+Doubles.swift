import ComposableArchitecture
import SearchFeature

extension SearchClient {
  /// The message ``mock`` returns.
  public static let mockMessage = "Hello from SearchClient.mock"

  /// A client that returns ``mockMessage`` at once.
  public static let mock = SearchClient(load: { mockMessage })

  /// A client whose endpoints throw
  /// ``SearchClientError/notImplemented(endpoint:)``, like the live value today.
  public static let failing = SearchClient(
    load: { throw SearchClientError.notImplemented(endpoint: "SearchClient.load") }
  )
}
