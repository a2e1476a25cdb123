#!/bin/sh
# A host compiler (ORION_CXX) that starts writing its output (-o FILE) and then hangs in a child
# process, for interrupting orionc in the middle of a build. Once it hangs it writes its own pid
# and the child's to $HANGING_CXX_PIDS.
out=
while [ $# -gt 0 ]; do
  [ "$1" = -o ] && out=$2
  shift
done
echo "half an executable" > "$out"
sleep 120 &
echo "$$ $!" > "$HANGING_CXX_PIDS.tmp"
mv "$HANGING_CXX_PIDS.tmp" "$HANGING_CXX_PIDS"
wait
