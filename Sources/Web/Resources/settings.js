import { SC } from "./common.js";

// The Settings page: the tier and its daily limits, bad shots, big videos, old photos and the theme. Each
// change is written at once to the same file `clean config set` writes (the server checks it first: a
// value out of range changes nothing and says why).
(async () => {
  const { el } = SC;
  let settings;
  try { settings = await SC.api("/settings"); } catch (error) { return SC.fail(error); }
  const status = el("p", { class: "muted", id: "settings-status", role: "status", "aria-live": "polite" }, "Changes are saved at once, in " + settings.file + ".");

  async function save(key, value, control) {
    try {
      settings = await SC.api("/settings", { key, value });
      status.textContent = "Saved in " + settings.file + ".";
      status.classList.remove("error-text");
      draw();
    } catch (error) {
      status.textContent = error.message;
      status.classList.add("error-text");
      if (control) control.focus();
    }
  }

  // A labelled control: its words, the input, a line saying what it means.
  function field(id, label, input, note) {
    input.id = id;
    return el("div", { class: "field" }, el("label", { for: id }, label), input, note ? el("p", { class: "muted note" }, note) : null);
  }
  function number(key, value, { min, max, step = 1, scale = 1 }) {
    const input = el("input", { type: "number", min, max, step, value: value == null ? "" : String(value / scale), inputmode: "numeric" });
    input.addEventListener("change", () => {
      const amount = Number(input.value);
      if (input.value === "" || !Number.isFinite(amount)) { status.textContent = "Type a number."; return; }
      save(key, Math.round(amount * scale * 1000) / 1000, input);
    });
    return input;
  }
  function choice(name, legend, options, current, onPick) {
    return el("fieldset", { class: "choices" }, el("legend", { class: "sr" }, legend), options.map(([value, label, note]) => {
      const id = name + "-" + value;
      const radio = el("input", { type: "radio", name, id, value, checked: value === current });
      radio.addEventListener("change", () => { if (radio.checked) onPick(value, radio); });
      return el("label", { class: "choice", for: id }, radio, el("span", {}, el("b", {}, label), note ? el("span", { class: "muted" }, note) : null));
    }));
  }

  function draw() {
    const free = settings.tiers.free, pro = settings.tiers.pro;
    const tier = el("section", { class: "panel", id: "settings-tier" },
      el("h2", {}, "Daily limits"),
      choice("tier", "Daily limits", [["pro", "No limits", " · swipe as long as you like, undo as often as you like"],
                      ["free", "Daily limits", " · a little every day: " + Math.round((free.swipeSecondsPerDay || 0) / 60) + " minutes, " + free.undosPerDay + " undos"]],
             settings.tier, (value, radio) => save("player.tier", value, radio)),
      settings.tier === "free" ? el("div", { class: "fields" },
        field("free-minutes", "Minutes of swiping a day", number("game.tiers.free.swipe_seconds_per_day", free.swipeSecondsPerDay, { min: 1, max: 1440, scale: 60 })),
        field("free-undos", "Undos a day", number("game.tiers.free.undos_per_day", free.undosPerDay, { min: 0, max: 1000 })),
        field("free-freezes", "Streak freezes a week", number("game.tiers.free.freezes_per_week", free.freezesPerWeek, { min: 0, max: 7 })))
      : el("div", { class: "fields" },
        field("pro-freezes", "Streak freezes a week", number("game.tiers.pro.freezes_per_week", pro.freezesPerWeek, { min: 0, max: 7 }))));

    const badShots = el("input", { type: "checkbox", checked: settings.badShots });
    badShots.addEventListener("change", () => save("quality.bad_shots", badShots.checked, badShots));
    const strictness = el("input", { type: "range", min: 0.5, max: 2, step: 0.1, value: settings.strictness, disabled: !settings.badShots,
      "aria-valuetext": strictWords(settings.strictness) });
    strictness.addEventListener("change", () => save("quality.strictness", Number(strictness.value), strictness));
    const quality = el("section", { class: "panel", id: "settings-quality" },
      el("h2", {}, "Bad shots"),
      el("div", { class: "field inline" }, badShots, el("label", { for: "bad-shots" }, "Look for blurry, dark, washed-out and accidental photos")),
      field("strictness", "How strict", strictness, strictWords(settings.strictness) + " · a change applies to photos scanned from then on"));
    badShots.id = "bad-shots";

    const library = el("section", { class: "panel", id: "settings-library" },
      el("h2", {}, "What counts as"),
      field("big-video", "A big video, from (MB)", number("scan.big_video_bytes", settings.bigVideoBytes, { min: 1, max: 1000000, scale: 1000000 })),
      field("old-years", "An old photo, after (years)", number("scan.old_photo_years", settings.oldPhotoYears, { min: 1, max: 100 }), "Applies at the next scan."));

    const theme = el("section", { class: "panel", id: "settings-theme" },
      el("h2", {}, "Theme"),
      choice("theme", "Theme", [["system", "As the device", " · light or dark, as the system is set"], ["light", "Light", ""], ["dark", "Dark", ""]],
             settings.theme, (value, radio) => { document.documentElement.dataset.theme = value; save("web.theme", value, radio); }));

    SC.show(el("div", { class: "settings" }, el("h1", {}, "Settings"), status, tier, quality, library, theme));
  }

  function strictWords(value) {
    return value < 0.95 ? "Lenient: only the clearest bad shots" : value > 1.05 ? "Strict: softer photos count too" : "As measured (1.0)";
  }

  draw();
})();
