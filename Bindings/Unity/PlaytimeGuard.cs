// PlaytimeGuard.cs: PlaytimeGuard's offline earnings for Unity (and any Mono or .NET program), over the C interface
// of include/playtime_guard.h. Drop this one file into Assets/Plugins, with the native library beside it
// (docs/unity.md): libplaytime_guard.so (Android, Linux), libPlaytimeGuardC.a linked into the app (iOS). Without
// UnityEngine (a plain Mono or .NET build) everything but the MonoBehaviour compiles and runs.
//
// Threads: every call may be made from any thread. The blocking calls (Launch, Foreground, Settle, StampDeparture)
// wait for network time for up to about 1.5 s: on Unity's main thread use their *Async forms, whose completion
// runs on a thread of the native library (OfflineEarningsBehaviour brings it back to the main thread).
// Errors: every failure is a PlaytimeGuardException with the header's Status and the stable Code string.

using System;
using System.Collections.Generic;
using System.Globalization;
using System.Runtime.InteropServices;
using System.Text;

namespace PlaytimeGuard
{
    /// <summary>What a native call returned (the header's PTG_* constants).</summary>
    public enum Status
    {
        Ok = 0,
        /// <summary>The facade refused or failed: see <see cref="PlaytimeGuardException.Code"/>.</summary>
        Failed = 1,
        NullArgument = 2,
        InvalidUtf8 = 3,
        MalformedJson = 4,
        InvalidArgument = 5,
        ClosedHandle = 6,
        UnknownAnchorRequest = 7,
        Internal = 8,
    }

    /// <summary>A failed call: the status, the stable code ("storage", "recorder", "anchor", "closed-handle", …;
    /// compare it and keep a default, a later version may add codes) and a message for logs.</summary>
    public sealed class PlaytimeGuardException : Exception
    {
        public readonly Status Status;
        public readonly string Code;

        public PlaytimeGuardException(Status status, string code, string message) : base(message)
        {
            Status = status;
            Code = code;
        }

        internal static PlaytimeGuardException From(int status, string json)
        {
            object parsed = null;
            try { parsed = Json.Parse(json); } catch (FormatException) { }
            var body = parsed as Dictionary<string, object>;
            string code = body != null && body.ContainsKey("code") ? body["code"] as string : null;
            string message = body != null && body.ContainsKey("message") ? body["message"] as string : null;
            return new PlaytimeGuardException((Status)status, code ?? "internal", message ?? json ?? "no reply");
        }
    }

    /// <summary>A line for the player (docs/player-messages.md): look <see cref="Key"/> up in the game's table,
    /// fill it from <see cref="Values"/>, and show <see cref="Text"/> (English) for a key the table lacks.</summary>
    public sealed class PlayerMessage
    {
        public string Key;
        public Dictionary<string, string> Values = new Dictionary<string, string>();
        public string Text;
    }

    /// <summary>A multiplier the game asked for that waits for its server's grant, and the gold it adds alone.</summary>
    public sealed class PendingMultiplier
    {
        public string Name;
        public long Gold;
    }

    /// <summary>What one away session pays, already recorded in the journal. Credit <see cref="GoldNow"/>;
    /// <see cref="GoldInEscrow"/> waits for proof (a later Settle pays it); <see cref="GoldPendingGrant"/> waits
    /// for the game's server to grant the multipliers.</summary>
    public sealed class AwayPayout
    {
        public string SessionId;
        public long GoldNow;
        public long GoldInEscrow;
        public long GoldPendingGrant;
        public List<PendingMultiplier> PendingMultipliers = new List<PendingMultiplier>();
        /// <summary>For the player, headline first.</summary>
        public List<PlayerMessage> Messages = new List<PlayerMessage>();
        /// <summary>For support staff.</summary>
        public string Explanation;

        /// <summary>The headline: "You earned 120 gold while away."</summary>
        public PlayerMessage Message { get { return Messages.Count > 0 ? Messages[0] : null; } }

