@_spi(Internals) import Dependencies
import IssueReporting

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#endif

/// What a test store does for the XCTest case that makes it: the values dependencies cached in
/// an earlier case must not leak into this one.
///
/// swift-dependencies resets its cache as each XCTest case starts through a test observer: the
/// Objective-C runtime's on Apple platforms, elsewhere a library it loads by name
/// (`libDependenciesTestObserver.so`), which a build has only when a target depends on the
/// `DependenciesTestObserver` product. Without that observer, a test store resets the cache as
/// the observer would have. With it, the cache was reset as the case started and may already
/// hold what the case made before the store (a `@Shared(.fileStorage(…))` whose storage the
/// feature must share), so the store leaves it alone. Swift Testing needs neither: its cache is
/// kept per test.
enum XCTestCaseStart {
  /// Resets the dependency cache when the running XCTest case has no observer that did.
  static func resetDependenciesUnlessObserved() {
    guard TestContext.current == .xcTest, !isObserved else { return }
    DependencyValues._current.cachedValues.resetCache()
  }

  /// Whether swift-dependencies' XCTest observer is running in this process. (The first
  /// dependency values made, `DependencyValues._current`'s, load it when it is there.)
  static let isObserved: Bool = {
    _ = DependencyValues._current
    #if _runtime(_ObjC)
      return true
    #elseif canImport(Glibc) || canImport(Musl)
      return dlopen("libDependenciesTestObserver.so", RTLD_NOW | RTLD_NOLOAD) != nil
    #else
      return false
    #endif
  }()
}
