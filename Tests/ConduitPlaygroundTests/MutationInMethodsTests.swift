import XCTest

@testable import ConduitPlayground

/// Mutating methods called in a class's methods and closures on what its properties hold, as view
/// models write them: `todos[index].isDone.toggle()` (trial case 75) and `self?.standups.removeAll {
/// $0 == standup }` in a `[weak self]` closure property (trial case 35).
final class MutationInMethodsTests: SessionTestCase {
    func testAFieldOfAnElementIsChangedByItsMutatingMethod() {
        type("struct Todo { var title: String; var isDone = false }")
        type("""
            class TodoList {
                var todos = [Todo(title: "a"), Todo(title: "b")]
                func toggle(_ i: Int) { todos[i].isDone.toggle() }
                func shout(_ i: Int) { self.todos[i].title.append("!") }
            }
            """)
        type("let list = TodoList()")
        type("list.toggle(1)")
        XCTAssertEqual(valueLines("print(list.todos.map(\\.isDone))"), ["[false, true]"])
        type("list.toggle(1)")
        type("list.shout(0)")
        XCTAssertEqual(valueLines("print(list.todos.map(\\.isDone), list.todos.map(\\.title))"),
            [#"[false, false] ["a!", "b"]"#])
        XCTAssertTrue(error("list.toggle(5)").contains("out of range"))
    }

    func testAWeakSelfClosureRemovesFromItsOwnersArray() {
        type("struct Standup: Equatable { let id: Int; var title: String }")
        type("""
            class EditModel {
                var onDelete: (Standup) -> Void = { _ in }
                let standup: Standup
                init(standup: Standup) { self.standup = standup }
                func deleteTapped() { self.onDelete(self.standup) }
            }
            """)
        type("""
            class ListModel {
                var standups: [Standup] = [Standup(id: 1, title: "Daily"), Standup(id: 2, title: "Weekly")]
                var edit: EditModel?
                func tapped(standup: Standup) {
                    let model = EditModel(standup: standup)
                    model.onDelete = { [weak self] standup in
                        self?.standups.removeAll { $0 == standup }
                        self?.edit = nil
                    }
                    self.edit = model
                }
            }
            """)
        type("let listModel = ListModel()")
        type("listModel.tapped(standup: listModel.standups[0])")
        type("listModel.edit?.deleteTapped()")
        XCTAssertEqual(valueLines("print(listModel.standups.map(\\.title), listModel.edit == nil)"),
            [#"["Weekly"] true"#])
    }
}