        internal static List<AwayPayout> ListFrom(string json)
        {
            var result = new List<AwayPayout>();
            var body = Json.Parse(json) as Dictionary<string, object>;
            var payouts = body != null && body.ContainsKey("payouts") ? body["payouts"] as List<object> : null;
            if (payouts == null) return result;
            foreach (object item in payouts)
            {
                var fields = item as Dictionary<string, object>;
                if (fields != null) result.Add(From(fields));
            }
            return result;
        }

        static AwayPayout From(Dictionary<string, object> fields)
        {
            var payout = new AwayPayout
            {
                SessionId = Json.Text(fields, "sessionID"),
                GoldNow = Json.Integer(fields, "goldNow"),
                GoldInEscrow = Json.Integer(fields, "goldInEscrow"),
                GoldPendingGrant = Json.Integer(fields, "goldPendingGrant"),
                Explanation = Json.Text(fields, "explanation"),
            };
            foreach (object item in Json.Items(fields, "pendingMultipliers"))
            {
                var pending = item as Dictionary<string, object>;
                if (pending != null) payout.PendingMultipliers.Add(new PendingMultiplier { Name = Json.Text(pending, "name"), Gold = Json.Integer(pending, "gold") });
            }
            foreach (object item in Json.Items(fields, "messages"))
            {
                var message = item as Dictionary<string, object>;
                if (message == null) continue;
                var line = new PlayerMessage { Key = Json.Text(message, "key"), Text = Json.Text(message, "text") };
                var values = message.ContainsKey("values") ? message["values"] as Dictionary<string, object> : null;
                if (values != null)
                {
                    foreach (var pair in values) line.Values[pair.Key] = pair.Value as string;
                }
                payout.Messages.Add(line);
            }
            return payout;
        }
    }

    /// <summary>Offline earnings on one save directory: the native handle. Wire it to the app's lifecycle
    /// (docs/unity.md): Launch at start, Background when the app is paused, Foreground when it resumes, Settle after
    /// either, Dispose at quit. Safe to use from several threads.</summary>
    public sealed class OfflineEarnings : IDisposable
    {
        readonly ulong handle;

        /// <summary>The journal to upload to the game's server (EarningsServer.acceptUpload).</summary>
        public readonly string JournalPath;

        OfflineEarnings(ulong handle, string journalPath)
        {
            this.handle = handle;
            JournalPath = journalPath;
        }

        /// <summary>Opens (creating what is missing) the key and journal in <paramref name="directory"/>;
        /// <paramref name="configurationJson"/> is the header's configuration object ("{}": every default).</summary>
        public static OfflineEarnings Open(string directory, string configurationJson)
        {
            ulong handle;
            IntPtr json;
            int status = Native.ptg_open(Utf8.Encode(directory), Utf8.Encode(configurationJson), out handle, out json);
            string text = Native.Take(json);
            if (status != (int)Status.Ok) throw PlaytimeGuardException.From(status, text);
            var body = Json.Parse(text) as Dictionary<string, object>;
            return new OfflineEarnings(handle, body != null ? Json.Text(body, "journalPath") : null);
        }

        /// <summary>A cold start: the payout of a departure an earlier process left open, else null. Blocks.</summary>
        public AwayPayout Launch(params string[] multipliers)
        {
            IntPtr json;
            return First(Call(Native.ptg_launch(handle, Multipliers(multipliers), out json), json));
        }

        /// <summary>The app leaves the foreground (OnApplicationPause(true)): durable when this returns, no
        /// network.</summary>
        public void Background(long goldPerHour)
        {
            IntPtr json;
            Call(Native.ptg_background(handle, goldPerHour, out json), json);
        }

        /// <summary>Signed time for the open departure, when Roughtime servers are configured. Blocks.</summary>
        public bool StampDeparture()
        {
            IntPtr json;
            return Stamped(Call(Native.ptg_stamp_departure(handle, out json), json));
        }

