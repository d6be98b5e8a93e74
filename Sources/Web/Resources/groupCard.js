import { SC } from "./common.js";
import { playTogether, videoFacts, videoPane } from "./videoCompare.js";

// The play page's group cards (duplicates, similar photos and videos): the strip of members with their keep marks,
// and the side-by-side comparison. `currentTop()` is the play page's card on top ({ node, card } or null).
export function groupCards(currentTop, { opened = () => {}, closed = () => {} } = {}) {
  const { el, bytes } = SC;
  // A group card's members (duplicates, similar photos): a strip under the suggested one, each with
  // what sets it apart. Marked members stay (the suggested one at first): 1…9 or the ✓ button marks
  // and unmarks, a tap on a photo compares it with the suggested one. ← deletes the unmarked, → keeps all.
  let marks = new Set(), marksFor = null;
  let closeOpen = null;   // the open comparison's close, if one is open
  function memberStrip(card) {
    const strip = el("div", { class: "members", role: "list", "aria-label": "Copies: mark those to keep" });
    card.group.members.forEach((m, i) => {
      const facts = m.kind === "video" ? videoFacts(m) : [bytes(m.size), m.width && m.height ? SC.upright(m).join("×") : null, m.format,
        m.capturedAt ? SC.date(m.capturedAt) : null].filter(Boolean).join(" · ");
      const toggle = el("button", { class: "mark", "data-item": m.item, "aria-label": "Keep copy " + (i + 1),
        onclick: event => { event.stopPropagation(); toggleMark(card, i + 1); } }, "✓");
      strip.append(el("div", { class: "member", role: "listitem", "data-item": m.item, "data-position": i + 1 },
        el("button", { class: "peek", "aria-label": "Compare copy " + (i + 1) + " with the suggested one",
          onclick: event => { event.stopPropagation(); compare(card, m); } },
          el("img", { src: SC.media(m.kind === "video" ? m.poster || m.media : m.media + "?side=320"), alt: m.name, draggable: "false" })),
        // Where each copy is tells them apart: its last folder whole, cut from the left ("…/Backup/IMG_4001.JPG").
        el("div", { class: "member-text" }, el("b", { class: "member-place", title: m.folder + "/" + m.name },
          (i + 1) + (m.suggested ? " ★ " : " "), el("bdi", {}, breakable(SC.place(m.folder, m.name, 40)))),
          el("span", {}, facts), m.why.length ? el("span", { class: "why" }, m.why.join(" · ")) : null),
        toggle));
    });
    // A press on the strip is not a drag of the card.
    strip.addEventListener("pointerdown", event => event.stopPropagation());
    return strip;
  }

  // A path that may wrap after each slash only ("…/DCIM/" then "Camera/IMAG0042.jpg"), never inside a name.
  function breakable(path) {
    return path.split("/").flatMap((part, i, parts) => i < parts.length - 1 ? [part + "/", el("wbr")] : [part]);
  }

  // A long press on the card (a finger held still on the photo for half a second) opens the comparison of
  // the suggested member with the next one, as a tap on that member's photo in the strip does.
  function attachLongPress(node, card) {
    let timer = null, from = null;
    const cancel = () => { clearTimeout(timer); timer = null; };
    node.addEventListener("pointerdown", event => {
      cancel();
      from = { x: event.clientX, y: event.clientY };
      timer = setTimeout(() => {
        timer = null;
        const other = card.group.members.find(m => !m.suggested);
        const top = currentTop();
        if (!other || !top || top.card.id !== card.id) return;
        // The press is no drag: the card springs back where it was.
        node.dispatchEvent(new PointerEvent("pointercancel", { pointerId: event.pointerId, clientX: from.x, clientY: from.y }));
        compare(card, other);
      }, 500);
    });
    node.addEventListener("pointermove", event => {
      if (timer && Math.hypot(event.clientX - from.x, event.clientY - from.y) > 10) cancel();
    });
    node.addEventListener("pointerup", cancel);
    node.addEventListener("pointercancel", cancel);
  }

  // What a copy holds that the suggested one lacks (its `onlyHere` words), said before the swipe:
  // "copy 2 knows where it was taken and names the camera; deleting it loses that". No field: nothing said.
  const onlyHereWords = {
    "location": "knows where it was taken", "capture date": "knows when it was taken", "camera": "names the camera",
    "live photo video": "has the Live Photo's video", "sidecar": "has a sidecar file beside it",
    "higher resolution": "has more pixels", "edits": "holds edits made to it",
  };
  function onlyHereNotes(card) {
    return card.group.members.map((m, i) => {
      const words = (Array.isArray(m.onlyHere) ? m.onlyHere : []).map(w => onlyHereWords[w] || "has its " + w);
      if (m.suggested || !words.length) return null;
      const list = words.length === 1 ? words[0] : words.slice(0, -1).join(", ") + " and " + words[words.length - 1];
      return "copy " + (i + 1) + " (" + m.name + ") " + list + "; deleting it loses that";
    }).filter(Boolean);
  }

  function resetMarks(card) {
    if (marksFor === card.id) return;
    marksFor = card.id;
    marks = new Set(card.group ? [card.group.members.find(m => m.suggested).item] : []);
  }

  function showMarks(node, card) {
    if (!card.group) return;
    for (const member of node.querySelectorAll(".member")) {
      const on = marks.has(+member.dataset.item);
      member.classList.toggle("kept", on);
      member.querySelector(".mark").setAttribute("aria-pressed", String(on));
    }
  }

  function toggleMark(card, position) {
    const member = card.group && card.group.members[position - 1];
    const top = currentTop();
    if (!member || !top || top.card.id !== card.id) return;
    if (marks.has(member.item)) marks.delete(member.item); else marks.add(member.item);
    showMarks(top.node, card);
    const overlay = document.getElementById("compare");
    if (overlay && +overlay.dataset.item === member.item) overlay.querySelector("#compare-keep").setAttribute("aria-pressed", String(marks.has(member.item)));
  }

  // The side-by-side comparison: the member and the suggested one fitted to their panes at the same zoom; the wheel
  // zooms both, a drag pans both, F flips the two in place, K marks the member to keep, Esc closes. Two copies of a
  // video play in their panes, played, paused and scrubbed together by one set of controls (space plays).
  function compare(card, member) {
    const suggested = card.group.members.find(m => m.suggested);
    const isVideo = member.kind === "video" && suggested.kind === "video";
    const view = { scale: 1, x: 0, y: 0 };
    const panes = [suggested, member].map(m => isVideo ? videoPane(m) : el("div", { class: "pane" },
      el("img", { src: SC.media(m.media), alt: m.name, draggable: "false" }),
      el("div", { class: "pane-label" }, (m.suggested ? "★ suggested · " : "") + SC.place(m.folder, m.name, 60) + " · " + bytes(m.size) +
        (m.width && m.height ? " · " + SC.upright(m).join("×") : ""))));
    const together = isVideo ? playTogether(panes, [suggested, member]) : null;
    if (isVideo) currentTop()?.node.querySelector("video")?.pause();   // the card's own video waits behind
    // The photos zoom (a video's poster frame, where it cannot play, does not).
    const photo = pane => pane.querySelector("img:not(.poster)");
    const apply = () => { for (const pane of panes) if (photo(pane)) photo(pane).style.transform =
      "translate(" + view.x + "px," + view.y + "px) scale(" + view.scale + ")"; };
    // Both photos fitted to their panes (contain; a small one scaled up, smoothly), so two copies compare at
    // the same size whatever their resolution. 1:1 (the button or `1`) shows each at its own pixel size (the
    // file's, one photo pixel a screen pixel: a preview smaller than the file is scaled up to it), and back.
    // The zoom multiplies either size.
    let actual = false;
    const fit = () => {
      for (const [i, pane] of panes.entries()) {
        const img = photo(pane), m = i === 0 ? suggested : member;
        if (!img) continue;
        const w = img.naturalWidth, h = img.naturalHeight;
        if (!w || !h) continue;
        let scale;
        if (actual) {
          const long = Math.max(m.width || 0, m.height || 0);
          scale = Math.max(1, long / Math.max(w, h)) / (window.devicePixelRatio || 1);
        } else {
          scale = Math.min(pane.clientWidth / w, pane.clientHeight / h);
        }
        Object.assign(img.style, { width: w * scale + "px", height: h * scale + "px" });
      }
    };
    // The keys in the buttons' words where there is a keyboard (none on a touch screen).
    const key = k => SC.touch ? "" : " (" + k + ")";
    const actualButton = el("button", { id: "compare-actual", "aria-pressed": "false", onclick: () => toggleActual() }, "1:1" + key("1"));
    const toggleActual = () => {
      actual = !actual;
      actualButton.setAttribute("aria-pressed", String(actual));
      actualButton.textContent = (actual ? "Fit" : "1:1") + key("1");
      Object.assign(view, { scale: 1, x: 0, y: 0 });
      fit(); apply();
    };
    for (const pane of panes) photo(pane)?.addEventListener("load", fit);
    // The button names the file it marks and the side it is on (the member starts on the right; Flip moves it).
    const keepButton = el("button", { id: "compare-keep", "aria-pressed": String(marks.has(member.item)),
      onclick: () => toggleMark(card, card.group.members.indexOf(member) + 1) });
    // On a phone the panes are stacked: the member starts at the bottom.
    const stacked = () => window.matchMedia("(max-width: 600px)").matches;
    const keepLabel = () => keepButton.replaceChildren("Keep ", el("b", {}, member.name),
      " (" + (stacked() ? (flipped ? "top" : "bottom") : (flipped ? "left" : "right")) + ")");
    const resized = () => { fit(); keepLabel(); };
    const close = () => {
      together?.stop();
      overlay.remove(); document.removeEventListener("keydown", keys, true); window.removeEventListener("resize", resized); closeOpen = null;
      closed();
    };
    const overlay = el("div", { class: "compare", id: "compare", role: "dialog", "aria-label": "Compare two copies", "data-item": member.item },
      el("div", { class: "panes" }, ...panes),
      together ? together.bar : null,
      el("div", { class: "actions" }, keepButton, isVideo ? null : actualButton,
        el("button", { id: "compare-flip", onclick: () => flip() }, "Flip" + key("F")),
        el("button", { id: "compare-close", onclick: close }, "Close" + key("Esc"))));
    let flipped = false;
    const flip = () => { flipped = !flipped; overlay.classList.toggle("flipped", flipped); keepLabel(); };
    keepLabel();
    // A click (or tap) on a photo zooms both panes 2× at that point; at 8× it goes back to the whole photo.
    const zoomAt = (pane, clientX, clientY) => {
      const box = pane.getBoundingClientRect();
      const p = { x: clientX - (box.left + box.width / 2), y: clientY - (box.top + box.height / 2) };
      const scale = view.scale >= 8 ? 1 : Math.min(8, view.scale * 2);
      view.x = scale === 1 ? 0 : p.x - (p.x - view.x) * scale / view.scale;
      view.y = scale === 1 ? 0 : p.y - (p.y - view.y) * scale / view.scale;
      view.scale = scale;
      apply();
    };
    overlay.addEventListener("wheel", event => {
      event.preventDefault();
      view.scale = Math.max(1, Math.min(8, view.scale * (event.deltaY < 0 ? 1.2 : 1 / 1.2)));
      apply();
    }, { passive: false });
    let dragFrom = null, moved = 0;
    overlay.addEventListener("pointerdown", event => {
      if (event.target.tagName !== "IMG") return;
      dragFrom = { x: event.clientX - view.x, y: event.clientY - view.y, startX: event.clientX, startY: event.clientY };
      moved = 0;
    });
    overlay.addEventListener("pointermove", event => {
      if (!dragFrom) return;
      moved = Math.max(moved, Math.hypot(event.clientX - dragFrom.startX, event.clientY - dragFrom.startY));
      if (moved > 6) { view.x = event.clientX - dragFrom.x; view.y = event.clientY - dragFrom.y; apply(); }
    });
    overlay.addEventListener("pointerup", event => {
      const pane = dragFrom && moved <= 6 ? event.target.closest(".pane") : null;
      dragFrom = null;
      if (pane) zoomAt(pane, event.clientX, event.clientY);
    });
    const keys = event => {
      const key = event.key.toLowerCase();
      if (key === "escape") { event.preventDefault(); event.stopPropagation(); close(); }
      else if (key === "f") { event.preventDefault(); event.stopPropagation(); flip(); }
      else if (key === "k") { event.preventDefault(); event.stopPropagation(); keepButton.click(); }
      else if (key === "1" && !isVideo) { event.preventDefault(); event.stopPropagation(); toggleActual(); }
      else if (key === " " && together) { event.preventDefault(); event.stopPropagation(); document.getElementById("compare-controls")?.toggle(); }
      else if (key === "+" || key === "=") { event.preventDefault(); event.stopPropagation(); view.scale = Math.min(8, view.scale * 1.2); apply(); }
      else if (key === "-") { event.preventDefault(); event.stopPropagation(); view.scale = Math.max(1, view.scale / 1.2); apply(); }
    };
    closeOpen?.();
    opened();
    document.addEventListener("keydown", keys, true);
    document.body.append(overlay);
    window.addEventListener("resize", resized);
    closeOpen = close;
    fit();
    apply();
  }

  // The card the comparison shows was decided (or undone away): the comparison goes with it.
  const closeComparison = () => closeOpen?.();

  return { memberStrip, attachLongPress, onlyHereNotes, resetMarks, showMarks, toggleMark, closeComparison, keptItems: () => [...marks] };
}
