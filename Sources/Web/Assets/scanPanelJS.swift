extension Assets {
    /// The home page's folders, spliced into `homeJS`'s scope: the folders scanned before and "Scan again",
    /// with the scan's progress as it runs and what it found, so no one needs `clean scan` in a terminal to
    /// see new photos (the first folder is still given on the computer: a page cannot name one).
    static let scanPanelJS = #"""
      async function scanPanel() {
        let state;
        try { state = await SC.api("/scan"); } catch (error) { return null; }
        if (!state.folders.length) return null;
        const status = el("p", { class: "muted", id: "scan-status", role: "status", "aria-live": "polite" });
        const button = el("button", { class: "ghost", id: "scan-again", onclick: () => start() }, "Scan again");
        const say = s => {
          if (s.running) {
            const of = s.total ? " of " + grouped(s.total) : "";
            status.textContent = "Scanning: " + (s.phase || "starting") + "… " + grouped(s.done || 0) + of + " files";
          } else if (s.error) {
            status.textContent = "The scan stopped: " + s.error;
          } else if (s.last) {
            const l = s.last;
            status.textContent = "Scanned: " + grouped(l.files) + " files, " + grouped(l.inspected) + " new or changed, " +
              grouped(l.removed) + " gone since the scan before.";
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
        async function start() {
          button.disabled = true;
          status.textContent = "Scanning…";
          try { await SC.api("/scan", {}); } catch (error) { status.textContent = error.message; button.disabled = false; return; }
          follow();
        }
        say(state);
        if (state.running) follow();
        return el("section", { class: "panel folders", id: "folders" },
          el("div", { class: "toolbar" }, el("h2", {}, "Your folders"), el("span", { class: "spacer" }), button),
          el("ul", { class: "folder-list" }, state.folders.map(f => el("li", {}, f))),
          status);
      }
    """#
}
