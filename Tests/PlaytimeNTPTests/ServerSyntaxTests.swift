import PlaytimeNTP
import Testing

@Suite("Server names are checked before any resolver call")
struct ServerSyntaxTests {
    // Every one of these reached the resolver before hosts were checked (ServerNameTests has the older refusals).
    @Test(
        "Malformed hosts and ports are refused when parsed",
        arguments: [
            ":::", "::::", "1:::2", "1::2::3", "[:::]", "[:::]:123", "[1::2::3]:123", "1:2:3:4:5:6:7:8:9", "12345::1",
            "fe80::1%", "[fe80::1%]:123", "::1.2.3", "::256.1.1.1", "[host.example]:123", "host:+12", "127.0.0.1:+9",
            "999.1.1.1", "1.2.3", "1.2.3.4.5", "01.2.3.4", "a..b", ".host", "-host", "host-", "host..", "ho\tst", "hôst",
            "host\u{0}", String(repeating: "a", count: 64) + ".com", String(repeating: "abc.", count: 64) + "com",
        ])
    func refused(text: String) {
        #expect(NTPServer(parsing: text) == nil, "\(text.debugDescription) was accepted")
    }

    // A guard for the checks above (these were accepted before as well): valid forms still parse.
    @Test(
        "The forms people write are accepted",
        arguments: [
            ("::", "::", UInt16(123)), ("::ffff:192.0.2.1", "::ffff:192.0.2.1", 123), ("[fe80::1%eth0]:4123", "fe80::1%eth0", 4123),
            ("1:2:3:4:5:6:7:8", "1:2:3:4:5:6:7:8", 123), ("2001:db8::1", "2001:db8::1", 123), ("time.example.com.", "time.example.com.", 123),
            ("0.pool.ntp.org:123", "0.pool.ntp.org", 123), ("192.0.2.1:65535", "192.0.2.1", 65535), ("ntp_1.lan", "ntp_1.lan", 123),
        ])
    func accepted(text: String, host: String, port: UInt16) throws {
        let server = try #require(NTPServer(parsing: text))
        #expect(server.host == host)
        #expect(server.port == port)
    }
}
