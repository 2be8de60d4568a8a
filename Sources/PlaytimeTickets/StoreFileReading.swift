internal import PlaytimeSystem

/// Whole-file reads for the stores' one-time upgrades (files are small next to memory when upgraded).
enum StoreFileReading {
    /// Every byte of the file at `path`.
    static func contents(of path: String) throws(TicketStoreError) -> [UInt8] {
        let file = try system { () throws(SystemError) in try OpenFile(path: path, options: []) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = try RecordFileStore<ReplayIndex>.readFully(file, into: &chunk)
            bytes += chunk[0..<count]
            if count < chunk.count { break }
        }
        return bytes
    }
}
