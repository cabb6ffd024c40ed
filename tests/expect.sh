# expect.sh - the checks the command-line test scripts share (sourced by
# cli.sh and station.sh, which set seichi, tmp, pass and fail first).

# ok WHAT CONDITION...: count a check that CONDITION (a command) holds.
ok() {
  what="$1"; shift
  if "$@"; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: $what"; fi
}

# verdict CODE PATTERN RC WHAT: count a run of seichi by its exit status RC
# and its output in $tmp/out.
verdict() {
  if [ "$3" -eq "$1" ] && grep -q -- "$2" "$tmp/out"; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1))
    echo "FAIL: $4 -> exit $3 (want $1), output:"
    sed 's/^/  /' "$tmp/out"
    echo "  (wanted a match for: $2)"
  fi
}

# expect CODE PATTERN -- ARGS: run seichi, check the exit code and that
# stdout+stderr match the grep pattern.
expect() {
  code="$1"; pattern="$2"; shift 3
  timeout 120 "$seichi" "$@" >"$tmp/out" 2>&1
  verdict "$code" "$pattern" $? "seichi $*"
}

# expect_pin INPUT CODE PATTERN -- ARGS: as expect, with INPUT's lines on
# stdin (a judge's PIN).
expect_pin() {
  input="$1"; shift
  code="$1"; pattern="$2"; shift 3
  printf '%s\n' "$input" | timeout 120 "$seichi" "$@" >"$tmp/out" 2>&1
  verdict "$code" "$pattern" $? "seichi $* (stdin: $input)"
}