        /// <summary>A proof of life in the foreground with the current rate. No network.</summary>
        public void Heartbeat(long goldPerHour)
        {
            IntPtr json;
            Call(Native.ptg_heartbeat(handle, goldPerHour, out json), json);
        }

        /// <summary>The player returns (OnApplicationPause(false)): the payout, or null when nothing was open.
        /// Blocks.</summary>
        public AwayPayout Foreground(params string[] multipliers)
        {
            IntPtr json;
            return First(Call(Native.ptg_foreground(handle, Multipliers(multipliers), out json), json));
        }

        /// <summary>What proof added to earlier sessions, one payout per top-up. Blocks.</summary>
        public List<AwayPayout> Settle()
        {
            IntPtr json;
            return AwayPayout.ListFrom(Call(Native.ptg_settle(handle, out json), json));
        }

        /// <summary>The text to send the game's server for an anchor ("pr1.…", docs/anchors.md).</summary>
        public string AnchorRequest()
        {
            IntPtr json;
            var body = Json.Parse(Call(Native.ptg_anchor_request(handle, out json), json)) as Dictionary<string, object>;
            return body != null ? Json.Text(body, "text") : null;
        }

        /// <summary>Records the server's token answering <paramref name="requestText"/>; what it settles.</summary>
        public List<AwayPayout> RecordAnchor(string requestText, string token)
        {
            IntPtr json;
            return AwayPayout.ListFrom(Call(Native.ptg_record_anchor(handle, Utf8.Encode(requestText), Utf8.Encode(token), out json), json));
        }

        /// <summary>Launch on a thread of the library; <paramref name="done"/> gets the payout (or null) or the
        /// error, on that thread.</summary>
        public void LaunchAsync(string[] multipliers, Action<AwayPayout, PlaytimeGuardException> done)
        {
            Start(done == null ? null : (Action<string, PlaytimeGuardException>)((json, error) => done(error == null ? First(json) : null, error)),
                  (callback, data) => Native.ptg_launch_async(handle, Multipliers(multipliers), callback, data));
        }

        /// <summary>Foreground on a thread of the library.</summary>
        public void ForegroundAsync(string[] multipliers, Action<AwayPayout, PlaytimeGuardException> done)
        {
            Start(done == null ? null : (Action<string, PlaytimeGuardException>)((json, error) => done(error == null ? First(json) : null, error)),
                  (callback, data) => Native.ptg_foreground_async(handle, Multipliers(multipliers), callback, data));
        }

        /// <summary>Settle on a thread of the library.</summary>
        public void SettleAsync(Action<List<AwayPayout>, PlaytimeGuardException> done)
        {
            Start(done == null ? null : (Action<string, PlaytimeGuardException>)((json, error) => done(error == null ? AwayPayout.ListFrom(json) : null, error)),
                  (callback, data) => Native.ptg_settle_async(handle, callback, data));
        }

        /// <summary>StampDeparture on a thread of the library.</summary>
        public void StampDepartureAsync(Action<bool, PlaytimeGuardException> done)
        {
            Start(done == null ? null : (Action<string, PlaytimeGuardException>)((json, error) => done(error == null && Stamped(json), error)),
                  (callback, data) => Native.ptg_stamp_departure_async(handle, callback, data));
        }

        /// <summary>RecordAnchor on a thread of the library.</summary>
        public void RecordAnchorAsync(string requestText, string token, Action<List<AwayPayout>, PlaytimeGuardException> done)
        {
            byte[] request = Utf8.Encode(requestText), answer = Utf8.Encode(token);
            Start(done == null ? null : (Action<string, PlaytimeGuardException>)((json, error) => done(error == null ? AwayPayout.ListFrom(json) : null, error)),
                  (callback, data) => Native.ptg_record_anchor_async(handle, request, answer, callback, data));
        }

        /// <summary>Closes the handle once its calls in progress returned; later calls fail with
        /// Status.ClosedHandle. Closing twice does nothing.</summary>
        public void Dispose()
        {
            Native.ptg_close(handle);
        }

