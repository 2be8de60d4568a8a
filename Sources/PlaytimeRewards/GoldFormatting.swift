/// Small integer-only formatting helpers shared by the renderers.
enum GoldFormatting {
    /// `12345` → `"12 345"` (thin grouping keeps columns readable, no locale).
    static func gold(_ value: Int64) -> String {
        let digits = String(value.magnitude)
        var grouped = ""
        for (offset, character) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { grouped.append(" ") }
            grouped.append(character)
        }
        return (value < 0 ? "-" : "") + grouped
    }

    /// `9000` → `"2h 30m"`, `45` → `"45s"`, `3600` → `"1h"`.
    static func duration(_ seconds: Int64) -> String {
        guard seconds > 0 else { return "0s" }
        let hours = seconds / 3600
        let minutes = (seconds % 3600) / 60
        let rest = seconds % 60
        var parts: [String] = []
        if hours > 0 { parts.append("\(hours)h") }
        if minutes > 0 { parts.append("\(minutes)m") }
        if rest > 0 { parts.append("\(rest)s") }
        return parts.joined(separator: " ")
    }

    /// A percent factor as a multiplier: `200` → `"×2"`, `150` → `"×1.5"`, `125` → `"×1.25"`.
    static func factor(_ percent: Int64) -> String {
        let whole = percent / 100
        let fraction = percent % 100
        if fraction == 0 { return "×\(whole)" }
        let padded = fraction < 10 ? "0\(fraction)" : "\(fraction)"
        let trimmed = padded.hasSuffix("0") ? String(padded.dropLast()) : padded
        return "×\(whole).\(trimmed)"
    }

    /// Hours for axis labels: `7200` → `"2h"`, `5400` → `"1.5h"`, `900` → `"0.25h"`.
    static func hours(_ seconds: Int64) -> String {
        let hundredths = seconds / 36
        let whole = hundredths / 100
        let fraction = hundredths % 100
        if fraction == 0 { return "\(whole)h" }
        let padded = fraction < 10 ? "0\(fraction)" : "\(fraction)"
        let trimmed = padded.hasSuffix("0") ? String(padded.dropLast()) : padded
        return "\(whole).\(trimmed)h"
    }
}
