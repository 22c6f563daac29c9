import ConcurrencyExtras
import Dependencies
import Foundation

extension SharedReaderKey {
  /// A `Bool` in user defaults under `key`.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<Bool> {
    AppStorageKey(key, store: store, lookup: .bool)
  }

  /// An `Int` in user defaults under `key`.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<Int> {
    AppStorageKey(key, store: store, lookup: .int)
  }

  /// A `Double` in user defaults under `key`.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<Double> {
    AppStorageKey(key, store: store, lookup: .double)
  }

  /// A `String` in user defaults under `key`.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<String> {
    AppStorageKey(key, store: store, lookup: .string)
  }

  /// A `URL` in user defaults under `key`.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<URL> {
    AppStorageKey(key, store: store, lookup: .url)
  }

  /// A `Data` in user defaults under `key`.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<Data> {
    AppStorageKey(key, store: store, lookup: .data)
  }

  /// A `Date` in user defaults under `key`.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<Date> {
    AppStorageKey(key, store: store, lookup: .date)
  }

  /// An array of strings in user defaults under `key`.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<[String]> {
    AppStorageKey(key, store: store, lookup: .stringArray)
  }

  /// A value stored as its `Int` raw value in user defaults under `key`.
  public static func appStorage<Value: RawRepresentable<Int> & Sendable>(
    _ key: String, store: UserDefaults? = nil
  ) -> Self where Self == AppStorageKey<Value> {
    AppStorageKey(key, store: store, lookup: .rawValue(.int))
  }

  /// A value stored as its `String` raw value in user defaults under `key`.
  public static func appStorage<Value: RawRepresentable<String> & Sendable>(
    _ key: String, store: UserDefaults? = nil
  ) -> Self where Self == AppStorageKey<Value> {
    AppStorageKey(key, store: store, lookup: .rawValue(.string))
  }

  /// An optional `Bool` in user defaults under `key`: `nil` removes it.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<Bool?> {
    AppStorageKey(key, store: store, lookup: .optional(.bool))
  }

  /// An optional `Int` in user defaults under `key`: `nil` removes it.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<Int?> {
    AppStorageKey(key, store: store, lookup: .optional(.int))
  }

  /// An optional `Double` in user defaults under `key`: `nil` removes it.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<Double?> {
    AppStorageKey(key, store: store, lookup: .optional(.double))
  }

  /// An optional `String` in user defaults under `key`: `nil` removes it.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<String?> {
    AppStorageKey(key, store: store, lookup: .optional(.string))
  }

  /// An optional `URL` in user defaults under `key`: `nil` removes it.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<URL?> {
    AppStorageKey(key, store: store, lookup: .optional(.url))
  }

  /// An optional `Data` in user defaults under `key`: `nil` removes it.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<Data?> {
    AppStorageKey(key, store: store, lookup: .optional(.data))
  }

  /// An optional `Date` in user defaults under `key`: `nil` removes it.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<Date?> {
    AppStorageKey(key, store: store, lookup: .optional(.date))
  }

  /// An optional array of strings in user defaults under `key`: `nil` removes it.
  public static func appStorage(_ key: String, store: UserDefaults? = nil) -> Self
  where Self == AppStorageKey<[String]?> {
    AppStorageKey(key, store: store, lookup: .optional(.stringArray))
  }

  /// An optional value stored as its `Int` raw value under `key`: `nil` removes it.
  public static func appStorage<Value: RawRepresentable<Int> & Sendable>(
    _ key: String, store: UserDefaults? = nil
  ) -> Self where Self == AppStorageKey<Value?> {
    AppStorageKey(key, store: store, lookup: .optional(.rawValue(.int)))
  }

  /// An optional value stored as its `String` raw value under `key`: `nil` removes it.
  public static func appStorage<Value: RawRepresentable<String> & Sendable>(
    _ key: String, store: UserDefaults? = nil
  ) -> Self where Self == AppStorageKey<Value?> {
    AppStorageKey(key, store: store, lookup: .optional(.rawValue(.string)))
  }

  /// Any other `Codable` value, stored as its JSON under `key` (the types above keep their own
  /// forms).
  @_disfavoredOverload
  public static func appStorage<Value: Codable & Sendable>(
    _ key: String, store: UserDefaults? = nil
  ) -> Self where Self == AppStorageKey<Value> {
    AppStorageKey(key, store: store, lookup: .json)
  }

  /// Any other optional `Codable` value, stored as its JSON under `key`: `nil` removes it.
  @_disfavoredOverload
  public static func appStorage<Value: Codable & Sendable>(
    _ key: String, store: UserDefaults? = nil
  ) -> Self where Self == AppStorageKey<Value?> {
    AppStorageKey(key, store: store, lookup: .optional(.json))
  }
}

