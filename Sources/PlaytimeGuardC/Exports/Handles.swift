internal import PlaytimeGuard

// Opening and closing handles, and freeing the library's strings (include/playtime_guard.h, docs/c.md).
// Every exported function catches every failure: nothing here throws into C or traps (a trap would kill the game).

/// `ptg_open`: opens `OfflineEarnings` on `directory` with the JSON configuration; the handle's id goes to
/// `*out_handle` (0 on failure) and `{"journalPath": …}` or the error to `*out_json`.
@_cdecl("ptg_open")
public func ptgOpen(
    _ directory: UnsafePointer<CChar>?, _ configurationJSON: UnsafePointer<CChar>?,
    _ outHandle: UnsafeMutablePointer<UInt64>?, _ outJSON: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
) -> Int32 {
    CReply.answer(outJSON) { () throws(CFailure) -> CReply in
        guard let outHandle else { throw .nullArgument("out_handle") }
        outHandle.pointee = 0
        let path = try CTextArgument.read(directory, "directory", limit: CTextArgument.pathLimit)
        guard !path.isEmpty else { throw .invalidArgument("directory is empty") }
        let text = try CTextArgument.read(configurationJSON, "configuration_json", limit: CTextArgument.configurationLimit)
        let opened = try HandleTable.shared.open(directory: path, configuration: try CConfiguration.parse(text))
        outHandle.pointee = opened.id
        return .success(FacadeCalls.Opened(journalPath: opened.journalPath))
    }
}

/// `ptg_close`: closes `handle` once the calls in progress on it have returned; `PTG_CLOSED_HANDLE` when it is not
/// open.
@_cdecl("ptg_close")
public func ptgClose(_ handle: UInt64) -> Int32 {
    HandleTable.shared.close(handle) ? CStatus.ok.rawValue : CStatus.closedHandle.rawValue
}

/// `ptg_free`: frees a string this library returned (NULL: nothing); `PTG_INVALID_ARGUMENT`, freeing nothing, for a
/// pointer it did not return or already freed.
@_cdecl("ptg_free")
public func ptgFree(_ text: UnsafeMutablePointer<CChar>?) -> Int32 {
    guard let text else { return CStatus.ok.rawValue }
    return ResultStrings.shared.release(text) ? CStatus.ok.rawValue : CStatus.invalidArgument.rawValue
}
