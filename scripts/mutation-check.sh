#!/usr/bin/env bash
# Breaks one rule at a time in a scratch copy of the repository and checks that the
# generic battery (engine/tests/battery.rs, engine/tests/fuzz.rs, the secret-choice and
# no-peeking checks) or the golden playthroughs (sim-cli/tests/it/playthroughs.rs) fail.
# Each mutation must be caught; the script exits 1 if one is not.
#
# Usage: scripts/mutation-check.sh [NAME...]   (default: every mutation below)
# Takes a few minutes: every mutation rebuilds the engine and the sim binary (debug).
set -euo pipefail
repo=$(git -C "$(dirname "$0")/.." rev-parse --show-toplevel)
work=$(mktemp -d /tmp/mutants.XXXXXX)
trap 'git -C "$repo" worktree remove --force "$work/src" >/dev/null 2>&1 || true; rm -rf "$work"' EXIT
git -C "$repo" worktree add --detach "$work/src" HEAD >/dev/null
export CARGO_TARGET_DIR="$work/target"

# Each mutation is four entries: name, file, exact text (occurring once), replacement.
mutations=(
  grangol-shot-seen engine/src/grangol/info.rs
  "            Task::ShotDirection => {
                if self.attacker() == 0 {
                    (tag, hidden)"
  "            Task::ShotDirection => {
                if self.attacker() == 0 {
                    (tag, tag)"
  grangol-double-goal engine/src/grangol/effects.rs
  "self.score[scorer as usize] += 1;"
  "self.score[scorer as usize] += 2;"
  grangol-second-yellow engine/src/grangol/effects.rs
  "if self.yellows[seat as usize] >= 2 {"
  "if self.yellows[seat as usize] >= 3 {"
  grangol-rilancio-anywhere engine/src/grangol/legal.rs
  "if p != 0 {"
  "if p > 1 {"
  grangol-mischia-one-card engine/src/grangol/legal.rs
  "if self.hand_count[seat as usize] < 2 || self.hand_count[1 - seat as usize] == 0 {"
  "if self.hand_count[seat as usize] < 1 || self.hand_count[1 - seat as usize] == 0 {"
  grangol-refill-one-short engine/src/grangol/flow.rs
  "let need = self.hand_limit[s].saturating_sub(self.hand_count[s]);"
  "let need = self.hand_limit[s].saturating_sub(self.hand_count[s] + 1);"
  grangol-half-a-card-early engine/src/grangol/flow.rs
  "if self.timer + 1 >= self.rules.timer_cards {"
  "if self.timer + 2 >= self.rules.timer_cards {"
  grangol-long-shot-anywhere engine/src/grangol/legal.rs
  "m &= !bit(Card::TiroDaFuori);"
  "m &= !0;"
  grangol-cambio-twice engine/src/grangol/legal.rs
  "if !self.cambio_used[s] && self.hand_count[s] > 0 {"
  "if self.hand_count[s] > 0 {"
  lastuf-tie-scores engine/src/lastuf/legal.rs
  "Some((k, _)) => self.active(seat, k) > self.active(target, k),"
  "Some((k, _)) => self.active(seat, k) >= self.active(target, k),"
  lastuf-timeout-ignored engine/src/lastuf/legal.rs
  "if target == seat || !self.is_in(target) || self.timeout[target as usize] {"
  "if target == seat || !self.is_in(target) {"
  lastuf-fourth-goal engine/src/lastuf/flow.rs
  "&& self.balls[seat as usize][g] >= self.rules.goals_to_eliminate"
  "&& self.balls[seat as usize][g] > self.rules.goals_to_eliminate"
  lastuf-injury-on-the-injured engine/src/lastuf/legal.rs
  "healthy |= w & Self::fit_mask(Card::Injury) != 0;"
  "healthy |= w != 0;"
  lastuf-second-yellow-ignored engine/src/lastuf/effects.rs
  "if st.booked() {"
  "if false && st.booked() {"
  lastuf-doctor-keeps-the-injury engine/src/lastuf/effects.rs
  "                self.pile(Card::Injury, 1);
                self.pile(Card::Doctor, 1);"
  "                self.pile(Card::Doctor, 1);"
  memory-double-yellow-every-third engine/src/memory/flow.rs
  "DoubleYellow::EverySecond => booked.is_multiple_of(2),"
  "DoubleYellow::EverySecond => booked.is_multiple_of(3),"
  helvetia-pass-one-hex-further engine/src/helvetia/legal.rs
  "<= self.rules.pass_range"
  "<= self.rules.pass_range + 1"
  helvetia-shootout-one-short engine/src/helvetia/flow.rs
  "self.phase = if k + 1 < self.rules.shootout_shots {"
  "self.phase = if k + 2 < self.rules.shootout_shots {"
  lastuf-swap-leaves-the-balls engine/src/lastuf/effects.rs
  "                self.goals[a][m] = self.goals[b][g];
                self.balls[a][m] = self.balls[b][g];
                self.goals[b][g] = ga;
                self.balls[b][g] = ba;"
  "                self.goals[a][m] = self.goals[b][g];
                self.goals[b][g] = ga;
                let _ = ba;"
  helvetia-steal-strict engine/src/helvetia/flow.rs
  "(Phase::Roll(RollFor::Steal), Decoded::Roll(v)) => {
                if v <= self.def(self.defence(), self.defender) {"
  "(Phase::Roll(RollFor::Steal), Decoded::Roll(v)) => {
                if v < self.def(self.defence(), self.defender) {"
  helvetia-intercept-strict engine/src/helvetia/flow.rs
  "(Phase::Roll(RollFor::Intercept), Decoded::Roll(v)) => {
                if v <= self.def(self.defence(), self.defender) {"
  "(Phase::Roll(RollFor::Intercept), Decoded::Roll(v)) => {
                if v < self.def(self.defence(), self.defender) {"
  memory-pairs-worth-one engine/src/memory/flow.rs
  "self.points[usize::from(m)] += u16::from(v);"
  "self.points[usize::from(m)] += 1;"
  memory-pair-ends-the-turn engine/src/memory/flow.rs
  "            self.end_turn(m, ev);
            return;"
  "            let next = self.next_seat(m);
            self.end_turn(next, ev);
            return;"
  helvetia-shot-roll-strict engine/src/helvetia/flow.rs
  "let goal = v <= need;"
  "let goal = v < need;"
  helvetia-goal-counts-two engine/src/helvetia/flow.rs
  "self.score[usize::from(self.attack)] += 1;"
  "self.score[usize::from(self.attack)] += 2;"
  crazy-eights-eight-turned-up engine/src/crazy_eights/flow.rs
  "if rank(card) == EIGHT_RANK {
                self.deck |= bit;"
  "if false && rank(card) == EIGHT_RANK {
                self.deck |= bit;"
)

missed=0
for ((i = 0; i < ${#mutations[@]}; i += 4)); do
  name=${mutations[i]} file=${mutations[i + 1]} old=${mutations[i + 2]} new=${mutations[i + 3]}
  if [[ $# -gt 0 ]] && [[ ! " $* " == *" $name "* ]]; then continue; fi
  git -C "$work/src" checkout -q -- .
  python3 - "$work/src/$file" "$old" "$new" <<'PY'
import sys
path, old, new = sys.argv[1:4]
text = open(path).read()
if text.count(old) != 1:
    sys.exit(f"{path}: the text to mutate occurs {text.count(old)} times")
open(path, "w").write(text.replace(old, new))
PY
  # A mutant that does not compile proves nothing.
  if ! (cd "$work/src" && cargo build -q -p engine -p sim-cli --tests >"$work/log" 2>&1); then
    echo "BROKEN  $name: the mutant does not compile"
    missed=1
    continue
  fi
  if (cd "$work/src" && cargo test -q -p engine --test battery --test fuzz >"$work/log" 2>&1 \
        && cargo test -q -p sim-cli --test it playthroughs:: >>"$work/log" 2>&1); then
    echo "MISSED  $name ($file)"
    missed=1
  else
    why=$(grep -m1 -A1 -E "panicked" "$work/log" | tail -1 | cut -c1-200 || true)
    echo "caught  $name: $why"
  fi
done
exit $missed
