#!/usr/bin/env bash
# Smoke test of a sharded run under Slurm, on this machine alone.
#
# It builds `sim` (release) from the repository this script lives in, starts a one-node
# Slurm cluster on this machine (its own munged, slurmctld and slurmd, with a minimal
# slurm.conf in a temporary folder, talking over 127.0.0.1 only), submits a job array of
# 4 shards (`sim ... --shard I/4`) and a `sim merge` job that depends on it, waits for
# both, then plays the same run in one process without --shard and compares every CSV of
# the merged folder with the single run's, byte for byte (`cmp`). It prints PASS or FAIL
# and exits non-zero on any failure. On exit it stops the daemons it started and removes
# its temporary folder, so it can be run again at once.
#
# It needs root (slurmd runs as root, and Slurm is installed when missing) and Debian's
# packages: when `sbatch` is missing it runs `apt-get install slurm-wlm` (Debian 12:
# Slurm 22.05, with munge). It does not touch any system service, /etc/slurm or the
# system's munged: everything it starts uses files under its temporary folder.
#
# Usage: bash scripts/slurm-smoke.sh
# Environment: GAMES (default 20000) games of greedy against random, SEED (default 7),
# KEEP=1 keeps the temporary folder (logs, shards, merged and single runs) and prints it,
# SLURMCTLD_PORT and SLURMD_PORT (default 6817 and 6818) when those are taken.
# This script is not part of CI (.ci/run).
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
games=${GAMES:-20000}
seed=${SEED:-7}
shards=4
ctld_port=${SLURMCTLD_PORT:-6817}
slurmd_port=${SLURMD_PORT:-6818}
started_at=$(date +%s)

say() { printf '== %s\n' "$*"; }
fail() {
    printf 'FAIL: %s\n' "$*" >&2
    exit 1
}

if [[ $(id -u) -ne 0 ]]; then
    fail "run as root (slurmd runs as root; Slurm may need installing)"
fi

# 1. Slurm from the distribution's packages.
if ! command -v sbatch >/dev/null 2>&1 || ! command -v slurmctld >/dev/null 2>&1 ||
    ! command -v slurmd >/dev/null 2>&1 || ! command -v munged >/dev/null 2>&1; then
    say "installing slurm-wlm (apt-get)"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -q
    apt-get install -y -q slurm-wlm
fi

# 2. sim, release build.
say "building sim (cargo build --release -p sim-cli) in $repo"
(cd "$repo" && cargo build --release -p sim-cli)
sim="$repo/target/release/sim"
[[ -x $sim ]] || fail "no binary at $sim"

# 3. A one-node cluster under a temporary folder.
tmp=$(mktemp -d /tmp/slurm-smoke.XXXXXX)
chmod 755 "$tmp" # munged wants every directory above its socket searchable by all
pids=()          # the daemons this script started, stopped in reverse order on exit
job_ids=()

