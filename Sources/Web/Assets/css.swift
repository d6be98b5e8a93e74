extension Assets {
    /// The one stylesheet: dark, photo-first, laid out for a laptop and for a phone.
    static let css = #"""
    :root {
      --bg: #0f1116; --panel: #181b23; --panel2: #20242e; --line: #2a2f3b; --text: #e9edf5; --dim: #9aa3b5;
      --accent: #7c6cf0; --accent2: #a394ff; --red: #ff5468; --green: #2fd18b; --gold: #ffc24b; --ice: #7fd3ff;
      --radius: 18px; --nav: 52px;
    }
    * { box-sizing: border-box; }
    html, body { margin: 0; background: var(--bg); color: var(--text); font: 16px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
    body { min-height: 100vh; }
    a { color: var(--accent2); }
    button { font: inherit; cursor: pointer; border: 0; border-radius: 12px; padding: .7em 1.2em; background: var(--panel2); color: var(--text); }
    button:hover { filter: brightness(1.15); }
    button:disabled { opacity: .45; cursor: default; filter: none; }
    button.primary { background: linear-gradient(135deg, var(--accent), #5a8bff); color: #fff; font-weight: 650; }
    button.danger { background: #c8283d; color: #fff; font-weight: 650; }   /* darker than --red: white text at 4.5:1 and more */
    button.ghost { background: transparent; border: 1px solid var(--line); }
    nav.top { height: var(--nav); display: flex; align-items: center; gap: 1rem; padding: 0 1.2rem; background: #0b0d12; border-bottom: 1px solid var(--line); position: sticky; top: 0; z-index: 10; }
    nav.top .brand { color: #fff; text-decoration: none; font-weight: 500; font-size: 1.15rem; margin-right: auto; letter-spacing: .01em; }
    nav.top .brand b { color: var(--accent2); }
    nav.top .links { display: flex; gap: .3rem; }
    nav.top .links a { color: var(--dim); text-decoration: none; padding: .35rem .75rem; border-radius: 10px; }
    nav.top .links a[aria-current] { color: #fff; background: var(--panel2); }
    main { max-width: 1100px; margin: 0 auto; padding: 1.2rem; }
    .loading, .empty { color: var(--dim); text-align: center; padding: 3rem 1rem; }
    .panel { background: var(--panel); border: 1px solid var(--line); border-radius: var(--radius); padding: 1.1rem 1.2rem; }
    h1, h2, h3 { margin: 0 0 .6rem; line-height: 1.2; }
    h2 { font-size: 1.05rem; color: var(--dim); font-weight: 600; text-transform: uppercase; letter-spacing: .06em; }
    .bar { height: 10px; background: #2a2f3b; border-radius: 99px; overflow: hidden; }
    .bar > span { display: block; height: 100%; background: linear-gradient(90deg, var(--accent), #5a8bff); border-radius: 99px; }
    .bar.gold > span { background: linear-gradient(90deg, #ff9f43, var(--gold)); }
    .bar.green > span { background: var(--green); }
    .pending .batch { display: flex; justify-content: space-between; align-items: center; gap: .8rem; flex-wrap: wrap; margin: .5rem 0; }
    .pending .actions { display: flex; gap: .5rem; }
    .folders h2 { margin: 0; }
    .folder-list { margin: .6rem 0; padding-left: 1.2rem; overflow-wrap: anywhere; }
    .phones .pairing { display: flex; gap: 1.2rem; align-items: center; flex-wrap: wrap; margin: .6rem 0; }
    .phones .qr { background: #fff; border-radius: 10px; image-rendering: pixelated; }
    .phones .code { font: 700 1.9rem ui-monospace, monospace; letter-spacing: .12em; color: #fff; margin: .3rem 0; }
    .phones .device { display: flex; justify-content: space-between; align-items: center; gap: 1rem; margin: .4rem 0; }
    .muted { color: var(--dim); }
    /* Signing in: the link already used, a browser not signed in */
    .panel.signin { max-width: 40rem; margin: 2.5rem auto; padding: 1.6rem 1.8rem; }
    .panel.signin h1 { font-size: 1.45rem; margin-bottom: 1rem; }
    .panel.signin p { margin: .7rem 0; }
    .panel.signin pre { background: #0b0d12; border: 1px solid var(--line); border-radius: 10px; padding: .7rem 1rem; font-size: 1.05rem; color: #fff; }
    .panel.signin code { background: var(--panel2); border-radius: 6px; padding: .1em .35em; }
    .error-box { background: #3a1820; border: 1px solid #7a2d3b; color: #ffd2d8; border-radius: 14px; padding: 1rem 1.2rem; margin: 1rem 0; }

    /* Home */
    .home { display: grid; grid-template-columns: 1.25fr 1fr; gap: 1rem; }
    .hero { grid-column: 1 / -1; display: flex; align-items: center; gap: 1.4rem; }
    .badge { flex: none; width: 86px; height: 86px; border-radius: 50%; display: grid; place-items: center; font-size: 2.2rem; font-weight: 800;
             background: radial-gradient(circle at 30% 25%, var(--accent2), var(--accent) 60%, #3d2fa8); box-shadow: 0 8px 30px #7c6cf055; }
    .hero .who { flex: 1; min-width: 0; }
    .hero .title { font-size: 1.5rem; font-weight: 700; }
    .hero .xp { margin: .5rem 0 .3rem; }
    .hero .play-now { flex: none; font-size: 1.25rem; padding: 1rem 2rem; border-radius: 16px; }
    .nudge { grid-column: 1 / -1; background: linear-gradient(90deg, #3b2a10, #2a1e0d); border: 1px solid #6b4d1a; color: #ffd89a; border-radius: 14px; padding: .8rem 1.1rem; font-weight: 600; }
    .streak .count { font-size: 2rem; font-weight: 800; }
    .calendar { display: grid; grid-template-columns: repeat(7, 1fr); gap: .4rem; margin: .8rem 0; }
    .day { text-align: center; font-size: .8rem; color: var(--dim); }
    .day .cell { margin-top: .25rem; height: 38px; border-radius: 10px; display: grid; place-items: center; font-size: 1.05rem; background: var(--panel2); border: 1px solid var(--line); }
    .day.completed .cell { background: #1f5f45; border-color: #2fd18b; color: #fff; }
    .day.frozen .cell { background: #163a52; border-color: var(--ice); color: var(--ice); }
    .day.missed .cell { color: #59607a; }
    .day.today .cell { border: 2px dashed var(--accent2); color: var(--accent2); }
    .day.rest .cell, .day.vacation .cell { background: #262b38; color: var(--dim); }
    .list { display: grid; gap: .7rem; }
    .row { display: grid; grid-template-columns: 1fr auto; gap: .25rem .8rem; align-items: center; }
    .row .bar { grid-column: 1 / -1; }
    .row .done { color: var(--green); font-weight: 700; }
    .bosses { grid-column: 1 / -1; display: grid; grid-template-columns: repeat(auto-fill, minmax(190px, 1fr)); gap: .8rem; }
    .boss { background: var(--panel2); border: 1px solid var(--line); border-radius: 16px; padding: 1rem; display: flex; flex-direction: column; gap: .5rem; }
    .boss .name { font-weight: 700; }
    .boss.defeated { opacity: .7; }
    .boss button { margin-top: auto; }
    .suggestion { grid-column: 1 / -1; color: var(--dim); }

    /* Play */
    body.page-play main { max-width: none; padding: 0; }
    .play { height: calc(100vh - var(--nav)); height: calc(100dvh - var(--nav)); display: grid; grid-template-rows: auto 1fr auto; }
    .hud { display: flex; align-items: center; gap: 1rem; padding: .6rem 1.2rem; background: #0b0d12; }
    .hud .timer { font-variant-numeric: tabular-nums; font-weight: 800; font-size: 1.4rem; min-width: 3.2em; padding: .1rem .6rem; border-radius: 10px; background: var(--panel2); text-align: center; }
    .hud .timer.low { color: #fff; background: var(--red); }
    .hud .tally { color: var(--dim); }
    .hud .tally b { color: var(--text); }
    .hud .spacer, .spacer { flex: 1; }
    .hud .xp-est { color: var(--accent2); font-weight: 700; }
    .stage { position: relative; overflow: hidden; touch-action: none; user-select: none; -webkit-user-select: none; }
    .card { position: absolute; inset: 14px max(14px, calc(50% - 520px)); border-radius: 22px; overflow: hidden; background: #07080b; box-shadow: 0 18px 50px #000a; cursor: grab; will-change: transform; }
    .card.dragging { cursor: grabbing; }
    .card.behind { transform: scale(.96); filter: brightness(.6); pointer-events: none; }
    .card img.backdrop { position: absolute; inset: 0; object-fit: cover; filter: blur(28px) brightness(.45); transform: scale(1.15); }
    .card img:not(.backdrop), .card video { position: relative; }
    .card .folder { color: #9aa3b5; font-size: .82rem; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
    .streak .flame { display: inline-block; width: 1.5rem; height: 1.9rem; margin-right: .35rem; vertical-align: -.25rem;
                     background: radial-gradient(ellipse at 50% 80%, #ffd36b 0 25%, #ff8a3d 45%, #ff4d4d 70%, transparent 72%);
                     border-radius: 50% 50% 45% 45% / 65% 65% 40% 40%; }
    .card img, .card video { width: 100%; height: 100%; object-fit: contain; display: block; pointer-events: none; -webkit-user-drag: none; }
    .card .nopreview { position: absolute; inset: 0; display: grid; place-items: center; text-align: center; color: var(--dim); padding: 2rem; }
    .card .nopreview .icon { font-size: 3.5rem; }
    .card .info { position: absolute; left: 0; right: 0; bottom: 0; padding: 3.5rem 1.3rem 1.1rem; background: linear-gradient(transparent, #000d 55%); pointer-events: none; }
    .card .chip { display: inline-block; font-size: .78rem; font-weight: 700; text-transform: uppercase; letter-spacing: .05em; padding: .2rem .6rem; border-radius: 99px; background: #ffffff22; margin-right: .4rem; }
    .card .reason { font-size: 1.15rem; font-weight: 650; margin: .35rem 0 .15rem; overflow-wrap: anywhere; }
    .card .facts { color: #c6cddd; font-size: .92rem; }
    .stamp { position: absolute; top: 1.4rem; padding: .25rem .9rem; border: 5px solid; border-radius: 12px; font-size: 2.4rem; font-weight: 900; letter-spacing: .08em; opacity: 0; pointer-events: none; }
    .stamp.delete { right: 1.4rem; color: var(--red); border-color: var(--red); transform: rotate(12deg); }
    .stamp.keep { left: 1.4rem; color: var(--green); border-color: var(--green); transform: rotate(-12deg); }
    .controls { display: flex; justify-content: center; align-items: center; gap: 1.4rem; padding: .7rem 1rem 1rem; background: #0b0d12; }
    .controls button { width: 64px; height: 64px; border-radius: 50%; font-size: 1.7rem; padding: 0; display: grid; place-items: center; background: var(--panel2); border: 2px solid var(--line); }
    .controls button.del { color: var(--red); border-color: #ff546877; }
    .controls button.keep { color: var(--green); border-color: #2fd18b77; }
    .controls button.undo, .controls button.skip { width: 48px; height: 48px; font-size: 1.25rem; color: var(--gold); }
    .controls button.skip { color: #8fb4ff; }
    .lost { position: sticky; top: 0; z-index: 50; background: #5a1e27; color: #fff; border-bottom: 2px solid var(--red); padding: .7rem 1rem; text-align: center; }
    .lost a { color: #fff; }
    .controls button.undo { position: relative; }
    .controls button.undo .left { position: absolute; top: -6px; right: -6px; min-width: 20px; height: 20px; padding: 0 4px; border-radius: 10px;
      background: var(--gold); color: #14161c; font: 700 .72rem/20px system-ui, sans-serif; text-align: center; }
    .stamp.skip { left: 50%; top: 40%; color: #8fb4ff; border-color: #8fb4ff; transform: translateX(-50%); }
    .card .poster-frame { position: relative; width: 100%; height: 100%; }
    .card .poster-note { position: absolute; top: .8rem; left: .8rem; right: .8rem; padding: .35rem .7rem; border-radius: 10px; background: #000a; color: #e6e9f0; font-size: .85rem; pointer-events: none; }
    .controls .hint { color: var(--dim); font-size: .85rem; }
    .toast { position: absolute; left: 50%; top: 1rem; transform: translateX(-50%); background: #000c; padding: .5rem 1rem; border-radius: 99px; z-index: 5; }

    /* Confirmation and round end */
    .confirm, .end { max-width: 980px; margin: 0 auto; padding: 1.2rem; }
    .grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(150px, 1fr)); gap: .8rem; margin: 1rem 0; }
    .thumb { background: var(--panel); border: 1px solid var(--line); border-radius: 14px; overflow: hidden; }
    .thumb .pic { position: relative; aspect-ratio: 1; overflow: hidden; background: #07080b; display: grid; place-items: center; color: var(--dim); font-size: 2rem; }
    .thumb img { position: absolute; inset: 0; width: 100%; height: 100%; object-fit: cover; display: block; }
    .thumb .meta { padding: .45rem .6rem; font-size: .82rem; }
    .thumb .meta .n { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
    .actions { display: flex; gap: .8rem; flex-wrap: wrap; align-items: center; }
    .total { font-size: 1.3rem; font-weight: 700; }
    .end { text-align: center; }
    .end .xp-big { font-size: 4rem; font-weight: 900; background: linear-gradient(135deg, var(--gold), #ff8a3d); -webkit-background-clip: text; background-clip: text; color: transparent; margin: .3rem 0; }
    .breakdown { margin: 1rem auto; border-collapse: collapse; min-width: 300px; }
    .breakdown td { padding: .35rem .8rem; border-bottom: 1px solid var(--line); text-align: left; }
    .breakdown td + td { text-align: right; font-variant-numeric: tabular-nums; }
    .celebrate { margin: .6rem auto; max-width: 560px; padding: .8rem 1rem; border-radius: 14px; font-weight: 650; }
    .celebrate.level { background: #2b2260; border: 1px solid var(--accent); }
    .celebrate.achievement { background: #3b2f10; border: 1px solid #8a6a1f; color: #ffe2a0; }
    .celebrate.freeze { background: #10324a; border: 1px solid var(--ice); color: #cdefff; }
    .celebrate.boss { background: #3a1530; border: 1px solid #c04a9a; }
    .end .actions { justify-content: center; margin-top: 1.4rem; }

    /* Trash */
    .trash-day { margin: 1.2rem 0 .4rem; color: var(--dim); font-weight: 600; }
    .trash-row { display: grid; grid-template-columns: auto 1fr auto auto; gap: .8rem; align-items: center; padding: .6rem .8rem; background: var(--panel); border: 1px solid var(--line); border-radius: 12px; margin-bottom: .4rem; }
    .trash-row .path { overflow-wrap: anywhere; }
    .trash-row .path small { color: var(--dim); display: block; }
    .toolbar { display: flex; gap: .8rem; align-items: center; flex-wrap: wrap; }
    .sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
    .hud .label h1 { display: inline; font-size: inherit; font-weight: 700; margin: 0; }
    #empty-question { margin: .8rem 0 1rem; border-color: var(--red); }
    #empty-question p { margin: 0 0 .8rem; }

    @media (max-width: 760px) {
      main { padding: .8rem; }
      .home { grid-template-columns: 1fr; }
      .hero { flex-wrap: wrap; }
      .hero .play-now { width: 100%; }
      .badge { width: 64px; height: 64px; font-size: 1.6rem; }
      nav.top { padding: 0 .7rem; }
      nav.top .links a { padding: .3rem .45rem; }
      .card { inset: 8px; }
      .hud { gap: .6rem; padding: .5rem .7rem; font-size: .9rem; }
      .controls .hint, .hud .label, #progress { display: none; }
      .row { grid-template-columns: 1fr; }
      .stamp { font-size: 1.7rem; }
      .trash-row { grid-template-columns: auto 1fr auto; }
      .trash-row .when { display: none; }
    }
    .card .members { position: absolute; top: .6rem; left: .6rem; right: .6rem; display: flex; gap: .5rem; overflow-x: auto; z-index: 3; padding: .35rem; background: #000b; border-radius: 12px; scrollbar-width: thin; scrollbar-color: #ffffff55 transparent; }
    .card .member { flex: 0 0 auto; display: flex; gap: .45rem; align-items: center; padding: .25rem .35rem; border-radius: 10px; border: 2px solid transparent; max-width: 17rem; background: #ffffff14; }
    .card .member.kept { border-color: var(--green); }
    .card .member .peek { padding: 0; border: 0; background: none; pointer-events: auto; cursor: zoom-in; border-radius: 8px; }
    .card .member img { width: 56px; height: 56px; object-fit: cover; border-radius: 8px; cursor: zoom-in; pointer-events: auto; position: static; }
    .card .member-text { display: flex; flex-direction: column; font-size: .72rem; line-height: 1.25; min-width: 0; }
    .card .member-text > * { white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
    .card .member .mark { flex: 0 0 auto; width: 2.1rem; height: 2.1rem; border-radius: 50%; border: 1px solid #ffffff66; background: transparent; color: #ffffffaa; font-size: 1rem; }
    .card .member .mark[aria-pressed=true] { background: var(--green); border-color: var(--green); color: #08110c; }
    .compare { position: fixed; inset: 0; background: #000000ee; z-index: 50; display: flex; flex-direction: column; }
    .compare .panes { flex: 1; display: flex; gap: .5rem; padding: .5rem; min-height: 0; }
    .compare.flipped .panes { flex-direction: row-reverse; }
    .compare .pane { flex: 1; overflow: hidden; position: relative; display: flex; align-items: center; justify-content: center; background: #111; border-radius: 8px; min-height: 0; }
    .compare .pane img { max-width: 100%; max-height: 100%; transform-origin: center; user-select: none; touch-action: none; }
    .compare .pane-label { position: absolute; left: .5rem; right: .5rem; bottom: .5rem; font-size: .8rem; background: #000000bb; padding: .25rem .5rem; border-radius: 6px; }
    .compare .actions { display: flex; gap: .6rem; justify-content: center; padding: .6rem; }
    .compare .actions button { padding: .5rem 1rem; border-radius: 99px; border: 1px solid #ffffff55; background: #ffffff14; color: inherit; }
    #compare-keep[aria-pressed=true] { background: var(--green); color: #08110c; border-color: var(--green); }
    @media (max-width: 600px) {
      .compare .panes { flex-direction: column; }
      .compare.flipped .panes { flex-direction: column-reverse; }
      .card .member { max-width: 13rem; }
    }
    """#
}
