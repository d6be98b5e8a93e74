// The play page: one card at a time, dragged or flicked with the seed's physics, keys, the countdown;
// group cards come from groupCard.js, the confirmation and round end from roundEnd.js. The server
// decides; this page only shows and asks.
import { SC } from "./common.js";
import { groupCards } from "./groupCard.js";
import { showBatch } from "./roundEnd.js";
import { videoPlayer } from "./videoPlayer.js";

(async () => {
  const { el, bytes } = SC;
  // The seed's physics.
  const MAX_ROTATION = 15;          // degrees at full drag (half the stage width)
  const COMMIT_FRACTION = 0.30;     // of the card's width
  const FLICK_SPEED = 0.9;          // px per ms at release
  const FLY_SECONDS = 0.3;          // ease-out fly-off
  const SPRING_RESPONSE = 0.4, SPRING_DAMPING = 0.7;

  // The round in play, if any (a reload, a second tab): resumed where it stands; else a new one.
  let boss = new URLSearchParams(location.search).get("boss");
  let round, resumed = false;
  try {
    round = await SC.api("/rounds/current");
    resumed = round.round !== null;
    if (!resumed) round = await SC.api("/rounds", { boss: boss || null });
  } catch (error) {
    if (error.status === 401) return SC.signedOut();
    // Nothing indexed yet: Play leads to the first step, choosing the photo folder, on the home page.
    if (error.status === 404 && !boss) {
      const scan = await SC.api("/scan").catch(() => null);
      if (scan && !scan.folders.length && !scan.running) return location.replace("/");
    }
    const running = error.status === 409;
    return SC.show(el("div", { class: "confirm" },
      el("div", { class: "error-box", role: "alert", id: "play-error" },
        running ? "A round is already running. " + error.message : error.message),
      el("div", { class: "actions" }, el("button", { onclick: () => { location.href = "/"; } }, "Home"))));
  }
  if (resumed) boss = round.boss;
  const cards = new Map(round.cards.map(c => [c.id, c]));
  const total = round.total ?? round.cards.length;
  let state = { current: round.current, deleted: round.deleted || 0, bytesToFree: round.bytesToFree || 0, reviewed: round.reviewed || 0,
                undosLeft: round.undosLeft, xpEstimate: round.xpEstimate || 0 };
  let busy = false, finished = false, deckProblem = null, dragging = false;
  const secondsLeft = round.secondsLeft ?? round.seconds;
  let deadline = round.seconds == null ? null : performance.now() + secondsLeft * 1000;

  // Layout.
  const timer = el("div", { class: "timer", id: "timer" }, round.seconds == null ? "∞" : String(Math.ceil(secondsLeft)));
  const tally = el("div", { class: "tally", id: "tally" });
  const progress = el("div", { class: "tally", id: "progress" });
  const xpEstimate = el("div", { class: "xp-est", id: "xp-estimate" });
  const hud = el("div", { class: "hud" },
    round.seconds == null ? el("div", { class: "timer", title: "A boss battle has no round clock" }, "♛") : timer,
    el("div", { class: "label" }, el("h1", { id: "play-title" }, boss ? (round.bossTitle || "Boss: " + boss) : "Round"), el("span", { class: "muted", id: "play-time" }, timeWords(round))),
    progress, el("div", { class: "spacer" }), tally, xpEstimate);
  const stage = el("div", { class: "stage", id: "stage" });
  const undoButton = el("button", { class: "undo", id: "undo", title: "Undo (u)", "aria-label": "Undo", onclick: () => decide("undo") }, "↶");
  // Skip: decide later. Neither kept nor deleted; a later round deals the card again.
  const skipButton = el("button", { class: "skip", id: "skip", title: "Skip: decide later (s)", "aria-label": "Skip, decide later", onclick: () => commit("skip") }, "⤳");
  // Key hints where there is a keyboard (none on a touch screen).
  const hint = text => SC.touch ? null : el("span", { class: "hint" }, text);
  const controls = el("div", { class: "controls" },
    hint("← or D delete"),
    el("button", { class: "del", id: "delete", title: "Delete (← or d)", "aria-label": "Delete", onclick: () => commit("delete") }, "✕"),
    undoButton, skipButton,
    el("button", { class: "keep", id: "keep", title: "Keep (→ or k)", "aria-label": "Keep", onclick: () => commit("keep") }, "♥"),
    hint("→ or K keep · S later · U undo · Esc stop" + (round.cards.some(c => c.kind === "video") ? " · Space plays" : "")));
  SC.show(el("div", { class: "play", "data-round": round.round }, hud, stage, controls));

  function renderHud() {
    tally.replaceChildren("Deleted ", el("b", { id: "deleted-count" }, String(state.deleted)), " · ", el("b", {}, bytes(state.bytesToFree)), " to free");
    // Cards, not files: a group card is one card however many copies its delete moves.
    // A phone says it short ("2/5"), in the header's one line.
    const at = Math.min(cardsDone() + 1, total);
    progress.replaceChildren(el("span", { class: "long" }, "card " + at + " of " + total), el("span", { class: "short", "aria-hidden": "true" }, at + "/" + total));
    xpEstimate.textContent = "+" + state.xpEstimate + " XP";
    undoButton.disabled = state.reviewed === 0 || state.undosLeft === 0;
    undoButton.title = state.undosLeft == null ? "Undo (u)" : "Undo (u) · " + state.undosLeft + " left today";
    // The allowance on the button itself (a phone has no hover): how many undos are left today.
    undoButton.setAttribute("aria-label", state.undosLeft == null ? "Undo" : "Undo, " + state.undosLeft + " left today");
    // The allowance shows once there is something to undo.
    undoButton.replaceChildren("↶", state.undosLeft == null || state.reviewed === 0 ? "" : el("span", { class: "left", id: "undos-left" }, String(state.undosLeft)));
  }

  // How many cards were decided: those dealt before the current one (all of them once play is over).
  let quitAt = null;   // the cards decided when the player stopped (Esc): the server then has no current card
  function cardsDone() {
    if (quitAt !== null) return quitAt;
    if (state.current == null) return cards.size;
    const index = [...cards.keys()].indexOf(state.current);
    return index < 0 ? cards.size : index;
  }

  // A photo at the long sides the server makes (640, 1080 and 1600 px), each said with its width, so the
  // browser fetches the one the screen needs (a phone's card: 640 or 1080), not always the largest.
  // The widths are the upright photo's (a portrait photo stored turned, EXIF orientation 6, is narrower
  // than its stored width says).
  function photoSources(card) {
    const [upWidth, upHeight] = SC.upright(card);
    const long = Math.max(upWidth || 0, upHeight || 0);
    if (!long) return {};
    const width = side => Math.round(Math.min(side, long) * upWidth / long);
    const set = [640, 1080].filter(side => side < long).map(side => SC.media(card.media + "?side=" + side) + " " + width(side) + "w");
    set.push(SC.media(card.media) + " " + width(1600) + "w");
    return { srcset: set.join(", "), sizes: "(max-width: 760px) 100vw, 640px" };
  }

  // One card's element: the photo (or video) in its own frame, and beside it (a computer) or folded under it
  // (a phone) its words; a group card's copies beside the words (a computer) or in a strip above the photo.
  // Nothing is written over the photo.
  function cardElement(card) {
    const node = el("div", { class: "card", "data-card": card.id, "data-kind": card.kind });
    const frame = el("div", { class: "photo" });
    let media, controls = null;
    if (card.kind === "video") {
      media = el("video", { src: SC.media(card.media), muted: true, autoplay: true, loop: true, playsinline: true, preload: "metadata", poster: SC.media(card.poster) });
      media.muted = true;
      controls = videoPlayer(media, { label: card.name });
    } else if (card.kind === "photo") {
      // elementtiming: the browser reports when the photo is painted (make bench reads it).
      const sources = photoSources(card);
      media = el("img", { src: SC.media(card.media), ...sources, alt: card.name, draggable: "false", elementtiming: "card-photo" });
      frame.append(el("img", { class: "backdrop", src: SC.media(card.media), ...sources, alt: "", "aria-hidden": "true", draggable: "false" }));
    }
    // A picture nobody can see here: why, and how to look at it before deciding.
    const noPreview = why => el("div", { class: "nopreview", id: "no-preview" }, el("div", {},
      el("div", { class: "icon", "aria-hidden": "true" }, card.kind === "video" ? "▶" : "▣"),
      el("p", { class: "np-title" }, "This " + (card.kind === "video" ? "video" : "picture") + " cannot be shown here"),
      el("p", { class: "np-why" }, why || "SwipeClean could not make a preview of it (" + card.mime + ")."),
      el("p", { class: "np-how" }, "To look at it before you decide, open it on the computer: ", el("bdi", {}, card.folder + "/" + card.name))));
    const explain = async () => {
      if (card.kind === "video") {
        return noPreview("This browser cannot play this video (" + card.mime + ")" + (card.poster ? " and no frame of it could be made." : ", and no frame of it can be made here (ffmpeg is not installed)."));
      }
      let why = null;
      try {
        const answer = await fetch(SC.media(card.media), { credentials: "omit" });
        const data = await answer.json().catch(() => ({}));
        if (data.error) why = "SwipeClean could not make a preview of it (" + card.mime + "): " + data.error.replace(/ \(the terminal that runs clean web says why\)/, "") + ".";
      } catch (error) { why = null; }
      return noPreview(why);
    };
    // A video this browser cannot play (HEVC in a MOV): its poster frame, made by ffmpeg on the server.
    const posterFrame = () => {
      const picture = el("img", { class: "poster", src: SC.media(card.poster), alt: card.name, draggable: "false" });
      const shown = el("div", { class: "poster-frame" }, picture,
        el("div", { class: "poster-note", id: "poster-note" }, "▶ This browser cannot play this video (" + card.mime + "): a frame from it"));
      picture.addEventListener("load", () => fitCard(node, picture.naturalWidth, picture.naturalHeight));
      picture.addEventListener("error", async () => shown.replaceWith(await explain()));
      return shown;
    };
    if (media) {
      media.addEventListener("error", async () => {
        controls?.remove();
        media.replaceWith(card.kind === "video" && card.poster ? posterFrame() : await explain());
      });
      // The card takes the photo's own shape, as large as the stage allows: the photo fills it.
      media.addEventListener("load", () => {
        // At most twice its own size (a 70×100 photo: 140×200 in the middle of the card).
        if (card.kind === "photo") Object.assign(media.style, { maxWidth: 2 * media.naturalWidth + "px", maxHeight: 2 * media.naturalHeight + "px" });
        fitCard(node, media.naturalWidth, media.naturalHeight);
      });
      media.addEventListener("loadedmetadata", () => fitCard(node, media.videoWidth, media.videoHeight));
      const [upWidth, upHeight] = SC.upright(card);
      if (upWidth) fitCard(node, upWidth, upHeight);
      frame.append(media);
      if (controls) frame.append(controls);
    } else {
      // Neither photo nor video: said on the card, never dealt blind.
      frame.append(noPreview("SwipeClean shows photos and videos; this file is " + card.mime + "."));
    }
    frame.append(el("div", { class: "stamp delete" }, "DELETE"), el("div", { class: "stamp keep" }, "KEEP"), el("div", { class: "stamp skip" }, "LATER"));
    // A group card's size is what its delete frees (the unmarked copies), not the photo's: it says so.
    const facts = [card.group ? "frees " + bytes(card.size) : bytes(card.size), card.capturedAt ? "taken " + SC.date(card.capturedAt) : null,
      card.width && card.height ? SC.upright(card).join("×") : null, card.linked ? "+" + card.linked + " linked" : null].filter(Boolean);
    node.append(frame,
      el("div", { class: "info", "aria-expanded": "false" },
        el("div", { class: "reason" }, card.reason),
        el("div", { class: "tags" }, el("span", { class: "chip" }, card.category), el("span", { class: "name", title: card.name }, card.name)),
        el("div", { class: "facts" }, facts.join(" · ")),
        card.group ? onlyHereNotes(card).map(text => el("div", { class: "only-here" }, "⚠ " + text)) : null,
        el("div", { class: "folder", title: card.folder }, "in ", el("bdi", {}, SC.folder(card.folder, 48)))));
    if (card.group) { node.append(memberStrip(card)); attachLongPress(node, card); }
    if (controls) node.videoControls = controls;
    return node;
  }

  // The round's clock stands still while two copies are compared (the server's and this page's countdown).
  let pausedAt = null;
  const clockPause = paused => {
    if (deadline === null && round.allowanceSeconds == null) return;
    if (paused && pausedAt === null) pausedAt = performance.now();
    if (!paused && pausedAt !== null) { deadline += performance.now() - pausedAt; pausedAt = null; }
    SC.api("/rounds/" + round.round + "/clock", { paused }).catch(() => {});
  };
  const { memberStrip, attachLongPress, onlyHereNotes, resetMarks, showMarks, toggleMark, closeComparison, keptItems } =
    groupCards(() => top, { opened: () => clockPause(true), closed: () => clockPause(false) });

  // The card as large as the stage allows. On a computer: the photo's own shape, its words in a column of
  // SIDE px beside it (never over it). On a phone (760 px or less): the whole stage, the copies' strip above the
  // photo and its words folded to one line under it; the photo fills its frame until a tap shows it whole.
  const SIDE = 320;
  const narrow = () => stage.clientWidth <= 760;
  function fitCard(node, width, height) {
    if (!width || !height) return;
    node.dataset.w = width; node.dataset.h = height;
    if (node.classList.contains("behind")) return matchFrame(node);
    const margin = narrow() ? 8 : 14;
    const room = { w: stage.clientWidth - 2 * margin, h: stage.clientHeight - 2 * margin };
    if (room.w <= 0 || room.h <= 0) return;
    let w = room.w, h = room.h;
    if (!narrow()) {
      // A tiny photo is never blown up past twice its size: it sits in the middle of its frame.
      const scale = Math.min((room.w - SIDE) / width, room.h / height, 2);
      w = Math.min(room.w, Math.max(width * scale, 300) + SIDE);
      h = Math.min(room.h, Math.max(height * scale, 420));
    }
    Object.assign(node.style, { left: (stage.clientWidth - w) / 2 + "px", top: (stage.clientHeight - h) / 2 + "px",
      width: w + "px", height: h + "px", right: "auto", bottom: "auto" });
    for (const under of stage.querySelectorAll(".card.behind")) matchFrame(under);
  }

  // The card behind in exactly the frame of the one on top (no edge of it peeks out around it).
  function matchFrame(under) {
    const over = stage.querySelector(".card:not(.behind)");
    if (!over || !over.style.width) return;
    const { left, top, width, height } = over.style;
    Object.assign(under.style, { left, top, width, height, right: "auto", bottom: "auto" });
  }
  window.addEventListener("resize", () => {
    for (const node of stage.querySelectorAll(".card[data-w]")) fitCard(node, +node.dataset.w, +node.dataset.h);
  });

  let top = null;   // { node, card, x, y }
  function deal() {
    if (!top || top.card.id !== state.current) closeComparison();
    stage.replaceChildren();
    top = null;
    if (state.current == null) return end();
    const card = cards.get(state.current);
    if (!card) return resync();   // another tab moved the round on past the cards this one has
    const ids = [...cards.keys()];
    const nextId = ids[ids.indexOf(card.id) + 1];
    if (nextId !== undefined) {
      const under = cardElement(cards.get(nextId));
      under.classList.add("behind");
      under.setAttribute("aria-hidden", "true");
      stage.append(under);
    }
    const node = cardElement(card);
    stage.append(node);
    resetMarks(card);
    showMarks(node, card);
    top = { node, card, x: 0, y: 0 };
    attachDrag(top);
    place(top, 0, 0);
    renderHud();
  }

  function place(t, x, y) {
    t.x = x; t.y = y;
    const width = stage.clientWidth || 1;
    const rotation = MAX_ROTATION * Math.max(-1, Math.min(1, x / (width / 2)));
    t.node.style.transform = "translate(" + x + "px," + y + "px) rotate(" + rotation + "deg)";
    // The stamp is solid exactly where a release commits: a share of the card's own width.
    const strength = Math.min(1, Math.abs(x) / commitDistance(t));
    const del = t.node.querySelector(".stamp.delete"), keep = t.node.querySelector(".stamp.keep");
    del.style.opacity = x < 0 ? strength : 0;
    keep.style.opacity = x > 0 ? strength : 0;
    del.style.transform = "rotate(12deg) scale(" + (0.6 + 0.5 * (x < 0 ? strength : 0)) + ")";
    keep.style.transform = "rotate(-12deg) scale(" + (0.6 + 0.5 * (x > 0 ? strength : 0)) + ")";
    t.node.querySelector(".stamp.skip").style.opacity = y < -40 && x === 0 ? Math.min(1, -y / 200) : 0;
  }

  // How far a card is dragged to commit: a share of the card's width (a phone's card is the screen's).
  function commitDistance(t) { return Math.max(60, (t.node.clientWidth || stage.clientWidth) * COMMIT_FRACTION); }

  // Pointer drag: the card follows the pointer; released past 30 % of the card's width (or flicked) it commits.
  function attachDrag(t) {
    let start = null, samples = [], downAt = null;
    t.node.addEventListener("pointerdown", event => {
      if (busy || finished) return;
      downAt = { x: event.clientX, y: event.clientY, t: event.timeStamp };
      t.node.setPointerCapture(event.pointerId);
      t.node.classList.add("dragging");
      dragging = true;
      cancelAnimationFrame(t.spring || 0);
      start = { x: event.clientX - t.x, y: event.clientY - t.y };
      samples = [{ x: event.clientX, t: event.timeStamp }];
    });
    t.node.addEventListener("pointermove", event => {
      if (!start) return;
      place(t, event.clientX - start.x, (event.clientY - start.y) * 0.35);
      samples.push({ x: event.clientX, t: event.timeStamp });
      if (samples.length > 6) samples.shift();
    });
    const release = event => {
      if (!start) return;
      start = null;
      t.node.classList.remove("dragging");
      dragging = false;
      // The speed over the last 100 ms: a pointer held still before release is not a flick.
      samples.push({ x: event.clientX, t: event.timeStamp });
      const recent = samples.filter(s => s.t >= event.timeStamp - 100);
      const first = recent[0], last = recent[recent.length - 1];
      const velocity = recent.length > 1 && last.t > first.t ? (last.x - first.x) / (last.t - first.t) : 0;
      const past = Math.abs(t.x) >= commitDistance(t);
      const flick = Math.abs(velocity) > FLICK_SPEED && Math.abs(t.x) > 24 && Math.sign(velocity) === Math.sign(t.x);
      if (past || flick) commit(t.x < 0 ? "delete" : "keep", velocity);
      else springBack(t, velocity);
      if (event.type === "pointerup" && downAt && event.timeStamp - downAt.t < 450 &&
          Math.hypot(event.clientX - downAt.x, event.clientY - downAt.y) < 8) tapWords(t.node, event);
    };
    t.node.addEventListener("pointerup", release);
    t.node.addEventListener("pointercancel", release);
  }

  // On a phone the card's words fold to one line so the photo shows (app.css); a tap on them unfolds them
  // and a second tap folds them again. A tap is a press released where it began, within half a second.
  // On a phone a tap on the photo shows it whole (it fills its frame at first), and a second tap fills again.
  function tapWords(node, event) {
    const inside = selector => {
      const part = node.querySelector(selector);
      if (!part) return null;
      const r = part.getBoundingClientRect();
      return event.clientX >= r.left && event.clientX <= r.right && event.clientY >= r.top && event.clientY <= r.bottom ? part : null;
    };
    const info = inside(".info");
    if (info) {
      info.classList.toggle("open");
      info.setAttribute("aria-expanded", String(info.classList.contains("open")));
      return;
    }
    if (inside(".photo") && !inside(".video-controls")) node.classList.toggle("whole");
  }

  // A damped spring back to the middle, integrated here (response 0.4 s, damping fraction 0.7).
  function springBack(t, velocityPxPerMs) {
    const stiffness = Math.pow(2 * Math.PI / SPRING_RESPONSE, 2);
    const damping = 4 * Math.PI * SPRING_DAMPING / SPRING_RESPONSE;
    let x = t.x, y = t.y, vx = (velocityPxPerMs || 0) * 1000, vy = 0, last = performance.now();
    stage.dataset.spring = "running";
    const step = now => {
      let dt = Math.min(0.05, (now - last) / 1000);
      last = now;
      while (dt > 0) {       // semi-implicit Euler in steps of at most 4 ms
        const h = Math.min(dt, 0.004);
        vx += (-stiffness * x - damping * vx) * h; x += vx * h;
        vy += (-stiffness * y - damping * vy) * h; y += vy * h;
        dt -= h;
      }
      if (Math.abs(x) < 0.5 && Math.abs(vx) < 5 && Math.abs(y) < 0.5 && Math.abs(vy) < 5) {
        place(t, 0, 0);
        stage.dataset.spring = "rest";
        return;
      }
      place(t, x, y);
      t.spring = requestAnimationFrame(step);
    };
    t.spring = requestAnimationFrame(step);
  }

  // The card flies off with a 0.3 s ease-out, then the server is told.
  function flyOff(t, direction) {
    return new Promise(resolve => {
      const width = stage.clientWidth;
      // Left for delete, right for keep, straight up for skip (decide later).
      const fromX = t.x, fromY = t.y, toX = direction * (width + t.node.clientWidth), startTime = performance.now();
      const toY = direction === 0 ? -(stage.clientHeight + t.node.clientHeight) : fromY + 40;
      const step = now => {
        const p = Math.min(1, (now - startTime) / (FLY_SECONDS * 1000));
        const eased = 1 - Math.pow(1 - p, 3);
        place(t, fromX + (toX - fromX) * eased, fromY + (toY - fromY) * eased);
        if (p < 1) requestAnimationFrame(step); else resolve();
      };
      requestAnimationFrame(step);
    });
  }

  async function commit(decision) {
    if (busy || finished || !top) return;
    busy = true;
    const t = top;
    cancelAnimationFrame(t.spring || 0);
    if (navigator.vibrate) navigator.vibrate(decision === "delete" ? 18 : 8);
    const flight = flyOff(t, decision === "delete" ? -1 : decision === "keep" ? 1 : 0);
    let answer;
    try {
      const body = { card: t.card.id, decision };
      if (decision === "delete" && t.card.group) body.keep = keptItems();
      answer = await SC.api("/rounds/" + round.round + "/decisions", body);
    } catch (error) {
      await flight;
      busy = false;
      queued.length = 0;
      if (error.status === 409) return resync();
      if (error.status !== 0) toast(error.message);   // 0: the lost-connection banner says it
      place(t, 0, 0);
      return;
    }
    await flight;
    apply(answer);
    busy = false;
    deal();
    next();
  }

  async function decide(decision) {
    if (busy || finished) return;
    busy = true;
    try {
      const answer = await SC.api("/rounds/" + round.round + "/decisions", { card: top ? top.card.id : null, decision });
      if (decision === "quit") quitAt = cardsDone();
      apply(answer);
      if (answer.message) toast(answer.message);
      busy = false;
      if (decision === "quit") return end();
      deal();
      next();
    } catch (error) {
      busy = false;
      queued.length = 0;
      if (error.status === 409) return resync();
      if (error.status !== 0) toast(error.message);
    }
  }

  // Keys pressed while a card flies off (or the server answers) wait their turn instead of being
  // dropped: `dkdkdd` typed fast records six decisions, in order.
  const queued = [];
  function press(action) {
    if (finished) return;
    if (busy) { if (queued.length < 32) queued.push(action); return; }
    action();
  }
  function next() {
    while (!busy && !finished && queued.length) queued.shift()();
  }

  // The round as the server has it now (another tab decided, or time ran out): go on from there,
  // or to the confirmation when play is over.
  async function resync() {
    let now = null;
    try { now = await SC.api("/rounds/current"); } catch (error) { now = null; }
    if (!now || now.round !== round.round || now.over || now.current == null) return end();   // {round: null}: it ended
    for (const card of now.cards) cards.set(card.id, card);
    apply(now);
    deal();
  }

  function apply(answer) {
    for (const card of answer.more ?? []) cards.set(card.id, card);
    if (answer.deckProblem && !deckProblem) {
      deckProblem = "No more cards could be read from the index (" + answer.deckProblem + "): play ends with the cards already dealt.";
      toast(deckProblem);
    }
    state = { current: answer.current, deleted: answer.deleted, bytesToFree: answer.bytesToFree, reviewed: answer.reviewed,
              undosLeft: answer.undosLeft, xpEstimate: answer.xpEstimate };
  }

  function toast(text) {
    const node = el("div", { class: "toast", role: "status" }, text);
    stage.append(node);
    setTimeout(() => node.remove(), 2500);
  }

  // Keys: ← / d delete, → / k keep, s skip (decide later), u undo, Esc stop.
  document.addEventListener("keydown", event => {
    if (finished || event.metaKey || event.ctrlKey || event.altKey) return;
    const key = event.key.toLowerCase();
    if (key === "arrowleft" || key === "d") { event.preventDefault(); press(() => commit("delete")); }
    else if (key === "arrowright" || key === "k") { event.preventDefault(); press(() => commit("keep")); }
    else if (key === "s") { event.preventDefault(); press(() => commit("skip")); }
    else if (key === "u") { event.preventDefault(); press(() => decide("undo")); }
    else if (key === "escape") { event.preventDefault(); press(() => decide("quit")); }
    else if (key === " " && top?.node.videoControls) { event.preventDefault(); top.node.videoControls.toggle(); }
    else if (/^[1-9]$/.test(key)) { event.preventDefault(); press(() => { if (top && top.card.group) toggleMark(top.card, +key); }); }
  });

  // A server that stops while the player looks at a card is noticed within 5 s, not at the next swipe.
  const beat = SC.heartbeat(5);

  // The countdown (a boss battle has none).
  if (deadline !== null) {
    const tick = () => {
      if (finished) return;
      if (SC.disconnected) { timer.textContent = "–"; timer.title = "Lost connection: the clock stopped"; return; }
      const left = Math.max(0, (deadline - (pausedAt ?? performance.now())) / 1000);
      timer.textContent = String(Math.ceil(left));
      timer.classList.toggle("low", left <= 10);
      timer.classList.toggle("paused", pausedAt !== null);
      timer.title = pausedAt !== null ? "The clock stands still while you compare" : "";
      // A swipe under way as time runs out still counts: the batch shows once it has landed.
      if (left <= 0 && !busy && !dragging) return end();
      setTimeout(tick, 200);
    };
    tick();
  }

  // The batch and the round's end (roundEnd.js).
  async function end() {
    if (finished) return;
    finished = true;
    beat.stop();
    return showBatch({ round, boss, deckProblem, cards: cardsDone() });
  }

  deal();
  if (resumed) toast("Resumed the round in progress · Esc ends it");
})();

/** The header's words on time: a round's seconds; a boss battle has no round clock, but the free tier's
 *  swiping time left today (`allowanceSeconds`) still ends it, so the header says so instead of "untimed". */
function timeWords(round) {
  if (round.seconds != null) return " · " + Math.round(round.seconds) + " seconds";
  if (round.allowanceSeconds == null) return " · untimed";
  const minutes = Math.max(1, Math.round(round.allowanceSeconds / 60));
  return " · no round clock · " + minutes + " min of today's swiping time left";
}
