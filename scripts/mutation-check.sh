#!/usr/bin/env bash
# Breaks one rule at a time in a scratch copy of the repository and checks that a test
# fails. Two lists:
# - `mutations`: the generic battery (engine/tests/battery.rs, engine/tests/fuzz.rs, the
#   secret-choice and no-peeking checks) or the golden playthroughs
#   (sim-cli/tests/it/playthroughs.rs) must fail: what holds for any game, and the games
#   replayed move by move;
# - `rule_mutations`: the engine's rule tests (`cargo test -p engine --lib`, one test or
#   more per rulebook clause and rule option: docs/rules/<game>.md maps them) must fail.
# Each mutation must be caught; the script exits 1 if one is not.
#
# Usage: scripts/mutation-check.sh [NAME...]   (default: every mutation below)
# Takes a while: every mutation rebuilds the engine (and, for the first list, the sim
# binary) in the test profile; about a minute a mutation on a 2-core machine.
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

# Mutations of single rule clauses, each caught by the engine's rule tests.
rule_mutations=(
  grangol-oggetti-stays engine/src/grangol/effects.rs
  "} else if phys == Card::Oggetti {"
  "} else if false && phys == Card::Oggetti {"
  grangol-scorer-keeps-ball engine/src/grangol/effects.rs
  "self.possession = 1 - scorer;"
  "self.possession = scorer;"
  grangol-red-keeps-limit engine/src/grangol/effects.rs
  "self.hand_limit[s] = self.hand_limit[s].saturating_sub(1);"
  "self.hand_limit[s] = self.hand_limit[s];"
  grangol-rain-under-sun engine/src/grangol/effects.rs
  "if (c == Card::Pioggia && sun) || self.lasting.is_full() {"
  "if self.lasting.is_full() {"
  grangol-sun-keeps-rain engine/src/grangol/effects.rs
  "self.remove_lasting(|l| l.as_card == Card::Pioggia);"
  "self.remove_lasting(|_| false);"
  grangol-rilancio-base-two engine/src/grangol/effects.rs
  "let base = if c == Card::Rilancio { 3 } else { 1 };"
  "let base = if c == Card::Rilancio { 2 } else { 1 };"
  grangol-pressing-two engine/src/grangol/effects.rs
  "self.timer = self.timer.saturating_sub(1);"
  "self.timer = self.timer.saturating_sub(2);"
  grangol-equilibrio-spares-condizione engine/src/grangol/effects.rs
  "matches!(l.as_card, Card::Superiorita | Card::Condizione)"
  "matches!(l.as_card, Card::Superiorita)"
  grangol-catenaccio-discarded engine/src/grangol/effects.rs
  "self.finish_card(card == Card::Catenaccio && !won);"
  "self.finish_card(false);"
  grangol-contropiede-discarded engine/src/grangol/effects.rs
  "self.finish_card(card == Card::Contropiede && success);"
  "self.finish_card(false);"
  grangol-objects-keep-time engine/src/grangol/effects.rs
  "self.timer = 0;"
  "self.timer = self.timer.min(1);"
  grangol-lancio-not-ok engine/src/grangol/effects.rs
  "self.lancio_ok = true;"
  "self.lancio_ok = false;"
  grangol-errore-no-turnover engine/src/grangol/effects.rs
  "Card::ErroreArbitrale => self.turnover_same_section(ev),"
  "Card::ErroreArbitrale => {}"
  grangol-answer-no-refill engine/src/grangol/effects.rs
  "self.tasks.push(Task::RefillTo(seat));"
  ""
  grangol-offside-always engine/src/grangol/effects.rs
  "let ok = self.offside_open;"
  "let ok = true;"
  grangol-rain-dry engine/src/grangol/effects.rs
  "if self.raining() {"
  "if false && self.raining() {"
  grangol-throw-in-stays engine/src/grangol/effects.rs
  "let p = self.progress().saturating_sub(o.throw_in_back);"
  "let p = self.progress();"
  grangol-superiorita-no-reroll engine/src/grangol/effects.rs
  "let twice = self.lasting_count(Card::Superiorita, seat) > 0"
  "let twice = false && self.lasting_count(Card::Superiorita, seat) > 0"
  grangol-no-penalty engine/src/grangol/effects.rs
  "PENALTY_AREA => ShotKind::Penalty,"
  "PENALTY_AREA => return,"
  grangol-second-yellow-plain engine/src/grangol/effects.rs
  "let second = self.yellows[d as usize] >= 1;"
  "let second = false;"
  grangol-no-rebound engine/src/grangol/effects.rs
  "self.rebounded = true;"
  "self.rebounded = false;"
  lastuf-timeout-forever engine/src/lastuf/flow.rs
  "if self.timeout[seat as usize] {"
  "if false && self.timeout[seat as usize] {"
  lastuf-no-lock-on-discard engine/src/lastuf/flow.rs
  "if n == 0 && !self.locked && !self.any_playable(s) {"
  "if false {"
  lastuf-one-more-discard engine/src/lastuf/flow.rs
  "if n >= self.rules.options.discard_max || self.hand_count[s as usize] == 0 {"
  "if n > self.rules.options.discard_max || self.hand_count[s as usize] == 0 {"
  lastuf-stop-refill-later engine/src/lastuf/flow.rs
  "StopRefill::AtOnce => Phase::StopRefill(v),"
  "StopRefill::AtOnce => Phase::Refill,"
  lastuf-no-start-refill engine/src/lastuf/flow.rs
  "TurnRefill::StartAndEnd => Phase::StartRefill,"
  "TurnRefill::StartAndEnd => Phase::Play,"
  lastuf-both-goals-one engine/src/lastuf/flow.rs
  "(2, Elimination::Both) => full >= 2,"
  "(2, Elimination::Both) => full >= 1,"
  lastuf-goal-out-balls-out engine/src/lastuf/flow.rs
  "EliminatedGoal::GoalOut => (&mut self.out, Some(&mut self.discard)),"
  "EliminatedGoal::GoalOut => (&mut self.out, None::<&mut [u8; NUM_CARDS]>),"
  lastuf-cap-not-marked engine/src/lastuf/flow.rs
  "            self.capped = true;"
  "            self.capped = false;"
  lastuf-never-stop engine/src/lastuf/effects.rs
  "if self.rules.deck[Card::Stop.index()] > 0 {"
  "if false && self.rules.deck[Card::Stop.index()] > 0 {"
  lastuf-goal-not-counted-for-scorer engine/src/lastuf/effects.rs
  "self.scored[s as usize] += 1;"
  "self.scored[s as usize] += 0;"
  lastuf-doctor-on-rivals engine/src/lastuf/legal.rs
  "Card::Doctor => target == seat || self.rules.options.doctor == DoctorRule::Any,"
  "Card::Doctor => true,"
  lastuf-sanction-own engine/src/lastuf/legal.rs
  "_ => target != seat || self.rules.options.sanctions == Sanctions::Any,"
  "_ => true,"
  lastuf-full-goal-open engine/src/lastuf/legal.rs
  "if self.rules.options.full_goal == FullGoal::Closed"
  "if false && self.rules.options.full_goal == FullGoal::Closed"
  memory-prize-goes-on engine/src/memory/flow.rs
  "if self.rules.options.prize == PrizeRule::EndsTurn || self.down == 0 {"
  "if self.down == 0 {"
  memory-var-any-turn-resets engine/src/memory/flow.rs
  "VarRule::AnyTurn => self.var_ready[s] += self.var_fresh[s],"
  "VarRule::AnyTurn => self.var_ready[s] = self.var_fresh[s],"
  memory-var-never-lapses engine/src/memory/flow.rs
  "self.var_ready[usize::from(self.mover)] = 0;"
  ""
  memory-from-second-third engine/src/memory/flow.rs
  "DoubleYellow::FromSecond => *booked >= 2,"
  "DoubleYellow::FromSecond => *booked >= 3,"
  memory-red-passes-on engine/src/memory/flow.rs
  "        } else {
            by
        };"
  "        } else {
            self.next_seat(m)
        };"
  memory-red-cannot-answer engine/src/memory/flow.rs
  "if p[Prize::Yellow.index()] > 0 || p[Prize::Red.index()] > 0 {"
  "if p[Prize::Yellow.index()] > 0 {"
  memory-no-window-before-first engine/src/memory/flow.rs
  "if self.rules.options.sanction == Sanction::AnyMoment {"
  "if false && self.rules.options.sanction == Sanction::AnyMoment {"
  helvetia-second-half-same-kicker engine/src/helvetia/flow.rs
  "self.kickoff(1 - self.first_attack, option, ev);"
  "self.kickoff(self.first_attack, option, ev);"
  helvetia-boost-not-refilled engine/src/helvetia/flow.rs
  "if self.rules.options.boost_half_time == BoostHalfTime::Refill {"
  "if false && self.rules.options.boost_half_time == BoostHalfTime::Refill {"
  helvetia-draw-no-shootout engine/src/helvetia/flow.rs
  "self.phase = if self.score[0] == self.score[1] {"
  "self.phase = if false {"
  crazy-eights-skip-one engine/src/crazy_eights/flow.rs
  "                    SKIP_RANK => {
                        self.current = step(self.current, 2);"
  "                    SKIP_RANK => {
                        self.current = step(self.current, 1);"
  crazy-eights-empty-draw-no-pass engine/src/crazy_eights/flow.rs
  "                if self.twos_left == 0 {
                    self.num_passes += 1;
                }"
  "                if self.twos_left == 0 {
                }"
  grangol-objects-twice engine/src/grangol/legal.rs
  "if self.objects_used && self.rules.options.tifosi_objects == TifosiObjects::OncePerGame {"
  "if false && self.objects_used {"
  grangol-cambio-then-no-draw-play engine/src/grangol/legal.rs
  "&& self.rules.options.cambio_then_no_draw == CambioThenNoDraw::Forbidden"
  "&& false"
  grangol-shot-anywhere engine/src/grangol/legal.rs
  "if p != PENALTY_AREA {"
  "if false {"
  grangol-long-shot-from-area engine/src/grangol/legal.rs
  "&& self.rules.options.long_shot_from == LongShotFrom::ThreeQuartersOrArea"
  "&& true"
  grangol-tifosi-grangol engine/src/grangol/legal.rs
  "let mut t = m & !(bit(Card::Tifosi) | bit(Card::Grangol));"
  "let mut t = m & !bit(Card::Tifosi);"
  grangol-tifosi-tempo-always engine/src/grangol/legal.rs
  "if self.rules.options.opening_tempo != OpeningTempo::Hold {"
  "if false {"
  grangol-discard-always engine/src/grangol/legal.rs
  "&& (out.is_empty() || self.rules.options.discard == DiscardRule::Always)"
  "&& true"
  grangol-cambio-done-at-once engine/src/grangol/legal.rs
  "if done > 0 || out.is_empty() {"
  "if true {"
  grangol-lancio-one-only engine/src/grangol/legal.rs
  "out.push(act::lancio(2));"
  ""
  grangol-yellow-answered-by-ammonizione engine/src/grangol/legal.rs
  "Foul::Yellow => &[Card::Espulsione],"
  "Foul::Yellow => &[Card::Ammonizione, Card::Espulsione],"
  grangol-keeper-public engine/src/grangol/legal.rs
  "Some(Task::Keeper) => !free_kick,"
  "Some(Task::Keeper) => false,"
  grangol-errore-never-barred engine/src/grangol/flow.rs
  "self.rules.options.errore_arbitrale == ErroreArbitraleRule::AttackerWithoutAmmonizione
            && self.hands"
  "false
            && self.hands"
  grangol-foul-shot-turn-ignored engine/src/grangol/flow.rs
  "&& self.rules.options.foul_shot_turn == FoulShotTurn::Attacker;"
  "&& false;"
  grangol-offside-never-open engine/src/grangol/flow.rs
  "self.offside_open = self.lancio_ok;"
  "self.offside_open = false;"
  grangol-recupero-off engine/src/grangol/flow.rs
  "if self.rules.options.half_end == HalfEnd::RecuperoReshuffle {"
  "if false {"
  grangol-wall-side-scores engine/src/grangol/flow.rs
  "if self.shot_kind == ShotKind::FreeKick && self.shot_dir == self.wall_dir {"
  "if false {"
  grangol-turn-cap-one-more engine/src/grangol/flow.rs
  "if self.turns_this_half >= self.rules.max_turns_per_half {"
  "if self.turns_this_half > self.rules.max_turns_per_half {"
  grangol-cambio-flag-kept engine/src/grangol/flow.rs
  "        ev.event(GameEvent::TurnEnd { seat: t });
        self.cambio_this_turn = false;"
  "        ev.event(GameEvent::TurnEnd { seat: t });"
  helvetia-move-one-short engine/src/helvetia/legal.rs
  "let reach = 1 + self.boost(team, fig);"
  "let reach = self.boost(team, fig).max(1);"
  helvetia-place-in-circle engine/src/helvetia/legal.rs
  "board.distance(c, centre) > board.circle"
  "board.distance(c, centre) >= board.circle"
  helvetia-keeper-not-in-goal engine/src/helvetia/legal.rs
  "if fig == 0 && !mates.contains(&own) {"
  "if false {"
  helvetia-one-more-pass engine/src/helvetia/legal.rs
  "if self.passes < self.rules.max_passes {"
  "if self.passes <= self.rules.max_passes {"
  helvetia-keeper-any-squares engine/src/helvetia/legal.rs
  "if CONNECTED & (1 << m) != 0 && m.count_ones() == u32::from(self.cover) {"
  "if m.count_ones() == u32::from(self.cover) {"
  grangol-draw-seen engine/src/grangol/info.rs
  "                } else if s == 0 {
                    (tag, hidden | u64::from(s))"
  "                } else if s == 0 {
                    (tag, tag)"
  grangol-secret-wall-seen engine/src/grangol/info.rs
  "            Task::Wall => {
                if self.defender() == 0 {
                    (tag, hidden)"
  "            Task::Wall => {
                if self.defender() == 0 {
                    (tag, tag)"
  grangol-revealed-hand-forgotten engine/src/grangol/info.rs
  "self.known[d] = self.hands[a];"
  ""
  grangol-keeper-reveals-nothing engine/src/grangol/info.rs
  "let reveal = tag | u64::from(self.shot_dir) << 24 | u64::from(self.wall_dir) << 32;"
  "let reveal = tag;"
  grangol-known-ignored engine/src/grangol/info.rs
  "let k = self.known[me][i].min(self.hands[other][i]);"
  "let k = 0u8.min(self.hands[other][i]);"
  grangol-tempo-dealt-to-hidden-hand engine/src/grangol/info.rs
  "weights[Card::Tempo5.index()] = 0;"
  ""
  grangol-shot-not-resampled engine/src/grangol/info.rs
  "d.shot_dir = rng.gen_range(0..3);"
  "d.shot_dir = self.shot_dir;"
  grangol-tempo-draw-hidden engine/src/grangol/info.rs
  "                if c == Card::Tempo5
                    && !(self.dealing"
  "                if false
                    && !(self.dealing"
  lastuf-draw-public engine/src/lastuf/info.rs
  "self.obs_public = InfoKey::mix(self.obs_public, (1 << 40) | phase | u64::from(d));"
  "self.obs_public = InfoKey::mix(self.obs_public, u64::from(action.0) | phase);"
  lastuf-committed-card-redrawn engine/src/lastuf/info.rs
  "if let Some(c) = committed.filter(|_| holder != me) {"
  "if let Some(c) = committed.filter(|_| false) {"
  lastuf-drawer-unseen engine/src/lastuf/info.rs
  "*private = InfoKey::mix(*private, u64::from(action.0) | phase);"
  "*private = InfoKey::mix(*private, phase);"
  memory-shown-to-the-mover-only engine/src/memory/info.rs
  "        for o in 0..self.n() {
            self.known[o] |= bit(c);
        }"
  "        let m = usize::from(self.mover);
        self.known[m] |= bit(c);"
  memory-face-not-observed engine/src/memory/info.rs
  "self.observe_all(TAG_SHOW ^ (u64::from(c) << 8) ^ u64::from(f));"
  "self.observe_all(TAG_SHOW ^ (u64::from(c) << 8));"
  memory-determinization-peeks engine/src/memory/info.rs
  "let unseen = self.down & !self.known[me];"
  "let unseen = self.down & !self.down & !self.known[me];"
  helvetia-square-seen engine/src/helvetia/flow.rs
  "self.obs[1 - a] = InfoKey::mix(self.obs[1 - a], TAG_SECRET);"
  "self.obs[1 - a] = InfoKey::mix(self.obs[1 - a], TAG_ACTION ^ u64::from(action.0));"
  helvetia-square-never-revealed engine/src/helvetia/flow.rs
  "self.obs[d] = InfoKey::mix(self.obs[d], TAG_REVEAL ^ u64::from(self.target));"
  ""
  grangol-second-half-seat-zero engine/src/grangol/flow.rs
  "            self.start_half(1);"
  "            self.start_half(0);"
  grangol-second-half-keeps-reds engine/src/grangol/flow.rs
  "        self.reds = [0; 2];
"
  "        self.reds = self.reds;
"
  grangol-second-half-keeps-limit engine/src/grangol/flow.rs
  "        self.hand_limit = [r.hand_size; 2];
"
  "        self.hand_limit = self.hand_limit;
"
  grangol-second-half-keeps-lasting engine/src/grangol/flow.rs
  "        self.lasting.clear();
"
  ""
  grangol-hands-always-kept engine/src/grangol/flow.rs
  "let keep = self.half == 2 && r.options.second_half_hands == SecondHalfHands::Keep;"
  "let keep = self.half == 2;"
  grangol-yellows-carry-over engine/src/grangol/flow.rs
  "        self.yellows = [0; 2];
"
  ""
  crazy-eights-eights-not-wild engine/src/crazy_eights/legal.rs
  "hand & (EIGHTS | suit_mask(self.last_suit) | rank_mask(rank(self.last_card)))"
  "hand & (suit_mask(self.last_suit) | rank_mask(rank(self.last_card)))"
  crazy-eights-rank-not-matched engine/src/crazy_eights/legal.rs
  "hand & (EIGHTS | suit_mask(self.last_suit) | rank_mask(rank(self.last_card)))"
  "hand & (EIGHTS | suit_mask(self.last_suit))"
  crazy-eights-draw-past-the-limit engine/src/crazy_eights/legal.rs
  "if self.deck != 0 && self.draws_before_play != self.rules.max_draw_cards {"
  "if self.deck != 0 {"
  crazy-eights-twos-not-stacked engine/src/crazy_eights/legal.rs
  "            for c in cards_of(self.hands[usize::from(self.current)] & TWOS) {
                out.push(Action(u16::from(c)));
            }"
  ""
  crazy-eights-passes-never-end engine/src/crazy_eights/flow.rs
  "if self.num_passes == SEATS + 1 {"
  "if self.num_passes == SEATS + 100 {"
  crazy-eights-eight-no-nomination engine/src/crazy_eights/flow.rs
  "        if rank(card) == EIGHT_RANK {
            self.nominate = true;
            return;
        }"
  ""
  crazy-eights-reverse-keeps-direction engine/src/crazy_eights/flow.rs
  "                REVERSE_RANK => {
                    self.direction = -self.direction;
                    self.current = step(seat, self.direction);"
  "                REVERSE_RANK => {
                    self.current = step(seat, self.direction);"
  crazy-eights-two-on-empty-pile engine/src/crazy_eights/flow.rs
  "                    if self.deck != 0 {
                        self.twos_left += 2;
                    }"
  "                    self.twos_left += 2;"
  crazy-eights-nominated-suit-ignored engine/src/crazy_eights/flow.rs
  "self.last_suit = (action - NOMINATE_BASE) as u8;"
  "let _ = action;"
  helvetia-no-malus engine/src/helvetia/flow.rs
  "let need = self.off(self.attack, self.carrier).saturating_sub(malus);"
  "let need = self.off(self.attack, self.carrier).saturating_sub(malus * 0);"
  helvetia-penalty-covered-from-the-ball engine/src/helvetia/flow.rs
  "        self.cover = if penalty {
            self.rules.penalty_distance"
  "        self.cover = if false {
            self.rules.penalty_distance"
  helvetia-shooters-never-repeat engine/src/helvetia/flow.rs
  "        if self.shot[t] == (1 << FIGURES) - 1 {
            self.shot[t] = 0;
        }"
  ""
  helvetia-goal-kickoff-to-scorer engine/src/helvetia/flow.rs
  "            let option = self.rules.options.kickoff_after_goal;
            self.kickoff(self.defence(), option, ev);"
  "            let option = self.rules.options.kickoff_after_goal;
            self.kickoff(self.attack, option, ev);"
  helvetia-no-changes-after-goal engine/src/helvetia/flow.rs
  "if self.rules.options.substitutions == Substitutions::AfterGoal"
  "if false"
  helvetia-substitute-keeps-boost engine/src/helvetia/flow.rs
  "self.boost[t][f] = self.rules.cards[t][FIGURES + usize::from(k)].boost;"
  ""
  helvetia-saved-penalty-scores engine/src/helvetia/flow.rs
  "(true, true) => self.penalty_done(false),"
  "(true, true) => self.penalty_done(true),"
)

