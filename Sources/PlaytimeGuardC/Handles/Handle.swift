import Foundation
internal import PlaytimeGuard

/// One open `OfflineEarnings` behind a C handle, and the calls in progress on it.
///
/// Calls on one handle may run at once: the facade is made for it (a `background` while a `foreground` waits for
/// the network is written at once, a return is paid once, one settlement at a time; docs/facades.md), and a
/// game's pause callback must not wait 1.5 s behind a return's network time (docs/c.md, "Handles, memory,
/// threads"). What the C layer serializes is its own state: the calls in progress, the anchor requests made, and
/// closing, which waits for the calls in progress and then lets the facade go (its journal lock with it), so that
/// the directory can be opened again at once.
final class Handle: @unchecked Sendable {
    // @unchecked: every stored `var` below is read and written only while `condition` is locked.
    /// The id C holds.
    let id: UInt64
    private let condition = NSCondition()
    private var earnings: OfflineEarnings?
    private var closing = false
    private var callsInProgress = 0
    private var requests: [AnchorRequest] = []

    /// How many anchor requests a handle remembers for ``anchorRequest(text:)`` (a game records the answer to its
    /// latest; a few more cover answers that cross).
    static let requestsKept = 16

    init(id: UInt64, earnings: OfflineEarnings) {
        self.id = id
        self.earnings = earnings
    }

    /// Runs `body` with the facade, counted as a call in progress; ``CStatus/closedHandle`` once closing began.
    func perform<Result>(_ body: (OfflineEarnings) throws(CFailure) -> Result) throws(CFailure) -> Result {
        guard begin() else { throw .closedHandle(id) }
        defer { end() }
        return try withFacade(body)
    }

    /// Counts a call in progress that ``performBegun(_:)`` runs later (an asynchronous form, counted from when it
    /// is made until its callback returned, so that closing waits for both); false once closing began.
    func begin() -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard !closing else { return false }
        callsInProgress += 1
        return true
    }

    /// Runs `body` for a call ``begin()`` counted (the caller calls ``end()`` once its callback returned).
    func performBegun<Result>(_ body: (OfflineEarnings) throws(CFailure) -> Result) throws(CFailure) -> Result {
        try withFacade(body)
    }

    /// Remembers `request` for ``anchorRequest(text:)``.
    func remember(_ request: AnchorRequest) {
        condition.lock()
        defer { condition.unlock() }
        requests.removeAll { $0.text == request.text }
        requests.append(request)
        if requests.count > Self.requestsKept { requests.removeFirst(requests.count - Self.requestsKept) }
    }

    /// The latest request made with this text.
    func anchorRequest(text: String) -> AnchorRequest? {
        condition.lock()
        defer { condition.unlock() }
        return requests.last { $0.text == text }
    }

    /// Refuses new calls, waits for those in progress (and the callbacks of asynchronous ones; not the callback
    /// this is called from, if any), and lets the facade go; returns once nothing holds it (its journal's lock is
    /// released), or after `patience` nanoseconds if something still does.
    func close(patienceNanoseconds: Int64 = 5_000_000_000) {
        let ownCallback = CCallback.runningCallbackHandle == id ? 1 : 0
        condition.lock()
        closing = true
        while callsInProgress > ownCallback { condition.wait() }
        weak let released = earnings
        earnings = nil
        condition.unlock()
        // The calls' own frames have returned; an asynchronous bridge may still be letting its task go.
        var waited: Int64 = 0
        while released != nil, waited < patienceNanoseconds {
            Thread.sleep(forTimeInterval: 0.001)
            waited += 1_000_000
        }
    }

    /// `body` with the facade; the reference lives in this frame only, gone when it returns.
    private func withFacade<Result>(_ body: (OfflineEarnings) throws(CFailure) -> Result) throws(CFailure) -> Result {
        condition.lock()
        let facade = earnings
        condition.unlock()
        // A counted call keeps `earnings` set (closing waits for the count), so this never fails.
        guard let facade else { throw .closedHandle(id) }
        return try body(facade)
    }

    /// Ends a call ``begin()`` counted.
    func end() {
        condition.lock()
        callsInProgress -= 1
        if callsInProgress == 0 { condition.broadcast() }
        condition.unlock()
    }
}
