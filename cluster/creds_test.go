package cluster

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// The credentials folder is made once, 0700 and its files 0600; made again, it is the same.
// The server's certificate is made again for a name it lacks, signed by the same CA.
func TestMakeCreds_OnceAndPrivate(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "creds")
	users, err := MakeCreds(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(users) != 2 || users[0].Role != RoleWorker || users[1].Role != RoleClient {
		t.Fatalf("MakeCreds made %+v, want a worker and a client", users)
	}
	seed, _ := os.ReadFile(filepath.Join(dir, WorkerCreds))
	again, err := MakeCreds(dir)
	if err != nil || !slices.Equal(again, users) {
		t.Errorf("MakeCreds again = %+v, %v; want the users of the first time", again, err)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, WorkerCreds)); string(b) != string(seed) {
		t.Error("MakeCreds again wrote another worker's seed")
	}
	if _, err := MakeCert(dir, "127.0.0.1"); err != nil {
		t.Fatal(err)
	}
	ca, _ := os.ReadFile(filepath.Join(dir, CAFile))
	cert, _ := os.ReadFile(filepath.Join(dir, certFile))
	if _, err := MakeCert(dir, "127.0.0.1"); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, certFile)); string(b) != string(cert) {
		t.Error("MakeCert for the same host made another certificate")
	}
	if _, err := MakeCert(dir, "grundy.example"); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, certFile)); string(b) == string(cert) {
		t.Error("MakeCert for another host kept the certificate that does not name it")
	}
	if b, _ := os.ReadFile(filepath.Join(dir, CAFile)); string(b) != string(ca) {
		t.Error("MakeCert for another host made another CA: the nodes' copies no longer hold")
	}
	if fi, err := os.Stat(dir); err != nil || fi.Mode().Perm() != 0o700 {
		t.Errorf("the folder: %v %v, want 0700", fi.Mode(), err)
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if fi, err := e.Info(); err != nil || fi.Mode().Perm() != 0o600 {
			t.Errorf("%s: %v %v, want 0600", e.Name(), fi.Mode(), err)
		}
	}
	if len(entries) != 7 {
		t.Errorf("the folder holds %d files, want 7 (no temporary file left)", len(entries))
	}
}

// AddUser adds a key to the folder, whose seed is in <name>.nk; a name taken, a role unknown
// or a name that is no file's: an error, and the folder as it was.
func TestAddUser(t *testing.T) {
	dir := t.TempDir()
	file, err := AddUser(dir, "host-b", RoleWorker)
	if err != nil {
		t.Fatal(err)
	}
	users, err := MakeCreds(dir)
	if err != nil || len(users) != 3 || users[2].Name != "host-b" || users[2].Role != RoleWorker {
		t.Fatalf("after AddUser the users are %+v, %v; want the worker, the client and host-b", users, err)
	}
	a, err := LoadAuth(file, "")
	if err != nil || a.sender() != users[2].NKey {
		t.Errorf("the seed of %s is of key %s (%v), want %s", file, a.sender(), err, users[2].NKey)
	}
	for _, c := range []struct {
		name string
		role Role
	}{{"host-b", RoleWorker}, {"worker", RoleClient}, {"c", "admin"}, {"../x", RoleClient}, {"a.b", RoleWorker}} {
		if _, err := AddUser(dir, c.name, c.role); err == nil {
			t.Errorf("AddUser(%q, %s) made a key", c.name, c.role)
		}
	}
	if again, _ := MakeCreds(dir); !slices.Equal(again, users) {
		t.Errorf("after the refusals the users are %+v, want %+v", again, users)
	}
}
