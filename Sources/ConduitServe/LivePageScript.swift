/// The live page's script: keeps the page live from `/live`. It writes the transcript's lines and
/// the tree as the server does (`LiveText`, `LivePage`), and draws the marbles itself from the
/// events: a lane per subject, cold source's playback, object and @Published property, sink and
/// inner subscription, grouped by pipeline as the session groups them (a source, then the sinks
/// built on it), placed in time (zoom, follow now) and scrolling sideways rather than shrinking; a
/// sent value's colour carried by every value its send delivered; requests above the lane and a
/// demand lane under a sink that asked for a limited number; values dropped for lack of demand
/// drawn hollow; click a marble for its value, time and lane. Lanes and groups can be hidden (the
/// lane list, or `?hide=a,b`); `?present` shows only the lanes the teacher picked, large.
enum LivePageScript {
    static let javascript = #"""
    "use strict";
    const $ = (id) => document.getElementById(id);
    const body = document.body;
    const code = body.dataset.code || "";
    const presenting = body.classList.contains("present");
    const params = new URLSearchParams(location.search);
    // Lanes and groups (by their source's name) this viewer hid: the lane list, `?hide=a,b`.
    const userHidden = new Set((params.get("hide") || "").split(",").filter(Boolean));
    const hiddenGroups = new Set();
    try {
      for (const name of JSON.parse(localStorage.getItem("conduit.hiddenLanes") || "[]")) userHidden.add(name);
      for (const name of JSON.parse(localStorage.getItem("conduit.hiddenGroups") || "[]")) hiddenGroups.add(name);
    } catch (error) { /* no storage: only ?hide */ }
    let scale = presenting ? 300 : 200;  // px per second of the session's clock
    let state = null;
    let lastEntry = 0;
    let lastSent = null;
    let dirty = false;
    const lanes = new Map();   // lane name -> { first, marbles }
    const bySeq = new Map();   // event seq -> { lane, marble }
    const laneLimit = 2000;

