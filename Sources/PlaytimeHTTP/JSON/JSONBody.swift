internal import Foundation
package import PlaytimeSystem

/// JSON request and response bodies: typed structs through `JSONDecoder` / `JSONEncoder`,
/// with decoding errors turned into one short sentence a client can act on.
package enum JSONBody {
    /// Decodes a request body as `Value` after ``StrictJSON`` has checked it against `Value.jsonShape`:
    /// duplicate keys and unknown fields are refused at every level; the error names the field.
    package static func decode<Value: JSONRequestBody>(_ type: Value.Type, from bytes: [UInt8]) throws(HTTPError) -> Value {
        try decode(type, from: bytes, shape: Value.jsonShape)
    }

    /// Decodes `bytes` as `Value` after checking them against `shape` (see ``StrictJSON``).
    package static func decode<Value: Decodable>(_ type: Value.Type, from bytes: [UInt8], shape: JSONShape) throws(HTTPError) -> Value {
        guard !bytes.isEmpty else { throw HTTPError(description: "the body is empty; send a JSON object") }
        do {
            try StrictJSON.check(bytes, against: shape)
        } catch {
            throw HTTPError(description: error.description)
        }
        do {
            return try JSONDecoder().decode(type, from: Data(bytes))
        } catch let error as DecodingError {
            if case .dataCorrupted(let context) = error, context.codingPath.isEmpty,
                (try? JSONSerialization.jsonObject(with: Data(bytes))) != nil
            {
                // Some decoders report a fraction or an out-of-range number as corrupt data, with no path.
                throw HTTPError(description: "a field holds a value of the wrong kind (numbers must be whole and fit in 64 bits)")
            }
            throw HTTPError(description: explain(error))
        } catch {
            throw HTTPError(description: "the body is not valid JSON")
        }
    }

    /// `value` as compact JSON with sorted keys (so output is stable).
    package static func encode<Value: Encodable>(_ value: Value) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding plain structs of strings and integers cannot fail; a value that does gives an empty object.
        return (try? Array(encoder.encode(value))) ?? Array("{}".utf8)
    }

    private static func explain(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context, _ last: CodingKey? = nil) -> String {
            let keys = context.codingPath + (last.map { [$0] } ?? [])
            let text = keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
            return text.isEmpty ? "the body" : "field '\(text)'"
        }
        switch error {
        case .keyNotFound(let key, let context):
            return "missing \(path(context, key))"
        case .typeMismatch(let type, let context):
            return "\(path(context)) must be \(describe(type))"
        case .valueNotFound(let type, let context):
            return "\(path(context)) must be \(describe(type)), not null"
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? "the body is not valid JSON" : "\(path(context)) is invalid"
        @unknown default:
            return "the body does not match the expected JSON object"
        }
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: return "a string"
        case is Int64.Type, is Int.Type: return "a whole number"
        case is [String].Type: return "an array of strings"
        default: return "a JSON object"
        }
    }
}

extension HTTPResponse {
    /// A JSON response from an encodable value (compact, keys sorted).
    package static func json<Value: Encodable>(_ status: Int, _ value: Value, contentType: String = "application/json") -> HTTPResponse {
        HTTPResponse(status: status, contentType: contentType, body: JSONBody.encode(value))
    }
}

/// A request body type that declares its allowed shape, so ``JSONBody/decode(_:from:)`` can refuse anything else.
package protocol JSONRequestBody: Decodable {
    /// The keys the body may have, at every nesting level.
    static var jsonShape: JSONShape { get }
}
