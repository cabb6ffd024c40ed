#!/bin/bash
# station_tls.sh SEICHI SOURCE_DIR - the station over HTTPS: a self-signed
# certificate made here with openssl, `station --tls-cert --tls-key`
# serving https://, `results push --cacert` storing a kiosk's results; a
# push without the certificate's authority, with another authority's, or to
# a certificate for another name refused with a clear message (exit 6) and
# nothing stored; plain HTTP to the HTTPS port not served and the station
# serving on; the options' misuses refused. Skips (77) without openssl.
# Prints "N passed, N failed".
seichi="$1"
src="$2"
pass=0
fail=0
command -v openssl >/dev/null || { echo "openssl is not installed: HTTPS not tested"; exit 77; }
tmp=$(mktemp -d)
spid=
pushers=
. "$src/tests/station-lib.sh"
trap station_cleanup EXIT
db="$tmp/desk.db"
. "$src/tests/expect.sh" # expect, expect_pin, ok
# cert NAME SAN: a self-signed certificate and key, NAME.pem and NAME.key.
cert() {
  openssl req -x509 -newkey rsa:2048 -nodes -keyout "$tmp/$1.key" -out "$tmp/$1.pem" -days 2 \
    -subj "/CN=Seichi test station" -addext "subjectAltName=$2" >/dev/null 2>&1
}
cert station IP:127.0.0.1
cert other IP:127.0.0.1
cert elsewhere DNS:station.example
ok "openssl made the certificates" test -s "$tmp/station.pem" -a -s "$tmp/other.pem" -a -s "$tmp/elsewhere.pem"
# start CERT: the station over HTTPS on a free port of 127.0.0.1.
start() { station_start 0 --tls-cert "$tmp/$1.pem" --tls-key "$tmp/$1.key"; }
stop() { kill -TERM "$spid"; wait "$spid"; spid=; }
stored() { curl -s -m 10 --cacert "$tmp/station.pem" "$url/api/v1/results" | jq '.results | length'; }

expect 0 "pairing code" -- station enroll --db "$db" --name "Table 1"
tail -n 1 "$tmp/out" >"$tmp/k1.token"
for t in 1 2 3; do
  expect 0 "Saved as result $t" -- score --board "$src/kiosk/samples/club-game-19.board" --db "$tmp/k1.db" \
    --round 1 --table $t
done

# ---- misuse ------------------------------------------------------------------------------
expect 2 "needs both --tls-cert FILE and --tls-key FILE" -- station --db "$db" --tls-cert "$tmp/station.pem"
expect 2 "needs both --tls-cert FILE and --tls-key FILE" -- station --db "$db" --tls-key "$tmp/station.key"
expect 2 "$tmp/none.pem" -- station --db "$db" --tls-cert "$tmp/none.pem" --tls-key "$tmp/station.key"
expect 2 "is not a PEM file" -- station --db "$db" --tls-cert "$tmp/k1.token" --tls-key "$tmp/station.key"
expect 2 "no PEM pair\|certificate and key" -- \
  station --db "$db" --listen 127.0.0.1:0 --tls-cert "$tmp/station.pem" --tls-key "$tmp/other.key"
expect 2 "does not take" -- station export --db "$db" --csv "$tmp/x.csv" --tls-cert "$tmp/station.pem"
expect 2 "goes with 'push'" -- results --db "$tmp/k1.db" --cacert "$tmp/station.pem" list
expect 2 "is for a station served over HTTPS" -- \
  results --db "$tmp/k1.db" push --station http://127.0.0.1:9 --token-file "$tmp/k1.token" --cacert "$tmp/station.pem"
expect 2 "cacert: .*none.pem" -- \
  results --db "$tmp/k1.db" push --station https://127.0.0.1:9 --token-file "$tmp/k1.token" --cacert "$tmp/none.pem"
expect 2 "holds no PEM certificate" -- \
  results --db "$tmp/k1.db" push --station https://127.0.0.1:9 --token-file "$tmp/k1.token" --cacert "$tmp/k1.token"

# ---- HTTPS ---------------------------------------------------------------------------------
start station
ok "the station says https" test -n "$port"
expect 6 "is not trusted: .*give the station's certificate authority with --cacert FILE" -- \
  results --db "$tmp/k1.db" push --station "$url" --token-file "$tmp/k1.token"
ok "no CA: nothing stored" test "$(stored)" = 0
ok "no CA: the kiosk's three wait" grep -q "0 results sent, 0 the station had already, 0 refused; 3 waiting" "$tmp/out"
expect 6 "is not trusted: .*is --cacert the certificate that signed the station's" -- \
  results --db "$tmp/k1.db" push --station "$url" --token-file "$tmp/k1.token" --cacert "$tmp/other.pem"
ok "another authority: nothing stored" test "$(stored)" = 0
curl -s -m 5 -o /dev/null "http://127.0.0.1:$port/api/v1/results"
ok "plain HTTP to the HTTPS port is not served" test $? -ne 0
expect 0 "3 results sent, 0 the station had already, 0 refused; 0 waiting" -- \
  results --db "$tmp/k1.db" push --station "$url" --token-file "$tmp/k1.token" --cacert "$tmp/station.pem"
ok "with the CA: three stored, the station serving on after the refusals" test "$(stored)" = 3
expect 0 "0 results sent, 0 the station had already, 0 refused; 0 waiting; the station knows this kiosk as" -- \
  results --db "$tmp/k1.db" push --station "$url/" --token-file "$tmp/k1.token" --cacert "$tmp/station.pem"
# Nothing waiting, the station still asked: its certificate is checked as for a result.
expect 6 "is not trusted: .*give the station's certificate authority with --cacert FILE" -- \
  results --db "$tmp/k1.db" push --station "$url" --token-file "$tmp/k1.token"
stop

# A certificate for another name: refused even with its own authority.
start elsewhere
expect 0 "Saved as result 4" -- score --board "$src/kiosk/samples/club-game-19.board" --db "$tmp/k1.db" \
  --round 1 --table 4
expect 6 "is not trusted" -- \
  results --db "$tmp/k1.db" push --station "$url" --token-file "$tmp/k1.token" --cacert "$tmp/elsewhere.pem"
ok "another name: still three stored" \
  test "$(curl -s -m 10 -k "$url/api/v1/results" | jq '.results | length')" = 3
stop

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
