/// A parsed Roughtime message: a tag map over borrowed bytes (draft-ietf-ntp-roughtime-19 §4).
///
/// Parsing checks the whole header at once — tag count, alignment, strictly ascending tags, ascending
/// offsets within bounds — so a lookup afterwards is a binary search and a slice, never a failure.
package struct RoughtimeMessage: Sendable {
    /// The message bytes (header and values).
    package let bytes: ArraySlice<UInt8>
    /// The tags, strictly ascending.
    package let tags: [RoughtimeTag]
    /// Where each value starts and ends, as absolute indices of `bytes`: `bounds[i]..<bounds[i + 1]`.
    private let bounds: [Int]

    /// The most tags a message may declare; a count above this cannot fit any datagram.
    package static let maximumTagCount = 1 << 14

    /// Parses `bytes` as one message.
    package init(parsing bytes: ArraySlice<UInt8>) throws(RoughtimeFramingError) {
        guard bytes.count >= 4 else { throw .truncated }
        guard bytes.count % 4 == 0 else { throw .misalignedLength }
        let count = Int(LittleEndian.uint32(bytes, at: 0))
        guard count > 0 else { throw .noTags }
        guard count <= Self.maximumTagCount, bytes.count >= 8 * count else { throw .truncated }
        let valuesStart = bytes.startIndex + 8 * count
        let valuesLength = bytes.count - 8 * count
        var bounds: [Int] = [valuesStart]
        bounds.reserveCapacity(count + 1)
        var previous = 0
        for position in 1..<count {
            let offset = Int(LittleEndian.uint32(bytes, at: 4 * position))
            guard offset % 4 == 0 else { throw .misalignedOffset }
            guard offset >= previous else { throw .offsetsDescending }
            guard offset <= valuesLength else { throw .offsetBeyondEnd }
            bounds.append(valuesStart + offset)
            previous = offset
        }
        bounds.append(bytes.endIndex)
        var tags: [RoughtimeTag] = []
        tags.reserveCapacity(count)
        for position in 0..<count {
            let tag = RoughtimeTag(rawValue: LittleEndian.uint32(bytes, at: 4 * (count + position)))
            if let last = tags.last, last >= tag { throw .tagsNotAscending }
            tags.append(tag)
        }
        self.bytes = bytes
        self.tags = tags
        self.bounds = bounds
    }

    /// The value of `tag`, or `nil` when the message has no such tag.
    package subscript(tag: RoughtimeTag) -> ArraySlice<UInt8>? {
        var low = 0
        var high = tags.count
        while low < high {
            let middle = (low + high) / 2
            if tags[middle] < tag { low = middle + 1 } else { high = middle }
        }
        guard low < tags.count, tags[low] == tag else { return nil }
        return bytes[bounds[low]..<bounds[low + 1]]
    }

    /// Encodes pairs as a message, sorting them by tag. Values should be multiples of four bytes.
    /// - Precondition: no tag repeats.
    package static func encode(_ pairs: [(RoughtimeTag, [UInt8])]) -> [UInt8] {
        let sorted = pairs.sorted { $0.0 < $1.0 }
        precondition(zip(sorted, sorted.dropFirst()).allSatisfy { $0.0 < $1.0 }, "a tag repeats")
        var out: [UInt8] = []
        out.reserveCapacity(8 * sorted.count + sorted.reduce(0) { $0 + $1.1.count })
        LittleEndian.append(UInt32(sorted.count), to: &out)
        var offset = 0
        for pair in sorted.dropLast() {
            offset += pair.1.count
            LittleEndian.append(UInt32(offset), to: &out)
        }
        for pair in sorted { LittleEndian.append(pair.0.rawValue, to: &out) }
        for pair in sorted { out += pair.1 }
        return out
    }
}
