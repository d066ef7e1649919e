module a.grundy.local/earlyenv

go 1.26
