/// The commands of objects with `@Published` properties and notifications (issue 13): none yet.
/// Their `CommandSpec`s go here, one per command, as in the other families.
enum ObjectCommands {
    static let all: [CommandSpec] = []
}
