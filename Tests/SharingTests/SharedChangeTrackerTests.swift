import ConcurrencyExtras
import Observation
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
  func aTrackerEqualsOnlyItself() {
    let (first, second) = (SharedChangeTracker(), SharedChangeTracker())
    #expect(first == first)
    #expect(first != second)
    #expect(Set([first, second, first]).count == 2)
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

  @Test
  func aTrackerInATestReportsAChangeNoAssertionComparedOrEdited() {
    @Shared(value: 0) var count
    withKnownIssue {
      do {
        let tracker = SharedChangeTracker()
        tracker.track {
          $count.withLock { $0 += 1 }
        }
      }
    } matching: { issue in
      issue.description.hasSuffix(
        "Tracked unasserted changes to 'Shared<Int>(value: 1)': 0 → 1")
    }
  }

  @Test
  func aChangeTheAssertionComparedIsNotReportedAndOneItOnlyEditedIs() {
    @Shared(value: 0) var compared
    @Shared(value: 0) var edited
    withKnownIssue {
      let tracker = SharedChangeTracker()
      tracker.track {
        $compared.withLock { $0 += 1 }
        $edited.withLock { $0 += 1 }
      }
      tracker.assert {
        #expect($compared != $compared)
        $edited.withLock { $0 = 1 }
      }
    } matching: { issue in
      issue.description.hasSuffix(
        // The edit made the recorded value 1: only a comparison asserts it.
        "Tracked unasserted changes to 'Shared<Int>(value: 1)': 1 → 1")
    }
  }

  @Test
  func aChangeThroughAnUnwrappedValueIsReportedOnTheOptionalItCameFrom() {
    let optional = Shared<Int?>(value: 1)
    guard let unwrapped = Shared(optional) else {
      Issue.record("The value is not nil")
      return
    }
    withKnownIssue {
      do {
        let tracker = SharedChangeTracker()
        tracker.track {
          unwrapped.withLock { $0 += 1 }
        }
      }
    } matching: { issue in
      issue.description.hasSuffix(
        "Tracked unasserted changes to 'Shared<Int?>(value: Optional(2))': Optional(1) → Optional(2)"
      )
    }
  }

  @Test
  func aTrackerGoneForgetsWhatItRecordedForTheNext() {
    @Shared(value: 0) var count
    do {
      let first = SharedChangeTracker(reportUnassertedChanges: false)
      first.track { $count.withLock { $0 += 1 } }
    }
    let second = SharedChangeTracker()
    second.track { $count.withLock { $0 += 1 } }
    #expect(second.hasChanges)
    second.assert {
      #expect($count != $count)
      $count.withLock { $0 = 2 }
      #expect($count == $count)
    }
  }

  @Test
  func onlyTheSamePartOfASharedValueComparesItsRecordedValue() {
    struct Settings: Equatable {
      var isOn = false
      var hasSeen = false
    }
    @Shared(value: Settings()) var settings
    let tracker = SharedChangeTracker(reportUnassertedChanges: false)
    tracker.track {
      $settings.withLock { $0.isOn = true }
    }
    tracker.assert {
      // Two parts compare their values (both `false` while asserting), not recorded and live.
      #expect($settings.hasSeen == $settings.isOn)
      #expect($settings.isOn != $settings.isOn)
    }
  }

  @Test
  func readingTheProjectionObservesWhichValueIsHeld() {
    @Shared(value: 0) var count: Int
    let changed = LockIsolated(false)
    withObservationTracking {
      _ = $count
    } onChange: {
      changed.setValue(true)
    }
    $count = Shared(value: 1)
    #expect(changed.value)
    #expect(count == 1)
  }

  @Test
  func aTrackerMadeNotToReportUnassertedChangesDoesNot() {
    @Shared(value: 0) var count
    do {
      let tracker = SharedChangeTracker(reportUnassertedChanges: false)
      tracker.track {
        $count.withLock { $0 += 1 }
      }
      #expect(tracker.hasChanges)
    }
    #expect(count == 1)
  }
}
