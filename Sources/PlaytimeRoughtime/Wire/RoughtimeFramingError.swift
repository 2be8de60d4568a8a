/// Why bytes are not a well-formed Roughtime tag map (draft-ietf-ntp-roughtime-19 §4.2).
package enum RoughtimeFramingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Fewer bytes than the header's tag count needs.
    case truncated
    /// A tag count of zero (a message has at least one pair).
    case noTags
    /// The message length is not a multiple of four.
    case misalignedLength
    /// Tags are not strictly ascending as uint32 values (unsorted or repeated).
    case tagsNotAscending
    /// An offset is not a multiple of four.
    case misalignedOffset
    /// An offset is smaller than the one before it.
    case offsetsDescending
    /// An offset points past the end of the values.
    case offsetBeyondEnd

    /// A short phrase.
    package var description: String {
        switch self {
        case .truncated: "truncated header"
        case .noTags: "no tags"
        case .misalignedLength: "length not a multiple of 4"
        case .tagsNotAscending: "tags not strictly ascending"
        case .misalignedOffset: "offset not a multiple of 4"
        case .offsetsDescending: "offsets descending"
        case .offsetBeyondEnd: "offset beyond the end"
        }
    }
}
