import Foundation

/// The work a reducer asks the store to do after it has changed state: nothing, actions to
/// send at once, or asynchronous operations that may send actions back.
///
/// Effects are values; the store runs them. Build them with ``none``, ``send(_:)``,
/// ``run(priority:name:operation:catch:fileID:filePath:line:column:)``, and combine them with
/// ``merge(_:)-(Self...)``, ``concatenate(_:)-(Self...)``, ``map(_:)``,
/// ``cancellable(id:cancelInFlight:)`` and ``cancel(id:)``.
///
/// An effect holds the actions it will send; the store delivers them on the main actor, which
/// is why an effect is `Sendable` whatever its action type.
public struct Effect<Action>: @unchecked Sendable {
  @usableFromInline
  indirect enum Operation {
    case none
    case send(Action)
    case run(name: String?, priority: TaskPriority?, operation: RunOperation)
    case merge([Effect])
    case concatenate([Effect])
    case cancellable(id: CancellationKey, cancelInFlight: Bool, effect: Effect)
    case cancel(id: CancellationKey)
    /// `effect`, reporting the tasks it started (once started) and when they have all finished.
    case observed(
      onStart: (_ tasks: [Task<Void, Never>]) -> Void,
      onFinish: @MainActor @Sendable () -> Void,
      effect: Effect
    )
    case background(Effect)
  }

  /// The asynchronous body of a `run` effect.
  @usableFromInline
  typealias RunOperation = @Sendable (_ send: Send<Action>) async -> Void

  @usableFromInline
  let operation: Operation

  @usableFromInline
  init(operation: Operation) {
    self.operation = operation
  }
}

extension Effect {
  /// An effect that does nothing.
  @inlinable
  public static var none: Self {
    Self(operation: .none)
  }

  /// An effect that sends `action` back to the store immediately, before the send that
  /// returned it finishes.
  ///
  /// Prefer calling shared logic directly over sending actions to share it.
  @inlinable
  public static func send(_ action: Action) -> Self {
    Self(operation: .send(action))
  }

  /// An effect that runs an asynchronous operation, which can send any number of actions back
  /// to the store.
  ///
  /// The operation runs with the dependencies that were in force where the effect was
  /// created. An error it throws goes to `handler`; without a handler a thrown error other
  /// than cancellation is reported as an issue.
  ///
  /// - Parameters:
  ///   - priority: The priority of the task that runs the operation.
  ///   - name: A name for that task, shown by debuggers.
  ///   - operation: The work to do; `send` sends actions back to the store.
  ///   - handler: Handles an error thrown by `operation`; it can send actions too.
  public static func run(
    priority: TaskPriority? = nil,
    name: String? = nil,
    operation: @escaping @Sendable (_ send: Send<Action>) async throws -> Void,
    catch handler: (@Sendable (_ error: any Error, _ send: Send<Action>) async -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> Self {
    // The dependencies in force here are restored around the operation with one task-local
    // push (what `withEscapedDependencies` does, without its bookkeeping).
    let dependencies = DependencyValues._current
    return Self(
      operation: .run(name: name, priority: priority) { send in
        await DependencyValues.$_current.withValue(dependencies) {
          do {
            try await operation(send)
          } catch is CancellationError {
            return
          } catch {
            guard let handler else {
              guard !Task.isCancelled else { return }
              reportIssue(
                """
                An "Effect.run" returned from "\(fileID):\(line)" threw an unhandled error.

                \(String(customDumping: error).indent(by: 4))

                All non-cancellation errors must be explicitly handled via the "catch" \
                parameter on "Effect.run", or via a "do" block.
                """,
                fileID: fileID,
                filePath: filePath,
                line: line,
                column: column
              )
              return
            }
            await handler(error, send)
          }
        }
      }
    )
  }
}

/// The effect type of a reducer: `EffectOf<Feature>` is `Effect<Feature.Action>`.
///
/// ```swift
/// func load(_ state: inout State) -> EffectOf<Self> { … }
/// ```
public typealias EffectOf<R: Reducer> = Effect<R.Action>
