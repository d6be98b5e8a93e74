import App
import Deck
import Foundation
import Game
import Library
import Play

/// The home screen (`clean` with no arguments): level badge and XP bar, streak with its 7-day calendar,
/// freezes and when they renew, the evening nudge, today's and this week's challenges, the bosses in
/// reach, and one concrete suggestion of what to do next. Laid out for 80 columns; reads, never writes.
enum Home {
    /// The screen; colour follows stdout and `NO_COLOR` unless a style is given.
    static func render(context: AppContext, style: Style? = nil) throws -> String {
        let style = style ?? .forStdout(environment: context.environment)
        let view = try PlayerView(context: context)
        let today = Day(context.now, in: context.calendar)
        var lines: [String] = []
        lines += header(view, context: context, style: style)
        if let event = XPEvents.active(on: today, events: view.rules.events) {
            lines.append(style.bold(style.yellow("\(event.title): XP ×\(event.multiplier.formatted()) until \(DayText.short(event.lastDay(from: today)))")))
        }
        lines.append("")
        lines += streak(view, today: today, context: context, style: style)
        lines.append("")
        lines += challenges(view, today: today, context: context, style: style)
        lines.append(achievements(view, context: context, style: style))
        lines.append("")
        let board = try BossBoard(context: context, player: view, weeklyCountLimit: BossBoard.homeWeeklyCountLimit)
        lines += bosses(board, context: context, style: style)
        lines.append("")
        lines += try trash(context.existingLibrary()?.filesInTrash() ?? [], context: context, style: style)
        lines.append(style.bold("Next: ") + HomeSuggestion.words(board))
        return lines.map(trimmedRight).joined(separator: "\n")
    }

    // MARK: - Sections

    /// The level badge, the date, and the XP bar toward the next level.
    static func header(_ view: PlayerView, context: AppContext, style: Style) -> [String] {
        let level = view.level
        let badge = style.bold(style.cyan("Level \(level.number)")) + " · " + style.bold(level.title)
        let date = DayText.dateTime(context.now, calendar: context.calendar)
        let xp: String
        if let next = level.nextLevelXP {
            let title = view.rules.levels.sorted { $0.xpRequired < $1.xpRequired }.first { $0.xpRequired == next }?.title
            xp = "\(grouped(view.profile.totalXP)) XP · \(grouped(level.xpToNextLevel)) to go to level \(level.number + 1)"
                + (title.map { " " + $0 } ?? "")
        } else {
            xp = "\(grouped(view.profile.totalXP)) XP · top level"
        }
        let barWidth = 24
        return [
            padRight(badge, Style.columns - date.count) + style.dim(date),
            style.bar(level.progress, width: barWidth) + " " + padLeft("\(Int((level.progress * 100).rounded(.down)))%", 4)
                + "  " + truncated(xp, Style.columns - (barWidth + 2) - 7),
        ]
    }

    /// Current and longest streak, the last seven days, freezes, rest day and vacation, and the nudge.
    static func streak(_ view: PlayerView, today: Day, context: AppContext, style: Style) -> [String] {
        let p = view.profile
        let standing = p.standingStreak(on: today)
        var headline = style.bold("Streak") + " \(days(standing))"
        if standing == 0 && p.currentStreak > 0 { headline += " (your \(p.currentStreak)-day streak ended)" }
        headline += " · longest \(days(p.longestStreak))"
        let renew = today.startOfWeek(in: context.calendar).adding(days: 7)
        let cap = view.rules.tiers.limits(for: view.tier).freezesPerWeek
        let freezes = "Freezes left \(p.freezesRemaining) · back to \(cap) on \(DayText.short(renew))"

        var lines = [headline + "   " + style.dim(freezes)]
        lines.append("  " + view.calendar.map { padRight(DayText.weekdays[$0.date.weekday - 1], 5) }.joined()
                     + "  " + style.dim("■ played  ❄ frozen  · missed"))
        lines.append("  " + view.calendar.map { padRight(" " + cell($0.state, style: style), 5) }.joined()
                     + "  " + style.dim("r rest    v vacation  □ today"))
        var settings: [String] = []
        if let rest = p.restWeekday, (1...7).contains(rest) { settings.append("rest day \(DayText.weekdayNames[rest - 1])") }
        if let vacation = p.vacation, vacation.end >= today {
            settings.append(vacation.start > today ? "vacation from \(DayText.short(vacation.start)) \(VacationText.until(vacation))"
                            : vacation.end == today ? "last vacation day today"
                            : "on vacation \(VacationText.until(vacation))")
        }
        if !settings.isEmpty { lines.append("  " + style.dim(settings.joined(separator: " · ").capitalizedFirst)) }
        if let nudge = Nudge.evening(p, now: context.now, calendar: context.calendar, rules: view.rules) {
            lines.append(style.bold(style.yellow(nudge.message)))
        }
        return lines
    }

