import { SC } from "./common.js";

export async function scanPanel() {
  const { el, bar, bytes, grouped } = SC;
  let state;
  try { state = await SC.api("/scan"); } catch (error) { return null; }
  let roots = null;
  // Folders are chosen on the computer only (a phone's address is not a loopback one: it is not asked).
  const computer = ["127.0.0.1", "localhost", "[::1]"].includes(location.hostname);
  try { roots = computer ? (await SC.api("/folders")).folders : null; } catch (error) { roots = null; }
  // A phone on an empty library: the folder is chosen on the computer (no command to type).
  if (!state.folders.length && !roots) {
    return el("section", { class: "panel folders first-run", id: "folders", "data-first": "true" },
      el("h1", {}, "Choose your photo folder"),
      el("p", {}, "Nothing has been looked through yet. On the computer that runs SwipeClean, open its home page and choose your photo folder there: it offers the Pictures folder in one click. This page follows once it is done."));
  }
  const status = el("p", { class: "muted", id: "scan-status", role: "status", "aria-live": "polite" });
  const progress = el("div", { class: "bar", id: "scan-progress", role: "progressbar", "aria-label": "Scan progress", "aria-valuemin": 0, "aria-valuemax": 100, hidden: true });
  const button = el("button", { class: "ghost", id: "scan-again", onclick: () => start(null) }, "Scan again");
  const say = s => {
    if (s.running) {
      const of = s.total ? " of " + grouped(s.total) : "";
      status.textContent = "Scanning: " + (s.phase || "starting") + "… " + grouped(s.done || 0) + of + " files";
      progress.hidden = false;
      progress.replaceChildren(bar(s.total ? (s.done || 0) / s.total : 0).firstChild);
      progress.setAttribute("aria-valuenow", String(s.total ? Math.round(100 * (s.done || 0) / s.total) : 0));
    } else if (s.error) {
      status.textContent = "The scan stopped: " + s.error;
    } else if (s.last) {
      const l = s.last;
      // Files the player moved to the trash are said as such, not as losses.
      const mine = l.removedToTrash || 0, gone = Math.max(0, (l.removed || 0) - mine);
      status.textContent = "Scanned: " + grouped(l.files) + " files, " + grouped(l.inspected) + " new or changed" +
        (mine ? ", " + grouped(mine) + " moved to the trash by you" : "") +
        (gone ? ", " + grouped(gone) + " no longer in these folders (moved or deleted outside SwipeClean)" : "") + ".";
      progress.hidden = true;
    }
    button.disabled = !!s.running;
  };
  async function follow() {
    for (;;) {
      let s;
      try { s = await SC.api("/scan"); } catch (error) { status.textContent = error.message; button.disabled = false; return; }
      say(s);
      if (!s.running) { if (s.last && !s.error) setTimeout(() => location.reload(), 1500); return; }
      await new Promise(resolve => setTimeout(resolve, 400));
    }
  }
  const picker = el("div", { class: "folder-picker", id: "folder-picker", hidden: true });
  async function browse(path) {
    picker.hidden = false;
    picker.replaceChildren(el("p", { class: "muted" }, "Opening…"));
    let listing;
    try {
      listing = path ? await SC.api("/folders?under=" + encodeURIComponent(path))
                     : { path: null, parent: null, folders: roots };
    } catch (error) { picker.replaceChildren(el("p", { class: "muted" }, error.message)); return; }
    const rows = listing.folders.map(f => el("li", {}, el("button", {
      class: "ghost folder-pick", disabled: !!f.unreadable, title: f.unreadable ? "cannot be read" : f.path,
      onclick: () => browse(f.path) }, f.name + (f.unreadable ? " (cannot be read)" : ""))));
    picker.replaceChildren(
      el("div", { class: "toolbar" },
        el("strong", { id: "picker-path" }, listing.path || "Pick a place"),
        el("span", { class: "spacer" }),
        listing.path ? el("button", { class: "ghost", id: "picker-up", onclick: () => browse(listing.parent) }, "Up") : "",
        listing.path ? el("button", { id: "picker-scan", onclick: () => { picker.hidden = true; start([listing.path]); } }, "Scan this folder") : "",
        el("button", { class: "ghost", onclick: () => { picker.hidden = true; } }, "Cancel")),
      rows.length ? el("ul", { class: "folder-list" }, rows) : el("p", { class: "muted" }, "No folders inside."));
  }
  async function start(folders) {
    button.disabled = true;
    status.textContent = "Scanning…";
    try { await SC.api("/scan", folders ? { folders } : {}); } catch (error) { status.textContent = error.message; button.disabled = false; return; }
    follow();
  }
  say(state);
  if (state.running) follow();
  // An empty library: the one step first, choosing the photo folder (the Pictures folder offered), its scan's
  // progress on this page.
  if (!state.folders.length) {
    const pictures = roots.find(r => r.name === "Pictures");
    return el("section", { class: "panel folders first-run", id: "folders", "data-first": "true" },
      el("h1", {}, "Choose your photo folder"),
      el("p", {}, "SwipeClean looks through it and deals what could go (screenshots, copies, blurry shots, big videos) one card at a time. Nothing moves until you say so, and what moves can be put back."),
      el("div", { class: "toolbar" },
        pictures ? el("button", { class: "primary", id: "scan-pictures", onclick: () => start([pictures.path]) }, "Use your Pictures folder (" + pictures.path + ")") : "",
        el("button", { class: pictures ? "ghost" : "primary", id: "choose-folder", onclick: () => browse(null) }, "Choose another folder…")),
      picker, progress, status);
  }
  const add = roots ? el("button", { class: "ghost", id: "add-folder", onclick: () => browse(null) }, "Add a folder") : "";
  return el("section", { class: "panel folders", id: "folders" },
    el("div", { class: "toolbar" }, el("h2", {}, "Your folders"), el("span", { class: "spacer" }), add, button),
    el("ul", { class: "folder-list" }, state.folders.map(f => el("li", {}, f))),
    picker, progress, status);
}
