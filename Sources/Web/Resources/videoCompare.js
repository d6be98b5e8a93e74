import { SC } from "./common.js";
import { videoPlayer } from "./videoPlayer.js";

// Two copies of a video side by side in the comparison (groupCard.js): each plays in its pane with its
// length, frame size, bitrate and file size under it, and one set of controls (videoPlayer.js) plays, pauses
// and scrubs both together. A trimmed copy starts seconds into the whole video (`startsAt`, from the scan's
// alignment of their frames): it is kept at the same moment of the scene, waiting at its first or last frame
// while the other plays outside it. A copy this browser cannot decode (HEVC without a decoder) shows its poster frame.

const clock = seconds => {
  const s = Math.max(0, Math.round(seconds));
  return Math.floor(s / 60) + ":" + String(s % 60).padStart(2, "0");
};

// "0:10 · 1920×1080 · 8.4 Mbit/s · 10.5 MB": what tells two copies of a video apart.
export function videoFacts(m) {
  return [m.duration != null ? clock(m.duration) : null, m.width && m.height ? SC.upright(m).join("×") : null,
    m.bitrate ? (m.bitrate / 1e6).toFixed(1) + " Mbit/s" : null, SC.bytes(m.size)].filter(Boolean).join(" · ");
}

// A pane for member `m`: its video (muted, as the page's cards) filling the pane, and its facts.
export function videoPane(m) {
  const { el } = SC;
  const video = el("video", { src: SC.media(m.media), muted: true, playsinline: true, preload: "auto",
    poster: m.poster ? SC.media(m.poster) : null, "data-item": m.item });
  video.muted = true;
  // Where the copy is (cut from the left, as the strip), then its facts, then what sets it apart ("the whole video",
  // "trimmed (3.6 s shorter)").
  const pane = el("div", { class: "pane video-pane", "data-item": m.item }, video,
    el("div", { class: "pane-label" },
      el("b", { title: m.folder + "/" + m.name }, (m.suggested ? "★ suggested · " : ""), el("bdi", {}, SC.place(m.folder, m.name, window.matchMedia("(max-width: 600px)").matches ? 36 : 60))),
      el("span", { class: "pane-facts" }, videoFacts(m)), m.why.length ? el("span", { class: "why" }, m.why.join(" · ")) : null));
  video.addEventListener("error", () => {
    const still = m.poster ? el("img", { class: "poster", src: SC.media(m.poster), alt: m.name, draggable: "false" }) : null;
    const note = el("div", { class: "poster-note" }, "▶ This browser cannot play this copy" + (still ? ": a frame from it" : ""));
    video.replaceWith(...[still, note].filter(Boolean));
    pane.classList.add("unplayable");
  });
  return pane;
}

// Plays the videos of `panes` (the suggested member's first) together; returns the controls and `stop()`.
// `members[i].startsAt` is the suggested video's time at member i's first frame.
export function playTogether(panes, members) {
  const videos = panes.map(pane => pane.querySelector("video"));
  const starts = members.map(m => m.startsAt || 0);
  const leader = videos[0];
  const bar = videoPlayer(leader, { label: "both copies" });
  bar.id = "compare-controls";
  bar.classList.add("together");
  // Where follower i should be when the leader is at `t`, and whether its copy shows that moment at all.
  const place = (i, t) => {
    const video = videos[i];
    const at = t - starts[i];
    const end = Number.isFinite(video.duration) ? video.duration : at;
    return { at: Math.min(Math.max(0, at), Math.max(0, end - 0.05)), inside: at >= 0 && at <= end };
  };
  const follow = (seek) => {
    for (let i = 1; i < videos.length; i++) {
      const video = videos[i];
      if (!video || !video.isConnected) continue;
      const { at, inside } = place(i, leader.currentTime);
      if (seek || Math.abs(video.currentTime - at) > 0.25) video.currentTime = at;
      const playing = !leader.paused && !leader.ended && inside;
      if (playing && video.paused) video.play().catch(() => {});
      if (!playing && !video.paused) video.pause();
    }
  };
  leader.addEventListener("play", () => follow(false));
  leader.addEventListener("pause", () => follow(true));
  leader.addEventListener("seeking", () => follow(true));
  leader.addEventListener("timeupdate", () => follow(false));
  leader.addEventListener("ended", () => follow(true));
  // The suggested copy cannot play here: the other is driven alone.
  leader.addEventListener("error", () => {
    const other = videos.slice(1).find(v => v && v.isConnected);
    if (other) bar.replaceWith(Object.assign(videoPlayer(other, { label: "the copy" }), { id: "compare-controls" }));
  });
  const stop = () => { for (const video of videos) if (video && video.isConnected) video.pause(); };
  return { bar, stop, videos };
}
