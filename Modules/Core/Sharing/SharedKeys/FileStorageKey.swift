import ConcurrencyExtras
import Dependencies
import Dispatch
import Foundation

extension SharedReaderKey {
  /// A `Codable` value kept as JSON in the file at `url`:
  ///
  /// ```swift
  /// @Shared(.fileStorage(URL(fileURLWithPath: "/var/lib/app/settings.json")))
  /// var settings = Settings()
  /// ```
  ///
  /// Every `@Shared` of the same URL holds one value. The first change is written at once;
  /// changes made within the second after a write are coalesced into one write at its end
  /// (and written at exit if it comes first). Writes are atomic; a change another process makes
  /// to the file is picked up; a file that cannot be decoded is moved aside, never overwritten
  /// (see ``FileStorageError``). In tests the file system is in memory
  /// (``Dependencies/DependencyValues/defaultFileStorage``).
  ///
  /// - Parameters:
  ///   - url: The file.
  ///   - decoder: The decoder to read it with (a plain `JSONDecoder` by default).
  ///   - encoder: The encoder to write it with (pretty-printed, sorted keys by default).
  public static func fileStorage<Value: Codable>(
    _ url: URL, decoder: JSONDecoder? = nil, encoder: JSONEncoder? = nil
  ) -> Self where Self == FileStorageKey<Value> {
    let decoder = UncheckedSendable(decoder ?? JSONDecoder())
    let encoder = UncheckedSendable(encoder ?? defaultEncoder())
    return fileStorage(
      url,
      decode: { try decoder.value.decode(Value.self, from: $0) },
      encode: { try encoder.value.encode($0) }
    )
  }

  /// A value kept in the file at `url`, read and written by `decode` and `encode`.
  public static func fileStorage<Value>(
    _ url: URL,
    decode: @escaping @Sendable (Data) throws -> Value,
    encode: @escaping @Sendable (Value) throws -> Data
  ) -> Self where Self == FileStorageKey<Value> {
    FileStorageKey(url: url, decode: decode, encode: encode)
  }
}

/// What a save does: write now (starting a throttle), or hold the change until it ends.
private enum FileSavePlan {
  case write(generation: Int)
  case hold(previous: SaveContinuation?)
}

private func defaultEncoder() -> JSONEncoder {
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
  return encoder
}

/// A key to a value kept in a file (see ``SharedReaderKey/fileStorage(_:decoder:encoder:)``).
public final class FileStorageKey<Value: Sendable>: SharedKey {
  /// How long after a write further changes are held back and coalesced.
  static var throttle: DispatchTimeInterval { .seconds(1) }

  private let storage: FileStorage
  private let url: URL
  private let decode: @Sendable (Data) throws -> Value
  private let encode: @Sendable (Value) throws -> Data
  private let state = LockIsolated(State())

  private struct State {
    /// The contents this key last wrote or read: a change event showing them is its own.
    var knownData: Data?
    /// The encoded value the shared value holds, as this key last wrote or decoded it: what a
    /// file damaged meanwhile is written back with.
    var valueData: Data?
    /// Whether a write happened less than ``throttle`` ago.
    var isThrottling = false
    /// The newest change held back by the throttle, and the save waiting for it.
    var pending: (data: Data, continuation: SaveContinuation)?
    /// Bumped by an immediate write, so an earlier throttle's end does nothing.
    var generation = 0
  }

  init(
    url: URL,
    decode: @escaping @Sendable (Data) throws -> Value,
    encode: @escaping @Sendable (Value) throws -> Data
  ) {
    @Dependency(\.defaultFileStorage) var storage
    self.storage = storage
    self.url = url.standardizedFileURL
    self.decode = decode
    self.encode = encode
  }

  /// The file's URL in its file storage.
  public var id: FileStorageKeyID {
    FileStorageKeyID(url: url, storage: storage)
  }

  public func load(context: LoadContext<Value>, continuation: LoadContinuation<Value>) {
    continuation.resume(with: read())
  }

  public func subscribe(
    context: LoadContext<Value>, subscriber: SharedSubscriber<Value>
  ) -> SharedSubscription {
    storage.watch(url) { [weak self] in
      self?.fileChanged(subscriber: subscriber)
    }
  }

  public func save(_ value: Value, context: SaveContext, continuation: SaveContinuation) {
    let data: Data
    do {
      data = try encode(value)
    } catch {
      continuation.resume(throwing: error)
      return
    }
    let plan = state.withValue { state -> FileSavePlan in
      if context == .userInitiated {
        let previous = state.pending?.continuation
        state.pending = nil
        state.isThrottling = false
        state.generation += 1
        previous?.resume()
      }
      guard state.isThrottling else {
        state.isThrottling = true
        state.knownData = data
        state.valueData = data
        return .write(generation: state.generation)
      }
      let previous = state.pending?.continuation
      state.pending = (data, continuation)
      return .hold(previous: previous)
    }
    switch plan {
    case .write(let generation):
      continuation.resume(with: Result { try storage.save(data, url) })
      PendingFileWrites.shared.insert(self)
      storage.schedule(Self.throttle) { [weak self] in self?.endThrottle(generation: generation) }
    case .hold(let previous):
      // A newer change replaces the one held back: that save is done, as its value is.
      previous?.resume()
    }
  }

  /// Writes the change held back during the throttle, if any, and ends the throttle.
  private func endThrottle(generation: Int) {
    let pending = state.withValue { state -> (data: Data, continuation: SaveContinuation)? in
      guard state.generation == generation, state.isThrottling else { return nil }
      state.isThrottling = false
      defer { state.pending = nil }
      if let pending = state.pending {
        (state.knownData, state.valueData) = (pending.data, pending.data)
      }
      return state.pending
    }
    PendingFileWrites.shared.remove(self)
    guard let pending else { return }
    pending.continuation.resume(with: Result { try storage.save(pending.data, url) })
  }

