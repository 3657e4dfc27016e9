/// The help texts: the overview of every subcommand, and each subcommand's own.
enum Usage {
    /// `imsdk help`: the subcommands in a line or two each, and the global options.
    static let text = """
        USAGE: imsdk <subcommand> [options]

        Command-line companion of the ImSDK package.

        SUBCOMMANDS:
          demo          A scripted V2 session against the embedded server (or, with
                        --interactive, a full-screen conversation list).
          conformance   Every cross-API scenario through both APIs: do they agree?
          bench         Measure the engine against two baselines (or, with --flood,
                        a device's calls during a flood).
          ingest        Receive messages into a database, acknowledging each batch.
          check         The model-based check of both APIs.
          converge      How fast a device that missed changes converges.
          seed          Register users, create groups, send texts on the embedded
                        server an app with disk storage and no transport talks to.
          inbox         Log in as a user the way such an app does and print its list.
          serve         Run the reference server on a TCP port (PROTOCOL.md), for
                        apps and devices in other processes.
          netbench      Measure the networked server over loopback: messages/s to
                        three devices, push latency, memory per 1,000 users.
          usersig       Print a UserSig signed with an app's secret key (or read one).
          admin         Call the administrative API of a running server (users,
                        groups, texts, kicks, its conversations) from a shell.
          device        Log in as a device of a running server and take commands
                        on standard input (a scriptable device for tests).
          help          Show this help, or a subcommand's: imsdk help <subcommand>.

        OPTIONS:
          -h, --help    Show this help (after a subcommand: that subcommand's).
          --version     Print the version.

        Exit status: 0 on success, 1 when a command fails, 64 for a bad command line.
        """

    /// `imsdk help <subcommand>` and `imsdk <subcommand> --help`.
    static func text(for subcommand: Subcommand) -> String {
        let (summary, options): (String, String) = switch subcommand {
        case .demo: (demoSummary, demoOptions)
        case .conformance: (conformanceSummary, "")
        case .bench: (benchSummary, benchOptions)
        case .ingest: (ingestSummary, ingestOptions)
        case .check: (checkSummary, checkOptions)
        case .converge: (convergeSummary, convergeOptions)
        case .seed: (seedSummary, seedOptions)
        case .inbox: (inboxSummary, inboxOptions)
        case .serve: (serveSummary, serveOptions)
        case .netbench: (netbenchSummary, netbenchOptions)
        case .usersig: (usersigSummary, usersigOptions)
        case .admin: (adminSummary, adminOptions)
        case .device: (deviceSummary, deviceOptions)
        }
        var text = "USAGE: imsdk \(subcommand.rawValue)\(options.isEmpty ? "" : " [options]")\n\n\(summary)\n\nOPTIONS:\n"
        if !options.isEmpty { text += options + "\n" }
        text += "  -h, --help          Show this help."
        return text
    }

    private static let netbenchSummary = """
        Measure the networked reference server over loopback: imsdk serve runs in
        a process of its own over a seeded data directory; connections of
        IMSocketTransport in this process are a peer and three devices of one
        user (messages per second delivered to all three, push latency p50/p99
        at a steady rate), then many users at once (the server's resident memory
        per 1,000 connected users). Use a release build.
        """

    private static let netbenchOptions = """
          --messages N        Messages the peer sends as fast as it can (20000).
          --window N          Requests the peer keeps in flight (64).
          --latency-messages N
                              Messages sent at a steady rate for the latency (2000).
          --rate N            That rate, messages per second (500).
          --users N           Users connected for the memory figure (2000).
          --smoke             A short run (500 messages, 100 users).
        """

    private static let serveSummary = """
        Run the reference server on a TCP port, speaking the wire protocol of
        PROTOCOL.md: point an app at it with IMSocketTransport. Prints
        "listening on HOST:PORT" once it listens; stops on SIGINT or SIGTERM.
        Logs one line per connection event to standard error.
        """

    private static let serveOptions = """
          --host HOST         The address to listen on (default 127.0.0.1). Anything
                              but the loopback address needs a secret key.
          --port PORT         The port (default 7878; 0: any free one).
          --data DIR          Keep the server's state in DIR/imserver.sqlite: a
                              restart keeps the data and the epoch, so devices
                              resume incrementally. Without it: in memory.
          --secret-key KEY    The app's secret key (also $IMSDK_SECRET_KEY): logins
                              need a UserSig it signed (imsdk usersig), and
                              administrators prove they hold it.
          --sdkappid N        The app's SDKAppID UserSigs name (1400000001).
          --secret-key-file F Read the secret key from file F.
          --devices-per-platform N
                              Logins of one user that stay online per platform
                              (default 1, as the vendor's cloud).
          --idle-timeout S    Seconds without a frame before a connection closes
                              (default 120; clients ping every 20).
          --max-connections N Connections open at once (default 20000).
          --quiet             Do not log connection events.
        """