        // ---- plumbing ----

        /// <summary>The JSON of a successful call, or the exception of a failed one.</summary>
        static string Call(int status, IntPtr json)
        {
            string text = Native.Take(json);
            if (status != (int)Status.Ok) throw PlaytimeGuardException.From(status, text);
            return text;
        }

        static AwayPayout First(string json)
        {
            List<AwayPayout> payouts = AwayPayout.ListFrom(json);
            return payouts.Count > 0 ? payouts[0] : null;
        }

        static bool Stamped(string json)
        {
            var body = Json.Parse(json) as Dictionary<string, object>;
            return body != null && body.ContainsKey("stamped") && body["stamped"] is bool && (bool)body["stamped"];
        }

        static byte[] Multipliers(string[] names)
        {
            if (names == null || names.Length == 0) return null;
            var text = new StringBuilder("[");
            for (int i = 0; i < names.Length; i++)
            {
                if (i > 0) text.Append(',');
                Json.Quote(text, names[i] ?? "");
            }
            return Utf8.Encode(text.Append(']').ToString());
        }

        delegate int AsyncCall(Native.Callback callback, IntPtr userData);

        /// <summary>Starts an asynchronous form; the completion (if any) gets the JSON or the error, once.</summary>
        static void Start(Action<string, PlaytimeGuardException> completion, AsyncCall call)
        {
            GCHandle pending = GCHandle.Alloc(completion ?? ((json, error) => { }));
            int status = call(Native.Completion, GCHandle.ToIntPtr(pending));
            if (status == (int)Status.Ok) return;
            // Refused before it started (the callback will never come): answer here.
            pending.Free();
            if (completion != null) completion(null, new PlaytimeGuardException((Status)status, "null-argument", "the native library refused the asynchronous call"));
        }
    }

    /// <summary>The C functions (include/playtime_guard.h).</summary>
    static class Native
    {
#if UNITY_IOS && !UNITY_EDITOR
        const string Library = "__Internal";
#else
        const string Library = "playtime_guard";
#endif

        [UnmanagedFunctionPointer(CallingConvention.Cdecl)]
        internal delegate void Callback(IntPtr userData, int status, IntPtr json);

        /// <summary>The one callback every asynchronous form passes: kept in a static field, never collected.</summary>
        internal static readonly Callback Completion = OnCompletion;

        [AOT.MonoPInvokeCallback(typeof(Callback))]
        static void OnCompletion(IntPtr userData, int status, IntPtr json)
        {
            // On a thread of the library: nothing may escape into native code.
            try
            {
                GCHandle pending = GCHandle.FromIntPtr(userData);
                var completion = (Action<string, PlaytimeGuardException>)pending.Target;
                pending.Free();
                string text = Utf8.Decode(json);  // the library's, freed by it after this returns
                completion(status == (int)Status.Ok ? text : null, status == (int)Status.Ok ? null : PlaytimeGuardException.From(status, text));
            }
            catch (Exception error)
            {
                Console.Error.WriteLine("PlaytimeGuard: an asynchronous completion threw: " + error);
            }
        }

