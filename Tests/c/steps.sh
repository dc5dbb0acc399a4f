# steps.sh — the step runner the C test scripts share (sourced by run.sh and
# run_tsan.sh; not run alone).
#
#   step NAME COMMAND...   runs COMMAND with its output indented, prints "ok" or
#                          "FAIL" with NAME, and counts it
#   finish                 prints the failures and the counts; its status is 0
#                          when every step passed (end the script with it)

passed=0
failed=0
failures=()

step() {
    local name="$1"
    shift
    echo "== $name"
    "$@" 2>&1 | sed 's/^/   /'
    local rc=${PIPESTATUS[0]}
    if [[ $rc -eq 0 ]]; then
        echo "ok   $name"
        passed=$((passed + 1))
    else
        echo "FAIL $name (exit status $rc)"
        failed=$((failed + 1))
        failures+=("$name")
    fi
}

finish() {
    echo
    if [[ $failed -gt 0 ]]; then
        echo "failed: ${failures[*]}"
    fi
    echo "$passed passed, $failed failed"
    [[ $failed -eq 0 ]]
}
