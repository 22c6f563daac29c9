import ComposableArchitecture
import Foundation
import TerminalUI

/// The Settings feature: the person's preferences, loaded on appearing, each change saved
/// at once and announced to the parent with ``Action/Delegate/settingsChanged(_:)``.
@Reducer
public struct Settings {
  /// What the settings screen shows.
  @ObservableState
  public struct State: Equatable {
    /// The settings in force.
    public var settings: UserSettings
    /// Whether the saved settings are being loaded.
    public var isLoading: Bool
    /// Whether the saved settings were loaded (or found missing or unusable).
    public var hasLoaded: Bool
    /// What loading found wrong with the saved settings, for the person, until dismissed.
    public var notice: String?
    /// What went wrong with the last load or save, if it failed.
    public var errorMessage: String?
    /// The index of the selected row in ``Row/allCases``.
    public var selection: Int

    /// The selected row.
    public var selectedRow: Row {
      Row.allCases[min(max(selection, 0), Row.allCases.count - 1)]
    }

    /// Creates the state; by default the default settings, not loaded yet.
    public init(
      settings: UserSettings = .default,
      isLoading: Bool = false,
      hasLoaded: Bool = false,
      notice: String? = nil,
      errorMessage: String? = nil,
      selection: Int = 0
    ) {
      self.settings = settings
      self.isLoading = isLoading
      self.hasLoaded = hasLoaded
      self.notice = notice
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
  public enum Action: Equatable, BindableAction {
    /// The screen appeared: loads the saved settings unless loaded or loading.
    case onAppear
    /// A setting changed through a binding (`\.settings.theme`, `\.settings.pageSize`…);
    /// numbers are clamped to their ranges.
    case binding(BindingAction<State>)
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
    /// The saved settings were loaded.
    case settingsLoaded(SettingsLoad)
    /// Loading failed, with a message for people; the settings in force stay.
    case loadFailed(String)
    /// Saving failed, with a message for people; the settings stay in force for this run.
    case saveFailed(String)
    /// What the parent handles.
    case delegate(Delegate)

    /// What the settings screen tells its parent.
    @CasePathable
    public enum Delegate: Equatable {
      /// The settings in force changed (or were loaded): apply them.
      case settingsChanged(UserSettings)
    }
  }

  /// The ids of the feature's cancellable effects.
  enum CancelID {
    /// The save in flight: a newer save replaces it.
    case save
  }

  @Dependency(\.settingsClient) var settingsClient

  /// Creates the reducer.
  public init() {}

  /// The feature's logic.
  public var body: some ReducerOf<Self> {
    CombineReducers {
      BindingReducer()
      Reduce { state, action in
        switch action {
        case .onAppear:
          guard !state.hasLoaded, !state.isLoading else { return .none }
          state.isLoading = true
          return .run { [settingsClient] send in
            do {
              await send(.settingsLoaded(try await settingsClient.load()))
            } catch {
              await send(.loadFailed(error.localizedDescription))
            }
          }

        case .binding:
          return .none

        case let .moveSelection(offset):
          state.selection = ListSelection.moved(
            state.selection, by: offset, count: Row.allCases.count)
          return .none

        case let .themeSelected(theme):
          state.settings.theme = theme
          return .none

        case .pageSizeIncremented:
          state.settings.pageSize += UserSettings.pageSizeStep
          return .none

        case .pageSizeDecremented:
          state.settings.pageSize -= UserSettings.pageSizeStep
          return .none

        case .searchDebounceIncremented:
          state.settings.searchDebounceMilliseconds += UserSettings.searchDebounceStep
          return .none

        case .searchDebounceDecremented:
          state.settings.searchDebounceMilliseconds -= UserSettings.searchDebounceStep
          return .none

        case .showsPostPreviewsToggled:
          state.settings.showsPostPreviews.toggle()
          return .none

        case .resetToDefaults:
          state.settings = .default
          return .none

        case .noticeDismissed:
          state.notice = nil
          state.errorMessage = nil
          return .none

        case let .settingsLoaded(load):
          state.isLoading = false
          state.hasLoaded = true
          state.settings = load.settings
          state.notice = load.notice
          return .send(.delegate(.settingsChanged(load.settings)))

        case let .loadFailed(message):
          state.isLoading = false
          state.hasLoaded = true
          state.errorMessage = message
          return .none

        case let .saveFailed(message):
          state.errorMessage = message
          return .none

        case .delegate:
          return .none
        }
      }
    }
    .onChange(of: \.settings) { _, settings in
      Reduce { state, action in
        // Loaded settings are announced as they are, not saved back.
        if case .settingsLoaded = action { return .none }
        state.errorMessage = nil
        return .merge(.send(.delegate(.settingsChanged(settings))), save(settings))
      }
    }
  }

  /// Saves `settings`, replacing a save in flight.
  private func save(_ settings: UserSettings) -> Effect<Action> {
    .run { [settingsClient] send in
      do {
        try await settingsClient.save(settings)
      } catch is CancellationError {
        // A newer save replaced this one.
      } catch {
        await send(.saveFailed(error.localizedDescription))
      }
    }
    .cancellable(id: CancelID.save, cancelInFlight: true)
  }
}
