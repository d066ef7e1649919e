package cluster

import (
	"context"
	"errors"
	"fmt"
	"net"
	"strconv"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/nats-io/nkeys"
)

// A Server is an embedded NATS server with JetStream, its streams kept in a directory so
// that they outlive it.
type Server struct {
	ns    *server.Server
	dir   string
	coord nkeys.KeyPair // the coordinator's key, made for this run; nil: the server asks none
}

// ErrListen is the error of a --listen address the server cannot listen on.
var ErrListen = errors.New("cannot listen")

// StartServer starts a NATS server with JetStream listening on addr (host:port; port 0 picks
// a free one), its streams stored in dir, and waits until it takes connections. Anyone who
// reaches addr may do anything: StartSecureServer asks for keys and speaks TLS.
func StartServer(addr, dir string) (*Server, error) {
	return StartSecureServer(addr, dir, Security{})
}

// StartSecureServer is StartServer asking what sec says of whoever connects: the users'
// keys, each with its role's permissions, and TLS. The coordinator connects with Auth.
func StartSecureServer(addr, dir string, sec Security) (*Server, error) {
	host, portText, err := net.SplitHostPort(addr)
	if err != nil {
		return nil, fmt.Errorf("%w on %q: %v", ErrListen, addr, err)
	}
	port, err := strconv.Atoi(portText)
	if err != nil || port < 0 || port > 65535 {
		return nil, fmt.Errorf("%w on %q: the port is not a number from 0 to 65535", ErrListen, addr)
	}
	if port == 0 {
		port = server.RANDOM_PORT
	}
	// Fail early and clearly on an address taken or not this machine's: the server itself
	// would only log it.
	if l, err := net.Listen("tcp", net.JoinHostPort(host, portText)); err != nil {
		return nil, fmt.Errorf("%w on %q: %v", ErrListen, addr, err)
	} else {
		l.Close()
	}
	opts := &server.Options{Host: host, Port: port, JetStream: true, StoreDir: dir,
		NoSigs: true, MaxPayload: 1 << 20, TLSConfig: sec.TLS}
	if sec.TLS != nil {
		// 5 s for a handshake, not nats-server's 2: a loaded machine (a worker's search on
		// every core) or a slow network is not a stranger.
		opts.TLSTimeout = 5
	}
	var coord nkeys.KeyPair
	if len(sec.Users) > 0 {
		if opts.Nkeys, coord, err = withCoordinator(sec); err != nil {
			return nil, err
		}
	}
	ns, err := server.NewServer(opts)
	if err != nil {
		return nil, fmt.Errorf("cluster: the server: %w", err)
	}
	go ns.Start()
	if !ns.ReadyForConnections(10 * time.Second) {
		ns.Shutdown()
		return nil, fmt.Errorf("%w on %q: the server did not start within 10 s", ErrListen, addr)
	}
	return &Server{ns: ns, dir: dir, coord: coord}, nil
}

// withCoordinator makes the coordinator's key, for this run only, and returns the users of
// sec with it.
func withCoordinator(sec Security) ([]*server.NkeyUser, nkeys.KeyPair, error) {
	coord, err := nkeys.CreateUser()
	if err != nil {
		return nil, nil, fmt.Errorf("cluster: the coordinator's key: %w", err)
	}
	pub, _ := coord.PublicKey()
	users, err := nkeyUsers(sec, pub)
	return users, coord, err
}

// Auth is the coordinator's way in: in process, with its key when the server asks one.
func (s *Server) Auth() Auth { return Auth{key: s.coord, inProcess: s.ns} }

// URL is the address nodes connect to, nats://host:port (tls://host:port with TLS).
func (s *Server) URL() string { return s.ns.ClientURL() }

// Dir is where JetStream keeps the streams.
func (s *Server) Dir() string { return s.dir }

// Close stops the server; the streams stay on disk.
func (s *Server) Close() {
	s.ns.Shutdown()
	s.ns.WaitForShutdown()
}

// Config sets up the streams and the coordinator.
type Config struct {
	// AckWait is how long a unit may go without an ack or a heartbeat before JetStream
	// hands it to another worker. 0 is 30 s.
	AckWait time.Duration
	// UnitNodes is the budget of a unit, in nodes: a unit not decided within it comes back
	// undecided and its couple is split into its options. 0 is 200 000 (a few seconds).
	UnitNodes int64
	// Window is how many heaps of one component are searched at once (Algorithm 3's n in
	// parallel). 0 is 2.
	Window int
	// CacheMB is the coordinator's cache of facts, which decides couples without a unit.
	// 0 is 64.
	CacheMB int
	// Auth is how the coordinator connects: the Server's Auth beside it; the zero Auth
	// connects by the URL as nobody.
	Auth Auth
	// Users are the server's (Security.Users), whose names the log gives to the keys that
	// sent facts.
	Users []User

	// certPart, when not 0, is both the largest certificate an answer holds and the size of
	// a part of a larger one (tests make it small); 0 is maxInlineBytes and certificatePart.
	certPart int
}

func (c Config) withDefaults() Config {
	if c.AckWait <= 0 {
		c.AckWait = 30 * time.Second
	}
	if c.UnitNodes <= 0 {
		c.UnitNodes = 200_000
	}
	if c.Window <= 0 {
		c.Window = 2
	}
	if c.CacheMB <= 0 {
		c.CacheMB = 64
	}
	return c
}

// setup makes (or updates) the streams, the workers' consumer and the buckets; on disk, so
// that they survive a restart of the server.
func setup(ctx context.Context, js jetstream.JetStream, c Config) error {
	streams := []jetstream.StreamConfig{
		{Name: StreamJobs, Subjects: []string{subjectJobs + "*", subjectCancel + "*"}, Duplicates: 10 * time.Minute},
		{Name: StreamUnits, Subjects: []string{subjectUnits + ">"}, Retention: jetstream.WorkQueuePolicy, Duplicates: 10 * time.Minute},
		{Name: StreamResults, Subjects: []string{subjectResults + ">"}},
		{Name: StreamFacts, Subjects: []string{subjectFacts + "*"}},
	}
	for _, sc := range streams {
		sc.Storage = jetstream.FileStorage
		if _, err := js.CreateOrUpdateStream(ctx, sc); err != nil {
			return fmt.Errorf("cluster: stream %s: %w", sc.Name, err)
		}
	}
	_, err := js.CreateOrUpdateConsumer(ctx, StreamUnits, jetstream.ConsumerConfig{
		Durable: consumerUnits, AckPolicy: jetstream.AckExplicitPolicy, AckWait: c.AckWait,
		MaxDeliver: -1, MaxAckPending: 100_000, FilterSubject: subjectUnits + ">",
	})
	if err != nil {
		return fmt.Errorf("cluster: the workers' consumer: %w", err)
	}
	buckets := []jetstream.KeyValueConfig{
		{Bucket: BucketAnswers},
		{Bucket: BucketStatus},
		{Bucket: BucketWorkers, TTL: 15 * time.Second},
		{Bucket: BucketCertificates, TTL: certificateTTL},
	}
	for _, bc := range buckets {
		bc.Storage = jetstream.FileStorage
		if _, err := js.CreateOrUpdateKeyValue(ctx, bc); err != nil {
			return fmt.Errorf("cluster: bucket %s: %w", bc.Bucket, err)
		}
	}
	return nil
}
