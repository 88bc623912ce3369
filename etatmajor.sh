#!/usr/bin/env bash
# The main job: installs what is missing, builds, and opens a shipped campaign (the Carolinas by default).
# With a display: the application window. Without one: a headless demo that creates the campaign and prints its
# status. With --server: a campaign server on the campaign, on this machine only (docs/server.md "A try-out on one
# machine"). --theatre NAME chooses the theatre: carolinas (1780), virginia (1781), pennsylvania (1777), new-york (1776).
set -euo pipefail
cd "$(dirname "$0")"

# The shipped theatres: name, campaign file (README.md, "What is in the box").
theatre_campaign() {
  case "$1" in
    carolinas) echo campaigns/southern-1780.xml ;;
    virginia) echo campaigns/virginia-1781.xml ;;
    pennsylvania) echo campaigns/pennsylvania-1777.xml ;;
    new-york) echo campaigns/new-york-1776.xml ;;
    *) return 1 ;;
  esac
}
theatres="carolinas virginia pennsylvania new-york"

server=""
theatre=carolinas
while [ $# -gt 0 ]; do
  case "$1" in
    -h | --help) sed -n '2,5p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    --server) server=yes ;;
    --theatre)
      [ $# -ge 2 ] || { echo "etatmajor.sh: --theatre needs a name ($theatres)" >&2; exit 2; }
      theatre=$2; shift ;;
    --theatre=*) theatre=${1#--theatre=} ;;
    *) echo "etatmajor.sh: unknown option '$1' (--theatre NAME, --server, or nothing; --help says more)" >&2; exit 2 ;;
  esac
  shift
done
scenario=$(theatre_campaign "$theatre") || {
  echo "etatmajor.sh: unknown theatre '$theatre' (one of: $theatres)" >&2
  exit 2
}
campaign=$(basename "$scenario" .xml)

if [ -n "$server" ]; then
  ./scripts/install-deps.sh
  cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
  cmake --build build -j"$(nproc)" --target etatmajor-cli etatmajor-server
  demo=build/server-demo
  mkdir -p "$demo/campaigns"
  printf 'host-passphrase\n' > "$demo/host.pass"
  printf 'british-passphrase\n' > "$demo/british.pass"
  printf 'american-passphrase\n' > "$demo/american.pass"
  if [ ! -f "$demo/campaigns/$campaign.db" ]; then
    build/bin/etatmajor-cli campaign new --scenario "$scenario" --db "$demo/campaigns/$campaign.db" \
      --seed 1780 --host-password-file "$demo/host.pass" \
      --side-password-file british="$demo/british.pass" --side-password-file american="$demo/american.pass"
  fi
  echo "Passphrase files for the try-out: $demo/british.pass, $demo/american.pass (the host: $demo/host.pass)."
  echo "Try: build/bin/etatmajor-cli week show --server http://127.0.0.1:8780 --side american --password-file $demo/american.pass"
  echo "The turn waits at the week's stops before W4 and W5 until both sides say 'week done' (docs/server.md)."
  exec build/bin/etatmajor-server --campaigns "$demo/campaigns" --plain-http --bind 127.0.0.1 --port 8780 \
    --host-password-file "$demo/host.pass"
fi

./scripts/install-deps.sh
cmake -S . -B build -DCMAKE_BUILD_TYPE=RelWithDebInfo -DETATMAJOR_BUILD_GUI=ON -DETATMAJOR_BUILD_TESTS=ON >/dev/null
cmake --build build -j"$(nproc)" --target etatmajor-cli etatmajor

demo_dir=build/demo
db=$demo_dir/$campaign.db
mkdir -p "$demo_dir"

if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
  # Keep a campaign that is already under way; create it the first time.
  if [ ! -f "$db" ]; then
    build/bin/etatmajor-cli campaign new --scenario "$scenario" --db "$db" --seed 1780
  fi
  exec build/bin/etatmajor "$db"
fi

echo "No display found: running the headless campaign demo."
echo
build/bin/etatmajor-cli campaign validate "$scenario"
build/bin/etatmajor-cli campaign new --scenario "$scenario" --db "$db" --seed 1780 --force
echo
build/bin/etatmajor-cli status --db "$db"
echo
echo "What the American commander sees:"
build/bin/etatmajor-cli status --db "$db" --side american
echo
echo "The British write their orders for the first day; the Americans stand fast:"
build/bin/etatmajor-cli orders template --db "$db" --side british -o "$demo_dir/british-orders.xml"
build/bin/etatmajor-cli orders submit --db "$db" --side british --file "$demo_dir/british-orders.xml"
build/bin/etatmajor-cli orders stand-fast --db "$db" --side american
# The printed papers of that first day (docs/papers.md), before the week runs on.
build/bin/etatmajor-cli print orders --db "$db" --side british -o "$demo_dir/british-orders-day1.pdf" >/dev/null
build/bin/etatmajor-cli print supply --db "$db" --side british -o "$demo_dir/british-supply-day1.pdf" >/dev/null
echo
echo "The first week (sides without orders on later days stand fast):"
build/bin/etatmajor-cli advance --db "$db" --week --stand-fast-missing > "$demo_dir/week-1.txt"
head -n 40 "$demo_dir/week-1.txt"
echo "  ... (the whole week is in $demo_dir/week-1.txt)"
echo
build/bin/etatmajor-cli loc --db "$db" --side american
echo
build/bin/etatmajor-cli supply --db "$db" --side british
echo
echo "The dice of the set-up and the first days:"
build/bin/etatmajor-cli log --db "$db" > "$demo_dir/dice.txt"
head -n 20 "$demo_dir/dice.txt"
echo "  ... (every roll is in $demo_dir/dice.txt)"
echo
echo "The British order sheets and supply summary of the first day, as printed papers (PDF):"
echo "  $demo_dir/british-orders-day1.pdf"
echo "  $demo_dir/british-supply-day1.pdf"
echo
echo "The campaign database is $db; explore it with: build/bin/etatmajor-cli status --db $db --json"
