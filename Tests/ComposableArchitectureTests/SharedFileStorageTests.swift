import ComposableArchitecture
import Foundation
import Testing

/// A meeting, kept in a JSON file.
private struct Meeting: Codable, Equatable, Identifiable, Sendable {
  let id: Int
  var title: String
}

/// The file of meetings, with its default: `@Shared(.meetings) var meetings`. Declared on
/// `SharedKey`, as TCA's samples declare theirs.
extension SharedKey where Self == FileStorageKey<IdentifiedArrayOf<Meeting>>.Default {
  fileprivate static var meetings: Self {
    Self[.fileStorage(.documentsDirectory.appending(component: "meetings.json")), default: []]
  }
}

/// A list of meetings in a file, and a detail editing one of them through a derived shared
/// value.
@Reducer
private struct MeetingsList {
  @ObservableState
  struct State: Equatable {
    @Shared(.meetings) var meetings
    @Presents var detail: MeetingDetail.State?
  }

  enum Action {
    case addButtonTapped(Meeting)
    case deleteButtonTapped(id: Meeting.ID)
    case onDelete(IndexSet)
    case meetingTapped(id: Meeting.ID)
    case detail(PresentationAction<MeetingDetail.Action>)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .addButtonTapped(let meeting):
        _ = state.$meetings.withLock { $0.append(meeting) }
        return .none
      case .deleteButtonTapped(let id):
        _ = state.$meetings.withLock { $0.remove(id: id) }
        return .none
      case .onDelete(let indexSet):
        state.$meetings.withLock { $0.remove(atOffsets: indexSet) }
        return .none
      case .meetingTapped(let id):
        guard let meeting = Shared(state.$meetings[id: id]) else { return .none }
        state.detail = MeetingDetail.State(meeting: meeting)
        return .none
      case .detail:
        return .none
      }
    }
    .ifLet(\.$detail, action: \.detail) { MeetingDetail() }
  }
}

@Reducer
private struct MeetingDetail {
  @ObservableState
  struct State: Equatable {
    @Shared var meeting: Meeting
  }

  enum Action {
    case titleChanged(String)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .titleChanged(let title):
        state.$meeting.withLock { $0.title = title }
        return .none
      }
    }
  }
}

/// The shape of TCA's file-backed samples: a key with a default in a file, list and detail
/// sharing it, asserted exhaustively, and the file holding the result.
@MainActor
struct SharedFileStorageTests {
  @Test
  func aListAndItsDetailShareTheFile() async throws {
    let files = LockIsolated<[URL: Data]>([:])
    let store = withDependencies {
      $0.defaultFileStorage = .inMemory(files: files)
    } operation: {
      TestStore(initialState: MeetingsList.State()) { MeetingsList() }
    }

    let standup = Meeting(id: 1, title: "Standup")
    await store.send(.addButtonTapped(standup)) {
      _ = $0.$meetings.withLock { $0.append(standup) }
    }
    await store.send(.meetingTapped(id: 1)) {
      $0.detail = MeetingDetail.State(meeting: Shared($0.$meetings[id: 1])!)
    }
    await store.send(\.detail.titleChanged, "Retro") {
      $0.detail?.$meeting.withLock { $0.title = "Retro" }
    }
    #expect(store.state.meetings[id: 1]?.title == "Retro")

    let file = URL.documentsDirectory.appending(component: "meetings.json")
    let saved = try JSONDecoder().decode(
      IdentifiedArrayOf<Meeting>.self, from: try #require(files[file]))
    #expect(saved == [Meeting(id: 1, title: "Retro")])

    await store.send(.addButtonTapped(Meeting(id: 2, title: "Planning"))) {
      _ = $0.$meetings.withLock { $0.append(Meeting(id: 2, title: "Planning")) }
    }
    await store.send(.deleteButtonTapped(id: 1)) {
      _ = $0.$meetings.withLock { $0.remove(id: 1) }
    }
    await store.send(.onDelete([0])) {
      $0.$meetings.withLock { $0 = [] }
    }
  }

  @Test
  func theFileIsLoadedByTheNextHolder() {
    let file = URL.documentsDirectory.appending(component: "meetings.json")
    let files = LockIsolated([file: Data(#"[{"id": 7, "title": "Planning"}]"#.utf8)])
    withDependencies {
      $0.defaultFileStorage = .inMemory(files: files)
    } operation: {
      @Shared(.meetings) var meetings
      #expect(meetings == [Meeting(id: 7, title: "Planning")])
    }
  }
}