/// A key to a value in `UserDefaults` (see ``SharedReaderKey/appStorage(_:store:)-(String,_)``).
///
/// The store is `store` when given, else ``Dependencies/DependencyValues/defaultAppStorage``:
/// `UserDefaults.standard` in the app, which Foundation on Linux keeps in
/// `$XDG_CONFIG_HOME/<executable name>.plist` (`~/.config/` when unset), and a fresh suite in
/// each test. Foundation on Linux posts no change notifications, so a change made through
/// `UserDefaults` directly, not through `@Shared`, is seen at the next load only.
public struct AppStorageKey<Value: Sendable>: SharedKey {
  private let key: String
  private let store: UncheckedSendable<UserDefaults>
  private let lookup: AppStorageLookup<Value>

  init(_ key: String, store: UserDefaults?, lookup: AppStorageLookup<Value>) {
    @Dependency(\.defaultAppStorage) var defaultStore
    self.key = key
    self.store = UncheckedSendable(store ?? defaultStore)
    self.lookup = lookup
  }

  /// The key in its store.
  public var id: AppStorageKeyID {
    AppStorageKeyID(key: key, store: ObjectIdentifier(store.value))
  }

  /// Loads the stored value. When the store holds none (or one of another type) and the load
  /// is the first one, the default is written to the store, as swift-sharing does, so that
  /// whoever reads the user defaults directly sees the value the app uses.
  public func load(context: LoadContext<Value>, continuation: LoadContinuation<Value>) {
    guard let value = lookup.load(store.value, key) else {
      if let initialValue = context.initialValue {
        lookup.save(store.value, key, initialValue)
      }
      continuation.resumeReturningInitialValue()
      return
    }
    continuation.resume(returning: value)
  }

  public func subscribe(
    context: LoadContext<Value>, subscriber: SharedSubscriber<Value>
  ) -> SharedSubscription {
    SharedSubscription {}
  }

  public func save(_ value: Value, context: SaveContext, continuation: SaveContinuation) {
    lookup.save(store.value, key, value)
    continuation.resume()
  }
}

extension AppStorageKey: CustomStringConvertible {
  public var description: String {
    ".appStorage(\(String(reflecting: key)))"
  }
}

/// The identity of an app storage key: its key in its store.
public struct AppStorageKeyID: Hashable, Sendable {
  let key: String
  let store: ObjectIdentifier
}

/// How a type is read from and written to user defaults.
struct AppStorageLookup<Value>: Sendable {
  /// The stored value, `nil` when there is none (or it is of another type).
  let load: @Sendable (UserDefaults, String) -> Value?
  /// Stores the value.
  let save: @Sendable (UserDefaults, String, Value) -> Void

  private static func plain(_ read: @escaping @Sendable (UserDefaults, String) -> Value?) -> Self {
    Self(
      load: { store, key in store.object(forKey: key) == nil ? nil : read(store, key) },
      save: { store, key, value in store.set(value, forKey: key) }
    )
  }

  /// Optional values: `nil` removes the key.
  static func optional<Wrapped>(_ wrapped: AppStorageLookup<Wrapped>) -> Self
  where Value == Wrapped? {
    Self(
      load: { store, key in wrapped.load(store, key).map { $0 } },
      save: { store, key, value in
        if let value {
          wrapped.save(store, key, value)
        } else {
          store.removeObject(forKey: key)
        }
      }
    )
  }

