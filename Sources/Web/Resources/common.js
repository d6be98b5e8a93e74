export const SC = {
  // This browser's session, kept in this origin's own storage by signin.js: `secret` goes in the
  // Authorization header of every API call, `media` is the key /media addresses carry. No cookie.
  session: (() => {
    try { return JSON.parse(localStorage.getItem("swipeclean.session") || "null"); } catch (error) { return null; }
  })(),
  async api(path, body) {
    await SC.fresh();
    if (!SC.session) {
      const error = new Error("This browser is not signed in.");
      error.status = 401;
      throw error;
    }
    const options = { credentials: "omit", headers: { Authorization: "Bearer " + SC.session.secret } };
    if (body !== undefined) {
      options.method = "POST";
      options.headers["Content-Type"] = "application/json";
      options.body = JSON.stringify(body);
    }
    let response;
    try { response = await fetch("/api/v1" + path, options); } catch (error) { throw SC.lost(); }
    const data = await response.json().catch(() => ({}));
    if (!response.ok) {
      // The server no longer knows this session (it was restarted): forget it.
      if (response.status === 401) { localStorage.removeItem("swipeclean.session"); SC.session = null; }
      const error = new Error(data.error || ("HTTP " + response.status));
      error.status = response.status;
      throw error;
    }
    return data;
  },
  // A paired phone's secret lasts minutes (clean web --phone): past half its life, the page swaps it
  // for a new one with its renewal key (`POST /pair/renew`, which gives the next key too), before an
  // API call and every minute. One tab at a time (a key works once): another tab's renewal is read back.
  async fresh() {
    if (!SC.session || !SC.session.renew || Date.now() < SC.session.renewAt) return;
    const renew = async () => {
      try { SC.session = JSON.parse(localStorage.getItem("swipeclean.session") || "null") || SC.session; } catch (error) { /* keep ours */ }
      const session = SC.session;
      if (!session || !session.renew || Date.now() < session.renewAt) return;
      let response;
      try {
        response = await fetch("/pair/renew", { method: "POST", credentials: "omit", headers: { "Content-Type": "application/json" },
                                                body: JSON.stringify({ renew: session.renew }) });
      } catch (error) { return; }   // no answer now: the next call tries again
      if (!response.ok) return;       // not paired any more: the API call says so
      const data = await response.json();
      SC.session = { ...session, secret: data.secret, renew: data.renew, renewAt: Date.now() + data.expiresInSeconds * 500 };
      localStorage.setItem("swipeclean.session", JSON.stringify(SC.session));
    };
    if (navigator.locks) await navigator.locks.request("swipeclean.renew", renew); else await renew();
  },
  // The server did not answer at all (clean web stopped, or this device left the network): one
  // banner that says so, instead of "Failed to fetch"; pages stop their clocks (`SC.disconnected`).
  disconnected: false,
  lost() {
    if (!SC.disconnected) {
      SC.disconnected = true;
      document.body.prepend(SC.el("div", { class: "lost", id: "lost-connection", role: "alert" },
        SC.el("b", {}, "Lost connection to SwipeClean."),
        " clean web has stopped, or this device left the network. Start clean web again (or reconnect), then ",
        SC.el("a", { href: location.pathname + location.search }, "reload this page"), "."));
    }
    const error = new Error("Lost connection to SwipeClean");
    error.status = 0;
    return error;
  },
  // Notices a server that stopped while no one clicks (a cheap HEAD every `seconds`); `stop()` ends it.
  heartbeat(seconds) {
    const id = setInterval(async () => {
      if (SC.disconnected) return clearInterval(id);
      try { await fetch("/favicon.ico", { method: "HEAD", cache: "no-store" }); } catch (error) { SC.lost(); clearInterval(id); }
    }, seconds * 1000);
    return { stop: () => clearInterval(id) };
  },
  // A /media address with this session's key (an <img> or <video> cannot send a header).
  media(url) {
    if (!url || !SC.session) return url;
    return url + (url.includes("?") ? "&" : "?") + "key=" + encodeURIComponent(SC.session.media);
  },
  // What a page shows when this browser has no session the server knows.
  signedOut() {
    // On the home-network address (clean web --phone) this is a phone: it pairs again with a new code.
    if (!["127.0.0.1", "localhost", "[::1]"].includes(location.hostname)) {
      return SC.show(SC.el("section", { class: "panel signin", id: "signed-out", role: "alert" },
        SC.el("h1", {}, "This phone is no longer paired"),
        SC.el("p", {}, "It was unpaired on the computer, or clean web stopped and started again."),
        SC.el("p", {}, "Scan the new QR code in the terminal that runs clean web --phone (p and Enter prints one), or ",
          SC.el("a", { href: "/" }, "type its code"), ".")));
    }
    SC.show(SC.el("section", { class: "panel signin", id: "signed-out", role: "alert" },
      SC.el("h1", {}, "This browser is not signed in"),
      SC.el("p", {}, "Each link that clean web prints signs in one browser, once; that browser stays signed in until clean web stops."),
      SC.el("p", {}, "To sign in here, run this in a terminal and open the link it prints:"),
      SC.el("pre", {}, "clean web link"),
      SC.el("p", { class: "muted" }, "(Restarting clean web prints a new link too.)")));
  },
  el(tag, attributes, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attributes || {})) {
      if (value === null || value === undefined || value === false) continue;
      if (key === "class") node.className = value;
      else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
      else node.setAttribute(key, value === true ? "" : value);
    }
    for (const child of children.flat()) {
      if (child === null || child === undefined || child === false) continue;
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  },
  bar(fraction, kind) {
    const fill = SC.el("span");
    fill.style.width = (Math.max(0, Math.min(1, fraction)) * 100).toFixed(1) + "%";
    return SC.el("div", { class: "bar" + (kind ? " " + kind : ""), role: "progressbar",
      "aria-valuenow": Math.round(fraction * 100), "aria-valuemin": 0, "aria-valuemax": 100 }, fill);
  },
  bytes(n) {
    const units = ["B", "KB", "MB", "GB", "TB"];
    let value = n, unit = 0;
    while (Math.abs(value) >= 1000 && unit < units.length - 1) { value /= 1000; unit++; }
    return unit === 0 ? n + " B" : value.toFixed(1) + " " + units[unit];
  },
  // A folder for a line of its own: the end of a long one (where it differs), cut from the left at a
  // folder's edge, the last folder always whole ("…/Backup"), however long.
  folder(path, room = 42) {
    const text = String(path || "");
    if (text.length <= room) return text;
    const parts = text.split("/");
    let kept = parts.pop();
    while (parts.length && kept.length + parts[parts.length - 1].length + 3 <= room) kept = parts.pop() + "/" + kept;
    return "…/" + kept;
  },
  // A file with where it is, for telling copies apart: "…/Backup/IMG_4001.JPG" (the last folder whole).
  place(folder, name, room = 42) {
    return SC.folder(folder, Math.max(room - String(name).length - 1, 1)) + "/" + name;
  },
  // This page is the computer's (the loopback address), not a paired phone's.
  computer: ["127.0.0.1", "localhost", "[::1]"].includes(location.hostname),
  // A touch screen with no hover and no keyboard to speak of: no key hints on it.
  touch: window.matchMedia("(hover: none) and (pointer: coarse)").matches,
  // A photo's width and height as it shows (upright): the document's are the stored pixels', which an
  // EXIF orientation of 5…8 turns a quarter (`orientation`). [null, null] when it has none.
  upright(photo) {
    if (!photo || !photo.width || !photo.height) return [null, null];
    return photo.orientation >= 5 ? [photo.height, photo.width] : [photo.width, photo.height];
  },
  grouped(n) { return Number(n).toLocaleString("en-US"); },
  date(iso) {
    if (!iso) return "date unknown";
    const d = iso.slice(0, 10).split("-").map(Number);
    const months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
    return d[2] + " " + months[d[1] - 1] + " " + d[0];
  },
  show(...nodes) {
    const app = document.getElementById("app");
    app.replaceChildren(...nodes);
  },
  fail(error) {
    if (error.status === 401) return SC.signedOut();
    SC.show(SC.el("div", { class: "error-box", role: "alert" }, error.message || String(error)));
  },
};

// A phone's page kept open renews its secret while nobody clicks.
if (SC.session && SC.session.renew) setInterval(() => SC.fresh(), 60 * 1000);
