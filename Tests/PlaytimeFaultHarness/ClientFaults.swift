import Foundation
@_spi(Testing) import PlaytimeGuard
import PlaytimeJournal
import PlaytimeSystem

/// The client's fault cases on the tiny disk: a full disk at each file the game creates and at each record of its
/// life, and a read-only directory. Each case plays the whole life in a directory of its own and reports one JSON
/// line: what failed, with which error, and every check that did not hold.
struct ClientFaults {
    let disk: TinyDisk
    /// A directory on an ordinary file system for the dry runs that measure the records.
    let scratch: String

    /// One case's outcome.
    struct Outcome: Encodable {
        var target: String
        var failed = false
        var code: String?
        var error: String?
        var problems: [String] = []
        var paid: Int64 = 0
        var expected: Int64 = 0
    }

    func run() async throws -> [Outcome] {
        // The life without faults: what every case must end up paying.
        let reference = ClientLife(directory: scratch + "/reference")
        for step in ClientLife.steps {
            reference.advance(before: step)
            try await reference.run(step)
        }
        var outcomes: [Outcome] = []
        for pages in 0...3 {
            outcomes.append(try await fileCase(freePages: pages, before: .firstLaunch, expected: reference))
        }
        outcomes.append(try await fileCase(freePages: 0, before: .rebootLaunch, expected: reference))
        for (index, step) in ClientLife.steps.enumerated() where step != .firstLaunch && step != .rebootLaunch {
            let lengths = try await dryRun(upTo: index)
            for record in lengths.indices {
                outcomes.append(try await recordCase(step: index, record: record, lengths: lengths, expected: reference))
            }
        }
        outcomes.append(try await readOnlyCase(expected: reference))
        return outcomes
    }

    /// The lengths of the lines step `index` writes after a pad record (which shifts the sequence numbers as the
    /// case's own pad does).
    private func dryRun(upTo index: Int) async throws -> [Int] {
        let life = ClientLife(directory: scratch + "/dry-\(index)")
        for step in ClientLife.steps[..<index] {
            life.advance(before: step)
            try await life.run(step)
        }
        try life.pad(length: 200)
        let before = life.journalBytes().count
        let step = ClientLife.steps[index]
        life.advance(before: step)
        try await life.run(step)
        return life.lineLengths(from: before)
    }

    /// A full disk (`freePages` left) before `step`: the files that step creates.
    private func fileCase(freePages: Int, before step: ClientLife.Step, expected: ClientLife) async throws -> Outcome {
        let life = ClientLife(directory: disk.root + "/files-\(step.rawValue)-\(freePages)")
        var outcome = Outcome(target: "\(step.rawValue) with \(freePages) free page(s)", expected: expected.paid)
        let index = ClientLife.steps.firstIndex(of: step) ?? 0
        try FileManager.default.createDirectory(atPath: life.directory, withIntermediateDirectories: true)
        for earlier in ClientLife.steps[..<index] {
            life.advance(before: earlier)
            try await life.run(earlier)
        }
        let journalBefore = life.journalBytes()
        life.advance(before: step)
        try disk.fill(leavingPages: freePages)
        do {
            try await life.run(step)
        } catch {
            outcome.failed = true
            outcome.code = error.code.rawValue
            outcome.error = error.description
            check(&outcome, life: life, journalWas: journalBefore, acknowledged: nil)
            disk.free()
            try await life.recover(step)
        }
        disk.free()
        try await finish(life, after: index, into: &outcome)
        return outcome
    }

    /// A full disk at record `record` of step `index`: the journal is padded so that this record is the first to
    /// need a new page.
    private func recordCase(step index: Int, record: Int, lengths: [Int], expected: ClientLife) async throws -> Outcome {
        let step = ClientLife.steps[index]
        let life = ClientLife(directory: disk.root + "/record-\(step.rawValue)-\(record)")
        var outcome = Outcome(target: "\(step.rawValue) record \(record + 1) of \(lengths.count)", expected: expected.paid)
        for earlier in ClientLife.steps[..<index] {
            life.advance(before: earlier)
            try await life.run(earlier)
        }
        let page = TinyDisk.pageSize
        let before = life.journalBytes().count + lengths[..<record].reduce(0, +)
        var pad = (page - before % page) % page
        while pad < 200 { pad += page }
        try life.pad(length: pad)
        let journalBefore = life.journalBytes()
        life.advance(before: step)
        try disk.fill(leavingPages: 0)
        do {
            try await life.run(step)
            outcome.problems.append("the step did not fail on a full disk")
        } catch {
            outcome.failed = true
            outcome.code = error.code.rawValue
            outcome.error = error.description
            check(&outcome, life: life, journalWas: journalBefore, acknowledged: lengths[..<record].reduce(0, +))
            disk.free()
            try await life.recover(step)
        }
        disk.free()
        try await finish(life, after: index, into: &outcome)
        return outcome
    }