cleanup() {
    local rc=$?
    set +e
    if [[ -n ${SLURM_CONF:-} ]]; then
        for id in "${job_ids[@]}"; do
            scancel "$id" >/dev/null 2>&1
        done
    fi
    for ((k = ${#pids[@]} - 1; k >= 0; k--)); do
        local pid=${pids[k]}
        if kill -0 "$pid" 2>/dev/null; then
            kill -TERM "$pid" 2>/dev/null
            for _ in $(seq 50); do
                kill -0 "$pid" 2>/dev/null || break
                sleep 0.2
            done
            kill -0 "$pid" 2>/dev/null && kill -KILL "$pid" 2>/dev/null
            wait "$pid" 2>/dev/null
        fi
    done
    if [[ $rc -ne 0 ]]; then
        for name in munged slurmctld slurmd; do
            local f="$tmp/log/$name.log"
            # the daemon's own log file, or what it printed before it could open one
            [[ -s $f ]] || f="$tmp/log/$name.out"
            [[ -s $f ]] || continue
            echo "-- last lines of $f" >&2
            tail -n 15 "$f" >&2
        done
    fi
    if [[ ${KEEP:-0} == 1 ]]; then
        echo "kept $tmp"
    else
        rm -rf "$tmp"
    fi
    exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

mkdir -p "$tmp/log" "$tmp/state" "$tmp/spool" "$tmp/work"
chmod 700 "$tmp/state" "$tmp/spool"

# munge: the system's key (created if missing), a private daemon and socket.
if [[ ! -s /etc/munge/munge.key ]]; then
    say "creating /etc/munge/munge.key"
    if command -v mungekey >/dev/null 2>&1; then
        mungekey --create --keyfile=/etc/munge/munge.key
    else
        dd if=/dev/urandom of=/etc/munge/munge.key bs=1 count=1024 status=none
    fi
    chown munge:munge /etc/munge/munge.key 2>/dev/null || true
    chmod 400 /etc/munge/munge.key
fi
mkdir -m 755 "$tmp/munge"
install -m 400 /etc/munge/munge.key "$tmp/munge/munge.key"
socket="$tmp/munge/munge.socket"
say "starting munged (socket $socket)"
munged --foreground --socket="$socket" --key-file="$tmp/munge/munge.key" \
    --pid-file="$tmp/munge/munged.pid" --seed-file="$tmp/munge/munged.seed" \
    2>"$tmp/log/munged.log" &
pids+=($!)
for _ in $(seq 50); do
    [[ -S $socket ]] && break
    sleep 0.2
done
munge -n -S "$socket" | unmunge -S "$socket" >/dev/null || fail "munge does not work (see $tmp/log/munged.log)"

host=$(hostname -s)
cpus=$(nproc)
mem_mb=$(awk '/^MemTotal:/ { print int($2 / 1024) }' /proc/meminfo)
real_mem=$((mem_mb * 9 / 10)) # a bit under the machine's, so the node is never drained for it
export SLURM_CONF="$tmp/slurm.conf"
cat >"$SLURM_CONF" <<EOF
# One-node cluster of scripts/slurm-smoke.sh (temporary).
ClusterName=simsmoke
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$socket
StateSaveLocation=$tmp/state
SlurmdSpoolDir=$tmp/spool
SlurmctldPidFile=$tmp/slurmctld.pid
SlurmdPidFile=$tmp/slurmd.pid
SlurmctldLogFile=$tmp/log/slurmctld.log
SlurmdLogFile=$tmp/log/slurmd.log
PlugStackConfig=$tmp/plugstack.conf
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SchedulerType=sched/backfill
MpiDefault=none
ReturnToService=2
MinJobAge=3600
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
JobCompType=jobcomp/none
MailProg=/bin/true
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$real_mem State=UNKNOWN
PartitionName=smoke Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
: >"$tmp/plugstack.conf"

say "starting slurmctld and slurmd ($SLURM_CONF)"
slurmctld -D -f "$SLURM_CONF" >"$tmp/log/slurmctld.out" 2>&1 &
pids+=($!)
sleep 1
slurmd -D -f "$SLURM_CONF" -N "$host" >"$tmp/log/slurmd.out" 2>&1 &
pids+=($!)

state=""
for _ in $(seq 60); do
    for pid in "${pids[@]}"; do
        kill -0 "$pid" 2>/dev/null || fail "a daemon exited (pid $pid); see the logs below"
    done
    state=$(sinfo -h -n "$host" -o '%T' 2>/dev/null || true)
    [[ $state == idle ]] && break
    sleep 1
done
[[ $state == idle ]] || fail "node $host is not idle after 60 s (state: '${state:-none}')"
sinfo

# 4. The shards as a job array, the merge as a job that depends on it.
work="$tmp/work"
args=(--game grangol --agents "greedy,random" --games "$games" --seed "$seed")
cat >"$work/shard.sbatch" <<EOF
#!/bin/bash
#SBATCH --job-name=sim-shard
#SBATCH --array=0-$((shards - 1))
#SBATCH --cpus-per-task=1
#SBATCH --output=$work/logs/shard-%a.log
set -euo pipefail
"$sim" ${args[*]} --threads "\${SLURM_CPUS_PER_TASK:-1}" \\
    --shard "\$SLURM_ARRAY_TASK_ID/$shards" --out "$work/shards/s\$SLURM_ARRAY_TASK_ID"
EOF
cat >"$work/merge.sbatch" <<EOF
#!/bin/bash
#SBATCH --job-name=sim-merge
#SBATCH --cpus-per-task=1
#SBATCH --output=$work/logs/merge.log
set -euo pipefail
"$sim" merge $(for ((i = 0; i < shards; i++)); do printf '%s ' "$work/shards/s$i"; done)--out "$work/merged"
EOF
mkdir -p "$work/logs" "$work/shards"

say "submitting $work/shard.sbatch and $work/merge.sbatch"
sed 's/^/   /' "$work/shard.sbatch" "$work/merge.sbatch"
array_id=$(sbatch --parsable --chdir="$work" "$work/shard.sbatch")
job_ids+=("$array_id")
echo "shard array: job $array_id (tasks 0-$((shards - 1)))"
merge_id=$(sbatch --parsable --chdir="$work" --dependency="afterok:$array_id" \
    --kill-on-invalid-dep=yes "$work/merge.sbatch")
job_ids+=("$merge_id")
echo "merge: job $merge_id (afterok:$array_id)"

say "waiting for the jobs"
for _ in $(seq 600); do
    # finished jobs stay known to slurmctld (MinJobAge), so an empty list means done
    if left=$(squeue -h -j "$array_id,$merge_id" -o '%i %T %r' 2>&1); then
        [[ -z $left ]] && break
    fi
    sleep 1
done
[[ -z $left ]] || fail "jobs still queued after 600 s: $left"
echo "all jobs left the queue"

failed=0
check_job() { # job id, label: every record of the job (each array task) COMPLETED, exit 0
    local records
    records=$(scontrol -o show job "$1" 2>/dev/null || true)
    [[ -n $records ]] || {
        echo "  $2: no record in slurmctld"
        failed=1
        return
    }
    while read -r line; do
        local id st ec
        id=$(grep -o 'JobId=[0-9]*' <<<"$line" | head -1)
        st=$(grep -o 'JobState=[A-Z_]*' <<<"$line")
        ec=$(grep -o ' ExitCode=[0-9:]*' <<<"$line" | tr -d ' ')
        local task
        task=$(grep -o 'ArrayTaskId=[0-9]*' <<<"$line" || true)
        echo "  $2 $id ${task:+$task }$st $ec"
        [[ $st == JobState=COMPLETED && $ec == ExitCode=0:0 ]] || failed=1
    done <<<"$records"
}
check_job "$array_id" "shard"
check_job "$merge_id" "merge"
for ((i = 0; i < shards; i++)); do # the shards' logs: their progress and timing lines
    log="$work/logs/shard-$i.log"
    if grep -q '^elapsed' "$log" 2>/dev/null; then
        echo "-- logs/shard-$i.log (its progress and timing lines)"
        grep -E '^(progress|grangol|elapsed)' "$log" | sed 's/^/   /'
    else
        echo "-- logs/shard-$i.log"
        sed 's/^/   /' "$log" 2>/dev/null || echo "   (no log)"
    fi
done
if [[ -f $work/logs/merge.log ]]; then
    echo "-- logs/merge.log"
    sed 's/^/   /' "$work/logs/merge.log"
fi
[[ $failed -eq 0 ]] || fail "a job did not complete with exit code 0"

# 5. The same run in one process, and the comparison.
say "single process: sim ${args[*]} --out $work/single"
"$sim" "${args[@]}" --quiet --out "$work/single" >"$work/logs/single.out"

say "comparing the CSVs of merged/ and single/"
n=0
for f in "$work"/single/*.csv; do
    name=$(basename "$f")
    if [[ ! -f $work/merged/$name ]]; then
        echo "  $name: missing from merged/"
        failed=1
    elif cmp -s "$f" "$work/merged/$name"; then
        echo "  $name: identical ($(wc -l <"$f") lines)"
        n=$((n + 1))
    else
        echo "  $name: DIFFERS"
        cmp "$f" "$work/merged/$name" || true
        failed=1
    fi
done
for f in "$work"/merged/*.csv; do
    [[ -f $work/single/$(basename "$f") ]] || {
        echo "  $(basename "$f"): only in merged/"
        failed=1
    }
done
[[ $n -gt 0 ]] || failed=1

elapsed=$(($(date +%s) - started_at))
if [[ $failed -eq 0 ]]; then
    echo "PASS: $shards shards under Slurm merged into $n CSVs byte-identical to one process ($games games, seed $seed; ${elapsed}s)"
else
    fail "the merged run differs from the single run (see above)"
fi
