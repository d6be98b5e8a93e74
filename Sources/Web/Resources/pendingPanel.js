import { SC } from "./common.js";

export async function pendingPanel() {
  const { el, bar, bytes, grouped } = SC;
  let batches;
  try { batches = await SC.api("/pending"); } catch (error) { return null; }
  if (!batches.length) return null;
  const settle = async (round, yes, row) => {
    row.querySelectorAll("button").forEach(b => { b.disabled = true; });
    try {
      const r = await SC.api("/pending/" + round, { yes });
      row.replaceChildren(el("span", { class: "muted" }, yes
        ? "Moved " + r.deleted + " file" + (r.deleted === 1 ? "" : "s") + " (" + bytes(r.bytesFreed) + ") to the trash · +" + r.xpEarned + " XP"
        : "Dropped: nothing moved."));
    } catch (error) {
      row.querySelectorAll("button").forEach(b => { b.disabled = false; });
      row.append(el("div", { class: "error-box", role: "alert" }, error.message));
    }
  };
  return el("section", { class: "panel pending", id: "pending" },
    el("h2", {}, "Waiting for your OK"),
    el("p", { class: "muted" }, "Batches you played and said \u201cNot now\u201d to: nothing has moved yet."),
    el("div", { class: "list" }, batches.map(b => {
      const row = el("div", { class: "row batch", "data-round": b.round });
      row.append(
        el("span", {}, el("b", {}, b.title), " · " + b.files + " file" + (b.files === 1 ? "" : "s") + " · " + bytes(b.bytes) + " · " + SC.date(b.endedAt)),
        el("span", { class: "actions" },
          el("button", { class: "danger", "data-action": "confirm", onclick: () => settle(b.round, true, row) }, "Move to the trash"),
          el("button", { class: "ghost", "data-action": "discard", onclick: () => settle(b.round, false, row) }, "Drop it")));
      return row;
    })));
}