# Applies mutation `$2` (file `$3`, text `$4` -> `$5`) in the scratch copy; returns 1
# if the text does not occur exactly once.
mutate() {
  git -C "$work/src" checkout -q -- .
  python3 - "$work/src/$1" "$2" "$3" <<'PY'
import sys
path, old, new = sys.argv[1:4]
text = open(path).read()
if text.count(old) != 1:
    sys.exit(f"{path}: the text to mutate occurs {text.count(old)} times")
open(path, "w").write(text.replace(old, new))
PY
}

missed=0
for ((i = 0; i < ${#mutations[@]}; i += 4)); do
  name=${mutations[i]} file=${mutations[i + 1]} old=${mutations[i + 2]} new=${mutations[i + 3]}
  if [[ $# -gt 0 ]] && [[ ! " $* " == *" $name "* ]]; then continue; fi
  mutate "$file" "$old" "$new"
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
for ((i = 0; i < ${#rule_mutations[@]}; i += 4)); do
  name=${rule_mutations[i]} file=${rule_mutations[i + 1]}
  old=${rule_mutations[i + 2]} new=${rule_mutations[i + 3]}
  if [[ $# -gt 0 ]] && [[ ! " $* " == *" $name "* ]]; then continue; fi
  mutate "$file" "$old" "$new"
  if ! (cd "$work/src" && cargo test -q -p engine --lib --no-run >"$work/log" 2>&1); then
    echo "BROKEN  $name: the mutant does not compile"
    missed=1
    continue
  fi
  if (cd "$work/src" && cargo test -q -p engine --lib >"$work/log" 2>&1); then
    echo "MISSED  $name ($file)"
    missed=1
  else
    # The failing tests, as `cargo test` lists them after `failures:`.
    why=$(grep -E "^    [a-z_0-9:]+$" "$work/log" | sort -u | head -3 | tr -s ' \n' ' ' || true)
    echo "caught  $name:$why"
  fi
done
exit $missed
