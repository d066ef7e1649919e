package cluster

import (
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nkeys"
)

// A Role is what a user of the cluster may do on the server: the subjects it may publish and
// subscribe to (permissions). The coordinator, beside the server, may do anything.
type Role string

const (
	// RoleWorker fetches and acks units, publishes facts and results, reads the facts and
	// the answers, and says what it is doing. It cannot hand a job over, cancel one, write an
	// answer or a status, or touch a stream's or consumer's configuration.
	RoleWorker Role = "worker"
	// RoleClient hands jobs over and cancels them, and reads the answers, the statuses and
	// the workers. It cannot publish facts, units or results.
	RoleClient Role = "client"
)

// A User is a key the server lets in, with its role's permissions.
type User struct {
	Name string `json:"name"`
	Role Role   `json:"role"`
	NKey string `json:"nkey"` // the user's public nkey, "U…"; the seed stays with the user
}

// Security is what a server asks of whoever connects to it.
type Security struct {
	// Users are the keys let in, each with its role's permissions. None: anyone may
	// connect and do anything, which only a loopback address should allow.
	Users []User
	// TLS is the server's certificate; nil: the connections are in the clear.
	TLS *tls.Config
}

// ErrDenied is the error of a connection the server refused: no credentials, or ones it
// does not know, or a certificate the node does not trust (or the other way round).
var ErrDenied = errors.New("refused by the server")

// ErrPermission is the error of a publish the server does not allow this node: a worker's
// key handing a job over, a client's publishing facts.
var ErrPermission = errors.New("not permitted")

// permissions are the subjects of a user of role r whose key is key, allowed one by one:
// whatever is not listed is denied. The replies it reads come to inboxes of its own
// (inbox), so that no user reads another's: the units handed to another worker, with the
// subjects that ack them.
func permissions(r Role, key string) (*server.Permissions, error) {
	var pub []string
	switch r {
	case RoleWorker:
		pub = []string{subjectFacts + key, subjectResults + "*." + key, "$KV." + BucketWorkers + ".>",
			api("STREAM.INFO", StreamUnits), api("CONSUMER.INFO", StreamUnits, consumerUnits),
			api("CONSUMER.MSG.NEXT", StreamUnits, consumerUnits), "$JS.ACK." + StreamUnits + "." + consumerUnits + ".>",
			api("STREAM.INFO", kvStream(BucketWorkers))}
		pub = append(pub, reader(StreamFacts)...)
		pub = append(pub, reader(kvStream(BucketAnswers))...)
	case RoleClient:
		pub = []string{subjectJobs + "*", subjectCancel + "*", api("STREAM.INFO", StreamUnits)}
		for _, b := range []string{BucketAnswers, BucketStatus, BucketWorkers, BucketCertificates} {
			pub = append(pub, reader(kvStream(b))...)
		}
	default:
		return nil, fmt.Errorf("unknown role %q (want %s or %s)", r, RoleWorker, RoleClient)
	}
	pub = append(pub, "$JS.FC.>") // the flow control of ordered consumers
	return &server.Permissions{
		Publish:   &server.SubjectPermission{Allow: pub},
		Subscribe: &server.SubjectPermission{Allow: []string{inbox(key) + ".>"}},
	}, nil
}

// reader are the subjects of reading a stream: its information, ordered consumers of
// one's own on it (made, read and deleted), and its messages one by one (a bucket's Get).
func reader(stream string) []string {
	return []string{api("STREAM.INFO", stream), api("CONSUMER.CREATE", stream), api("CONSUMER.CREATE", stream, ">"),
		api("CONSUMER.INFO", stream, ">"), api("CONSUMER.MSG.NEXT", stream, ">"), api("CONSUMER.DELETE", stream, ">"),
		api("STREAM.MSG.GET", stream), api("DIRECT.GET", stream), api("DIRECT.GET", stream, ">")}
}

// api is the subject of a JetStream API call on the names given.
func api(call string, names ...string) string {
	return "$JS.API." + call + "." + strings.Join(names, ".")
}

// inbox is the prefix of the inboxes of the user whose public key is key.
func inbox(key string) string { return "_INBOX." + key }

