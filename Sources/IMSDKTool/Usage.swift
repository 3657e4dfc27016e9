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
        }
        var text = "USAGE: imsdk \(subcommand.rawValue)\(options.isEmpty ? "" : " [options]")\n\n\(summary)\n\nOPTIONS:\n"
        if !options.isEmpty { text += options + "\n" }
        text += "  -h, --help          Show this help."
        return text
    }

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
                              1000000 works, but the SQL baseline's OFFSET walks
                              are quadratic: expect half an hour or more).
          --smoke             Short timings at one small scale (1000 unless
                              --scales), to check that it runs and agrees.
          --json              Print JSON instead of a table.
          --flood             Instead of the scales: how long a device waits for
                              its own calls (pin, unpin, read, delete) while peers
                              flood it with 100,000 messages (store on disk).
          --flood-messages N  The flood's size (implies --flood).
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
        transport (the embedded server), as an app would; print the messages the
        login announced (`heard ...`), each conversation with its unread count, last
        message and history, and the total unread; then log out.
        """

    private static let inboxOptions = """
          --user USER         Who logs in (required).
          --data DIR          The data directory (default: the SDK's).
          --app-id N          The app ID (default 1400000001).
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
        and the legacy API (and a second device; with --storage-faults, a failing
        disk and restarts), compared after every step with a simple reference model;
        prints the figures, or the seed and the shrunk sequence of a failure (exit
        1).
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