        /// <summary>The text of a string the library returned, which is freed here.</summary>
        internal static string Take(IntPtr json)
        {
            if (json == IntPtr.Zero) return null;
            try { return Utf8.Decode(json); } finally { ptg_free(json); }
        }

        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern int ptg_open(byte[] directory, byte[] configurationJson, out ulong handle, out IntPtr json);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern int ptg_close(ulong handle);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern int ptg_free(IntPtr json);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern int ptg_launch(ulong handle, byte[] multipliersJson, out IntPtr json);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern int ptg_launch_async(ulong handle, byte[] multipliersJson, Callback callback, IntPtr userData);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern int ptg_background(ulong handle, long goldPerHour, out IntPtr json);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern int ptg_stamp_departure(ulong handle, out IntPtr json);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern int ptg_stamp_departure_async(ulong handle, Callback callback, IntPtr userData);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern int ptg_heartbeat(ulong handle, long goldPerHour, out IntPtr json);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern int ptg_foreground(ulong handle, byte[] multipliersJson, out IntPtr json);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern int ptg_foreground_async(ulong handle, byte[] multipliersJson, Callback callback, IntPtr userData);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern int ptg_settle(ulong handle, out IntPtr json);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern int ptg_settle_async(ulong handle, Callback callback, IntPtr userData);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern int ptg_anchor_request(ulong handle, out IntPtr json);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern int ptg_record_anchor(ulong handle, byte[] requestText, byte[] token, out IntPtr json);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)]
        internal static extern int ptg_record_anchor_async(ulong handle, byte[] requestText, byte[] token, Callback callback, IntPtr userData);
    }

    /// <summary>Strings across the boundary as NUL-terminated UTF-8 bytes, the same on every runtime (no reliance on
    /// the marshaller's default string encoding).</summary>
    static class Utf8
    {
        internal static byte[] Encode(string text)
        {
            if (text == null) return null;
            int count = Encoding.UTF8.GetByteCount(text);
            var bytes = new byte[count + 1];
            Encoding.UTF8.GetBytes(text, 0, text.Length, bytes, 0);
            return bytes;
        }

        internal static string Decode(IntPtr text)
        {
            if (text == IntPtr.Zero) return null;
            int length = 0;
            while (Marshal.ReadByte(text, length) != 0) length++;
            var bytes = new byte[length];
            Marshal.Copy(text, bytes, 0, length);
            return Encoding.UTF8.GetString(bytes);
        }
    }

    /// <summary>The JSON the library writes, read into Dictionary&lt;string, object&gt;, List&lt;object&gt;,
    /// string, long (integers), double, bool and null: no dependency on any JSON package.</summary>
    static class Json
    {
        internal static object Parse(string text)
        {
            if (text == null) throw new FormatException("no JSON");
            int at = 0;
            object value = Value(text, ref at, 0);
            Skip(text, ref at);
            if (at != text.Length) throw new FormatException("JSON followed by more text at " + at);
            return value;
        }

        internal static string Text(Dictionary<string, object> fields, string key)
        {
            object value;
            return fields.TryGetValue(key, out value) ? value as string : null;
        }

        internal static long Integer(Dictionary<string, object> fields, string key)
        {
            object value;
            return fields.TryGetValue(key, out value) && value is long ? (long)value : 0;
        }

        internal static List<object> Items(Dictionary<string, object> fields, string key)
        {
            object value;
            return fields.TryGetValue(key, out value) && value is List<object> ? (List<object>)value : new List<object>();
        }

        internal static void Quote(StringBuilder output, string text)
        {
            output.Append('"');
            foreach (char c in text)
            {
                if (c == '"' || c == '\\') output.Append('\\').Append(c);
                else if (c < 0x20) output.Append("\\u").Append(((int)c).ToString("x4", CultureInfo.InvariantCulture));
                else output.Append(c);
            }
            output.Append('"');
        }

        static void Skip(string text, ref int at)
        {
            while (at < text.Length && (text[at] == ' ' || text[at] == '\t' || text[at] == '\n' || text[at] == '\r')) at++;
        }

        static object Value(string text, ref int at, int depth)
        {
            if (depth > 64) throw new FormatException("JSON nested too deeply");
            Skip(text, ref at);
            if (at >= text.Length) throw new FormatException("JSON ended early");
            char c = text[at];
            if (c == '{')
            {
                var fields = new Dictionary<string, object>();
                at++;
                Skip(text, ref at);
                if (at < text.Length && text[at] == '}') { at++; return fields; }
                while (true)
                {
                    Skip(text, ref at);
                    string key = Quoted(text, ref at);
                    Skip(text, ref at);
                    Expect(text, ref at, ':');
                    fields[key] = Value(text, ref at, depth + 1);
                    Skip(text, ref at);
                    if (at < text.Length && text[at] == ',') { at++; continue; }
                    Expect(text, ref at, '}');
                    return fields;
                }
            }
            if (c == '[')
            {
                var items = new List<object>();
                at++;
                Skip(text, ref at);
                if (at < text.Length && text[at] == ']') { at++; return items; }
                while (true)
                {
                    items.Add(Value(text, ref at, depth + 1));
                    Skip(text, ref at);
                    if (at < text.Length && text[at] == ',') { at++; continue; }
                    Expect(text, ref at, ']');
                    return items;
                }
            }
            if (c == '"') return Quoted(text, ref at);
            if (Word(text, ref at, "true")) return true;
            if (Word(text, ref at, "false")) return false;
            if (Word(text, ref at, "null")) return null;
            int start = at;
            while (at < text.Length && "+-0123456789.eE".IndexOf(text[at]) >= 0) at++;
            string number = text.Substring(start, at - start);
            long integer;
            if (long.TryParse(number, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out integer)) return integer;
            double real;
            if (double.TryParse(number, NumberStyles.Float, CultureInfo.InvariantCulture, out real)) return real;
            throw new FormatException("not a JSON value at " + start);
        }

        static bool Word(string text, ref int at, string word)
        {
            if (string.CompareOrdinal(text, at, word, 0, word.Length) != 0) return false;
            at += word.Length;
            return true;
        }

        static void Expect(string text, ref int at, char c)
        {
            if (at >= text.Length || text[at] != c) throw new FormatException("expected '" + c + "' at " + at);
            at++;
        }

        static string Quoted(string text, ref int at)
        {
            Expect(text, ref at, '"');
            var output = new StringBuilder();
            while (true)
            {
                if (at >= text.Length) throw new FormatException("unterminated JSON string");
                char c = text[at++];
                if (c == '"') return output.ToString();
                if (c != '\\') { output.Append(c); continue; }
                if (at >= text.Length) throw new FormatException("unterminated escape");
                char e = text[at++];
                switch (e)
                {
                    case '"': case '\\': case '/': output.Append(e); break;
                    case 'b': output.Append('\b'); break;
                    case 'f': output.Append('\f'); break;
                    case 'n': output.Append('\n'); break;
                    case 'r': output.Append('\r'); break;
                    case 't': output.Append('\t'); break;
                    case 'u':
                        if (at + 4 > text.Length) throw new FormatException("short \\u escape");
                        output.Append((char)int.Parse(text.Substring(at, 4), NumberStyles.HexNumber, CultureInfo.InvariantCulture));
                        at += 4;
                        break;
                    default: throw new FormatException("bad escape \\" + e);
                }
            }
        }
    }