    /// Today's and this week's challenges with their progress.
    static func challenges(_ view: PlayerView, today: Day, context: AppContext, style: Style) -> [String] {
        let list = Challenges.list(for: view.profile, on: today, calendar: context.calendar, rules: view.rules)
        guard !list.isEmpty else { return [style.bold("Challenges") + "  none configured"] }
        return [style.bold("Challenges")] + list.map { challenge in
            let mark = challenge.completed ? style.green("✓ ") : "  "
            let period = challenge.period == .daily ? "today" : "week"
            let fraction = challenge.target > 0 ? Double(challenge.progress) / Double(challenge.target) : 1
            let amount = challenge.metric == .bytesFreed
                ? ByteCount.pair(Int64(challenge.progress), of: Int64(challenge.target))
                : "\(grouped(challenge.progress))/\(grouped(challenge.target))"
            // 2 + 7 + 36 + 12 + 14 + 9 = 80 columns; bytes as "0.3/100.0 MB" (one unit, the target's).
            return mark + padRight(period, 7) + padRight(truncated(challenge.title, 35), 36) + style.bar(fraction, width: 10)
                + padLeft(truncated(amount, 13), 14) + padLeft("+\(challenge.xpReward) XP", 9)
        }
    }

    /// How many achievements are unlocked, the latest one, and the command that lists them all.
    static func achievements(_ view: PlayerView, context: AppContext, style: Style) -> String {
        let rules = view.rules.achievements
        let unlocked = view.profile.achievementsUnlocked.filter { id, _ in rules.contains { $0.id == id } }
        var line = style.bold("Achievements") + " \(unlocked.count) of \(rules.count)"
        if let latest = unlocked.max(by: { ($0.value, $1.key) < ($1.value, $0.key) }),
           let title = rules.first(where: { $0.id == latest.key })?.title {
            line += " · latest " + style.bold(title) + " (\(DayText.short(Day(latest.value, in: context.calendar))))"
        }
        return line + style.dim(" · clean achievements")
    }

    /// The bosses not yet defeated with their progress and the cards each could deal now, this week's boss with its
    /// story; the defeated ones in a line.
    static func bosses(_ board: BossBoard, context: AppContext, style: Style) -> [String] {
        var lines = [style.bold("Bosses") + (board.hasLibrary ? style.dim("  (cards each can deal now · difficulty; fight one: clean boss NAME)") : "")]
        for boss in board.bosses where !boss.defeated || boss.weekly != nil {
            let cards = boss.defeated ? style.green("✓")
                : board.hasLibrary ? "\(grouped(boss.cards))\(boss.cardsCounted ? "" : "+") · \(boss.difficulty.rawValue)" : ""
            lines.append("  " + padRight(truncated(boss.title, 20), 21) + style.bar(boss.fraction, width: 8)
                         + padLeft("\(grouped(boss.progress))/\(grouped(boss.target))", 9) + padLeft("+\(boss.xpReward) XP", 9)
                         + padLeft(cards, 15) + "  " + style.dim(boss.name))
            if let weekly = boss.weekly {
                let next = DayText.short(Day(weekly.endsAt, in: context.calendar))
                lines.append("    " + style.dim(truncated("This week's boss, a new one \(next): \(weekly.story)", Style.columns - 4)))
            }
        }
        let defeated = board.configured.filter(\.defeated).map(\.title)
        if !defeated.isEmpty { lines.append("  " + style.green("✓ defeated: ") + defeated.joined(separator: ", ")) }
        if !board.hasLibrary { lines.append("  " + style.dim("Scan a folder to see how many cards each boss can deal.")) }
        return lines
    }

    /// What the trash holds (recoverable until emptied) and when it will be emptied: by
    /// `trash.auto_empty_days` on a date, or only by `clean trash empty`. Nothing when it is empty.
    static func trash(_ files: [TrashedRecord], context: AppContext, style: Style) -> [String] {
        guard !files.isEmpty else { return [] }
        let holds = style.bold("Trash") + "  \(plural(files.count, "file")), \(humanBytes(files.reduce(0) { $0 + $1.size })), recoverable · "
        let days = context.configuration.trash.autoEmptyDays
        guard days > 0, let oldest = files.map(\.deletedAt).min(),
              let due = context.calendar.date(byAdding: .day, value: days, to: oldest) else {
            return [holds + "kept until `clean trash empty`", ""]
        }
        let day = Day(max(due, context.now), in: context.calendar)
        return [holds + "the oldest goes for good \(DayText.short(day))", ""]
    }

    // MARK: - Helpers

    static func days(_ count: Int) -> String { "\(count) day\(count == 1 ? "" : "s")" }

    /// One day of the calendar as a symbol, coloured by state.
    static func cell(_ state: CalendarDayState, style: Style) -> String {
        let symbol = ProfileOutput.symbol(state)
        switch state {
        case .completed: return style.green(symbol)
        case .frozen: return style.cyan(symbol)
        case .missed: return style.dim(symbol)
        case .rest, .vacation: return style.magenta(symbol)
        case .today: return style.bold(style.yellow(symbol))
        }
    }
}

/// Days and dates as the screens write them, in English whatever the locale, so output is stable.
enum DayText {
    static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    static let weekdayNames = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// "Mon 9 Mar".
    static func short(_ day: Day) -> String {
        "\(weekdays[day.weekday - 1]) \(day.day) \(months[day.month - 1])"
    }

    /// "Mon 2 Mar 2026, 19:30" in the calendar's time zone.
    static func dateTime(_ date: Date, calendar: Calendar) -> String {
        let day = Day(date, in: calendar)
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        let minute = parts.minute ?? 0
        return "\(short(day)) \(day.year), \(parts.hour ?? 0):\(minute < 10 ? "0" : "")\(minute)"
    }
}

extension String {
    /// The string with its first character upper-cased.
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
