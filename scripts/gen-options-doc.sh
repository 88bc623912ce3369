#!/usr/bin/env bash
# Writes docs/options.md from the program's own option catalogue: `gen-options-doc.sh CLI > docs/options.md`.
set -euo pipefail
cli=${1:?usage: gen-options-doc.sh PATH-TO-etatmajor-cli}
cat <<'HEAD'
# Campaign options

Every variant key of the rule specifications is a campaign option. A campaign file sets them in `<options>`;
`etatmajor-cli campaign new --option KEY=VALUE` overrides them at creation; the database stores the full set so that a
game replays exactly. The first value listed is the default. A value marked *(not yet)* is known to the program but
not applied by the engine yet: a campaign that asks for it is refused with a message naming the key and the value.
This page is generated from the program (`scripts/gen-options-doc.sh`) and a test keeps it current.

| key | default | allowed values | rule |
|---|---|---|---|
HEAD
"$cli" options --json | jq -r '.[] | "| `\(.key)` | `\(.default)` | \(if .kind == "choice" then (.notApplied as $n | .choices | map("`" + . + "`" + (if (. as $c | $n | index($c)) then " *(not yet)*" else "" end)) | join(", ")) else "whole number ≥ 0" end) | \(.rule) |"'
