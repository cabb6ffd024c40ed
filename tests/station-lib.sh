# station-lib.sh - the director's station as the test scripts start and stop
# it (sourced by station.sh, station_kill.sh and station_tls.sh, which set
# seichi, tmp and db first, then spid= and pushers=).

# station_cleanup: at exit, the station and the pushers still running
# killed, the scratch folder removed.
station_cleanup() {
  [ -n "$spid" ] && kill -KILL "$spid" 2>/dev/null
  for p in $pushers; do kill -KILL "$p" 2>/dev/null; done
  rm -rf "$tmp"
}

# station_start PORT [ARGS...]: the station on 127.0.0.1:PORT (0: any free
# one, read back from what it prints) with ARGS (--tls-cert ...); sets spid,
# port and url (http:// or https://, as it says it listens). Its standard
# error is kept in $tmp/srv.err across restarts.
station_start() {
  listen=$1
  shift
  rm -f "$tmp/srv.out" # else the last run's line is read before this one starts
  "$seichi" station --db "$db" --listen "127.0.0.1:$listen" "$@" >"$tmp/srv.out" 2>>"$tmp/srv.err" &
  spid=$!
  heard=
  for _ in $(seq 200); do
    heard=$(sed -n 's|.*listening on \(https*\)://127.0.0.1:\([0-9]*\)/.*|\1 \2|p' "$tmp/srv.out" 2>/dev/null)
    [ -n "$heard" ] && break
    sleep 0.05
  done
  port=${heard#* }
  url="${heard% *}://127.0.0.1:$port"
}
