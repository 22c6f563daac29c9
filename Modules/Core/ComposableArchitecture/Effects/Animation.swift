// SwiftUI's `Animation` and `Transaction` as TCA's API takes them (`send(.x, animation:
// .default)`), for code that runs where SwiftUI does not. Nothing here animates: the values are
// accepted and ignored, so that effects and views written for TCA compile and send their
// actions unchanged.

/// SwiftUI's `Animation` and `Transaction`, as TCA's API takes them, where there is no SwiftUI.
///
/// They are nested here, not declared at the top level, so that an app's own `Transaction` or
/// `Animation` (a ledger's transactions) is the only one its code sees: code that imports the
/// runtime and the app's models together names them without qualification, as it does with
/// TCA, which leaves these names to SwiftUI. Call sites spell the values as with SwiftUI
/// (`send(.x, animation: .easeInOut)`, `transaction: .init(animation: .default)`); code that
/// names the types can alias them (`typealias Animation = SwiftUIStandIns.Animation`).
public enum SwiftUIStandIns {
  /// An animation, as SwiftUI's `Animation` is spelled at TCA's call sites (`.default`,
  /// `.easeInOut`, `.spring()`, `.linear(duration: 0.3)`). It describes nothing and is ignored.
  public struct Animation: Hashable, Sendable {
    private let name: String

    private init(_ name: String) { self.name = name }

    /// The default animation.
    public static let `default` = Animation("default")
    /// An ease-in animation.
    public static let easeIn = Animation("easeIn")
    /// An ease-out animation.
    public static let easeOut = Animation("easeOut")
    /// An ease-in-out animation.
    public static let easeInOut = Animation("easeInOut")
    /// A linear animation.
    public static let linear = Animation("linear")
    /// A spring animation.
    public static let spring = Animation("spring")
    /// A bouncy spring.
    public static let bouncy = Animation("bouncy")
    /// A smooth spring.
    public static let smooth = Animation("smooth")
    /// A snappy spring.
    public static let snappy = Animation("snappy")
    /// An interactive spring.
    public static let interactiveSpring = Animation("interactiveSpring")

    /// An ease-in animation of the given duration.
    public static func easeIn(duration: Double) -> Animation { .easeIn }
    /// An ease-out animation of the given duration.
    public static func easeOut(duration: Double) -> Animation { .easeOut }
    /// An ease-in-out animation of the given duration.
    public static func easeInOut(duration: Double) -> Animation { .easeInOut }
    /// A linear animation of the given duration.
    public static func linear(duration: Double) -> Animation { .linear }
    /// A spring animation.
    public static func spring(
      response: Double = 0.5, dampingFraction: Double = 0.825, blendDuration: Double = 0
    ) -> Animation { .spring }
    /// A spring animation of the given duration and bounce.
    public static func spring(duration: Double, bounce: Double = 0) -> Animation { .spring }
    /// A spring animation whose response is quicker, for interactive changes.
    public static func interactiveSpring(
      response: Double = 0.15, dampingFraction: Double = 0.86, blendDuration: Double = 0.25
    ) -> Animation { .interactiveSpring }
    /// A spring animation that keeps its velocity when another one replaces it.
    public static let interpolatingSpring = Animation("interpolatingSpring")
    /// An interpolating spring of the given stiffness and damping.
    public static func interpolatingSpring(
      mass: Double = 1, stiffness: Double, damping: Double, initialVelocity: Double = 0
    ) -> Animation { .interpolatingSpring }
    /// An interpolating spring of the given duration and bounce.
    public static func interpolatingSpring(
      duration: Double = 0.5, bounce: Double = 0, initialVelocity: Double = 0
    ) -> Animation { .interpolatingSpring }
    /// A spring with a little bounce, of the given duration.
    public static func bouncy(duration: Double = 0.5, extraBounce: Double = 0) -> Animation {
      .bouncy
    }
    /// A spring without bounce, of the given duration.
    public static func smooth(duration: Double = 0.5, extraBounce: Double = 0) -> Animation {
      .smooth
    }
    /// A quick spring with a small bounce, of the given duration.
    public static func snappy(duration: Double = 0.5, extraBounce: Double = 0) -> Animation {
      .snappy
    }
    /// An animation along the cubic Bézier timing curve of the two control points.
    public static func timingCurve(
      _ p1x: Double, _ p1y: Double, _ p2x: Double, _ p2y: Double, duration: Double = 0.35
    ) -> Animation { Animation("timingCurve") }

    /// The same animation, delayed.
    public func delay(_ delay: Double) -> Animation { self }
    /// The same animation, played faster or slower.
    public func speed(_ speed: Double) -> Animation { self }
    /// The same animation, repeated.
    public func repeatCount(_ repeatCount: Int, autoreverses: Bool = true) -> Animation { self }
    /// The same animation, repeated for ever.
    public func repeatForever(autoreverses: Bool = true) -> Animation { self }
  }

  /// The context of a state change, as SwiftUI's `Transaction` is spelled at TCA's call sites
  /// (`send(.x, transaction: Transaction(animation: .default))`). It is accepted and ignored.
  public struct Transaction: Sendable {
    /// The animation of the change.
    public var animation: SwiftUIStandIns.Animation?
    /// Whether animations are turned off for the change.
    public var disablesAnimations = false

    /// Creates a transaction with no animation.
    public init() {}

    /// Creates a transaction with an animation.
    public init(animation: SwiftUIStandIns.Animation?) {
      self.animation = animation
    }
  }
}

extension Send {
  /// Sends an action back into the store; the animation is accepted for TCA's spelling and
  /// ignored (there is no SwiftUI to animate).
  public func callAsFunction(_ action: Action, animation: SwiftUIStandIns.Animation?) {
    self(action)
  }

  /// Sends an action back into the store; the transaction is accepted for TCA's spelling and
  /// ignored (there is no SwiftUI to animate).
  public func callAsFunction(_ action: Action, transaction: SwiftUIStandIns.Transaction) {
    self(action)
  }
}

extension Effect {
  /// An effect that sends `action` at once; the animation is accepted for TCA's spelling and
  /// ignored.
  public static func send(_ action: Action, animation: SwiftUIStandIns.Animation?) -> Self {
    .send(action)
  }

  /// The same effect; the animation is accepted for TCA's spelling and ignored.
  public func animation(_ animation: SwiftUIStandIns.Animation? = .default) -> Self {
    self
  }

  /// The same effect; the transaction is accepted for TCA's spelling and ignored.
  public func transaction(_ transaction: SwiftUIStandIns.Transaction) -> Self {
    self
  }
}

extension Store {
  /// Sends an action to the store; the animation is accepted for TCA's spelling and ignored.
  @discardableResult
  public func send(_ action: Action, animation: SwiftUIStandIns.Animation?) -> StoreTask {
    send(action)
  }

  /// Sends an action to the store; the transaction is accepted for TCA's spelling and ignored.
  @discardableResult
  public func send(_ action: Action, transaction: SwiftUIStandIns.Transaction) -> StoreTask {
    send(action)
  }
}
