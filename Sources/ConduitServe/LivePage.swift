/// The live page: one self-contained HTML document (style and script inline, no fonts or
/// libraries from the network) that connects to `/live`, draws the snapshot it gets first and
/// then each change, and reconnects (catching up from a fresh snapshot) when the link drops.
enum LivePage {
    static let html = #"""
    <!doctype html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Conduit live</title>
    <style>
      body { margin: 0; font-family: "DejaVu Sans", Helvetica, Arial, sans-serif;
             background: #fafafa; color: #222; }
      header { display: flex; gap: 1.5em; align-items: baseline; padding: .6em 1em;
               background: #37474f; color: #fff; }
      header h1 { font-size: 1.2em; margin: 0; }
      #status.down { color: #ffab91; }
      main { display: grid; grid-template-columns: minmax(20em, 2fr) 3fr; gap: 1em; padding: 1em;
             height: calc(100vh - 5em); box-sizing: border-box; }
      section { background: #fff; border: 1px solid #ddd; border-radius: 6px; padding: .5em 1em; overflow: auto; }
      h2 { font-size: 1em; color: #555; margin: .3em 0 .6em; }
      pre, .line { font-family: "DejaVu Sans Mono", Menlo, Consolas, monospace; font-size: 1.05em; margin: 0;
                   white-space: pre-wrap; }
      .input::before { content: "» "; color: #8e24aa; }
      .input { font-weight: bold; margin-top: .5em; }
      .error { color: #c62828; } .completion { color: #2e7d32; } .trace { color: #6d4c41; } .info { color: #546e7a; }
      #right { display: grid; grid-template-rows: auto 1fr; gap: 1em; overflow: hidden; }
      #marbles svg { max-width: 100%; height: auto; }
    </style>
    </head>
    <body>
    <header><h1>Conduit live</h1><span>clock <b id="clock">0s</b></span>
      <span id="status">connecting…</span></header>
    <main>
      <section id="transcript-box"><h2>Transcript</h2><div id="transcript"></div></section>
      <div id="right">
        <section><h2>Marbles</h2>
          <div id="marbles"><p class="info">Nothing drawn yet: send values into a subject.</p></div></section>
        <section><h2>Subscriptions</h2><pre id="tree"></pre></section>
      </div>
    </main>
    <script>
    "use strict";
    const transcript = document.getElementById("transcript");
    const box = document.getElementById("transcript-box");
    let last = 0;
    function addEntry(entry) {
      if (entry.sequence <= last) return;
      last = entry.sequence;
      const input = document.createElement("div");
      input.className = "line input";
      input.textContent = entry.input;
      transcript.appendChild(input);
      for (const out of entry.output) {
        const line = document.createElement("div");
        line.className = "line " + out.kind;
        line.textContent = out.text;
        transcript.appendChild(line);
      }
    }
    function setState(state) {
      document.getElementById("clock").textContent = state.clock;
      document.getElementById("tree").textContent = state.tree || "(no names yet)";
      if (state.marbles) document.getElementById("marbles").innerHTML = state.marbles;
    }
    function handle(message) {
      const atBottom = box.scrollHeight - box.scrollTop - box.clientHeight < 40;
      if (message.snapshot) {
        transcript.textContent = "";
        last = 0;
        message.snapshot.transcript.forEach(addEntry);
        setState(message.snapshot.state);
      } else if (message.entry) {
        addEntry(message.entry._0);
      } else if (message.state) {
        setState(message.state._0);
      }
      if (atBottom) box.scrollTop = box.scrollHeight;
    }
    let delay = 500;
    function connect() {
      const status = document.getElementById("status");
      const socket = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/live");
      socket.onopen = () => { status.textContent = "live"; status.className = ""; delay = 500; };
      socket.onmessage = (event) => handle(JSON.parse(event.data));
      socket.onclose = () => {
        status.textContent = "reconnecting…"; status.className = "down";
        setTimeout(connect, delay); delay = Math.min(delay * 2, 5000);
      };
    }
    connect();
    </script>
    </body>
    </html>
    """#
}