    /// A read-only file system before the return: clear errors, then everything once it is writable again.
    private func readOnlyCase(expected: ClientLife) async throws -> Outcome {
        let life = ClientLife(directory: disk.root + "/read-only")
        var outcome = Outcome(target: "read-only directory at the return", expected: expected.paid)
        let index = ClientLife.steps.firstIndex(of: .foreground) ?? 0
        for earlier in ClientLife.steps[..<index] {
            life.advance(before: earlier)
            try await life.run(earlier)
        }
        let journalBefore = life.journalBytes()
        life.advance(before: .foreground)
        try disk.remount(readOnly: true)
        do {
            try await life.run(.foreground)
            outcome.problems.append("the return was recorded on a read-only file system")
        } catch {
            outcome.failed = true
            outcome.code = error.code.rawValue
            outcome.error = error.description
        }
        // A first start in a new directory there fails as clearly.
        do {
            _ = try ClientLife(directory: disk.root + "/read-only-new").open()
            outcome.problems.append("a new game directory was created on a read-only file system")
        } catch {
            if error.code != .storage { outcome.problems.append("a new directory on a read-only file system: code \(error.code.rawValue)") }
        }
        try disk.remount(readOnly: false)
        check(&outcome, life: life, journalWas: journalBefore, acknowledged: 0)
        try await life.recover(.foreground)
        try await finish(life, after: index, into: &outcome)
        return outcome
    }

    /// Right after a failure: the journal is what it was plus the records acknowledged before the failure (`nil`: a file
    /// case, where a journal just created may hold its header), intact (no torn line), and no temporary file is left;
    /// the error says what happened in words.
    private func check(_ outcome: inout Outcome, life: ClientLife, journalWas before: [UInt8], acknowledged: Int?) {
        let now = life.journalBytes()
        if let acknowledged, now.count != before.count + acknowledged {
            outcome.problems.append("the journal is \(now.count) bytes, expected \(before.count + acknowledged)")
        }
        if !now.starts(with: before) { outcome.problems.append("the journal's earlier bytes changed") }
        if !now.isEmpty, now.last != 0x0a { outcome.problems.append("the journal ends inside a line") }
        if let key = try? KeyFile.load(path: life.directory + "/player.key") {
            if let failure = JournalReader.verify(bytes: now, key: key).failure, !now.isEmpty {
                outcome.problems.append("the journal does not verify: \(failure)")
            }
        } else if FileManager.default.fileExists(atPath: life.directory + "/player.key") {
            outcome.problems.append("a key file was left that is not a key")
        }
        let left = temporaryFiles(in: life.directory)
        if !left.isEmpty { outcome.problems.append("temporary files left: \(left)") }
        let words = outcome.error ?? ""
        if !(words.contains("no space left on device") || words.contains("read-only file system")) {
            outcome.problems.append("the error does not say why in words: \(words)")
        }
    }

    /// Plays the rest of the life and compares what it paid with the life without faults.
    private func finish(_ life: ClientLife, after index: Int, into outcome: inout Outcome) async throws {
        for step in ClientLife.steps[(index + 1)...] {
            life.advance(before: step)
            try await life.run(step)
        }
        outcome.paid = life.paid
        if life.paid != outcome.expected { outcome.problems.append("paid \(life.paid) gold over the life, the life without faults \(outcome.expected)") }
        if life.payouts.values.contains(where: { $0 > 2 }) { outcome.problems.append("a session was paid more than twice: \(life.payouts)") }
        let key = try KeyFile.load(path: life.directory + "/player.key")
        if let failure = JournalReader.verify(bytes: life.journalBytes(), key: key).failure {
            outcome.problems.append("the final journal does not verify: \(failure)")
        }
    }
}
