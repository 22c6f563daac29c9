import ComposableArchitecture
import Testing

// `@Reducer` enums whose cases are inferred as TCA infers them: plain data in a case with
// several or labeled values, a reducer given as a case's default value, an `Action` the enum
// declares itself, and the `Body` of another enum reducer.

private struct Meeting: Equatable {
  var minutes: Int
}

/// A note whose typed text gets a prefix: the prefix is what tells its instances apart.
@Reducer
private struct Note {
  var prefix = ""

  @ObservableState
  struct State: Equatable {
    var text = ""
  }

  enum Action: Equatable {
    case typed(String)
  }

  var body: some ReducerOf<Self> {
    Reduce { state, action in
      switch action {
      case .typed(let text):
        state.text = prefix + text
        return .none
      }
    }
  }
}

/// A counter given as an enum reducer of its own, embedded through its `Body`.
@Reducer
private enum Inner {
  case note(Note)
}

@Reducer
private enum Document {
  case meeting(Meeting, title: String)
  case plain(Note)
  case quoted(Note = Note(prefix: "> "))
  case inner(Inner.Body = Inner.body)
}
extension Document.State: Equatable {}
extension Inner.State: Equatable {}

/// An enum reducer that declares its own `Action`.
@Reducer
private enum Pane {
  case note(Note)

  @CasePathable
  enum Action: Equatable {
    case note(Note.Action)
  }
}
extension Pane.State: Equatable {}

/// Two enum reducers that nothing else in the module refers to, in one file.
@Reducer
private enum Unreferenced {
  case first(Note)
  case second(Note = Note(prefix: "2: "))
}

@Reducer
private enum AlsoUnreferenced {
  case only(Note)
  case data(Int, label: String)
}

/// A feature whose default reducer takes an argument.
@Reducer
private struct Contextual {
  let context: String

  @ObservableState
  struct State: Equatable {
    var seen: [String] = []
  }

  enum Action: Equatable {
    case tapped
  }

  var body: some ReducerOf<Self> {
    Reduce { state, _ in
      state.seen.append(context)
      return .none
    }
  }
}

@Reducer
private enum WithContext {
  case feature(Contextual = Contextual(context: "x"))
}
extension WithContext.State: Equatable {}

@MainActor
struct EnumReducerCaseInferenceTests {
  @Test
  func aCaseWithSeveralValuesIsPlainState() async {
    let state = Document.State.meeting(Meeting(minutes: 30), title: "Standup")
    #expect(state.meeting?.0 == Meeting(minutes: 30))
    #expect(state.meeting?.title == "Standup")
    let store = Store(initialState: state) { Document.body }
    guard case let .meeting(meeting, title) = store.case else {
      Issue.record("The case scope of a plain-data case holds its values.")
      return
    }
    #expect(meeting.minutes == 30)
    #expect(title == "Standup")
  }

  @Test
  func aCaseRunsTheReducerItsDefaultValueGives() async {
    let quoted = TestStore(initialState: Document.State.quoted(Note.State())) { Document.body }
    await quoted.send(.quoted(.typed("hi"))) {
      $0 = .quoted(Note.State(text: "> hi"))
    }
    let plain = TestStore(initialState: Document.State.plain(Note.State())) { Document.body }
    await plain.send(.plain(.typed("hi"))) {
      $0 = .plain(Note.State(text: "hi"))
    }
    let context = TestStore(initialState: WithContext.State.feature(Contextual.State())) {
      WithContext.body
    }
    await context.send(.feature(.tapped)) {
      $0 = .feature(Contextual.State(seen: ["x"]))
    }
  }

  @Test
  func aCaseRunsAnotherEnumReducersBody() async {
    let store = TestStore(initialState: Document.State.inner(.note(Note.State()))) {
      Document.body
    }
    await store.send(.inner(.note(.typed("deep")))) {
      $0 = .inner(.note(Note.State(text: "deep")))
    }
  }

  @Test
  func anActionTheEnumDeclaresIsUsed() async {
    let store = TestStore(initialState: Pane.State.note(Note.State())) { Pane.body }
    await store.send(Pane.Action.note(.typed("a"))) {
      $0 = .note(Note.State(text: "a"))
    }
  }
}
