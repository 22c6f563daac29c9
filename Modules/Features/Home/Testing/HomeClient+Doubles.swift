import ComposableArchitecture
import HomeFeature

extension HomeClient {
  /// The message ``mock`` returns.
  public static let mockMessage = "Hello from HomeClient.mock"

  /// A client that returns ``mockMessage`` at once.
  public static let mock = HomeClient(load: { mockMessage })

  /// A client whose endpoints throw
  /// ``HomeClientError/notImplemented(endpoint:)``, like the live value today.
  public static let failing = HomeClient(
    load: { throw HomeClientError.notImplemented(endpoint: "HomeClient.load") }
  )
}
