// The phone's pairing page (PhonePages.swift), inline in that page under its nonce: sends the typed code as
// `POST /pair` JSON and follows the answer.
"use strict";
(() => {
  const form = document.getElementById("pair");
  if (!form) return;
  form.addEventListener("submit", async event => {
    event.preventDefault();
    const button = form.querySelector("button");
    button.disabled = true;
    try {
      const response = await fetch("/pair", { method: "POST", credentials: "same-origin",
        headers: { "Content-Type": "application/json" }, body: JSON.stringify({ code: document.getElementById("code").value }) });
      const page = new DOMParser().parseFromString(await response.text(), "text/html");
      const meta = name => page.querySelector('meta[name="' + name + '"]');
      if (response.ok && meta("swipeclean-session")) {
        const session = { secret: meta("swipeclean-session").content, media: meta("swipeclean-media").content };
        // The secret is short-lived: the app's pages renew it with this key at half its life (common.js).
        if (meta("swipeclean-renew")) {
          session.renew = meta("swipeclean-renew").content;
          session.renewAt = Date.now() + Number(meta("swipeclean-expires").content) * 500;
        }
        localStorage.setItem("swipeclean.session", JSON.stringify(session));
        location.replace(meta("swipeclean-next").content);
        return;
      }
      const why = page.getElementById("why");
      document.getElementById("why").textContent = why ? why.textContent : ("The computer refused the code (HTTP " + response.status + ").");
      if (!page.getElementById("pair")) form.remove();
    } catch (error) {
      document.getElementById("why").textContent = "The computer did not answer: " + error.message;
    }
    button.disabled = false;
  });
})();