  /// Raw-representable values, stored as their raw value.
  static func rawValue<Raw>(_ raw: AppStorageLookup<Raw>) -> Self
  where Value: RawRepresentable<Raw> & Sendable {
    Self(
      load: { store, key in raw.load(store, key).flatMap(Value.init(rawValue:)) },
      save: { store, key, value in raw.save(store, key, value.rawValue) }
    )
  }
}

extension AppStorageLookup<Bool> {
  static let bool = plain { $0.bool(forKey: $1) }
}

extension AppStorageLookup<Int> {
  static let int = plain { $0.object(forKey: $1) as? Int }
}

extension AppStorageLookup<Double> {
  static let double = plain { $0.object(forKey: $1) as? Double }
}

extension AppStorageLookup<String> {
  static let string = plain { $0.string(forKey: $1) }
}

extension AppStorageLookup<URL> {
  /// A URL, stored as its string: a file URL as its path (which `url(forKey:)` reads back as a
  /// file URL), any other as its absolute string. Foundation on Linux stores a URL given to
  /// `set(_:forKey:)` as its path alone, so `https://example.com/a` would come back `file:///a`.
  static let url = AppStorageLookup(
    load: { store, key in
      guard let string = store.string(forKey: key) else { return store.url(forKey: key) }
      if string.hasPrefix("/") || string.hasPrefix("~") {
        return URL(fileURLWithPath: NSString(string: string).expandingTildeInPath)
      }
      return URL(string: string)
    },
    save: { store, key, value in
      store.set(value.isFileURL ? value.path : value.absoluteString, forKey: key)
    }
  )
}

extension AppStorageLookup where Value: Codable & Sendable {
  /// A value stored as its JSON, in data; stored data that does not decode as `Value` is no
  /// value (the default holds).
  static var json: Self {
    Self(
      load: { store, key in
        store.data(forKey: key).flatMap { try? JSONDecoder().decode(Value.self, from: $0) }
      },
      save: { store, key, value in
        guard let data = try? JSONEncoder().encode(value) else { return }
        store.set(data, forKey: key)
      }
    )
  }
}

extension AppStorageLookup<Data> {
  static let data = plain { $0.data(forKey: $1) }
}

extension AppStorageLookup<[String]> {
  static let stringArray = plain { $0.stringArray(forKey: $1) }
}

extension AppStorageLookup<Date> {
  static let date = plain { $0.object(forKey: $1) as? Date }
}

private enum DefaultAppStorageKey: DependencyKey {
  static var liveValue: UncheckedSendable<UserDefaults> { UncheckedSendable(.standard) }
  static var testValue: UncheckedSendable<UserDefaults> { UncheckedSendable(.inMemory) }
}

extension UserDefaults {
  /// A new, empty suite of its own each time it is read, for tests and previews:
  /// `$0.defaultAppStorage = .inMemory`.
  public static var inMemory: UserDefaults {
    let suite = "\(NSTemporaryDirectory())Sharing.\(UUID().uuidString)"
    return UserDefaults(suiteName: suite) ?? .standard
  }
}

extension DependencyValues {
  /// The user defaults `.appStorage` keys use when not given a store: `UserDefaults.standard`
  /// in the app, a fresh suite in each test (so tests see no values but their own).
  public var defaultAppStorage: UserDefaults {
    get { self[DefaultAppStorageKey.self].value }
    set { self[DefaultAppStorageKey.self] = UncheckedSendable(newValue) }
  }

  /// Whether `.appStorage` warns about a key holding `.` or `@`: swift-sharing's setting,
  /// kept so that code which turns the warning off compiles. There is nothing to warn about
  /// here: such keys work as any other, since no key is observed through key-value observation
  /// (which those characters break on Apple's platforms).
  public var appStorageKeyFormatWarningEnabled: Bool {
    get { self[AppStorageKeyFormatWarningKey.self] }
    set { self[AppStorageKeyFormatWarningKey.self] = newValue }
  }
}

private enum AppStorageKeyFormatWarningKey: DependencyKey {
  static let liveValue = true
  static let testValue = true
}
