import AppSettings
import ComposableArchitecture
import FeatureKit
import Foundation

/// The Settings feature: the person's preferences, one shared value
/// (`@Shared(.userSettings)`) that every feature honouring a setting reads, so a change here is
/// seen at once by them all and written to the settings file.
@Reducer
public struct Settings {
  /// What the settings screen shows.
  @ObservableState
  public struct State: Equatable {
    /// The settings in force, shared with every feature that honours one.
    @Shared(.userSettings) public var settings: UserSettings
    /// What is wrong with the saved settings (such as a damaged file moved aside), for the
    /// person, until dismissed.
    public var notice: String?
    /// Why the last change could not be saved, if it could not.
    public var errorMessage: String?
    /// The index of the selected row in ``Row/allCases``.
    public var selection: Int

    /// The selected row.
    public var selectedRow: Row {
      Row.allCases[ListSelection.clamped(selection, count: Row.allCases.count)]
    }

    /// Creates the state, with the settings in force; by default the notice says what was wrong
    /// with the saved settings, if anything was.
    public init(notice: String? = nil, errorMessage: String? = nil, selection: Int = 0) {
      self.notice = notice
      if notice == nil, let error = _settings.projectedValue.loadError {
        self.notice = Settings.notice(for: error)
      }
      self.errorMessage = errorMessage
      self.selection = selection
    }
  }

  /// A row of the settings screen, one per setting, in the order shown.
  public enum Row: Int, CaseIterable, Equatable, Sendable {
    /// ``UserSettings/theme``.
    case theme
    /// ``UserSettings/pageSize``.
    case pageSize
    /// ``UserSettings/searchDebounceMilliseconds``.
    case searchDebounce
    /// ``UserSettings/showsPostPreviews``.
    case postPreviews
  }

  /// What happens on the settings screen.
  public enum Action: Equatable {
    /// Moves the selected row by an offset (+1 down, −1 up), clamped to the rows.
    case moveSelection(Int)
    /// The person chose a colour theme.
    case themeSelected(UserSettings.Theme)
    /// The page size grows by ``UserSettings/pageSizeStep``, up to its maximum.
    case pageSizeIncremented
    /// The page size shrinks by ``UserSettings/pageSizeStep``, down to its minimum.
    case pageSizeDecremented
    /// The search delay grows by ``UserSettings/searchDebounceStep``, up to its maximum.
    case searchDebounceIncremented
    /// The search delay shrinks by ``UserSettings/searchDebounceStep``, down to its minimum.
    case searchDebounceDecremented
    /// Post previews are switched on or off.
    case showsPostPreviewsToggled
    /// Every setting goes back to ``UserSettings/default``.
    case resetToDefaults
    /// The person dismissed the notice and the error message.
    case noticeDismissed
  }

  /// Creates the reducer.
  public init() {}

  /// The feature's logic.
  public var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case let .moveSelection(offset):
        state.selection = ListSelection.moved(
          state.selection, by: offset, count: Row.allCases.count)
        return .none

      case let .themeSelected(theme):
        return change(&state) { $0.theme = theme }

      case .pageSizeIncremented:
        return change(&state) { $0.pageSize += UserSettings.pageSizeStep }

      case .pageSizeDecremented:
        return change(&state) { $0.pageSize -= UserSettings.pageSizeStep }

      case .searchDebounceIncremented:
        return change(&state) { $0.searchDebounceMilliseconds += UserSettings.searchDebounceStep }

      case .searchDebounceDecremented:
        return change(&state) { $0.searchDebounceMilliseconds -= UserSettings.searchDebounceStep }

      case .showsPostPreviewsToggled:
        return change(&state) { $0.showsPostPreviews.toggle() }

      case .resetToDefaults:
        return change(&state) { $0 = .default }

      case .noticeDismissed:
        state.notice = nil
        state.errorMessage = nil
        return .none
      }
    }
  }

  /// Changes the shared settings (a change that leaves them as they were writes nothing), and
  /// says why, if the write failed.
  private func change(
    _ state: inout State, _ body: (inout UserSettings) -> Void
  ) -> Effect<Action> {
    var settings = state.settings
    body(&settings)
    guard settings != state.settings else { return .none }
    state.$settings.withLock { $0 = settings }
    state.errorMessage = Self.message(for: state.$settings.saveError)
    return .none
  }

  /// The sentence shown when the saved settings could not be used: a damaged file says where
  /// it was moved. Damaged at start, the defaults are in use; damaged while the app runs, the
  /// settings in use were written back, and nothing changed.
  public static func notice(for error: any Error) -> String {
    switch error as? FileStorageError {
    case let .unreadable(_, movedTo?, _):
      return "Your settings file was unreadable; it was moved to \(movedTo); using defaults."
    case let .unreadableChange(_, movedTo, _):
      return "Your settings file was changed to something unreadable; it was moved to "
        + "\(movedTo), and your settings were saved again."
    default:
      return "Your settings could not be loaded (\(error)); using defaults."
    }
  }

  /// The sentence shown when the settings could not be saved, `nil` when they were.
  static func message(for error: (any Error)?) -> String? {
    guard let error else { return nil }
    if case let .saveFailed(path, reason) = error as? FileStorageError {
      return "Couldn't save your settings to \(path): \(reason)."
    }
    return "Couldn't save your settings: \(error)."
  }
}
