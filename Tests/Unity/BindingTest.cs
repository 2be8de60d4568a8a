// The C# binding (Bindings/Unity/PlaytimeGuard.cs) tested with Mono against the Linux library (docs/unity.md):
// compiled with `mcs Bindings/Unity/PlaytimeGuard.cs Tests/Unity/BindingTest.cs`, run by scripts/c-interface.sh.
//
//   mono binding-test.exe DIR POLICY NTP_SERVERS_JSON
//
// Plays the C program's scripted case through the binding (Tests/CInterface/c_interface_test.c, "lifecycle") and
// prints the same "payouts:" line, which the script compares with the C program's; then the binding's errors.
// Exit status 0 when every check held.

using System;
using System.Collections.Generic;
using System.IO;
using System.Threading;
using PlaytimeGuard;

static class BindingTest
{
    static int failures;

    static void Check(bool condition, string what)
    {
        if (condition) return;
        failures++;
        Console.Error.WriteLine("FAILED: " + what);
    }

    static void ExpectError(Action call, Status status, string code, string what)
    {
        try
        {
            call();
            Check(false, what + ": no exception");
        }
        catch (PlaytimeGuardException error)
        {
            Check(error.Status == status && error.Code == code && !string.IsNullOrEmpty(error.Message),
                  what + ": " + error.Status + " " + error.Code + " " + error.Message);
        }
    }

    static string Describe(AwayPayout payout)
    {
        return payout.GoldNow + " now, " + payout.GoldPendingGrant + " pending, " + payout.GoldInEscrow + " held, headline " + payout.Message.Key;
    }

    /// <summary>Waits for an asynchronous form's completion (on a thread of the library) and returns its result.</summary>
    static T Await<T>(Action<Action<T, PlaytimeGuardException>> start, string what)
    {
        var done = new ManualResetEvent(false);
        T result = default(T);
        PlaytimeGuardException failure = null;
        int calls = 0;
        int caller = Thread.CurrentThread.ManagedThreadId, callbackThread = caller;
        start((value, error) =>
        {
            result = value;
            failure = error;
            callbackThread = Thread.CurrentThread.ManagedThreadId;
            Interlocked.Increment(ref calls);
            done.Set();
        });
        Check(done.WaitOne(10000), what + ": no completion within 10 s");
        Thread.Sleep(50);
        Check(calls == 1, what + ": completed " + calls + " times");
        Check(callbackThread != caller, what + ": completed on the caller's thread");
        if (failure != null) throw failure;
        return result;
    }

    static int Main(string[] arguments)
    {
        if (arguments.Length < 3)
        {
            Console.Error.WriteLine("usage: mono binding-test.exe DIR POLICY NTP_SERVERS_JSON");
            return 2;
        }
        string directory = arguments[0];
        string configuration = "{\"policy\":" + File.ReadAllText(arguments[1]).Trim() + ",\"ntpServers\":" + arguments[2] + "}";

        // The scripted case, as the C program plays it.
        var earnings = OfflineEarnings.Open(directory, configuration);
        Check(earnings.JournalPath == Path.Combine(directory, "journal.jsonl"), "the journal path: " + earnings.JournalPath);
        Check(earnings.Launch() == null, "a first launch pays nothing");
        Check(earnings.Settle().Count == 0, "a first settle pays nothing");
        string request = earnings.AnchorRequest();
        Check(request != null && request.StartsWith("pr1."), "an anchor request: " + request);
        earnings.Background(36000);
        Check(!earnings.StampDeparture(), "no Roughtime server: no stamp");
        Thread.Sleep(2500);
        AwayPayout back = earnings.Foreground("ad");
        Check(back != null, "the return pays");
        if (back == null) return 1;
        Check(back.PendingMultipliers.Count == 1 && back.PendingMultipliers[0].Name == "ad" && back.PendingMultipliers[0].Gold == 20,
              "the ad is pending with 20 gold");
        Check(back.Message.Text == "You earned 20 gold while away." && back.Message.Values["gold"] == "20", "the headline: " + back.Message.Text);
        Check(!string.IsNullOrEmpty(back.SessionId) && !string.IsNullOrEmpty(back.Explanation), "the session and the explanation");
        Check(earnings.Foreground("ad") == null, "a repeated foreground pays nothing");
        Check(earnings.Settle().Count == 0, "a settle after a proven return pays nothing");
        earnings.Heartbeat(36000);
        earnings.Background(36000);
        earnings.Dispose();
        Thread.Sleep(2500);
        earnings = OfflineEarnings.Open(directory, configuration);
        AwayPayout cold = Await<AwayPayout>(done => earnings.LaunchAsync(null, done), "LaunchAsync");
        Check(cold != null, "the cold start pays");
        if (cold == null) return 1;
        Check(Await<List<AwayPayout>>(done => earnings.SettleAsync(done), "SettleAsync").Count == 0, "nothing to settle");

        // Errors through the binding.
        ExpectError(() => earnings.RecordAnchor("pr1.never-made", "pa1.x"), Status.UnknownAnchorRequest, "unknown-anchor-request", "an unknown request");
        string made = earnings.AnchorRequest();
        ExpectError(() => earnings.RecordAnchor(made, "pa1.not-a-token"), Status.Failed, "anchor", "a malformed token");
        ExpectError(() => earnings.Background(-1), Status.Failed, "recorder", "a negative rate");
        ExpectError(() => OfflineEarnings.Open(directory, configuration), Status.Failed, "recorder", "a second open of one directory");
        Check(Await<AwayPayout>(done => earnings.ForegroundAsync(new[] { "ad" }, done), "ForegroundAsync") == null, "nothing open: no payout");
        earnings.Dispose();
        earnings.Dispose();
        ExpectError(() => earnings.Settle(), Status.ClosedHandle, "closed-handle", "a closed handle");
        ExpectError(() => Await<List<AwayPayout>>(done => earnings.SettleAsync(done), "SettleAsync on a closed handle"), Status.ClosedHandle,
                    "closed-handle", "SettleAsync on a closed handle");
        ExpectError(() => OfflineEarnings.Open(directory, "{\"ntpServers\":[\"a\",]}"), Status.MalformedJson, "malformed-json", "a trailing comma");
        ExpectError(() => OfflineEarnings.Open(directory, "{\"polcy\":{}}"), Status.InvalidArgument, "invalid-argument", "an unknown key");
        ExpectError(() => OfflineEarnings.Open(directory, null), Status.NullArgument, "null-argument", "no configuration");

        Console.WriteLine("payouts: foreground " + Describe(back) + "; launch " + Describe(cold));
        Console.WriteLine("paid in all: " + (back.GoldNow + cold.GoldNow));
        return failures == 0 ? 0 : 1;
    }
}