// kvStream is the stream that holds the bucket's entries.
func kvStream(bucket string) string { return "KV_" + bucket }

// nkeyUsers are the server's users of sec, and the coordinator's key, with every permission.
func nkeyUsers(sec Security, coordinator string) ([]*server.NkeyUser, error) {
	users := []*server.NkeyUser{{Nkey: coordinator}}
	for _, u := range sec.Users {
		if err := u.check(); err != nil {
			return nil, err
		}
		p, _ := permissions(u.Role, u.NKey)
		users = append(users, &server.NkeyUser{Nkey: u.NKey, Permissions: p})
	}
	return users, nil
}

// check reports a user whose key is not a user's public nkey, or whose role is unknown.
func (u User) check() error {
	if !nkeys.IsValidPublicUserKey(u.NKey) {
		return fmt.Errorf("cluster: user %q: %q is not the public key of a user (U…)", u.Name, u.NKey)
	}
	if _, err := permissions(u.Role, u.NKey); err != nil {
		return fmt.Errorf("cluster: user %q: %w", u.Name, err)
	}
	return nil
}

// An Auth is how a node connects to the server: the nkey it signs the server's challenge
// with, and the certificates it trusts the server's TLS from. The zero Auth connects as
// nobody, trusting the system's certificates should the server speak TLS.
type Auth struct {
	key       nkeys.KeyPair
	roots     *x509.CertPool
	inProcess nats.InProcessConnProvider // the coordinator, beside its server
}

// LoadAuth reads a node's credentials: the nkey seed in credsFile (as `grundy serve
// --creds-dir` writes them; "" for none) and the certificates of caFile ("": the system's).
func LoadAuth(credsFile, caFile string) (Auth, error) {
	var a Auth
	if credsFile != "" {
		b, err := os.ReadFile(credsFile)
		if err != nil {
			return a, fmt.Errorf("cluster: credentials: %w", err)
		}
		if a.key, err = nkeys.ParseDecoratedNKey(b); err != nil {
			return a, fmt.Errorf("cluster: credentials %s: %w", credsFile, err)
		}
	}
	if caFile != "" {
		b, err := os.ReadFile(caFile)
		if err != nil {
			return a, fmt.Errorf("cluster: certificates: %w", err)
		}
		a.roots = x509.NewCertPool()
		if !a.roots.AppendCertsFromPEM(b) {
			return a, fmt.Errorf("cluster: certificates %s: no PEM certificate in it", caFile)
		}
	}
	return a, nil
}

// sender is the token of a's key in the subjects of the facts and results it publishes.
func (a Auth) sender() string {
	if a.key == nil {
		return openSender
	}
	pub, _ := a.key.PublicKey()
	return pub
}

// senderOf is the sender of a message on subject: its last token.
func senderOf(subject string) string { return subject[strings.LastIndexByte(subject, '.')+1:] }

// options are the connection's options of a.
func (a Auth) options() []nats.Option {
	var opts []nats.Option
	if a.key != nil {
		pub, _ := a.key.PublicKey()
		opts = append(opts, nats.Nkey(pub, a.key.Sign), nats.CustomInboxPrefix(inbox(pub)))
	}
	if a.roots != nil {
		opts = append(opts, nats.Secure(&tls.Config{RootCAs: a.roots, MinVersion: tls.VersionTLS12}))
	}
	if a.inProcess != nil {
		opts = append(opts, nats.InProcessServer(a.inProcess))
	}
	return opts
}

// connectError is the error of a node that could not connect to url: ErrDenied when the
// server refused it or either side's certificate was not trusted, else ErrUnreachable.
func connectError(url string, err error) error {
	var verr *tls.CertificateVerificationError
	var uerr x509.UnknownAuthorityError
	var herr x509.HostnameError
	switch {
	case errors.Is(err, nats.ErrAuthorization), errors.Is(err, nats.ErrSecureConnRequired),
		errors.Is(err, nats.ErrSecureConnWanted), errors.As(err, &verr), errors.As(err, &uerr), errors.As(err, &herr):
		return fmt.Errorf("%w at %s: %v", ErrDenied, url, err)
	}
	return fmt.Errorf("%w at %s: %v", ErrUnreachable, url, err)
}