  /// Writes the change held back, now (at exit).
  func flush() {
    let generation = state.withValue { $0.generation }
    endThrottle(generation: generation)
  }

  /// Reads and decodes the file: `nil` for no file, an error (the file moved aside) for one
  /// that cannot be decoded.
  private func read() -> Result<Value?, any Error> {
    let data: Data?
    do {
      data = try storage.load(url)
    } catch {
      return .failure(error)
    }
    state.withValue { $0.knownData = data }
    guard let data else { return .success(nil) }
    do {
      let value = try decode(data)
      state.withValue { $0.valueData = data }
      return .success(value)
    } catch {
      return .failure(keepAside(reason: Self.reason(for: error)))
    }
  }

  /// How long a file that changed and cannot be decoded is given to settle before it is kept
  /// aside: its writer may not be done with it.
  static var settleTime: DispatchTimeInterval { .milliseconds(200) }

  /// Tells `subscriber` what a change event means: nothing when it is this key's own write (or
  /// a change held back here is about to replace it), else the file's new value. Contents that
  /// cannot be decoded are read again once they had time to settle, and kept aside only if they
  /// are still the same: a writer may still be writing them.
  private func fileChanged(subscriber: SharedSubscriber<Value>) {
    let data: Data?
    do {
      data = try storage.load(url)
    } catch {
      subscriber.yield(with: .failure(error))
      return
    }
    let isNews = state.withValue { state -> Bool in
      guard state.pending == nil, data != state.knownData else { return false }
      state.knownData = data
      return true
    }
    guard isNews else { return }
    guard let data else {
      state.withValue { $0.valueData = nil }
      subscriber.yield(with: .success(nil))
      return
    }
    do {
      let value = try decode(data)
      state.withValue { $0.valueData = data }
      subscriber.yield(with: .success(value))
    } catch {
      storage.schedule(Self.settleTime) { [weak self] in
        self?.undecodableChangeSettled(data, error: error, subscriber: subscriber)
      }
    }
  }

  /// After ``settleTime``: keeps the file aside when it still holds the `undecodable` contents
  /// of a change, and reads it as a new change when it changed since.
  private func undecodableChangeSettled(
    _ undecodable: Data, error: any Error, subscriber: SharedSubscriber<Value>
  ) {
    guard (try? storage.load(url)) == undecodable else {
      fileChanged(subscriber: subscriber)
      return
    }
    subscriber.yield(with: .failure(keepAsideAndRestore(reason: Self.reason(for: error))))
  }

  /// Moves the undecodable file aside, then writes back the value the shared value still holds,
  /// as this key last wrote or decoded it: a file damaged while the value is in use loses
  /// nothing (``FileStorageError/unreadableChange(path:movedTo:reason:)``). Without such
  /// contents, or when the move or the write fails, the file is only moved aside, as at load.
  private func keepAsideAndRestore(reason: String) -> FileStorageError {
    let kept = state.withValue { $0.valueData }
    let keptAside = keepAside(reason: reason)
    guard case .unreadable(let path, .some(let movedTo), _) = keptAside, let kept else {
      return keptAside
    }
    do {
      state.withValue { $0.knownData = kept }
      try storage.save(kept, url)
    } catch {
      state.withValue { $0.knownData = nil }
      return keptAside
    }
    return .unreadableChange(path: path, movedTo: movedTo, reason: reason)
  }

  /// Moves the undecodable file aside, so that the next save does not overwrite it.
  private func keepAside(reason: String) -> FileStorageError {
    do {
      let destination = try storage.moveAside(url)
      state.withValue { $0.knownData = nil }
      return .unreadable(path: url.path, movedTo: destination.path, reason: reason)
    } catch {
      return .unreadable(path: url.path, movedTo: nil, reason: reason)
    }
  }

  private static func reason(for error: any Error) -> String {
    switch error {
    case DecodingError.dataCorrupted(let context),
      DecodingError.keyNotFound(_, let context),
      DecodingError.typeMismatch(_, let context),
      DecodingError.valueNotFound(_, let context):
      let path = context.codingPath.map(\.stringValue).joined(separator: ".")
      return path.isEmpty ? context.debugDescription : "\(path): \(context.debugDescription)"
    default:
      return "\(error)"
    }
  }
}

extension FileStorageKey: CustomStringConvertible {
  public var description: String {
    ".fileStorage(\(url))"
  }
}

/// The identity of a file storage key: its file in its file storage.
public struct FileStorageKeyID: Hashable, Sendable {
  let url: URL
  let storage: FileStorage
}

/// The file keys holding back a change, written when the process exits normally so a change
/// made in the last second is not lost.
final class PendingFileWrites: @unchecked Sendable {
  static let shared: PendingFileWrites = {
    atexit { PendingFileWrites.shared.flushAll() }
    return PendingFileWrites()
  }()

  private struct Entry {
    weak var key: AnyObject?
    let flush: @Sendable () -> Void
  }

  private let lock = NSLock()
  private var entries: [ObjectIdentifier: Entry] = [:]

  func insert<Value>(_ key: FileStorageKey<Value>) {
    let entry = Entry(key: key) { [weak key] in key?.flush() }
    lock.withLock { entries[ObjectIdentifier(key)] = entry }
  }

  func remove<Value>(_ key: FileStorageKey<Value>) {
    _ = lock.withLock { entries.removeValue(forKey: ObjectIdentifier(key)) }
  }

  /// Writes every change held back.
  func flushAll() {
    let flushes = lock.withLock { entries.values.map(\.flush) }
    for flush in flushes { flush() }
  }
}