    function esc(text) {
      return String(text).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;",
        "'": "&#39;" })[c]);
    }
    function clockText(ns) {
      if (ns % 1e9 === 0) return (ns / 1e9) + "s";
      if (ns % 1e6 === 0 || ns >= 1e6) return Math.floor(ns / 1e6) + "ms";
      return ns % 1e3 === 0 ? (ns / 1e3) + "us" : ns + "ns";
    }
    function fmt(v) {
      if (v === null) return "nil";
      if (typeof v === "string") return JSON.stringify(v);
      if (Array.isArray(v)) return "[" + v.map(fmt).join(", ") + "]";
      if (typeof v === "object") return "{" + Object.keys(v).map((k) => k + ": " + fmt(v[k])).join(", ") + "}";
      return String(v);
    }
    function demandText(level) {
      if (level.requested === "unlimited") return "requested unlimited · delivered " + level.delivered;
      return "requested " + level.requested + " · delivered " + level.delivered + " · outstanding "
        + Math.max(0, level.requested - level.delivered);
    }
    function lineOf(e) {
      const stamp = e.time > 0 ? "   @" + clockText(e.time) : "";
      if (e.origin === "engine") {
        const lane = e.lane;
        switch (e.kind) {
          case "subscribed": return ["trace", lane + ": receive subscription: (" + e.publisher + ")"];
          case "requested": return ["trace", lane + ": " + (e.demand === "unlimited" ? "request unlimited"
            : "request max: (" + e.demand + ")")];
          case "received": return ["trace", lane + ": receive value: (" + fmt(e.value) + ")"];
          case "completed": return ["trace", lane + (e.completion === "finished" ? ": receive finished"
            : ": receive error: (" + e.error + ")")];
          case "cancelled": return ["trace", lane + ": receive cancel"];
          default: return null;
        }
      }
      switch (e.kind) {
        case "received": return ["value", e.lane + " ← " + fmt(e.value) + stamp];
        case "completed": return ["completion", e.lane + (e.completion === "finished" ? " ✓ finished"
          : " ✗ failed: " + e.error) + stamp];
        case "printed": return [e.output, e.text];
        case "error": return ["error", e.message];
        case "checked": return [e.passed ? "completion" : "error", (e.passed ? "✓ " : "✗ ") + e.file + ":" + e.line
          + (e.message ? ": " + e.message : "")];
        default: return null;
      }
    }
    function colourOf(value) {
      const key = JSON.stringify(value);
      let hash = 0;
      for (let i = 0; i < key.length; i++) hash = (hash * 31 + key.charCodeAt(i)) | 0;
      // Golden-angle steps: values whose text differs by one character still get far-apart hues.
      return "hsl(" + Math.round(((hash * 137.508) % 360 + 360) % 360) + ", 70%, 78%)";
    }

    // MARK: events into lanes
    function laneOf(name) {
      let lane = lanes.get(name);
      if (!lane) { lane = { first: lanes.size, marbles: [] }; lanes.set(name, lane); }
      return lane;
    }
    function push(name, marble) {
      const lane = laneOf(name);
      lane.marbles.push(marble);
      bySeq.set(marble.seq, { lane: name, marble });
      if (lane.marbles.length > laneLimit) bySeq.delete(lane.marbles.shift().seq);
    }
    function ingest(e, late) {
      if (e.origin !== "session") return;
      const base = { t: e.time, seq: e.seq };
      switch (e.kind) {
        case "clockReset": lanes.clear(); bySeq.clear(); lastSent = null; break;
        case "dropped":
          for (const name of [...lanes.keys()]) if (name === e.name || isInner(name, e.name)) lanes.delete(name);
          break;
        case "valueDropped":
          // A value the sink missed for lack of demand: drawn hollow on its lane.
          if (e.subscriber) push(e.subscriber, Object.assign(base, { kind: "dropped", value: e.value }));
          break;
        case "sent": {
          const colour = colourOf(e.value);
          if (!late) lastSent = { time: e.time, colour, lane: e.lane, value: e.value };
          push(e.lane, Object.assign(base, { kind: "value", value: e.value, colour }));
          break;
        }
        case "received": {
          // A value delivered at the time of the latest send, after it, came from that send: it keeps
          // the sent value's colour through every operator in between.
          const cause = !late && lastSent && lastSent.time === e.time ? lastSent : null;
          push(e.lane, Object.assign(base, { kind: "value", value: e.value, level: e.level, cause,
            colour: cause ? cause.colour : colourOf(e.value) }));
          break;
        }
        case "completed":
          push(e.lane, Object.assign(base, { kind: e.completion === "finished" ? "finished" : "failed",
            error: e.error }));
          break;
        case "cancelled": push(e.lane, Object.assign(base, { kind: "cancelled" })); break;
        case "subscribed": case "innerSubscribed":
          push(e.lane, Object.assign(base, { kind: "subscribed" }));
          break;
        case "requested":
          push(e.lane, Object.assign(base, { kind: "demand", demand: e.demand, level: e.level }));
          break;
        default: break;
      }
    }

    // MARK: transcript, tree, room
    const transcript = $("transcript");
    const transcriptBox = $("transcript-box");
    function addLine(kind, text) {
      const line = document.createElement("div");
      line.className = "line " + kind;
      line.textContent = text;
      transcript.appendChild(line);
    }
    function addEntry(entry) {
      if (entry.seq <= lastEntry) return;
      lastEntry = entry.seq;
      if (entry.input) addLine("input", entry.input);
      if (entry.skipped > 0) addLine("info", "(" + entry.skipped + " earlier events of this line left out)");
      for (const e of entry.events) {
        const line = lineOf(e);
        if (line) addLine(line[0], line[1]);
        ingest(e, false);
      }
      if (entry.revealed.length) {
        const touched = new Set();
        for (const e of entry.revealed) { ingest(e, true); if (e.lane) touched.add(e.lane); }
        for (const name of touched) {
          const lane = lanes.get(name);
          if (lane) lane.marbles.sort((a, b) => a.seq - b.seq);
        }
      }
      while (transcript.childElementCount > 6000) transcript.removeChild(transcript.firstChild);
      dirty = true;
    }
    function nodeHTML(node) {
      let html = '<li class="node ' + esc(node.entity || "name") + '" data-name="' + esc(node.name)
        + '"><span class="name">' + esc(node.name) + '</span> <span class="text">' + esc(node.text) + "</span>";
      if (node.demand) html += ' <span class="demand">' + esc(demandText(node.demand)) + "</span>";
      for (const detail of node.details) html += '<div class="detail">' + esc(detail) + "</div>";
      if (node.children.length) html += "<ul>" + node.children.map(nodeHTML).join("") + "</ul>";
      return html + "</li>";
    }
    function roomHTML(s) {
      let html = "";
      for (const sink of s.hidden) {
        const count = s.predictions[sink] || 0;
        html += '<p class="hidden-sink"><b>' + esc(sink) + "</b> is hidden: " + count + " prediction"
          + (count === 1 ? "" : "s") + " so far</p>";
      }
      for (const tally of s.tallies.slice().reverse()) {
        html += '<p class="tally"><b>' + esc(tally.sink) + "</b>: " + esc(tally.summary)
          + (tally.right.length ? '<br><span class="info">right: ' + esc(tally.right.join(", ")) + "</span>" : "")
          + "</p>";
      }
      return html || '<p class="info">Nothing hidden: `hide SINK` lets the room predict it.</p>';
    }
    // The names that are objects: their lane marks each `objectWillChange`, whose value is `()`.
    let objects = new Set();
    function objectNames(nodes, into) {
      for (const node of nodes) {
        if (node.entity === "object") into.add(node.name);
        objectNames(node.children, into);
      }
      return into;
    }
    function setState(s) {
      state = s;
      objects = objectNames(s.tree, new Set());
      $("clock").textContent = s.clock;
      $("tree").innerHTML = s.tree.map(nodeHTML).join("");
      $("room-state").innerHTML = roomHTML(s);
      const form = $("predict");
      form.hidden = s.hidden.length === 0;
      const select = $("predict-sink");
      const chosen = select.value;
      select.innerHTML = s.hidden.map((name) => "<option>" + esc(name) + "</option>").join("");
      if (s.hidden.includes(chosen)) select.value = chosen;
      dirty = true;
    }

    // MARK: marbles
    const lanesBox = $("lanes");
    // A lane's inner lanes: a sink's inner subscriptions (`out:1`), a cold source's playbacks
    // (`song:1`), an object's @Published properties (`player.$song`).
    function isInner(name, base) { return name.startsWith(base + ":") || name.startsWith(base + ".$"); }
    function baseName(name) {
      const at = name.search(/:|\.\$/);
      return at < 0 ? name : name.slice(0, at);
    }
    // The lanes by pipeline, as the session groups them (a source, then the sinks built on it), each
    // name followed by its inner lanes; lanes the session does not name (yet) come last.
    function laneGroups() {
      const seen = new Set();
      const byFirst = [...lanes.keys()].sort((a, b) => lanes.get(a).first - lanes.get(b).first);
      function add(name, into) {
        if (seen.has(name)) return;
        seen.add(name);
        into.push(name);
        for (const inner of byFirst) if (isInner(inner, name)) add(inner, into);
      }
      const groups = [];
      for (const group of (state ? state.groups : [])) {
        const names = [];
        for (const name of group) add(name, names);
        if (names.length) groups.push({ head: group[0], names });
      }
      for (const name of byFirst) {
        if (seen.has(name)) continue;
        const names = [];
        add(name, names);
        groups.push({ head: name, names });
      }
      return groups;
    }
    function shown(name, head) {
      const base = baseName(name);
      const present = state ? state.present : [];
      if (presenting && present.length && !present.includes(name) && !present.includes(base)) return false;
      return !userHidden.has(name) && !userHidden.has(base) && !hiddenGroups.has(head);
    }
    function shownGroups() {
      return laneGroups().map((group) => ({ head: group.head, names: group.names.filter((name) => {
        // A source whose playbacks have lanes of their own draws nothing itself.
        const lane = lanes.get(name);
        if ((!lane || !lane.marbles.length) && group.names.some((other) => isInner(other, name))) return false;
        return shown(name, group.head);
      }) })).filter((group) => group.names.length);
    }
    // What fits in a marble at a readable size: a string without its quotes, three characters at
    // most (two and "…" for longer ones); the whole value is a click away.
    function label(value) {
      const text = typeof value === "string" ? value : fmt(value);
      return [...text].length <= 3 ? text : [...text].slice(0, 2).join("") + "…";
    }
    // Whether a sink's demand is worth a lane of its own: it asked for a limited number of values.
    function limited(lane) { return lane && lane.marbles.some((m) => m.kind === "demand" && m.demand !== "unlimited"); }
    function draw() {
      dirty = false;
      const groups = shownGroups();
      const names = groups.flatMap((group) => group.names);
      const slot = presenting ? 56 : 40;
      const radius = presenting ? 25 : 18;
      const height = presenting ? 72 : 52;
      const mid = height / 2 + 4;
      // One column per instant across the lanes shown, as wide as the most marbles one lane has then:
      // lanes stay aligned in time, and values at one instant sit side by side, never shrunk. A request
      // takes half a slot, between the values delivered before and after it.
      const span = (m) => m.kind === "demand" ? 0.5 : 1;
      const widths = new Map();
      for (const name of names) {
        const lane = lanes.get(name);
        if (!lane) continue;
        const counts = new Map();
        for (const m of lane.marbles) counts.set(m.t, (counts.get(m.t) || 0) + span(m));
        for (const [t, count] of counts) widths.set(t, Math.max(widths.get(t) || 0, count));
      }
      const xs = new Map();
      let end = 20;
      for (const t of [...widths.keys()].sort((a, b) => a - b)) {
        const at = Math.max(20 + t / 1e9 * scale, end);
        xs.set(t, at);
        end = at + widths.get(t) * slot;
      }
      const nowX = Math.max(end, 20 + (state ? state.now : 0) / 1e9 * scale);
      const nameWidth = (lanesBox.querySelector(".lane-name") || { offsetWidth: presenting ? 200 : 136 }).offsetWidth;
      const width = Math.max(nowX + 40, lanesBox.clientWidth - nameWidth - 4);
      const hidden = new Set(state ? state.hidden : []);
      function row(name, classes, rowHeight, title) {
        return '<div class="lane ' + classes + '" data-lane="' + esc(name) + '"><div class="lane-name" title="'
          + esc(name) + '">' + esc(title) + "</div>"
          + '<svg width="' + width + '" height="' + rowHeight + '" viewBox="0 0 ' + width + " " + rowHeight + '">'
          + '<line x1="' + nowX + '" y1="0" x2="' + nowX + '" y2="' + rowHeight
          + '" stroke="#ef9a9a" stroke-dasharray="4 3"/>';
      }
      let html = "";
      groups.forEach((group, index) => {
        group.names.forEach((name, position) => {
          const lane = lanes.get(name) || { marbles: [] };
          const classes = (name.includes(":") || name.includes(".$") ? "inner" : "") + (position ? "" : " group-start")
            + (index % 2 ? " odd" : "") + (hidden.has(name) ? " hidden-sink" : "");
          // An object's property lane says only `$song` under the object's lane.
          html += row(name, classes, height, name.includes(".$") ? name.slice(name.indexOf(".$") + 1) : name)
            + '<line x1="0" y1="' + mid + '" x2="' + width + '" y2="' + mid + '" stroke="#9e9e9e" stroke-width="2"/>';
          if (hidden.has(name)) {
            html += '<text x="10" y="' + (mid - 6) + '" fill="#8e24aa">hidden until reveal: predict it below</text>';
          }
          const placed = new Map();
          const levels = [];
          for (const m of lane.marbles) {
            const column = xs.has(m.t) ? xs.get(m.t) : 20 + m.t / 1e9 * scale;
            const k = placed.get(m.t) || 0;
            placed.set(m.t, k + span(m));
            if (m.kind === "demand") {
              const at = column + k * slot + 2;
              html += '<text class="demand" x="' + at + '" y="15">+'
                + (m.demand === "unlimited" ? "∞" : m.demand) + "</text>";
              if (m.level) levels.push({ x: at, anchor: "start", level: m.level, seq: m.seq });
              continue;
            }
            const x = column + k * slot + slot / 2;
            if (m.level) levels.push({ x, anchor: "middle", level: m.level, seq: m.seq });
            html += '<g class="marble" data-seq="' + m.seq + '">';
            if (m.kind === "value" || m.kind === "dropped") {
              html += '<circle cx="' + x + '" cy="' + mid + '" r="' + radius + '" fill="'
                + (m.kind === "value" ? m.colour : "#fff") + '" stroke="#455a64"'
                + (m.kind === "value" ? "" : ' stroke-dasharray="5 4"') + '/><text x="' + x + '" y="' + mid
                + '" text-anchor="middle" dominant-baseline="central"' + (m.kind === "value" ? "" : ' fill="#78909c"')
                + ">" + esc(objects.has(name) ? "()" : label(m.value)) + "</text>";
            } else if (m.kind === "finished") {
              html += '<rect x="' + (x - 8) + '" y="' + (mid - radius) + '" width="16" height="' + 2 * radius
                + '" fill="transparent"/><line x1="' + x + '" y1="' + (mid - radius) + '" x2="' + x + '" y2="'
                + (mid + radius) + '" stroke="#2e7d32" stroke-width="4"/>';
            } else {
              const glyph = { failed: "✗", cancelled: "!", subscribed: "^" }[m.kind];
              const colour = { failed: "#c62828", cancelled: "#6d4c41", subscribed: "#78909c" }[m.kind];
              html += '<text class="glyph" x="' + x + '" y="' + mid
                + '" text-anchor="middle" dominant-baseline="central" fill="' + colour + '">' + glyph + "</text>";
            }
            html += "</g>";
          }
          html += "</svg></div>";
          // A sink that asked for a limited number of values: its outstanding demand, step by step.
          if (limited(lane) && !hidden.has(name)) {
            const demandHeight = presenting ? 40 : 30;
            html += row(name, "demand-lane" + (index % 2 ? " odd" : ""), demandHeight, "demand");
            for (const step of levels) {
              const outstanding = step.level.requested === "unlimited" ? "∞"
                : Math.max(0, step.level.requested - step.level.delivered);
              html += '<text class="outstanding" data-seq="' + step.seq + '" x="' + step.x + '" y="'
                + (demandHeight - 9) + '" text-anchor="' + step.anchor + '">' + outstanding + "</text>";
            }
            html += "</svg></div>";
          }
        });
      });
      if (!names.length) html = '<p class="info">No lanes yet: make a subject and a sink, then send values.</p>';
      lanesBox.innerHTML = html;
      if ($("follow").checked) lanesBox.scrollLeft = lanesBox.scrollWidth;
      drawLaneList();
    }
    // The lane list: a box per group (its source and the sinks built on it), and one per lane.
    function drawLaneList() {
      const list = $("lane-list");
      const groups = laneGroups().map((group) => ({ head: group.head,
        names: group.names.filter((name) => !name.includes(":") && !name.includes(".$")) }))
        .filter((group) => group.names.length);
      const key = JSON.stringify(groups) + "|" + [...userHidden].join(",") + "|" + [...hiddenGroups].join(",");
      if (list.dataset.key === key) return;
      list.dataset.key = key;
      list.innerHTML = groups.map((group) => '<div class="lane-group"><label class="group-head">'
        + '<input type="checkbox" data-group="' + esc(group.head) + '"'
        + (hiddenGroups.has(group.head) ? "" : " checked") + "> " + esc(group.head)
        + (group.names.length > 1 ? " and what is built on it" : "") + "</label>"
        + (group.names.length > 1 ? group.names.map((name) => '<label><input type="checkbox" data-lane="' + esc(name)
          + '"' + (userHidden.has(name) ? "" : " checked") + "> " + esc(name) + "</label>").join("") : "")
        + "</div>").join("");
    }
    $("lane-list").addEventListener("change", (event) => {
      const { lane, group } = event.target.dataset;
      if (group !== undefined) {
        if (event.target.checked) hiddenGroups.delete(group); else hiddenGroups.add(group);
      } else if (lane !== undefined) {
        if (event.target.checked) userHidden.delete(lane); else userHidden.add(lane);
      } else {
        return;
      }
      try {
        localStorage.setItem("conduit.hiddenLanes", JSON.stringify([...userHidden]));
        localStorage.setItem("conduit.hiddenGroups", JSON.stringify([...hiddenGroups]));
      } catch (error) { /* none */ }
      draw();
    });
    lanesBox.addEventListener("click", (event) => {
      const group = event.target.closest(".marble");
      if (!group) return;
      for (const old of lanesBox.querySelectorAll(".marble.selected")) old.classList.remove("selected");
      group.classList.add("selected");
      const found = bySeq.get(Number(group.dataset.seq));
      if (!found) return;
      const m = found.marble;
      let text = (objects.has(found.lane) ? "objectWillChange sent ()"
        : m.kind === "value" ? "value " + fmt(m.value)
        : m.kind === "dropped" ? "value " + fmt(m.value) + " dropped: no demand outstanding"
        : m.kind + (m.error ? ": " + m.error : ""))
        + " · at " + clockText(m.t) + " · lane " + found.lane + " · event " + m.seq;
      if (m.cause && m.cause.lane !== found.lane) {
        text += " · from " + fmt(m.cause.value) + " sent into " + m.cause.lane;
      }
      if (m.level) text += " · " + demandText(m.level);
      $("detail").textContent = text;
    });
    $("zoom-in").addEventListener("click", () => { scale = Math.min(scale * 2, 6400); draw(); });
    $("zoom-out").addEventListener("click", () => { scale = Math.max(scale / 2, 12.5); draw(); });
    function frame() { if (dirty) draw(); requestAnimationFrame(frame); }

    // MARK: the link
    function handle(message) {
      const atBottom = transcriptBox.scrollHeight - transcriptBox.scrollTop - transcriptBox.clientHeight < 40;
      if (message.type === "snapshot") {
        transcript.textContent = "";
        lanes.clear(); bySeq.clear(); lastSent = null; lastEntry = 0;
        message.transcript.forEach(addEntry);
        setState(message.state);
        transcriptBox.scrollTop = transcriptBox.scrollHeight;
      } else if (message.type === "batch") {
        message.entries.forEach(addEntry);
        if (message.state) setState(message.state);
      } else if (message.type === "answer") {
        $("predict-answer").textContent = message.message;
        $("predict-answer").className = message.accepted ? "completion" : "error";
      }
      if (atBottom) transcriptBox.scrollTop = transcriptBox.scrollHeight;
    }
    let socket = null;
    let delay = 500;
    function connect() {
      const status = $("status");
      socket = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/live"
        + (code ? "?code=" + encodeURIComponent(code) : ""));
      socket.onopen = () => { status.textContent = "live"; status.className = ""; delay = 500; };
      socket.onmessage = (event) => handle(JSON.parse(event.data));
      socket.onclose = () => {
        status.textContent = "reconnecting…"; status.className = "down";
        setTimeout(connect, delay); delay = Math.min(delay * 2, 5000);
      };
    }
    try { $("predict-name").value = localStorage.getItem("conduit.name") || ""; } catch (error) { /* none */ }
    $("predict").addEventListener("submit", (event) => {
      event.preventDefault();
      const name = $("predict-name").value.trim();
      try { localStorage.setItem("conduit.name", name); } catch (error) { /* none */ }
      if (socket && socket.readyState === 1) {
        socket.send(JSON.stringify({ predict: { sink: $("predict-sink").value, marbles: $("predict-marbles").value,
          name } }));
      }
    });
    connect();
    requestAnimationFrame(frame);
    """#
}
