/// The live page's style. Readable from the back row: no text under 14 CSS px anywhere (marble
/// labels 15 px, 22 px in the presenter view), lanes keep their height and scroll in time
/// (`#lanes` scrolls sideways) instead of shrinking as a lesson grows.
enum LivePageStyle {
    static let css = #"""
    body { margin: 0; font: 16px "DejaVu Sans", Helvetica, Arial, sans-serif; background: #fafafa; color: #222; }
    header { display: flex; gap: 1.5em; align-items: baseline; padding: .4em 1em; background: #37474f; color: #fff; }
    header h1 { font-size: 18px; margin: 0; }
    #status.down { color: #ffab91; }
    main { display: grid; grid-template-columns: minmax(18em, 1fr) 2fr; grid-template-rows: 3fr 2fr;
           gap: .6em; padding: .6em; height: calc(100vh - 2.6em); box-sizing: border-box; }
    section { background: #fff; border: 1px solid #ddd; border-radius: 6px; padding: .3em .8em; overflow: auto;
              min-height: 0; }
    #transcript-box { grid-column: 1; grid-row: 1; }
    #room { grid-column: 1; grid-row: 2; }
    #marbles-box { grid-column: 2; grid-row: 1; }
    #tree-box { grid-column: 2; grid-row: 2; }
    #marbles-box { display: flex; flex-direction: column; }
    h2 { font-size: 16px; color: #555; margin: .2em 0 .4em; }
    .line, #tree { font: 15px "DejaVu Sans Mono", Menlo, Consolas, monospace; white-space: pre-wrap; margin: 0; }
    .input::before { content: "» "; color: #8e24aa; }
    .input { font-weight: bold; margin-top: .4em; }
    .error { color: #c62828; } .completion { color: #2e7d32; } .trace { color: #6d4c41; } .info { color: #546e7a; }
    .marbles { color: #283593; }
    #toolbar { display: flex; gap: .8em; align-items: center; font-size: 15px; flex-wrap: wrap; }
    #toolbar button { font-size: 16px; min-width: 2em; }
    #lane-picker { position: relative; }
    #lane-list { position: absolute; z-index: 2; background: #fff; border: 1px solid #ccc; padding: .4em;
                 max-height: 18em; overflow: auto; font-size: 15px; }
    #lane-list label { display: block; white-space: nowrap; }
    #lanes { flex: 1; overflow: auto; margin-top: .3em; }
    .lane { display: flex; align-items: center; height: 52px; border-bottom: 1px solid #eee; width: max-content;
            min-width: 100%; }
    .lane-name { position: sticky; left: 0; z-index: 1; background: #fff; flex: none; width: 136px;
                 box-sizing: border-box;
                 padding-right: .5em; font: bold 16px "DejaVu Sans Mono", monospace; overflow: hidden;
                 text-overflow: ellipsis; white-space: nowrap; }
    .lane.inner .lane-name { font-weight: normal; padding-left: .8em; }
    .lane.group-start { border-top: 3px solid #b0bec5; }
    .lane .lane-name { border-left: 5px solid #90caf9; padding-left: .3em; }
    .lane.odd .lane-name { border-left-color: #ffcc80; }
    .lane.demand-lane { height: 30px; }
    .lane.demand-lane .lane-name { font: 15px "DejaVu Sans", sans-serif; color: #6d4c41; padding-left: 1.2em; }
    .lane svg text.outstanding { font-size: 15px; fill: #6d4c41; }
    .lane-group { border-bottom: 1px solid #eee; padding: .2em 0; }
    .lane-group label { padding-left: 1.4em; }
    .lane-group label.group-head { padding-left: 0; font-weight: bold; }
    .lane.hidden-sink .lane-name { color: #8e24aa; }
    .lane svg { flex: none; display: block; }
    .lane svg text { font: 15px "DejaVu Sans", sans-serif; }
    .lane svg text.demand { font-size: 14px; fill: #6d4c41; }
    .lane svg text.glyph { font-size: 18px; font-weight: bold; }
    .marble { cursor: pointer; }
    .marble.selected circle { stroke: #000; stroke-width: 3; }
    #detail { font-size: 15px; min-height: 1.4em; margin-top: .2em; }
    #tree ul { list-style: none; padding-left: 1.4em; margin: 0; }
    #tree { list-style: none; padding-left: 0; }
    .node .name { font-weight: bold; }
    .node.subject > .name { color: #1565c0; } .node.sink > .name { color: #2e7d32; }
    .demand { background: #fff3e0; border-radius: 4px; padding: 0 .3em; color: #6d4c41; }
    .detail { color: #546e7a; padding-left: 1.4em; }
    #room p { margin: .2em 0; font-size: 16px; }
    #predict[hidden] { display: none; }
    #predict { display: flex; flex-wrap: wrap; gap: .5em; align-items: center; font-size: 15px; }
    #predict input, #predict select, #predict button { font-size: 16px; }
    body.present { font-size: 20px; }
    body.present main { grid-template-columns: 1fr; grid-template-rows: 1fr auto; }
    body.present #marbles-box { grid-column: 1; grid-row: 1; }
    body.present #room { grid-column: 1; grid-row: 2; }
    body.present #transcript-box, body.present #tree-box { display: none; }
    body.present .lane { height: 72px; }
    body.present .lane-name { font-size: 24px; width: 200px; }
    body.present .lane svg text { font-size: 22px; }
    body.present .lane svg text.demand, body.present .lane svg text.outstanding { font-size: 18px; }
    body.present .lane.demand-lane { height: 40px; }
    body.present .lane.demand-lane .lane-name { font-size: 18px; }
    body.present h2, body.present #toolbar, body.present #detail, body.present #room p { font-size: 20px; }
    """#
}