    private static let adminSummary = """
        One call of the administrative API of a running server (imsdk serve, or
        a server of your own that speaks PROTOCOL.md), through IMAdminClient:
          imsdk admin user ID [--nickname NAME] [--face-url URL]
          imsdk admin remark TEXT --owner USER --friend USER   ("" clears it)
          imsdk admin group ID --members A,B,... [--name NAME] [--type TYPE]
          imsdk admin text TEXT --from USER (--to USER | --group GROUP
                           [--at A,B,...] [--at-all])
          imsdk admin kick USER [--platform NAME]
          imsdk admin expire USER
          imsdk admin conversations USER
          imsdk admin version USER
          imsdk admin epoch
          imsdk admin revoke SEQ --from USER (--to USER | --group GROUP)
          imsdk admin read USER --peer USER [--up-to SEQ]
        conversations prints one line per conversation:
          <id> unread <n> read <read seq>/<last seq>[ pinned] last "<text>"
        A call the server refuses prints its code and message and exits 1.
        """

    private static let adminOptions = """
          --server HOST:PORT  The server (default 127.0.0.1:7878).
          --secret-key KEY    The app's secret key (also $IMSDK_SECRET_KEY); a
                              server on the loopback address without one needs none.
          --secret-key-file F Read the secret key from file F.
        """

    private static let deviceSummary = """
        Log in as USER through the V2 API over IMSocketTransport to a running
        server, print "ready USER PLATFORM", then run one command per line of
        standard input; each prints its lines, then "ok" or "error CODE TEXT":
          send CONV TEXT        send a text ("sent CONV seq N")
          read CONV | read-all  mark read
          pin CONV | unpin CONV
          list                  "<id> unread <n>[ pinned] last "<text>"" each
          total                 "total N"
          history CONV [N]      "message SEQ SENDER "TEXT"", newest first
          wait-for heard CONV TEXT | total N | unread CONV N | connected
          quit                  log out and end ("bye"; so does the input's end)
        CONV is a V2 conversation ID: c2c_USER or group_GROUP. Events come as
        they happen: "event connecting", "event connected", "event connect-failed
        CODE TEXT", "event kicked-offline", "event user-sig-expired", "event
        heard CONV TEXT". The device reconnects by itself when the server goes.
        """

    private static let deviceOptions = """
          --server HOST:PORT  The server (default 127.0.0.1:7878).
          --user USER         Who logs in (required).
          --user-sig SIG      The signature (default "sig").
          --platform NAME     The platform it logs in as (iOS, Android, Mac,
                              Windows, Linux, Web, iPad, ...; default this system's).
          --data DIR          Keep the local store in DIR (default: in memory).
          --app-id N          The app ID (default 1400000001).
          --keep-alive S      Quiet seconds before a ping (default 20).
          --wait-timeout S    The most a wait-for waits (default 30).
        """

    private static let demoSummary = """
        Run a scripted V2 session against the embedded server and print the
        conversation list after each step.
        """

    private static let demoOptions = """
          --interactive       A full-screen conversation list in the terminal, driven
                              by ConversationListModel: arrows or j/k move, p pin,
                              m mute, r read, u unread, d delete, e draft (Enter
                              saves, Esc cancels), n new message, q quit. Needs a
                              terminal on standard input.
        """

    private static let conformanceSummary = """
        Run every cross-API scenario through the legacy and the V2 API (writes and
        reads through each) and print whether they agree; exits 1 when a scenario
        does not.
        """

    private static let benchSummary = """
        Measure the engine at several scales (build with -c release) against two
        baselines, an app-side re-sorted array and SQL paging by OFFSET: ingest,
        pages, total unread, reads, pins, persisted ingest, cold start, memory
        (with the store on disk, with 2 and with 20 messages per conversation);
        exits 1 when their lists disagree.
        """

    private static let benchOptions = """
          --scales N,N,...    Conversation counts (default 1000,10000,100000;
                              1000000 works: the SQL baseline's full walk by
                              OFFSET, quadratic, is timed up to 100000 only).
          --smoke             Short timings at one small scale (1000 unless
                              --scales), to check that it runs and agrees.
          --json              Print JSON instead of a table.
          --flood             Instead of the scales: how long a device waits for
                              its own calls (pin, unpin, read, delete) while peers
                              flood it with 100,000 messages (store on disk).
          --flood-messages N  The flood's size (implies --flood).
          --svg FILE          Also write the run's scaling plot (time per
                              operation and memory against scale, log-log) to FILE.
          --login-burst       Instead of the scales: a device offline while 10,000
                              messages arrived in 500 conversations logs in: time
                              to the sync's end and to a right first page, against
                              the same messages as pushes (store on disk).
          --ingest            Instead of every row: incoming messages in memory
                              only, each scale's workload received by 9 fresh
                              stores (1 with --smoke); the fastest and the median
                              round, to compare builds on a noisy machine.
          --persisted         Instead of every row: the persisted ingest only (1,000
                              and 1 per transaction, the batch log's fold), ours
                              and B2 on 3 fresh databases (1 with --smoke); the
                              fastest round of each figure.
          --pages             Instead of every row: the core's pages of 50 at the
                              top, middle and end against B1's slices, 9 rounds
                              on one store (1 with --smoke); the fastest and the
                              median round.
        """