#if UNITY_5_3_OR_NEWER
    /// <summary>The lifecycle glue: add it to a GameObject of the first scene. It opens the save directory under
    /// Application.persistentDataPath, pays a cold start, records a departure when the app is paused (or quits),
    /// pays the return when it resumes, settles after both, and raises <see cref="Paid"/> on the main thread.
    /// Set <see cref="GoldPerHour"/> to the rate the player earns now, before each pause.</summary>
    public sealed class OfflineEarningsBehaviour : UnityEngine.MonoBehaviour
    {
        [UnityEngine.Tooltip("Folder under Application.persistentDataPath holding the key and the journal.")]
        public string saveFolder = "playtime-guard";
        [UnityEngine.TextArea(3, 12)]
        [UnityEngine.Tooltip("The configuration JSON of include/playtime_guard.h: policy, ntpServers, roughtimeServers, enrollment.")]
        public string configurationJson = "{}";
        [UnityEngine.Tooltip("Desktop builds (which are never paused): losing the focus counts as leaving.")]
        public bool focusLossIsAway = false;

        /// <summary>The rate recorded at each departure.</summary>
        public long GoldPerHour = 600;
        /// <summary>Multipliers asked for at each return (an ad the player watched: its server grants it).</summary>
        public string[] ReturnMultipliers = new string[0];

        /// <summary>A payout (a return, a cold start, a settlement's top-up), on the main thread.</summary>
        public event Action<AwayPayout> Paid;
        /// <summary>A failure of an asynchronous call, on the main thread.</summary>
        public event Action<PlaytimeGuardException> Failed;

        /// <summary>The handle, for calls of the game's own (anchors, heartbeats); null until Awake.</summary>
        public OfflineEarnings Earnings { get; private set; }

        readonly Queue<Action> mainThread = new Queue<Action>();

        void Awake()
        {
            DontDestroyOnLoad(gameObject);
            try
            {
                Earnings = OfflineEarnings.Open(System.IO.Path.Combine(UnityEngine.Application.persistentDataPath, saveFolder), configurationJson);
            }
            catch (PlaytimeGuardException error)
            {
                UnityEngine.Debug.LogError("PlaytimeGuard: cannot open the save directory: " + error.Code + ": " + error.Message);
                return;
            }
            Earnings.LaunchAsync(ReturnMultipliers, OnPayout);
            Earnings.SettleAsync(OnPayouts);
        }

        void Update()
        {
            while (true)
            {
                Action next;
                lock (mainThread)
                {
                    if (mainThread.Count == 0) return;
                    next = mainThread.Dequeue();
                }
                next();
            }
        }

        void OnApplicationPause(bool paused)
        {
            if (paused) Leave(true); else Return();
        }

        void OnApplicationFocus(bool focused)
        {
            if (!focusLossIsAway) return;
            if (focused) Return(); else Leave(true);
        }

        void OnApplicationQuit()
        {
            Leave(false);  // quitting: no time left for signed time; the next launch pays the departure
            Close();
        }

        void OnDestroy()
        {
            Close();
        }

        void Leave(bool stamp)
        {
            if (Earnings == null) return;
            try
            {
                Earnings.Background(GoldPerHour);  // durable when it returns; no network
            }
            catch (PlaytimeGuardException error)
            {
                Post(() => Fail(error));
                return;
            }
            if (stamp) Earnings.StampDepartureAsync(null);  // signed time, while the platform lets the app run
        }

        void Return()
        {
            if (Earnings == null) return;
            Earnings.ForegroundAsync(ReturnMultipliers, OnPayout);
            Earnings.SettleAsync(OnPayouts);
        }

        void Close()
        {
            if (Earnings == null) return;
            Earnings.Dispose();
            Earnings = null;
        }

        void OnPayout(AwayPayout payout, PlaytimeGuardException error)
        {
            if (error != null) Post(() => Fail(error));
            else if (payout != null) Post(() => { if (Paid != null) Paid(payout); });
        }

        void OnPayouts(List<AwayPayout> payouts, PlaytimeGuardException error)
        {
            if (error != null) { Post(() => Fail(error)); return; }
            foreach (AwayPayout payout in payouts)
            {
                AwayPayout paid = payout;
                Post(() => { if (Paid != null) Paid(paid); });
            }
        }

        void Fail(PlaytimeGuardException error)
        {
            if (Failed != null) Failed(error);
            else UnityEngine.Debug.LogWarning("PlaytimeGuard: " + error.Code + ": " + error.Message);
        }

        void Post(Action action)
        {
            lock (mainThread) mainThread.Enqueue(action);
        }
    }
#endif
}

#if !UNITY_5_3_OR_NEWER
namespace AOT
{
    /// <summary>Unity's IL2CPP and Mono's ahead-of-time compilers need native callbacks marked with this attribute
    /// (Unity ships it); defined here for builds without Unity.</summary>
    [AttributeUsage(AttributeTargets.Method)]
    sealed class MonoPInvokeCallbackAttribute : Attribute
    {
        public MonoPInvokeCallbackAttribute(Type type) { }
    }
}
#endif
