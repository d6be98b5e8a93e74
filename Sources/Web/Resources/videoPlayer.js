import { SC } from "./common.js";

// A video's own controls, for a card (and for any page that shows two players side by side): play and
// pause, a scrub bar, the sound on a tap (it starts muted, as browsers require for a video that plays by
// itself), the time and the duration. `videoPlayer(video, { label })` returns the controls' element; its
// `toggle()` plays or pauses (the play page's space key), `sync()` draws the state again.
export function videoPlayer(video, { label = "video" } = {}) {
  const { el } = SC;
  const clock = seconds => {
    if (!Number.isFinite(seconds)) return "–:––";
    const s = Math.max(0, Math.floor(seconds));
    return Math.floor(s / 60) + ":" + String(s % 60).padStart(2, "0");
  };
  const play = el("button", { class: "vc-play", type: "button", "aria-label": "Play " + label });
  const sound = el("button", { class: "vc-sound", type: "button", "aria-pressed": "false" });
  const scrub = el("input", { class: "vc-scrub", type: "range", min: 0, max: 1000, step: 1, value: 0, "aria-label": "Position in " + label });
  const time = el("span", { class: "vc-time", "aria-live": "off" }, "0:00 / –:––");
  const bar = el("div", { class: "video-controls", role: "group", "aria-label": "Video controls" }, play, scrub, time, sound);
  let seeking = false;
  const sync = () => {
    const playing = !video.paused && !video.ended;
    play.textContent = playing ? "❚❚" : "▶";
    play.setAttribute("aria-label", (playing ? "Pause " : "Play ") + label);
    sound.textContent = video.muted ? "♪ Sound off" : "♪ Sound on";
    sound.setAttribute("aria-pressed", String(!video.muted));
    sound.setAttribute("aria-label", video.muted ? "Turn the sound on" : "Turn the sound off");
    time.textContent = clock(video.currentTime) + " / " + clock(video.duration);
    bar.dataset.duration = Number.isFinite(video.duration) ? video.duration.toFixed(2) : "";
    if (!seeking && video.duration > 0) scrub.value = String(Math.round(1000 * video.currentTime / video.duration));
  };
  const toggle = () => { if (video.paused || video.ended) video.play().catch(() => {}); else video.pause(); };
  play.addEventListener("click", event => { event.stopPropagation(); toggle(); });
  sound.addEventListener("click", event => { event.stopPropagation(); video.muted = !video.muted; sync(); });
  scrub.addEventListener("input", () => {
    seeking = true;
    if (video.duration > 0) video.currentTime = video.duration * Number(scrub.value) / 1000;
    time.textContent = clock(video.currentTime) + " / " + clock(video.duration);
  });
  scrub.addEventListener("change", () => { seeking = false; sync(); });
  // A press on the controls is not a drag of the card they sit on.
  bar.addEventListener("pointerdown", event => event.stopPropagation());
  for (const event of ["play", "pause", "timeupdate", "durationchange", "loadedmetadata", "volumechange", "ended"]) video.addEventListener(event, sync);
  sync();
  bar.toggle = toggle;
  bar.sync = sync;
  return bar;
}
