@_spi(SharedChangeTracking) import Sharing
import Testing

/// The change tracker a test store uses, under the name and SPI group swift-sharing gives it:
/// while tracking, a shared value's first change records its value before; while asserting,
/// the value compared with itself is the recorded one (edited by the assertion) against the
/// live one.
struct SharedChangeTrackerTests {
  @Test
  func aTrackedChangeIsADifferenceUntilTheAssertionMakesIt() {
    @Shared(value: 10) var count
    let tracker = SharedChangeTracker()
    tracker.track {
      $count.withLock { $0 += 5 }
    }
    #expect(tracker.hasChanges)
    tracker.assert {
      #expect($count != $count)
      $count.withLock { $0 = 15 }
      #expect($count == $count)
    }
    #expect(count == 15)
  }

  @Test
  func anUntrackedSharedValueIsEqualToItself() {
    @Shared(value: 1) var tracked
    @Shared(value: 1) var untouched
    let tracker = SharedChangeTracker()
    tracker.track {
      $tracked.withLock { $0 = 2 }
    }
    tracker.assert {
      #expect($untouched == $untouched)
      #expect($tracked != $tracked)
    }
    tracker.reset()
    #expect(!tracker.hasChanges)
  }
}
