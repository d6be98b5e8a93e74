import { SC } from "./common.js";

// The play page's end: the batch as a grid of what would move with one answer (move, or "Not now": the
// batch waits on the home page), then the round's end (XP part by part, level, streak, celebrations,
// what was not moved and why). `round` is the round's document, `boss` its boss (or null), `deckProblem`
// a sentence when the index could not deal every card.
export async function showBatch({ round, boss, deckProblem, cards }) {
  const plural = (n, word) => n + " " + word + (n === 1 ? "" : "s");
  // Cards and files apart: a group card is one card, its copies several files.
  const reviewed = n => cards == null || cards === n ? plural(n, "file") : plural(n, "file") + " on " + plural(cards, "card");
  const { el, bytes } = SC;
  let batch;
  try { batch = await SC.api("/rounds/" + round.round + "/batch"); } catch (error) { return SC.fail(error); }
  // A tap on a file takes it out of the batch (it stays where it is, counted as kept) and a second tap puts
  // it back; the button and the total say what will move.
  const out = new Set();
  const count = batch.cards.length;
  const moving = () => batch.cards.filter(c => !out.has(c.id));
  const yes = el("button", { class: "danger", id: "confirm-yes", onclick: () => confirm(true) });
  const no = el("button", { class: "ghost", id: "confirm-no", onclick: () => confirm(false) }, "Not now");
  const total = el("span", { class: "total", id: "batch-total" });
  const summary = el("p", { class: "muted", id: "batch-summary" });
  const update = () => {
    const going = moving(), size = going.reduce((sum, c) => sum + c.size, 0);
    yes.textContent = count === 0 ? "Finish the round" : going.length === 0 ? "Keep them all and finish" : "Move " + plural(going.length, "file") + " to the trash";
    total.textContent = count ? "Total " + bytes(size) + (out.size ? " · " + out.size + " taken out, kept" : "") : "";
    summary.textContent = "Reviewed " + reviewed(batch.reviewed) + " · kept " + plural(batch.kept + out.size, "file") +
      (count ? " · tap a file to take it out of the batch (and back); what moves can be restored from the trash at any time." : "");
  };
  const tile = c => {
    const picture = c.kind === "photo" ? el("img", { src: SC.media(c.media + "?side=320"), alt: "", loading: "lazy", decoding: "async" })
      : c.poster ? el("img", { src: SC.media(c.poster), alt: "", loading: "lazy", decoding: "async" }) : (c.kind === "video" ? "▶" : "▣");
    const node = el("button", { class: "thumb", type: "button", "data-card": c.id, "aria-pressed": "true",
      "aria-label": "Move " + c.name + " in " + c.folder + " to the trash (" + bytes(c.size) + ")" },
      el("span", { class: "pic" }, picture, el("span", { class: "out-mark", "aria-hidden": "true" }, "Kept")),
      el("span", { class: "meta" }, el("span", { class: "n", title: c.name }, c.name),
        c.folder ? el("span", { class: "muted folder", title: c.folder }, el("bdi", {}, SC.folder(c.folder, 28))) : null,
        el("span", { class: "muted" }, bytes(c.size))));
    node.addEventListener("click", () => {
      if (out.has(c.id)) out.delete(c.id); else out.add(c.id);
      const moves = !out.has(c.id);
      node.classList.toggle("out", !moves);
      node.setAttribute("aria-pressed", String(moves));
      update();
    });
    return node;
  };
  SC.show(el("div", { class: "confirm", id: "confirmation" },
    el("h1", {}, count === 0 ? "Nothing to move" : "Move these to the trash?"),
    summary,
    deckProblem ? el("p", { class: "error-box", role: "alert", id: "deck-problem" }, deckProblem) : null,
    count ? el("div", { class: "grid", role: "group", "aria-label": "The batch: each file pressed moves" }, batch.cards.map(tile)) : null,
    el("div", { class: "actions" }, total, el("span", { class: "spacer" }), yes, count ? no : null)));
  update();
  yes.focus();

  async function confirm(answer) {
    let report;
    const body = { yes: answer };
    if (out.size) body.except = [...out];
    try { report = await SC.api("/rounds/" + round.round + "/confirm", body); } catch (error) { return SC.fail(error); }
    roundEnd(report);
  }

  function roundEnd(r) {
    const again = el("button", { class: "primary", id: "play-again", onclick: () => { location.href = "/play" + (boss ? "?boss=" + encodeURIComponent(boss) : ""); } }, "Play again");
    const home = el("button", { class: "ghost", onclick: () => { location.href = "/"; } }, "Home");
    if (r.pending) {
      return SC.show(el("div", { class: "end", id: "round-end" }, el("h1", {}, "Nothing moved"),
        el("p", {}, "The batch waits as round " + r.round + ": the home page lists it under “Waiting for your OK”, to move or drop it later."),
        el("div", { class: "actions" }, again, home)));
    }
    const b = r.breakdown || {};
    const rows = [["Files deleted", "+" + (b.files || 0)], ["Round bonus", "+" + (b.round || 0)], ["Size bonus", "+" + (b.size || 0)],
      b.boss ? ["Boss reward", "+" + b.boss] : null, ["Streak multiplier", "×" + (r.multiplier || 1)],
      b.challenges ? ["Challenges", "+" + b.challenges] : null].filter(Boolean);
    SC.show(el("div", { class: "end", id: "round-end" },
      el("h1", {}, r.confirmed ? "Round complete" : "Round over"),
      el("div", { class: "xp-big", id: "xp-earned" }, "+" + r.xpEarned + " XP"),
      // Moved to the trash, not freed: the files still take their room until the trash is emptied.
      el("p", { id: "round-summary" }, "Reviewed " + reviewed(r.reviewed) + " · kept " + plural(r.kept, "file") + " · moved " + plural(r.deleted, "file") +
        " (" + bytes(r.bytesFreed) + ") to the trash" + (r.deleted ? ", restorable until you empty it" : "")),
      el("table", { class: "breakdown" }, el("tbody", {}, rows.map(([k, v]) => el("tr", {}, el("td", {}, k), el("td", {}, v))),
        el("tr", {}, el("td", {}, el("b", {}, "Total")), el("td", {}, el("b", {}, String(r.xpEarned)))))),
      el("p", { class: "muted" }, "Level " + r.level + " · " + (r.levelTitle || "") + (r.currentStreak ? " · streak " + r.currentStreak + " day" + (r.currentStreak === 1 ? "" : "s") : "")),
      r.levelUp ? el("div", { class: "celebrate level" }, "★ Level up! You are now level " + r.level + ": " + r.levelTitle) : null,
      r.freezeUsed ? el("div", { class: "celebrate freeze" }, "❄ Streak saved! " + r.freezesLeft + " freeze" + (r.freezesLeft === 1 ? "" : "s") + " remaining") : null,
      r.bossDefeated ? el("div", { class: "celebrate boss" }, "♛ Boss defeated!") : null,
      (r.achievementsUnlocked || []).map(a => el("div", { class: "celebrate achievement" }, "★ Achievement unlocked: " + a)),
      (r.challengesCompleted || []).map(c => el("div", { class: "celebrate achievement" }, "✔ Challenge complete: " + c)),
      (r.skipped || []).length ? el("div", { class: "muted", id: "not-moved" },
        el("p", {}, r.skipped.length + " file" + (r.skipped.length === 1 ? " was" : "s were") + " not moved:"),
        el("ul", {}, r.skipped.map(s => el("li", {}, s.path + ": " + s.reason)))) : null,
      el("div", { class: "actions" }, again, home)));
    if (r.levelUp && navigator.vibrate) navigator.vibrate([30, 40, 30]);
  }
}