    private static let seedSummary = """
        One call of the admin API of the embedded server that an app configured with
        its local store on disk and no transport talks to (its data is
        imserver_<app-id>.sqlite in the data directory; one process at a time):
          imsdk seed user ID [--nickname NAME]
          imsdk seed group ID --members A,B,... [--name NAME]
          imsdk seed text TEXT --from USER (--to USER | --group GROUP)
        """

    private static let seedOptions = """
          --data DIR          The data directory (default: the SDK's, e.g.
                              $XDG_DATA_HOME/ImSDK).
          --app-id N          The app ID (default 1400000001).
        """

    private static let inboxSummary = """
        Log in as USER through the V2 API with the local store on disk and no
        transport (the embedded server; with --server, a running server), as an app
        would; print the messages the login announced (`heard ...`), each
        conversation with its unread count, last message and history, and the total
        unread; then log out.
        """

    private static let inboxOptions = """
          --user USER         Who logs in (required).
          --server HOST:PORT  A running server (imsdk serve) instead of the embedded
                              one; the store stays in the data directory.
          --platform NAME     The platform it logs in as (default this system's).
          --data DIR          The data directory (default: the SDK's).
          --app-id N          The app ID (default 1400000001).
        """

    private static let usersigSummary = """
        Print a UserSig (the login credential) for USER, signed with the app's secret
        key as the vendor's server-side libraries sign them; a server configured with
        the same SDKAppID and key accepts it until it expires:
          imsdk usersig --user USER (--key KEY | --key-file FILE) [--sdkappid N]
                        [--expire SECONDS]
        Or print what a UserSig says and, given the key, whether it verifies (exit 1
        with the vendor's code when it does not: 70001 expired, 70003 unreadable,
        70009 another key or forged, 70013 another user, 70014 another app):
          imsdk usersig --verify TOKEN [--user USER] [--key KEY | --key-file FILE]
                        [--sdkappid N]
        """

    private static let usersigOptions = """
          --user USER         Who logs in with it (with --verify: the user it must be
                              for; by default the one it names).
          --key KEY           The app's secret key.
          --key-file FILE     A file holding the key (surrounding whitespace dropped).
          --sdkappid N        The app (default 1400000001).
          --expire SECONDS    How long it is valid (default 15552000, 180 days).
          --verify TOKEN      Read TOKEN instead of making one.
        """

    private static let ingestSummary = """
        Receive messages from a server that keeps its state next to the database
        (PATH.server) into a local database, printing `ack <user> <seq>` once each
        batch is on disk (the crash test kills it and checks the database).
        """

    private static let ingestOptions = """
          --database PATH     The database file (required).
          --peers N           Users sending messages (default 20).
          --messages N        Messages to receive (default 1000).
          --prefix TEXT       Prefix of the peers' user IDs (default "peer").
        """

    private static let checkSummary = """
        Run the model-based check: random operation sequences on the server, the V2
        and the legacy API (and a second device; with --storage-faults or
        --read-faults, a failing disk and restarts), compared after every step
        with a simple reference model; prints the figures, or the seed and the
        shrunk sequence of a failure (exit 1).
        """

    private static let checkOptions = """
          --sequences N       Sequences to run (default 1000; with --long: no limit).
          --steps N           Operations per sequence (default 20).
          --seed S            First seed; sequence i uses S + i (default: random,
                              printed). --seed S --sequences 1 replays one seed.
          --long SECONDS      Run until SECONDS have passed (the long mode).
          --flaw NAME         Check against a deliberately wrong model, to see a
                              failure: pinBumpsActivity, mutedCountInTotal,
                              ownMessagesAreUnread, ownSendsAreAnnounced or
                              deletionLeavesGroups.
          --storage-faults    Keep the device's store on disk and make the disk
                              full or read-only at random moments, recover it and
                              restart the device; each sequence ends with a
                              recovery and a restart.
          --read-faults       As --storage-faults, and the disk may also become
                              unreadable (the device then stops using its
                              database and rebuilds its list from the server).
          --local-removals    Also remove messages from the device's local storage
                              (legacy remove()); a second device still shows them
                              (other seeds then give other sequences).
          --modifications     Peers also change messages (modifyMessage), which
                              every device must show changed (other seeds then
                              give other sequences).
        """

    private static let convergeSummary = """
        Run seeded scenarios in which a device misses changes (2% and 20% of pushes
        lost without a reconnect, 10,000 messages while offline, a lost last push)
        and print how long it takes to agree with the other device and the server,
        and the messages it announced against those sent; exits 1 when a scenario
        does not converge in time or a message is not announced once.
        """

    private static let convergeOptions = """
          --smoke             Small scenarios and a 0.2 s heartbeat: a quick check.
          --seed S            Seeds the traffic and the lost pushes (default 1).
          --timeout SECONDS   The most a scenario may take to converge (default 30).
          --heartbeat SECONDS Seconds between the devices' heartbeats
                              (default 1).
        """
}
