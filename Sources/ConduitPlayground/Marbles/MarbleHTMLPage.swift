/// The whole session's diagrams as one self-contained HTML page for handouts: every subject,
/// cold source and sink as an inline SVG picture (pipelines as their chain), the subscription
/// tree, and the time it was made. No scripts, no external fonts or styles: it opens offline.
/// Written as XHTML, so that any XML parser can check it.
struct MarbleHTMLPage {
    /// One name on the page: a heading, what it is, and its picture if it has lanes.
    struct Section {
        let name: String
        let kind: String
        let svg: String?
    }

    let title: String
    /// The session's clock when the page was written, such as `1200ms`.
    let clock: String
    /// All the lanes together, aligned on one time axis.
    let overview: String?
    let sections: [Section]
    /// The subscription tree as `subs` prints it.
    let tree: String

    func document() -> String {
        var html = """
        <!DOCTYPE html>
        <html xmlns="http://www.w3.org/1999/xhtml" lang="en">
        <head>
        <meta charset="utf-8"/>
        <title>\(MarbleSVGRenderer.escape(title))</title>
        <style>
        body { font-family: "DejaVu Sans", Helvetica, Arial, sans-serif; margin: 2em; color: #222; }
        h1 { font-size: 1.6em; } h2 { font-size: 1.25em; margin-top: 1.6em; }
        .kind { color: #666; font-weight: normal; font-size: 0.8em; }
        svg { max-width: 100%; height: auto; border: 1px solid #ddd; }
        pre { background: #f6f6f6; padding: 1em; overflow-x: auto; }
        </style>
        </head>
        <body>
        <h1>\(MarbleSVGRenderer.escape(title))</h1>
        <p>At \(MarbleSVGRenderer.escape(clock)) on the session's clock.</p>

        """
        if let overview {
            html += "<section class=\"overview\">\n<h2>Everything, on one time axis</h2>\n\(Self.inline(overview))"
                + "</section>\n"
        }
        for section in sections {
            html += "<section class=\"name\" id=\"\(MarbleSVGRenderer.escape(section.name))\">\n"
                + "<h2>\(MarbleSVGRenderer.escape(section.name)) <span class=\"kind\">"
                + "\(MarbleSVGRenderer.escape(section.kind))</span></h2>\n"
                + (section.svg.map(Self.inline) ?? "")
                + "</section>\n"
        }
        html += "<h2>Subscriptions</h2>\n<pre>\(MarbleSVGRenderer.escape(tree, keepingLines: true))</pre>\n"
        return html + "</body>\n</html>\n"
    }

    /// An SVG document placed inside the page (its own XML namespace declaration is kept).
    private static func inline(_ svg: String) -> String {
        svg.hasSuffix("\n") ? svg : svg + "\n"
    }
}
