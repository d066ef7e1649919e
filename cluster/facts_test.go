package cluster

import "testing"

// A batch is named by the key its subject holds, which the server vouches for, and the
// user of that key; with no key (a server that asks none, a batch of before), by the node's
// name alone, said to be its own.
func TestMerger_NamesTheSender(t *testing.T) {
	m := &merger{names: map[string]string{"UKEY": "worker-b"}}
	for _, c := range []struct{ subject, want string }{
		{subjectFacts + "UKEY", `"w1", key UKEY (worker-b)`},
		{subjectFacts + "UOTHER", `"w1", key UOTHER (a key of no user)`},
		{subjectFacts + openSender, `"w1" (a name it gave itself)`},
		{"grundy.facts", `"w1" (a name it gave itself)`},
	} {
		if got := m.from(c.subject, "w1"); got != c.want {
			t.Errorf("from(%q) = %s, want %s", c.subject, got, c.want)
		}
	}
}
