// The names of swift-perception that TCA re-exports, for code written against them. Where
// Observation exists (everywhere this runtime runs) swift-perception forwards to it, and so do
// these: a `Perceptible` type is `Observable`, and perception tracking is observation tracking.

/// A type whose changes can be tracked: on this platform, an `Observable` type.
public typealias Perceptible = Observable

/// The registrar a `@Perceptible` class keeps its observers in: Observation's registrar.
public typealias PerceptionRegistrar = ObservationRegistrar

/// Runs `apply`, tracking the observable properties it reads, and calls `onChange` once, before
/// the first of them changes: `withObservationTracking` under swift-perception's name.
///
/// ```swift
/// withPerceptionTracking {
///   render(store.count)
/// } onChange: {
///   Task { @MainActor in redraw() }
/// }
/// ```
@inlinable
public func withPerceptionTracking<T>(
  _ apply: () -> T,
  onChange: @autoclosure () -> @Sendable () -> Void
) -> T {
  withObservationTracking(apply, onChange: onChange())
}

/// Makes a class observable, as swift-perception's `@Perceptible` does: Observation's
/// `@Observable` under its perception name.
@attached(
  member, names: named(_$observationRegistrar), named(access), named(withMutation),
  named(shouldNotifyObservers))
@attached(memberAttribute)
@attached(extension, conformances: Observable)
public macro Perceptible() = #externalMacro(module: "ObservationMacros", type: "ObservableMacro")

/// Leaves a property of a `@Perceptible` class out of tracking: Observation's
/// `@ObservationIgnored` under its perception name. Spell it `@ObservationIgnored` inside a
/// `@Perceptible` class when the property must not be tracked: the class's macro recognises
/// that name only.
@attached(accessor)
public macro PerceptionIgnored() =
  #externalMacro(module: "ObservationMacros", type: "ObservationIgnoredMacro")
