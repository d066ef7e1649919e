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
