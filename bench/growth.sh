#!/bin/bash
# Growth figures (bench/README.md, "Growth"): one PostgreSQL database grown to each size given
# (default 250,000, 1,000,000 and 2,000,000 titles; the generated titles already there are kept);
# at each size `bench:search` (a first start, without a kept snapshot) and then a restart timed
# until every API worker listens, with each process's RSS from /proc. STARTS_ONLY=1: no searches,
# a first start (no kept snapshot) and a restart only, each timed until it listens.
#   createdb estante_growth && bash bench/growth.sh postgres://postgres@127.0.0.1/estante_growth [SIZE…]
set -u
DB=${1:?usage: bash bench/growth.sh postgres://…/database [SIZE…]}
shift
SIZES=${*:-250000 1000000 2000000}
cd "$(dirname "$0")/.."
OUT=${GROWTH_OUT:-data/growth}
mkdir -p "$OUT"
prep() {
  psql -q "$DB" -c "truncate interest_pending, interest_serial_pending" -c "vacuum analyze"
  psql -At "$DB" -c "select count(*) || ' titles, database ' || pg_size_pretty(pg_database_size(current_database())) from titles"
}
restart() {
  local log=$OUT/${1:-restart}.log t0 t1 pid
  t0=$(date +%s.%N)
  DATABASE_URL=$DB SEED_DEMO=false PORT=0 DATA_DIR=data/bench node scripts/start.mjs > "$log" 2>&1 &
  pid=$!
  # One process (API_WORKERS=1, the default on 2 cores: decision 0041) says it runs; workers say all are ready.
  until grep -q "all .* API workers are ready" "$log" || { ! grep -q "starting .* API workers" "$log" && grep -q "Estante is running" "$log"; }; do sleep 0.2; kill -0 $pid 2>/dev/null || { echo "the server stopped"; cat "$log"; return; }; done
  t1=$(date +%s.%N)
  echo "${1:-restart}: all workers listening after $(echo "$t1 - $t0" | bc) s; $(grep -o '"\(buildMs\|loadMs\|readApart\)":[a-z0-9]*' "$log" | tr '\n' ' ')"
  sleep 5
  for p in $(pgrep -f "scripts/start.mjs"); do echo "process $p: $(grep -E 'VmRSS|RssShmem' /proc/$p/status | tr -s ' \t' ' ' | tr '\n' ' ')"; done
  kill $pid; wait $pid 2>/dev/null
}
step() {
  echo "=== $1 titles"
  prep
  rm -rf data/bench/search
  if [ -n "${STARTS_ONLY:-}" ]; then
    restart first-start
  else
    DATABASE_URL=$DB npm run bench:search -- --titles "$1" | tee "$OUT/search-$1.log" | grep -v '^>'
  fi
  ls -l data/bench/search
  restart
}
for size in $SIZES; do
  have=$(psql -At "$DB" -c "select count(*) from titles where control_number like 'GEN%'" 2>/dev/null || echo 0)
  if [ "${have:-0}" -lt "$size" ]; then
    /usr/bin/time -f "grown from $have to $size titles in %e s" env DATABASE_URL=$DB npm run generate -- --titles $((size - have)) --from $((have + 1)) > "$OUT/generate-$size.log" 2>&1
    tail -2 "$OUT/generate-$size.log"
  fi
  step "$size"
done
