# expect.sh - the check the command-line test scripts share (sourced by
# cli.sh and station.sh, which set seichi, tmp, pass and fail first).
#
# expect CODE PATTERN -- ARGS: run seichi, check the exit code and that
# stdout+stderr match the grep pattern.
expect() {
  code="$1"; pattern="$2"; shift 3
  timeout 120 "$seichi" "$@" >"$tmp/out" 2>&1
  rc=$?
  if [ "$rc" -eq "$code" ] && grep -q -- "$pattern" "$tmp/out"; then
    pass=$((pass + 1))
  else
    fail=$((fail + 1))
    echo "FAIL: seichi $* -> exit $rc (want $code), output:"
    sed 's/^/  /' "$tmp/out"
    echo "  (wanted a match for: $pattern)"
  fi
}
