#!/usr/bin/env bash
# Usage: interrupt_build.sh ORIONC INPUT DIR SIGNAL
# Builds INPUT into DIR/prog with a host compiler that hangs (hanging_cxx.sh), sends SIGNAL to
# orionc once the compiler has started writing, and prints how orionc ended, whether the host
# compiler is still running, and what is left in DIR.
set -u
orionc=$1 input=$2 dir=$3 signal=$4
pids=$dir.pids
rm -f "$pids"
# orionc honours ignored signals: run it with the default handling whatever lit and a
# background job inherit.
env --default-signal=INT,TERM,HUP,QUIT ORION_CXX="$(dirname "$0")/hanging_cxx.sh" \
  HANGING_CXX_PIDS="$pids" "$orionc" "$input" -o "$dir/prog" &
orionc_pid=$!
for _ in $(seq 600); do
  [ -e "$pids" ] && break
  sleep 0.1
done
if [ ! -e "$pids" ]; then
  echo "the host compiler did not start"
  kill -KILL "$orionc_pid"
  exit 1
fi
kill -"$signal" "$orionc_pid"
wait "$orionc_pid"
echo "orionc: exit status $?"
for pid in $(cat "$pids"); do
  if kill -0 "$pid" 2>/dev/null; then
    echo "still running: $pid"
    kill -KILL "$pid"
  fi
done
rm -f "$pids"
echo "left in the output directory: [$(ls -A "$dir")]"
