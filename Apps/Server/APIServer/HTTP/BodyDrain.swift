import Hummingbird
import NIOCore

/// Reading a request body with a size limit, and what the server does with the rest of a body
/// it refuses as too large.
///
/// A client that sends its whole body before reading the answer (Python's urllib, curl with
/// `Connection: close`) would otherwise block in `send` until its own timeout: the server
/// answers 413 but stops reading, and with `Connection: close` it waits for the client to close
/// first. As mature servers do, the rest of a refused body is read and discarded for a bounded
/// time and size, so such a client finishes sending and reads the answer; a body still
/// arriving after that gets the answer, marked `Connection: close`, and then its connection
/// closed (by ``KeepAliveHandler``).
public enum BodyDrain {
  /// The most bytes read and discarded after a refusal.
  public static let maximumBytes = 64 * 1024 * 1024
  /// The longest time spent reading and discarding after a refusal.
  public static let maximumDuration = Duration.seconds(2)

  /// Drains `body` whatever its size, as a refused body is (for a body nothing read, or a
  /// refusal that does not depend on the body). Returns whether it ended within the bounds, so
  /// that the connection can serve another request; when it did not, the answer must close it.
  @discardableResult
  public static func discard(_ body: RequestBody) async -> Bool {
    do {
      _ = try await collect(body, upTo: -1, within: maximumDuration)
      return true
    } catch let failure as APIFailure {
      return !failure.closesConnection
    } catch {
      return false
    }
  }

  private enum Event: Sendable {
    case exceeded
    case collected(ByteBuffer)
    case refused(ended: Bool)
    case timedOut
    case failed
  }

  /// The body's bytes when there are at most `limit` of them (a negative limit refuses any)
  /// and they all arrive within `timeout`.
  ///
  /// - Throws: ``APIFailure/payloadTooLarge`` for a longer body, once the rest was discarded
  ///   within the bounds above (else the failure closes the connection,
  ///   ``APIFailure/closingConnection``); ``APIFailure/requestTimeout(_:)``, closing the
  ///   connection, when the body (within the limit) is still arriving after `timeout`;
  ///   ``APIFailure/badRequest(_:field:)``, closing the connection, when the body breaks off or is
  ///   framed wrongly.
  public static func collect(
    _ body: RequestBody, upTo limit: Int, within timeout: Duration
  ) async throws -> ByteBuffer {
    let (events, continuation) = AsyncStream.makeStream(of: Event.self)
    let reader = Task {
      var buffer = ByteBuffer()
      var total = 0
      var exceeded = limit < 0
      if exceeded { continuation.yield(.exceeded) }
      do {
        for try await chunk in body {
          total += chunk.readableBytes
          if exceeded {
            if total - limit > maximumBytes {
              continuation.yield(.refused(ended: false))
              return
            }
          } else if total > limit {
            exceeded = true
            buffer = ByteBuffer()
            continuation.yield(.exceeded)
          } else {
            var chunk = chunk
            buffer.writeBuffer(&chunk)
          }
        }
        continuation.yield(exceeded ? .refused(ended: true) : .collected(buffer))
      } catch {
        continuation.yield(exceeded ? .refused(ended: false) : .failed)
      }
    }
    // Until the body exceeds the limit, the time it may take to arrive; then the time spent
    // discarding the rest.
    var timer: Task<Void, Never>? = Task {
      guard (try? await Task.sleep(for: timeout)) != nil else { return }
      continuation.yield(.timedOut)
    }
    var refusing = false
    defer { timer?.cancel() }
    /// Stops reading (one reader at a time: the server reads the connection after us); the
    /// failure thrown then closes the connection once its answer is out.
    func stopReading() async {
      reader.cancel()
      await reader.value
    }
    for await event in events {
      switch event {
      case .exceeded:
        refusing = true
        timer?.cancel()
        timer = Task {
          guard (try? await Task.sleep(for: maximumDuration)) != nil else { return }
          continuation.yield(.refused(ended: false))
        }
      case let .collected(buffer):
        return buffer
      case let .refused(ended):
        guard ended else {
          await stopReading()
          throw APIFailure.payloadTooLarge.closingConnection
        }
        throw APIFailure.payloadTooLarge
      case .timedOut:
        // A deadline that fired just as the body went over the limit: the drain's bound applies.
        if refusing { continue }
        await stopReading()
        throw APIFailure.requestTimeout(timeout).closingConnection
      case .failed:
        // A body framed wrongly (a bad chunk size) leaves the connection unusable.
        throw APIFailure.badRequest("The request body could not be read.").closingConnection
      }
    }
    reader.cancel()
    await reader.value
    throw APIFailure.badRequest("The request body could not be read.")
  }
}
