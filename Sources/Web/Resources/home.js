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

  const bosses = el("section", { class: "bosses" }, home.bosses.map(b => el("div", { class: "boss" + (b.defeated ? " defeated" : "") },
    el("div", { class: "name" }, b.title),
    el("div", { class: "muted" }, b.defeated ? "Defeated ✓" : grouped(b.progress) + " / " + grouped(b.target) + " · +" + b.xpReward + " XP"),
    bar(b.target > 0 ? b.progress / b.target : 1, "gold"),
    el("div", { class: "muted" }, b.available > 0 ? b.available + " card" + (b.available === 1 ? "" : "s") + " ready · " + bytes(b.bytes) : "no cards right now"),
    el("button", { class: "ghost", disabled: b.available === 0, "data-boss": b.name,
      onclick: () => { location.href = "/play?boss=" + encodeURIComponent(b.name); } }, "Fight"))));

  // The suggestion names a command for the terminal ("`clean boss old`"): here, a link that does it.
  function suggestion(text) {
    const boss = text.match(/^(.*)`clean boss ([\w-]+)`(.*)$/);
    if (boss) {
      const title = (home.bosses.find(b => b.name === boss[2]) || {}).title || boss[2];
      return [boss[1], el("a", { href: "/play?boss=" + encodeURIComponent(boss[2]) }, "fight " + title), boss[3]];
    }
    const round = text.match(/^(.*)`clean round`(.*)$/);
    if (round) return [round[1], el("a", { href: "/play" }, "play a round"), round[2]];
    return [text.replace(/`/g, "")];
  }

  const [phones, pending, folders] = await Promise.all([phonePanel(), pendingPanel(), scanPanel()]);

  SC.show(el("div", { class: "home" },
    el("h1", { class: "sr" }, "SwipeClean: home"),
    hero,
    home.nudge ? el("div", { class: "nudge" }, "◷ " + home.nudge) : null,
    pending, phones,
    streak, challenges,
    el("h2", { class: "suggestion" }, "Bosses"),
    bosses,
    el("p", { class: "suggestion", id: "next" }, "Next: ", ...suggestion(home.suggestion)),
    folders));
})();
