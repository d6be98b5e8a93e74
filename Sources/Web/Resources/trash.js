import { SC } from "./common.js";

(async () => {
  const { el, bytes } = SC;
  // A trashed file's thumbnail (GET /media/trash/ID: only a photo the trash holds has one); a video or any
  // other file, or a photo that cannot be shown, gets an icon in its place.
  const videoName = /\.(mp4|mov|m4v|3gp|webm|mkv|avi)$/i;
  function thumbnail(f, size) {
    const name = f.originalPath.slice(f.originalPath.lastIndexOf("/") + 1);
    const icon = () => el("span", { class: "trash-thumb icon " + size, "aria-hidden": "true", "data-name": name }, videoName.test(name) ? "▶" : "▣");
    const img = el("img", { class: "trash-thumb " + size, src: SC.media("/media/trash/" + f.id), alt: "", loading: "lazy", "data-name": name });
    img.addEventListener("error", () => img.replaceWith(icon()));
    return img;
  }
  async function load(message) {
    let files;
    try { files = await SC.api("/trash"); } catch (error) { return SC.fail(error); }
    const selected = new Set();
    const restoreSelected = el("button", { class: "primary", id: "restore-selected", disabled: true, onclick: () => restore([...selected]) }, "Restore selected");
    const update = () => {
      restoreSelected.disabled = selected.size === 0;
      restoreSelected.textContent = "Restore selected" + (selected.size ? " (" + selected.size + ")" : "");
    };
    const days = new Map();
    for (const f of files) {
      const day = f.deletedAt.slice(0, 10);
      if (!days.has(day)) days.set(day, []);
      days.get(day).push(f);
    }
    const total = files.reduce((s, f) => s + f.size, 0);
    const count = files.length + " file" + (files.length === 1 ? "" : "s");
    const question = !SC.computer ? null : el("div", { class: "panel", id: "empty-question", role: "alertdialog", "aria-labelledby": "empty-title", hidden: true },
      el("p", { id: "empty-title" }, "Delete " + count + " (" + bytes(total) + ") for good? They cannot be restored."),
      // What goes, each with its folder: two files of one name are told apart.
      el("ul", { class: "empty-list", id: "empty-list" }, files.map(f => {
        const slash = f.originalPath.lastIndexOf("/");
        return el("li", {}, thumbnail(f, "small"), el("b", {}, f.originalPath.slice(slash + 1)), " ", el("span", { class: "muted", title: f.originalPath.slice(0, slash) }, SC.folder(f.originalPath.slice(0, slash), 50)), " · " + bytes(f.size));
      })),
      el("div", { class: "toolbar" },
        el("button", { class: "danger", id: "empty-yes", onclick: () => empty(files.map(f => f.id)) }, "Delete for good"),
        el("button", { class: "ghost", id: "empty-no", onclick: () => { question.hidden = true; emptyButton.focus(); } }, "Cancel")));
    // Deleting for good is the computer's (a phone's session cannot): the phone is told where, no button.
    const emptyButton = SC.computer
      ? el("button", { class: "ghost", id: "empty-trash", onclick: () => { question.hidden = false; question.querySelector("#empty-no").focus(); } }, "Empty the trash…")
      : el("span", { class: "muted", id: "empty-elsewhere" }, "Emptying the trash for good is done on the computer.");
    SC.show(el("div", {},
      el("h1", {}, "Trash"),
      message ? el("div", { class: "panel", role: "status", id: "trash-message" }, message) : null,
      files.length === 0 ? el("p", { class: "empty" }, "The trash is empty.") : el("div", {},
        el("div", { class: "toolbar" }, el("span", { class: "muted" }, count + " · " + bytes(total) + " recoverable"),
          el("span", { class: "spacer" }), restoreSelected, emptyButton),
        question,
        [...days.entries()].map(([day, group]) => el("section", {},
          el("div", { class: "trash-day" }, SC.date(day) + " · " + group.length + " file" + (group.length === 1 ? "" : "s") + " · " + bytes(group.reduce((s, f) => s + f.size, 0))),
          group.map(f => {
            const slash = f.originalPath.lastIndexOf("/");
            const box = el("input", { type: "checkbox", "aria-label": "Select " + f.originalPath, "data-id": f.id });
            box.addEventListener("change", () => { box.checked ? selected.add(f.id) : selected.delete(f.id); update(); });
            return el("div", { class: "trash-row", "data-id": f.id }, box, thumbnail(f, "large"),
              el("div", { class: "path" }, f.originalPath.slice(slash + 1), el("small", { title: f.originalPath.slice(0, slash) },
                // The folder's end is what tells two copies apart: a narrow row cuts it from the left (app.css).
                el("bdi", {}, SC.folder(f.originalPath.slice(0, slash), 60) + (f.linked ? " · linked file" : "")))),
              el("span", { class: "muted when" }, bytes(f.size)),
              el("button", { class: "ghost", onclick: () => restore([f.id]) }, "Restore"));
          }))))));
  }
  async function restore(ids) {
    try {
      const outcome = await SC.api("/trash/restore", { ids });
      const failed = outcome.failed.map(f => "#" + f.id + ": " + f.reason).join("; ");
      load("Restored " + outcome.restored.length + " file" + (outcome.restored.length === 1 ? "" : "s") + (failed ? ". Not restored: " + failed : "."));
    } catch (error) { load(error.message); }
  }
  async function empty(ids) {
    try {
      const outcome = await SC.api("/trash/empty", { ids });
      const problems = outcome.problems.length ? " Not deleted: " + outcome.problems.join("; ") : "";
      load("Deleted " + outcome.purged + " file" + (outcome.purged === 1 ? "" : "s") + " for good: " + bytes(outcome.bytesPurged) + " freed." + problems);
    } catch (error) { load(error.message); }
  }
  load();
})();
