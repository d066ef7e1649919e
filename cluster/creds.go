package cluster

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/json"
	"encoding/pem"
	"errors"
	"fmt"
	"math/big"
	"net"
	"os"
	"path/filepath"
	"time"

	"github.com/nats-io/nkeys"
)

// The files of a credentials folder (MakeCreds, MakeCert). Those the nodes need are
// WorkerCreds or ClientCreds, and CAFile; the others stay on the server's machine.
const (
	UsersFile   = "users.json"     // the keys the server lets in, and their roles
	WorkerCreds = "worker.nk"      // a worker's seed: grundy work --creds
	ClientCreds = "client.nk"      // a client's seed: grundy solve --server --creds
	CAFile      = "ca.pem"         // the certificate the nodes trust the server's from: --ca
	caKeyFile   = "ca-key.pem"     // its private key, which signs the server's certificate
	certFile    = "server.pem"     // the server's certificate
	keyFile     = "server-key.pem" // and its private key
)

// usersFile is the form of UsersFile.
type usersFile struct {
	Users []User `json:"users"`
}

// MakeCreds returns the users of the credentials folder dir, made the first time (the
// folder 0700, its files 0600, each written whole or not at all): a worker's key and a
// client's, whose seeds are in WorkerCreds and ClientCreds, their public keys in UsersFile.
// More users are more entries of UsersFile, with keys made by nkeys (nk -gen user).
func MakeCreds(dir string) ([]User, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("cluster: credentials: %w", err)
	}
	path := filepath.Join(dir, UsersFile)
	b, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return makeUsers(dir)
	}
	if err != nil {
		return nil, fmt.Errorf("cluster: credentials: %w", err)
	}
	var f usersFile
	if err := json.Unmarshal(b, &f); err != nil {
		return nil, fmt.Errorf("cluster: credentials %s: %w", path, err)
	}
	if len(f.Users) == 0 {
		return nil, fmt.Errorf("cluster: credentials %s: no users", path)
	}
	for _, u := range f.Users {
		if err := u.check(); err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
	}
	return f.Users, nil
}

// makeUsers makes a worker's and a client's keys in dir; UsersFile comes last, so that a
// folder without it is made again whole.
func makeUsers(dir string) ([]User, error) {
	var users []User
	for _, u := range []struct {
		role Role
		file string
	}{{RoleWorker, WorkerCreds}, {RoleClient, ClientCreds}} {
		user, err := newKey(dir, string(u.role), u.role, u.file)
		if err != nil {
			return nil, err
		}
		users = append(users, user)
	}
	return users, writeUsers(dir, users)
}

// AddUser makes a key of role for a user called name in the credentials folder dir (made by
// MakeCreds), its seed in <name>.nk and its public key added to UsersFile, and returns the
// seed's file. The server lets the key in from its next start.
func AddUser(dir, name string, role Role) (string, error) {
	users, err := MakeCreds(dir)
	if err != nil {
		return "", err
	}
	if !validToken.MatchString(name) { // its key's file is <name>.nk
		return "", fmt.Errorf("cluster: user %q: want letters, digits, _ and -", name)
	}
	if _, err := permissions(role, ""); err != nil {
		return "", fmt.Errorf("cluster: user %q: %w", name, err)
	}
	for _, u := range users {
		if u.Name == name {
			return "", fmt.Errorf("cluster: user %q: in %s already", name, filepath.Join(dir, UsersFile))
		}
	}
	file := name + ".nk"
	if _, err := os.Stat(filepath.Join(dir, file)); err == nil {
		return "", fmt.Errorf("cluster: user %q: %s exists", name, filepath.Join(dir, file))
	}
	user, err := newKey(dir, name, role, file)
	if err != nil {
		return "", err
	}
	if err := writeUsers(dir, append(users, user)); err != nil {
		os.Remove(filepath.Join(dir, file))
		return "", err
	}
	return filepath.Join(dir, file), nil
}

// newKey makes a user's key, its seed written in dir/file.
func newKey(dir, name string, role Role, file string) (User, error) {
	kp, err := nkeys.CreateUser()
	if err != nil {
		return User{}, fmt.Errorf("cluster: credentials: %w", err)
	}
	seed, _ := kp.Seed()
	pub, _ := kp.PublicKey()
	text := fmt.Sprintf("# grundy: the key of %s, a %s of the cluster; keep it secret (grundy %s --creds %s)\n%s\n",
		name, role, map[Role]string{RoleWorker: "work", RoleClient: "solve --server"}[role], file, seed)
	if err := writeSecret(filepath.Join(dir, file), []byte(text)); err != nil {
		return User{}, err
	}
	return User{Name: name, Role: role, NKey: pub}, nil
}

// writeUsers writes UsersFile in dir.
func writeUsers(dir string, users []User) error {
	b, _ := json.MarshalIndent(usersFile{users}, "", "  ")
	return writeSecret(filepath.Join(dir, UsersFile), append(b, '\n'))
}

// writeSecret writes the file name, 0600, whole or not at all: a temporary file (0600 from
// its start), synced, then renamed over name.
func writeSecret(name string, data []byte) (err error) {
	f, err := os.CreateTemp(filepath.Dir(name), "."+filepath.Base(name)+".tmp*")
	if err != nil {
		return fmt.Errorf("cluster: credentials: %w", err)
	}
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(f.Name())
			err = fmt.Errorf("cluster: credentials: %w", err)
		}
	}()
	if _, err = f.Write(data); err != nil {
		return err
	}
	if err = f.Sync(); err != nil {
		return err
	}
	if err = f.Close(); err != nil {
		return err
	}
	return os.Rename(f.Name(), name)
}

