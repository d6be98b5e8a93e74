import { SC } from "./common.js";
import { phonePanel } from "./phonePanel.js";
import { pendingPanel } from "./pendingPanel.js";
import { scanPanel } from "./scanPanel.js";

(async () => {
  const { el, bar, bytes, grouped } = SC;
  let home;
  try { home = await SC.api("/home"); } catch (error) { return SC.fail(error); }
  const p = home.profile;
  const toNext = home.nextLevelTitle
    ? grouped(p.xpToNextLevel) + " XP to level " + (p.level + 1) + " · " + home.nextLevelTitle
    : "top level reached";
  const hero = el("section", { class: "panel hero" },
    el("div", { class: "badge", title: "Level " + p.level }, String(p.level)),
    el("div", { class: "who" },
      el("div", { class: "title" }, p.levelTitle),
      el("div", { class: "xp muted" }, el("b", { id: "total-xp" }, grouped(p.totalXP) + " XP"), " · " + toNext),
      bar(p.levelProgress)),
    el("button", { class: "primary play-now", id: "play", onclick: () => { location.href = "/play"; } }, "▶ Play a round"));

  const labels = { completed: "✓", frozen: "❄", missed: "·", rest: "r", vacation: "v", today: "○" };
  const weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
  const calendar = el("div", { class: "calendar" }, p.calendar.map(day => {
    const weekday = weekdays[new Date(day.date + "T12:00:00Z").getUTCDay()];
    return el("div", { class: "day " + day.state, title: day.date + ": " + day.state },
      weekday, el("div", { class: "cell" }, labels[day.state] || "·"));
  }));
  const streak = el("section", { class: "panel streak" },
    el("h2", {}, "Streak"),
    el("div", {}, el("span", { class: "flame", "aria-hidden": "true" }), el("span", { class: "count" }, String(p.currentStreak)), " day" + (p.currentStreak === 1 ? "" : "s"),
      el("span", { class: "muted" }, " · longest " + p.longestStreak)),
    calendar,
    el("div", { class: "muted" }, "❄ " + p.streakFreezesRemaining + " freeze" + (p.streakFreezesRemaining === 1 ? "" : "s") +
      " left · back to " + home.freezesPerWeek + " on " + SC.date(home.freezesRenewOn)));

  const challenges = el("section", { class: "panel" }, el("h2", {}, "Challenges"),
    home.challenges.length === 0 ? el("p", { class: "muted" }, "None configured.") :
    el("div", { class: "list" }, home.challenges.map(c => {
      const amount = c.metric === "bytesFreed" ? bytes(c.progress) + " / " + bytes(c.target) : grouped(c.progress) + " / " + grouped(c.target);
      return el("div", { class: "row" },
        el("div", {}, c.completed ? el("span", { class: "done" }, "✓ ") : null, c.title),
        el("div", { class: "muted" }, amount + " · +" + c.xpReward + " XP"),
        bar(c.target > 0 ? c.progress / c.target : 1, c.completed ? "green" : "gold"));
    })));

  // The configured bosses, then this week's (its story under its title, its cards counted up to a limit: "10,000+").
  const ready = b => {
    if (b.available === 0) return "no cards right now";
    const cards = grouped(b.available) + (b.availableCounted ? "" : "+") + " card" + (b.available === 1 ? "" : "s") + " ready";
    return b.bytes === null ? cards : cards + " · " + bytes(b.bytes);
  };
  const bosses = el("section", { class: "bosses" }, home.bosses.map(b => el("div", { class: "boss" + (b.defeated ? " defeated" : "") + (b.weekly ? " weekly" : "") },
    el("div", { class: "name" }, b.title),
    b.weekly ? el("div", { class: "story muted" }, "This week's boss (a new one on " + SC.date(b.endsAt.slice(0, 10)) + "): " + b.story) : null,
    el("div", { class: "muted" }, b.defeated ? "Defeated ✓" : grouped(b.progress) + " / " + grouped(b.target) + " · +" + b.xpReward + " XP"),
    bar(b.target > 0 ? b.progress / b.target : 1, "gold"),
    el("div", { class: "muted" }, ready(b) + (b.available > 0 && !b.defeated ? " · " + b.difficulty : "")),
    el("button", { class: "ghost", disabled: b.available === 0, "data-boss": b.name,
      onclick: () => { location.href = "/play?boss=" + encodeURIComponent(b.name); } }, "Fight"))));

  // What to play next, from the home's data: a link that fights the boss.
  function suggestion() {
    if (home.next) {
      return [home.next.what + ", " + bytes(home.next.bytes) + ": ",
        el("a", { href: "/play?boss=" + encodeURIComponent(home.next.boss) }, "fight " + home.next.title)];
    }
    return [home.hasLibrary ? "nothing to clean in the index right now: scan another folder below." : "scan a folder below to start."];
  }
  const [phones, pending, folders] = await Promise.all([phonePanel(), pendingPanel(), scanPanel()]);

  // An empty library (no folder scanned yet): the one step first, alone (the pairing panel beside it, on the
  // computer, for a phone that will play).
  if (folders && folders.dataset.first) {
    return SC.show(el("div", { class: "home first" }, el("h1", { class: "sr" }, "SwipeClean: welcome"), folders, phones));
  }

  SC.show(el("div", { class: "home" },
    el("h1", { class: "sr" }, "SwipeClean: home"),
    hero,
    home.nudge ? el("div", { class: "nudge" }, "◷ " + home.nudge) : null,
    pending, phones,
    streak, challenges,
    el("h2", { class: "suggestion" }, "Bosses"),
    bosses,
    el("p", { class: "suggestion", id: "next" }, "Next: ", ...suggestion()),
    folders));
})();
