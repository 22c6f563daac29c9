import ComposableArchitecture
import Testing

@MainActor
@Suite
struct StackStateTests {
  /// A stack of an editor (#0) and a stats screen (#1), with ids made in a fresh test context.
  func editorAndStats() -> StackState<NotePath.State> {
    withDependencies {
      $0.stackElementID = .incrementing()
    } operation: {
      StackState([.editor(NoteEditor.State(text: "a")), .stats(NoteStats.State())])
    }
  }

  @Test
  func settingNilThroughTheElementsCaseRemovesIt() {
    var stack = self.editorAndStats()
    stack[id: 0, case: \.editor] = nil
    #expect(Array(stack.ids) == [1])
  }

  @Test
  func modifyingThroughTheElementsCaseChangesIt() {
    var stack = self.editorAndStats()
    stack[id: 0, case: \.editor]?.text = "b"
    #expect(stack[id: 0] == .editor(NoteEditor.State(text: "b")))
  }

  @Test
  func modifyingThroughAnotherCaseIsReportedAndChangesNothing() {
    var stack = self.editorAndStats()
    withKnownIssue {
      stack[id: 0, case: \.stats]?.refreshes = 3
    } matching: { issue in
      issue.description.contains("Can't modify unrelated case \"editor\"")
    }
    #expect(stack == self.editorAndStats())
  }

  @Test
  func dumpsAsADictionaryOfElementsByID() {
    let stack = withDependencies {
      $0.stackElementID = .incrementing()
    } operation: {
      StackState([NoteStats.State(refreshes: 1), NoteStats.State(refreshes: 2)])
    }
    var dump = ""
    customDump(stack, to: &dump)
    #expect(
      dump == """
        [
          #0: NoteStats.State(refreshes: 1),
          #1: NoteStats.State(refreshes: 2)
        ]
        """
    )
  }

  @Test
  func printsAsItsElementsAndDebugPrintsThemByID() {
    let stack = withDependencies {
      $0.stackElementID = .incrementing()
    } operation: {
      StackState([1, 2])
    }
    #expect(stack.description == "[1, 2]")
    #expect(stack.debugDescription == "StackState<Int>([#0: 1, #1: 2])")
    #expect(stack.ids.first?.debugDescription == "#0")
  }

  @Test
  func presentationStatePrintsAsWhatItPresents() {
    #expect(String(describing: PresentationState(wrappedValue: 1)) == "1")
    #expect(String(reflecting: PresentationState(wrappedValue: "Zoë")) == #""Zoë""#)
  }

  @Test
  func aStoreScopesToACaseOfAStackElement() {
    let store = Store(
      initialState: Notes.State(path: self.editorAndStats())
    ) {
      Notes()
    }
    let id: StackElementID = 0
    let editor = store.scope(state: \.path[id: id]?.editor, action: \.path[id: id].editor)
    editor?.send(.textChanged("typed"))
    #expect(store.path[id: 0] == .editor(NoteEditor.State(text: "typed")))
  }

  @Test
  func anIntegerLiteralIDOutsideATestContextIsReported() {
    withKnownIssue {
      withDependencies {
        $0.context = .live
      } operation: {
        let id: StackElementID = 3
        #expect(id == StackElementID(rawValue: 3))
      }
    } matching: { issue in
      issue.description.contains(
        "Specifying stack element IDs by integer literal is not allowed outside of tests.")
    }
  }

  @Test
  func anIntegerLiteralIDInATestContextIsNotReported() {
    let id: StackElementID = 3
    #expect(id.description == "#3")
  }
}
