#!/bin/sh
# Lighthouse's Chrome (lighthouserc.cjs `chromePath`). chrome-launcher starts it in a session of its own,
# which Linux schedules as a group of its own (an autogroup): raising that group's priority keeps what
# else runs on the machine out of the main-thread task times that Lighthouse's simulation multiplies by
# four (docs/performance.md "Lighthouse on a busy machine"). Chrome sets its renderers' own nice values
# itself, so the group's is the one that holds. Where it cannot be raised (not root, no autogroups),
# Chrome starts as it is.
echo -10 > /proc/self/autogroup 2>/dev/null || true
exec "${CHROMIUM_PATH:-/usr/bin/chromium}" "$@"
