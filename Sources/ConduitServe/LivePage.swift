import ConduitPlayground

/// The live page: one self-contained HTML document (style and script inline, no fonts or libraries
/// from the network) that already holds the session as it is now, drawn on the server from the
/// same snapshot the WebSocket sends (the transcript's lines, the subscription tree with demand,
/// the clock, the room), so a page with scripts off, a screenshot tool or a DOM dump shows it. Its
/// script (`LivePageScript`) then connects to `/live`, draws the marbles from the events and
/// keeps everything live, reconnecting (from a fresh snapshot) when the link drops.
enum LivePage {
    /// The page for `snapshot`; `presenting` is the presenter view (`?present`: large type, only
    /// the lanes the teacher picked, if any); `code` is the join code the script passes on.
    static func render(_ snapshot: LiveMessage, presenting: Bool, code: String?) -> String {
        guard case .snapshot(let transcript, let state) = snapshot else { return "" }
        var html = """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>Conduit live</title>
            <style>\(LivePageStyle.css)</style>
            </head>

            """
        html += "<body class=\"\(presenting ? "present" : "")\" data-code=\"" + LiveText.escape(code ?? "") + "\">\n"
        html += "<header><h1>Conduit live</h1><span>clock <b id=\"clock\">\(LiveText.escape(state.clock))</b></span>"
            + "<span id=\"status\">connecting…</span></header>\n<main>\n"
        html += "<section id=\"transcript-box\"><h2>Transcript</h2><div id=\"transcript\">"
        for entry in transcript { html += entryHTML(entry) }
        html += "</div></section>\n"
        html += """
            <section id="marbles-box"><h2>Marbles</h2>
            <div id="toolbar"><label><input type="checkbox" id="follow" checked> follow now</label>
            <button id="zoom-out" type="button" aria-label="zoom out">−</button>
            <button id="zoom-in" type="button" aria-label="zoom in">+</button>
            <details id="lane-picker"><summary>lanes</summary><div id="lane-list"></div></details></div>
            <div id="lanes"><p class="info">The marbles are drawn by the page's script from the events.</p></div>
            <div id="detail" class="info">Click a marble to see its value, time and lane.</div>
            </section>

            """
        html += "<section id=\"tree-box\"><h2>Subscriptions</h2><ul id=\"tree\">"
        html += state.tree.map(nodeHTML).joined()
        html += "</ul></section>\n"
        html += "<section id=\"room\"><h2>The room</h2><div id=\"room-state\">" + roomHTML(state) + "</div>"
        html += """
            <form id="predict" hidden><label>sink <select id="predict-sink"></select></label>
            <label>marbles <input id="predict-marbles" maxlength="80" placeholder="-1--2-|" autocomplete="off"></label>
            <label>name <input id="predict-name" maxlength="24" autocomplete="off"></label>
            <button type="submit">predict</button><div id="predict-answer" class="info"></div></form></section>
            </main>
            <script>\(LivePageScript.javascript)</script>
            </body>
            </html>

            """
        return html
    }

    /// An entry's lines: the input, then each event's line.
    static func entryHTML(_ entry: TranscriptEntry) -> String {
        var html = entry.input.isEmpty ? "" : "<div class=\"line input\">" + LiveText.escape(entry.input) + "</div>"
        if entry.skipped > 0 {
            html += "<div class=\"line info\">(\(entry.skipped) earlier events of this line left out)</div>"
        }
        for event in entry.events {
            guard let (kind, text) = LiveText.line(of: event) else { continue }
            html += "<div class=\"line \(kind)\">" + LiveText.escape(text) + "</div>"
        }
        return html
    }

    /// A tree node and its children as nested list items.
    static func nodeHTML(_ node: LiveTreeNode) -> String {
        var html = "<li class=\"node " + LiveText.escape(node.entity ?? "name") + "\" data-name=\""
            + LiveText.escape(node.name) + "\"><span class=\"name\">" + LiveText.escape(node.name)
            + "</span> <span class=\"text\">" + LiveText.escape(node.text) + "</span>"
        if let demand = node.demand {
            html += " <span class=\"demand\">" + LiveText.escape(LiveText.demand(demand)) + "</span>"
        }
        for detail in node.details { html += "<div class=\"detail\">" + LiveText.escape(detail) + "</div>" }
        if !node.children.isEmpty { html += "<ul>" + node.children.map(nodeHTML).joined() + "</ul>" }
        return html + "</li>"
    }

    /// The hidden sinks with their number of predictions, and the latest reveals' tallies.
    static func roomHTML(_ state: LiveState) -> String {
        var html = ""
        for sink in state.hidden {
            let count = state.predictions[sink] ?? 0
            html += "<p class=\"hidden-sink\"><b>" + LiveText.escape(sink) + "</b> is hidden: \(count) prediction"
                + (count == 1 ? "" : "s") + " so far</p>"
        }
        for tally in state.tallies.reversed() {
            html += "<p class=\"tally\"><b>" + LiveText.escape(tally.sink) + "</b>: " + LiveText.escape(tally.summary)
                + (tally.right.isEmpty ? "" : "<br><span class=\"info\">right: "
                    + LiveText.escape(tally.right.joined(separator: ", ")) + "</span>") + "</p>"
        }
        if html.isEmpty { html = "<p class=\"info\">Nothing hidden: `hide SINK` lets the room predict it.</p>" }
        return html
    }
}
