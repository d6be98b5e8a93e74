import Foundation

/// The player's tier: a setting, not a purchase.
public enum Tier: String, Codable, Sendable, CaseIterable {
    case free
    case pro
}

/// What one tier allows; a nil limit means no limit.
public struct TierLimits: Codable, Sendable, Equatable {
    /// Streak freezes the weekly refill restores (a cap, not an increment).
    public var freezesPerWeek: Int
    /// Seconds of swiping allowed per calendar day; nil: unlimited.
    public var swipeSecondsPerDay: Int?
    /// Undos allowed per calendar day; nil: unlimited.
    public var undosPerDay: Int?

    public init(freezesPerWeek: Int, swipeSecondsPerDay: Int? = nil, undosPerDay: Int? = nil) {
        self.freezesPerWeek = freezesPerWeek
        self.swipeSecondsPerDay = swipeSecondsPerDay
        self.undosPerDay = undosPerDay
    }
}

/// The limits of each tier.
public struct TierRules: Codable, Sendable, Equatable {
    public var free: TierLimits
    public var pro: TierLimits

    public init(free: TierLimits, pro: TierLimits) {
        self.free = free
        self.pro = pro
    }

    /// The limits that apply to `tier`.
    public func limits(for tier: Tier) -> TierLimits {
        switch tier {
        case .free: free
        case .pro: pro
        }
    }
}