// LoadCert returns the server's TLS of the certificate and key files given.
func LoadCert(cert, key string) (*tls.Config, error) {
	c, err := tls.LoadX509KeyPair(cert, key)
	if err != nil {
		return nil, fmt.Errorf("cluster: the certificate %s: %w", cert, err)
	}
	return &tls.Config{Certificates: []tls.Certificate{c}, MinVersion: tls.VersionTLS12}, nil
}

// MakeCert returns the server's TLS of a certificate of its own for host (the --listen
// address's), kept in the credentials folder dir: a certificate authority of the folder
// (CAFile, the one the nodes trust) signs the server's certificate, which names host, this
// machine's name, its addresses when host is any of them (0.0.0.0), and the loopback. Both
// are made the first time; the server's is made again when it does not name them all.
func MakeCert(dir, host string) (*tls.Config, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("cluster: credentials: %w", err)
	}
	names := certNames(host)
	cert, key := filepath.Join(dir, certFile), filepath.Join(dir, keyFile)
	if c, err := tls.LoadX509KeyPair(cert, key); err == nil && namesAll(c, names) {
		return &tls.Config{Certificates: []tls.Certificate{c}, MinVersion: tls.VersionTLS12}, nil
	}
	ca, caKey, err := makeCA(dir)
	if err != nil {
		return nil, err
	}
	tmpl := certTemplate("grundy server", 2*365*24*time.Hour)
	tmpl.ExtKeyUsage = []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth}
	tmpl.KeyUsage = x509.KeyUsageDigitalSignature
	for _, n := range names {
		if ip := net.ParseIP(n); ip != nil {
			tmpl.IPAddresses = append(tmpl.IPAddresses, ip)
		} else {
			tmpl.DNSNames = append(tmpl.DNSNames, n)
		}
	}
	if err := issue(tmpl, ca, caKey, cert, key); err != nil {
		return nil, err
	}
	return LoadCert(cert, key)
}

// certNames are the names and addresses the server's certificate holds for host.
func certNames(host string) []string {
	names := []string{"localhost", "127.0.0.1", "::1"}
	if h, err := os.Hostname(); err == nil && h != "" {
		names = append(names, h)
	}
	if ip := net.ParseIP(host); host == "" || ip != nil && ip.IsUnspecified() {
		addrs, _ := net.InterfaceAddrs()
		for _, a := range addrs {
			if n, ok := a.(*net.IPNet); ok && !n.IP.IsLinkLocalUnicast() {
				names = append(names, n.IP.String())
			}
		}
	} else {
		names = append(names, host)
	}
	return names
}

// namesAll reports whether the certificate c is valid now and names every one of names.
func namesAll(c tls.Certificate, names []string) bool {
	leaf, err := x509.ParseCertificate(c.Certificate[0])
	if err != nil || time.Now().After(leaf.NotAfter) {
		return false
	}
	for _, n := range names {
		if leaf.VerifyHostname(n) != nil {
			return false
		}
	}
	return true
}

// makeCA returns the folder's certificate authority, made the first time.
func makeCA(dir string) (*x509.Certificate, *ecdsa.PrivateKey, error) {
	cert, key := filepath.Join(dir, CAFile), filepath.Join(dir, caKeyFile)
	if c, err := tls.LoadX509KeyPair(cert, key); err == nil {
		ca, err := x509.ParseCertificate(c.Certificate[0])
		if k, ok := c.PrivateKey.(*ecdsa.PrivateKey); ok && err == nil {
			return ca, k, nil
		}
	}
	tmpl := certTemplate("grundy cluster CA", 10*365*24*time.Hour)
	tmpl.IsCA, tmpl.BasicConstraintsValid = true, true
	tmpl.KeyUsage = x509.KeyUsageCertSign | x509.KeyUsageDigitalSignature
	if err := issue(tmpl, nil, nil, cert, key); err != nil {
		return nil, nil, err
	}
	c, err := tls.LoadX509KeyPair(cert, key)
	if err != nil {
		return nil, nil, fmt.Errorf("cluster: credentials: %w", err)
	}
	ca, err := x509.ParseCertificate(c.Certificate[0])
	if err != nil {
		return nil, nil, fmt.Errorf("cluster: credentials: %w", err)
	}
	return ca, c.PrivateKey.(*ecdsa.PrivateKey), nil
}

// certTemplate is a certificate of name valid for d from an hour ago (clocks differ).
func certTemplate(name string, d time.Duration) *x509.Certificate {
	serial, _ := rand.Int(rand.Reader, new(big.Int).Lsh(big.NewInt(1), 127))
	now := time.Now()
	return &x509.Certificate{SerialNumber: serial, Subject: pkix.Name{CommonName: name},
		NotBefore: now.Add(-time.Hour), NotAfter: now.Add(d)}
}

// issue makes a key and the certificate tmpl of it, signed by parent's key (nil: by its
// own), and writes both as PEM.
func issue(tmpl, parent *x509.Certificate, parentKey *ecdsa.PrivateKey, cert, key string) error {
	k, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return fmt.Errorf("cluster: credentials: %w", err)
	}
	if parent == nil {
		parent, parentKey = tmpl, k
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, parent, &k.PublicKey, parentKey)
	if err != nil {
		return fmt.Errorf("cluster: credentials: %w", err)
	}
	kb, err := x509.MarshalECPrivateKey(k)
	if err != nil {
		return fmt.Errorf("cluster: credentials: %w", err)
	}
	if err := writeSecret(key, pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: kb})); err != nil {
		return err
	}
	return writeSecret(cert, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}))
}
