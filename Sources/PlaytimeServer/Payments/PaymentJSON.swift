import Foundation

/// The JSON of payment records and the answers kept for retries: compact, keys sorted (the same value is always the
/// same text), decoded strictly by type.
enum PaymentJSON {
    /// `value` as JSON bytes.
    static func encode<Value: Encodable>(_ value: Value) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? Array(encoder.encode(value))) ?? Array("{}".utf8)
    }

    /// `value` as JSON text.
    static func text<Value: Encodable>(_ value: Value) -> String { String(decoding: encode(value), as: UTF8.self) }

    /// The value in `bytes`, or `nil` when they are not one.
    static func decode<Value: Decodable>(_ type: Value.Type, from bytes: [UInt8]) -> Value? {
        try? JSONDecoder().decode(type, from: Data(bytes))
    }

    /// The value in `text`, or `nil`.
    static func decode<Value: Decodable>(_ type: Value.Type, from text: String) -> Value? {
        decode(type, from: Array(text.utf8))
    }
}
