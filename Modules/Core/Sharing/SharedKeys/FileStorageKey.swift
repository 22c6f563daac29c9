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

/// What a save did: wrote the file (starting a throttle), or held the change until it ends.
private enum FileSaveOutcome {
  case written(Result<Void, any Error>, generation: Int, superseded: SaveContinuation?)
  case held(superseded: SaveContinuation?)
}

/// What a change event found in the file.
private enum FileChange {
  /// This key's own write, or a file a change held back here is about to replace.
  case nothing
  /// The file could not be read.
  case failed(any Error)
  /// No file, or an empty one: the default is back (a change held back meanwhile is dropped).
  case removed(superseded: SaveContinuation?)
  /// New contents, written by someone else.
  case changed(Data)
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

  fileprivate let storage: FileStorage
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
    let outcome = state.withValue { state -> FileSaveOutcome in
      var superseded: SaveContinuation?
      if context == .userInitiated {
        superseded = state.pending?.continuation
        state.pending = nil
        state.isThrottling = false
        state.generation += 1
      }
      guard state.isThrottling else {
        state.isThrottling = true
        let result = write(data, &state)
        return .written(result, generation: state.generation, superseded: superseded)
      }
      // A newer change replaces the one held back: that save is done, as its value is.
      superseded = state.pending?.continuation
      state.pending = (data, continuation)
      return .held(superseded: superseded)
    }
    switch outcome {
    case .written(let result, let generation, let superseded):
      superseded?.resume()
      continuation.resume(with: result)
      PendingFileWrites.shared.insert(self)
      storage.schedule(Self.throttle) { [weak self] in self?.endThrottle(generation: generation) }
    case .held(let superseded):
      superseded?.resume()
    }
  }

  /// Writes `data` to the file and records it as what the file and the value hold. Called with
  /// the state locked, as is every read of the file: so the writes land in the order of the
  /// changes, and a change event never reads the file between a write's record and its landing
  /// (which would take this key's previous write for someone else's).
  private func write(_ data: Data, _ state: inout State) -> Result<Void, any Error> {
    state.valueData = data
    let result = Result { try storage.save(data, url) }
    if case .success = result { state.knownData = data }
    return result
  }

  /// Writes the change held back during the throttle, if any, and ends the throttle. An
  /// earlier throttle's end (`generation` is no longer the state's) does nothing.
  private func endThrottle(generation: Int) {
    let ended = state.withValue { state -> (SaveContinuation, Result<Void, any Error>)?? in
      guard state.generation == generation, state.isThrottling else { return nil }
      state.isThrottling = false
      guard let pending = state.pending else { return .some(nil) }
      state.pending = nil
      return (pending.continuation, write(pending.data, &state))
    }
    guard let ended else { return }
    PendingFileWrites.shared.remove(self)
    if let (continuation, result) = ended { continuation.resume(with: result) }
  }

  /// Writes the change held back, now (at exit).
  func flush() {
    let generation = state.withValue { $0.generation }
    endThrottle(generation: generation)
  }

  /// Reads and decodes the file: `nil` for no file or an empty one, an error (the file moved
  /// aside) for one that cannot be decoded.
  private func read() -> Result<Value?, any Error> {
    let loaded = state.withValue { state -> Result<Data?, any Error> in
      do {
        let data = try storage.load(url)
        state.knownData = data
        return .success(data)
      } catch {
        return .failure(error)
      }
    }
    guard case .success(let data) = loaded else { return loaded.map { _ in nil } }
    guard let data, !data.isEmpty else { return .success(nil) }
    do {
      let value = try decode(data)
      state.withValue { $0.valueData = data }
      return .success(value)
    } catch {
      return .failure(state.withValue { keepAside(reason: Self.reason(for: error), &$0) })
    }
  }

  /// How long a file that changed and cannot be decoded is given to settle before it is kept
  /// aside: its writer may not be done with it.
  static var settleTime: DispatchTimeInterval { .milliseconds(200) }

  /// Tells `subscriber` what a change event means: nothing when it is this key's own write (or
  /// a change held back here is about to replace it), else the file's new value; a file
  /// removed gives the default back, dropping a change held back meanwhile, and one emptied
  /// gives it back unless a change held back is about to be written over it.
  /// Contents that cannot be decoded are read again once they had time to settle, and kept
  /// aside only if they are still the same: a writer may still be writing them.
  private func fileChanged(subscriber: SharedSubscriber<Value>) {
    let change = state.withValue { state -> FileChange in
      let data: Data?
      do {
        data = try storage.load(url)
      } catch {
        return .failed(error)
      }
      let isEmpty = data?.isEmpty ?? true
      // Deleted while a change is held back: the default comes back and the change is dropped.
      // Written over (emptied included) meanwhile: the change held back is written over it, as
      // any other process's write in that second is.
      if data == nil, let pending = state.pending {
        state.pending = nil
        (state.knownData, state.valueData) = (data, nil)
        return .removed(superseded: pending.continuation)
      }
      guard state.pending == nil, data != state.knownData else { return .nothing }
      state.knownData = data
      guard let data, !isEmpty else {
        state.valueData = nil
        return .removed(superseded: nil)
      }
      return .changed(data)
    }
    switch change {
    case .nothing:
      return
    case .failed(let error):
      subscriber.yield(with: .failure(error))
    case .removed(let superseded):
      superseded?.resume()
      subscriber.yield(with: .success(nil))
    case .changed(let data):
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
  }

  /// After ``settleTime``: keeps the file aside when it still holds the `undecodable` contents
  /// of a change, and reads it as a new change when it changed since.
  private func undecodableChangeSettled(
    _ undecodable: Data, error: any Error, subscriber: SharedSubscriber<Value>
  ) {
    let keptAside = state.withValue { state -> FileStorageError? in
      guard (try? storage.load(url)) == undecodable else { return nil }
      return keepAsideAndRestore(reason: Self.reason(for: error), &state)
    }
    guard let keptAside else {
      fileChanged(subscriber: subscriber)
      return
    }
    subscriber.yield(with: .failure(keptAside))
  }

  /// Moves the undecodable file aside, then writes back the value the shared value still holds,
  /// as this key last wrote or decoded it: a file damaged while the value is in use loses
  /// nothing (``FileStorageError/unreadableChange(path:movedTo:reason:)``). Without such
  /// contents, or when the move or the write fails, the file is only moved aside, as at load.
  /// Called with the state locked.
  private func keepAsideAndRestore(reason: String, _ state: inout State) -> FileStorageError {
    let keptAside = keepAside(reason: reason, &state)
    guard case .unreadable(let path, .some(let movedTo), _) = keptAside,
      let kept = state.valueData
    else {
      return keptAside
    }
    do {
      try storage.save(kept, url)
      state.knownData = kept
    } catch {
      return keptAside
    }
    return .unreadableChange(path: path, movedTo: movedTo, reason: reason)
  }

  /// Moves the undecodable file aside, so that the next save does not overwrite it. Called with
  /// the state locked.
  private func keepAside(reason: String, _ state: inout State) -> FileStorageError {
    do {
      let destination = try storage.moveAside(url)
      state.knownData = nil
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
    let storage: FileStorage
    let flush: @Sendable () -> Void
  }

  private let lock = NSLock()
  private var entries: [ObjectIdentifier: Entry] = [:]

  func insert<Value>(_ key: FileStorageKey<Value>) {
    let entry = Entry(key: key, storage: key.storage) { [weak key] in key?.flush() }
    lock.withLock { entries[ObjectIdentifier(key)] = entry }
  }

  func remove<Value>(_ key: FileStorageKey<Value>) {
    _ = lock.withLock { entries.removeValue(forKey: ObjectIdentifier(key)) }
  }

  /// Writes every change held back (only those of keys of `storage`, when given).
  func flushAll(of storage: FileStorage? = nil) {
    let flushes = lock.withLock {
      entries.values.filter { storage == nil || $0.storage == storage }.map(\.flush)
    }
    for flush in flushes { flush() }
  }
}
