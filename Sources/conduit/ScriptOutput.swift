/// How script problems are reported: `file:line: message`, the form editors and CI logs link.
enum ScriptOutput {
    static func located(file: String, line: Int, message: String) -> String {
        var text = message
        while text.hasSuffix("\n") { text.removeLast() }
        // The session's own errors already say where (`file:line:column: error: ...`).
        if text.hasPrefix("\(file):") { return text + "\n" }
        return "\(file):\(line): \(text)\n"
    }
}
