extension UInt8 {
    /// An ASCII capital letter made small; any other byte as it is (a path's bytes need not be UTF-8,
    /// so case is folded for ASCII only).
    @inlinable public var asciiLowercased: UInt8 { self >= 0x41 && self <= 0x5A ? self | 0x20 : self }
}
