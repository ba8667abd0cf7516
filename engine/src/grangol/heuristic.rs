//! The GRANGOL evaluation used by the greedy agent and at the cut of MCTS playouts.
//!
//! The estimate models the final goal difference `D` (seat minus opponent) as a normal
//! variable with mean `x` (the current lead plus the expected goals of the present
//! situation) and a standard deviation that shrinks with the time left, and returns the
//! expected score `P(D >= 1) + P(D = 0) / 2`, with a continuity correction for whole goals:
//! `(Φ((x - 0.5) / σ) + Φ((x + 0.5) / σ)) / 2`.
//!
//! Terms of `x`, all in goals:
//! - the lead, `goals(seat) - goals(opponent)`;
//! - possession: [`THREAT`]`[p]` for the attacker at progress `p` (0 own penalty area ..
//!   4 opponent's penalty area), added when `seat` attacks and subtracted when it defends;
//! - hand quality: for each card of `seat`'s own hand, its [`card_weight`] less the mean
//!   weight [`MEAN_CARD_WEIGHT`] (the opponent's hidden hand counts as average);
//! - red cards: [`HAND_LIMIT_WEIGHT`] per card of hand-limit advantage;
//! - lasting cards: [`LASTING_WEIGHT`] per SUPERIORITA' TECNICA / CONDIZIONE ATLETICA in
//!   front of `seat` (subtracted for the opponent's), scaled by the time left in the half.
//!
//! `σ = `[`SIGMA_PER_HALF`]` * sqrt(halves left) + `[`SIGMA_FLOOR`]; the time left in a half
//! is the smaller of the timer's and the draw pile's remaining fractions.
//!
//! Only public facts and `seat`'s own hand are read, so evaluating a determinization leaks
//! nothing. The weights are rough estimates from random self-play (goals per game ≈ 3,
//! shots from the penalty area score about one time in three).

use super::cards::{Card, NUM_CARDS};
use super::state::State;
use crate::core::{
    logistic, logit, members, GameState, Heuristic, LinearEval, Seat, Turn, MAX_FEATURES,
};

/// Expected goals of the attacker's situation by progress 0..=4.
pub const THREAT: [f64; 5] = [0.03, 0.06, 0.12, 0.25, 0.45];
/// Mean of [`card_weight`] over a typical hand.
pub const MEAN_CARD_WEIGHT: f64 = 0.035;
/// Goals per card of hand-limit advantage.
pub const HAND_LIMIT_WEIGHT: f64 = 0.12;
/// Goals per lasting advantage card over a whole half.
pub const LASTING_WEIGHT: f64 = 0.08;
/// Standard deviation of the goal difference over one half.
pub const SIGMA_PER_HALF: f64 = 1.1;
/// Standard deviation left when no time is left (keeps the estimate smooth).
pub const SIGMA_FLOOR: f64 = 0.15;

/// What holding `card` is worth, in goals.
pub const fn card_weight(card: Card) -> f64 {
    match card {
        Card::Grangol => 0.30,
        Card::Tiro => 0.08,
        Card::TiroDaFuori => 0.06,
        Card::Contropiede => 0.05,
        Card::Salvataggio => 0.05,
        Card::Tifosi => 0.05,
        Card::Lancio | Card::Dribbling | Card::Catenaccio | Card::FalloEdErrore => 0.04,
        Card::Passaggio | Card::Contrasto => 0.03,
        Card::Superiorita | Card::Condizione => 0.04,
        // The lab's BLANK can never be played: it only takes a place in the hand.
        Card::Blank => 0.0,
        _ => 0.02,
    }
}

/// [`card_weight`] less [`MEAN_CARD_WEIGHT`] for each card id: what a card of the hand
/// adds to the estimate (computed once, at compile time, with the same arithmetic).
const HAND_WEIGHT: [f64; NUM_CARDS] = {
    let mut w = [0.0; NUM_CARDS];
    let mut i = 0;
    while i < NUM_CARDS {
        w[i] = card_weight(Card::ALL[i]) - MEAN_CARD_WEIGHT;
        i += 1;
    }
    w
};

/// The standard normal distribution function Φ, through erf (Abramowitz & Stegun 7.1.26,
/// absolute error below 1.5e-7).
fn phi(z: f64) -> f64 {
    let x = z / std::f64::consts::SQRT_2;
    let t = 1.0 / (1.0 + 0.327_591_1 * x.abs());
    let poly = t
        * (0.254_829_592
            + t * (-0.284_496_736
                + t * (1.421_413_741 + t * (-1.453_152_027 + t * 1.061_405_429))));
    let erf = 1.0 - poly * (-x * x).exp();
    let erf = if x >= 0.0 { erf } else { -erf };
    0.5 * (1.0 + erf)
}

/// `0.5 (Φ((x − 0.5)/σ) + Φ((x + 0.5)/σ))`, remembered: six divisions and two `exp` in
/// a chain of dependent steps, asked at every position `greedy` and the search's cut
/// evaluate, where a few values of `x` and `σ` recur. A small table per thread, indexed by
/// a hash of the two numbers' bits, keeps the last value computed for each slot and
/// returns it only for the same two numbers: the result is the formula's, bit for bit.
fn win_share(x: f64, sigma: f64) -> f64 {
    remembered(x, sigma, false)
}

/// [`logit`] of [`win_share`], remembered beside it (the fitted evaluation's last
/// feature: one `ln` saved at every position whose win share is remembered). The same
/// value, bit for bit, as `logit(win_share(x, sigma))`.
fn win_share_logit(x: f64, sigma: f64) -> f64 {
    remembered(x, sigma, true)
}

/// [`win_share`] (`logit_of` false) or its [`logit`] (`logit_of` true), through the table
/// of both.
#[inline(always)]
fn remembered(x: f64, sigma: f64, logit_of: bool) -> f64 {
    use std::cell::Cell;
    const SLOTS: usize = 256;
    /// The two numbers' bits, the win share and its logit (NaN until asked for).
    type Slot = (u64, u64, f64, f64);
    thread_local! {
        static MEMO: [Cell<Slot>; SLOTS] =
            // A slot starts with a NaN for both numbers, whose value is a NaN as the
            // formula's is.
            const { [const { Cell::new((u64::MAX, u64::MAX, f64::NAN, f64::NAN)) }; SLOTS] };
    }
    let (xb, sb) = (x.to_bits(), sigma.to_bits());
    // The top bits of a multiplicative hash of both numbers.
    let hash = (xb ^ sb.rotate_left(29)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    let slot = (hash >> (64 - SLOTS.trailing_zeros())) as usize;
    // The table is read and written in two small steps, so that both are compiled
    // inline, and the formula between them only on a miss.
    let (kx, ks, mut v, mut lv) = MEMO.with(|memo| memo[slot].get());
    if kx != xb || ks != sb {
        v = 0.5 * (phi((x - 0.5) / sigma) + phi((x + 0.5) / sigma));
        lv = f64::NAN;
    } else if !logit_of || !lv.is_nan() {
        return if logit_of { lv } else { v };
    }
    if logit_of {
        lv = logit(v);
    }
    MEMO.with(|memo| memo[slot].set((xb, sb, v, lv)));
    if logit_of {
        lv
    } else {
        v
    }
}

/// SUPERIORITA' TECNICA and CONDIZIONE ATLETICA in front of `seat`, less the opponent's.
fn lasting_advantage(s: &State, seat: Seat) -> f64 {
    s.lasting
        .iter()
        .filter(|l| matches!(l.as_card, Card::Superiorita | Card::Condizione))
        .map(|l| if l.owner == seat { 1.0 } else { -1.0 })
        .sum()
}

/// The time left: `(half_left, halves_left)`, the fraction of the current half left (the
/// smaller of the timer's and the draw pile's remaining fractions, in `[0, 1]`) and the
/// halves left counting this one's remainder (`half_left + 1` in the first half).
fn time_left(s: &State) -> (f64, f64) {
    let last = f64::from(s.rules().timer_cards - 1).max(1.0);
    let timer_left = 1.0 - f64::from(s.timer()) / last;
    let deck_left = f64::from(s.deck_count()) / f64::from(s.rules().deck_size).max(1.0);
    let half_left = timer_left.min(deck_left).clamp(0.0, 1.0);
    let halves_left = half_left + if s.half() == 1 { 1.0 } else { 0.0 };
    (half_left, halves_left)
}

/// The evaluation features of GRANGOL ([`Heuristic::features`]), for seat `s` (goals and
/// cards are `s`'s less the opponent's where both are counted; `σ` is the hand-made
/// model's standard deviation of the final goal difference, [`SIGMA_PER_HALF`]` ·
/// sqrt(halves left) + `[`SIGMA_FLOOR`], so a `/sigma` feature is a goal term on the scale
/// of the win probability's z-score):
/// - `lead`: goals ahead; `lead/sigma`: the same over `σ`;
/// - `attack_pK/sigma` (K = 0..4): `+1/σ` when `s` has possession at progress K (0 its own
///   penalty area .. 4 the opponent's), `−1/σ` when the opponent has it at its progress K;
/// - `hand_<card>`: copies of each printed card in `s`'s own hand (the opponent's hand is
///   hidden);
/// - `hand_size_diff`: cards in hand, `s`'s less the opponent's (public);
/// - `hand_limit_diff`: hand limits (red cards), `s`'s less the opponent's;
/// - `lasting_time`: SUPERIORITA' TECNICA and CONDIZIONE ATLETICA in front of `s` less
///   the opponent's, times the fraction of the half left;
/// - `hand_logit`: the log-odds of the hand-made [`Heuristic::heuristic`], clamped to
///   `[−10, 10]` (so the fit starts from the hand-made model and corrects it).
pub const FEATURES: &[&str] = &[
    "lead",
    "lead/sigma",
    "attack_p0/sigma",
    "attack_p1/sigma",
    "attack_p2/sigma",
    "attack_p3/sigma",
    "attack_p4/sigma",
    "hand_passaggio",
    "hand_tiro",
    "hand_tiro_da_fuori",
    "hand_grangol",
    "hand_lancio",
    "hand_contropiede",
    "hand_rilancio",
    "hand_dribbling",
    "hand_ammonizione",
    "hand_espulsione",
    "hand_contrasto",
    "hand_catenaccio",
    "hand_salvataggio_in_extremis",
    "hand_fuorigioco",
    "hand_errore_arbitrale",
    "hand_fallo_ed_errore_arbitrale",
    "hand_fallo_intenzionale",
    "hand_fallo_laterale",
    "hand_tempo_5",
    "hand_melina",
    "hand_pressing",
    "hand_tifosi_a_favore",
    "hand_mischia",
    "hand_oggetti_in_campo",
    "hand_pioggia",
    "hand_sole",
    "hand_equilibrio_in_campo",
    "hand_superiorita_tecnica",
    "hand_condizione_atletica",
    "hand_size_diff",
    "hand_limit_diff",
    "lasting_time",
    "hand_logit",
];

/// Where the `hand_<card>` features start in [`FEATURES`].
const HAND_FEATURES: usize = 7;

/// The fitted evaluation shipped in `configs/grangol/eval.toml` (`sim fit-eval`), parsed
/// once ([`Heuristic::fitted_eval`]). Panics if the embedded file is malformed (a unit
/// test reads it).
fn fitted() -> &'static LinearEval {
    <State as Heuristic>::fitted_eval().expect("GRANGOL ships a fitted evaluation")
}

impl Heuristic for State {
    const FEATURES: &'static [&'static str] = FEATURES;

    fn features(&self, seat: Seat, out: &mut [f64; MAX_FEATURES]) -> usize {
        let me = seat as usize;
        let other = 1 - me;
        let (lead, half_left, _, sigma) = self.lead_and_time(seat);
        out[..FEATURES.len()].fill(0.0);
        out[0] = lead;
        out[1] = lead / sigma;
        let sign = if self.possession() == seat { 1.0 } else { -1.0 };
        out[2 + self.progress() as usize] = sign / sigma;
        // Every printed card (not the BLANK, last).
        let held = &self.hands[me][..NUM_CARDS - 1];
        for (o, &n) in out[HAND_FEATURES..].iter_mut().zip(held) {
            *o = f64::from(n);
        }
        let k = HAND_FEATURES + NUM_CARDS - 1;
        out[k] = f64::from(self.hand_count[me]) - f64::from(self.hand_count[other]);
        out[k + 1] = f64::from(self.hand_limit(seat)) - f64::from(self.hand_limit(other as Seat));
        out[k + 2] = lasting_advantage(self, seat) * half_left;
        out[k + 3] = logit(self.heuristic(seat));
        FEATURES.len()
    }

    crate::core::fitted_eval!("grangol");
    crate::core::policy_net!("grangol");

    fn heuristic(&self, seat: Seat) -> f64 {
        if self.turn() == Turn::Terminal {
            return self.returns()[seat as usize];
        }
        let (half_left, halves_left) = time_left(self);
        self.estimate(seat, half_left, halves_left)
    }

    /// [`LinearEval::value`] of [`Heuristic::features`], computed sparsely: the same
    /// terms in the same order, less those whose feature is 0 (absent hand cards), and
    /// the time left and the hand-made estimate computed once. Adding `w · 0 = ±0` leaves
    /// a sum that is not `−0` unchanged, and the sum starts at the nonzero bias and only
    /// reaches 0 as `+0`, so the result is the dense one bit for bit (a test checks it
    /// along random games).
    fn fitted_heuristic(&self, seat: Seat) -> f64 {
        self.linear_value(seat, fitted())
    }

    /// [`LinearEval::value`] of [`Heuristic::features`] under `eval`, computed sparsely as
    /// [`Heuristic::fitted_heuristic`] is.
    fn linear_value(&self, seat: Seat, eval: &LinearEval) -> f64 {
        if self.turn() == Turn::Terminal {
            return self.returns()[seat as usize];
        }
        self.sparse_value(seat, eval)
    }
}

impl State {
    /// What both forms of the fitted evaluation ([`Heuristic::features`] and
    /// `State::sparse_value`) start from, for `seat`: its goals less the other seat's
    /// (the lead), the share of the half left and the halves left ([`time_left`]), and σ
    /// ([`SIGMA_PER_HALF`]` · sqrt(halves left) + `[`SIGMA_FLOOR`]).
    #[inline]
    fn lead_and_time(&self, seat: Seat) -> (f64, f64, f64, f64) {
        let goals = self.goals();
        let lead = f64::from(goals[seat as usize]) - f64::from(goals[1 - seat as usize]);
        let (half_left, halves_left) = time_left(self);
        let sigma = SIGMA_PER_HALF * halves_left.sqrt() + SIGMA_FLOOR;
        (lead, half_left, halves_left, sigma)
    }

    /// `eval`'s value of the features of this state (not terminal) for `seat`, computed
    /// sparsely (see [`Heuristic::fitted_heuristic`]).
    #[inline]
    fn sparse_value(&self, seat: Seat, eval: &LinearEval) -> f64 {
        let w = &eval.weights;
        let me = seat as usize;
        let other = 1 - me;
        let (lead, half_left, halves_left, sigma) = self.lead_and_time(seat);
        let sign = if self.possession() == seat { 1.0 } else { -1.0 };
        let mut z = eval.bias;
        z += w[0] * lead;
        z += w[1] * (lead / sigma);
        z += w[2 + self.progress() as usize] * (sign / sigma);
        // The printed cards held, in card order (the BLANK, last, has no feature).
        for i in members(self.held[me] & ((1 << (NUM_CARDS - 1)) - 1)) {
            let i = usize::from(i);
            z += w[HAND_FEATURES + i] * f64::from(self.hands[me][i]);
        }
        let k = HAND_FEATURES + NUM_CARDS - 1;
        z += w[k] * (f64::from(self.hand_count[me]) - f64::from(self.hand_count[other]));
        z += w[k + 1]
            * (f64::from(self.hand_limit(seat)) - f64::from(self.hand_limit(other as Seat)));
        z += w[k + 2] * (lasting_advantage(self, seat) * half_left);
        z += w[k + 3] * self.estimate_logit(seat, half_left, halves_left);
        logistic(z)
    }

    /// The hand-made estimate ([`Heuristic::heuristic`]) at a state that is not terminal,
    /// given its [`time_left`].
    #[inline]
    fn estimate(&self, seat: Seat, half_left: f64, halves_left: f64) -> f64 {
        let (x, sigma) = self.estimate_terms(seat, half_left, halves_left);
        win_share(x, sigma)
    }

    /// [`logit`] of [`State::estimate`], bit for bit.
    #[inline]
    fn estimate_logit(&self, seat: Seat, half_left: f64, halves_left: f64) -> f64 {
        let (x, sigma) = self.estimate_terms(seat, half_left, halves_left);
        win_share_logit(x, sigma)
    }

    /// The estimate's expected goal difference `x` and its spread `σ`
    /// ([`win_share`]'s arguments).
    #[inline]
    fn estimate_terms(&self, seat: Seat, half_left: f64, halves_left: f64) -> (f64, f64) {
        let me = seat as usize;
        let other = 1 - me;
        let goals = self.goals();
        let lead = f64::from(goals[me]) - f64::from(goals[other]);

        let threat = THREAT[self.progress() as usize];
        let possession = if self.possession() == seat {
            threat
        } else {
            -threat
        };

        // The held cards in card order (the same sum, term by term, as a walk over
        // every card skipping those not held).
        let mut hand = 0.0;
        for i in members(self.held[me]) {
            let i = usize::from(i);
            hand += f64::from(self.hands[me][i]) * HAND_WEIGHT[i];
        }
        let limits = f64::from(self.hand_limit(seat)) - f64::from(self.hand_limit(other as Seat));
        let lasting = lasting_advantage(self, seat) * LASTING_WEIGHT * half_left;

        let x = lead + possession + hand + limits * HAND_LIMIT_WEIGHT + lasting;
        let sigma = SIGMA_PER_HALF * halves_left.sqrt() + SIGMA_FLOOR;
        (x, sigma)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::{ChanceOutcomes, LegalActions};

    /// The remembered win share is the formula's, bit for bit, for numbers asked once,
    /// again, and after others that share their slot of the table (far more pairs than
    /// slots, in two orders).
    #[test]
    fn the_remembered_win_share_is_the_formula() {
        let direct = |x: f64, sigma: f64| 0.5 * (phi((x - 0.5) / sigma) + phi((x + 0.5) / sigma));
        let pairs: Vec<(f64, f64)> = (0..3000)
            .map(|k| {
                let x = f64::from(k % 97) * 0.173 - 8.0;
                let sigma = 0.4 + f64::from(k % 13) * 0.31;
                (x, sigma)
            })
            .collect();
        for round in 0..2 {
            for &(x, sigma) in pairs.iter().chain(pairs.iter().rev()) {
                assert_eq!(
                    win_share(x, sigma).to_bits(),
                    direct(x, sigma).to_bits(),
                    "x {x}, σ {sigma}, round {round}"
                );
            }
        }
        // The logit remembered beside it: asked first, after the share, and mixed with
        // shares of other pairs in the same slots.
        for round in 0..3 {
            for (k, &(x, sigma)) in pairs.iter().enumerate() {
                if (k + round) % 3 == 0 {
                    win_share(x, sigma);
                }
                assert_eq!(
                    win_share_logit(x, sigma).to_bits(),
                    logit(direct(x, sigma)).to_bits(),
                    "x {x}, σ {sigma}, round {round}"
                );
                if (k + round) % 2 == 0 {
                    assert_eq!(win_share(x, sigma).to_bits(), direct(x, sigma).to_bits());
                }
            }
        }
        assert_eq!(win_share(0.0, 1.0).to_bits(), direct(0.0, 1.0).to_bits());
        assert_eq!(win_share(-0.0, 1.0).to_bits(), direct(-0.0, 1.0).to_bits());
    }

    #[test]
    fn hand_weights_are_the_card_weights_less_the_mean() {
        for c in Card::ALL {
            let w = std::hint::black_box(card_weight(c)) - std::hint::black_box(MEAN_CARD_WEIGHT);
            assert_eq!(HAND_WEIGHT[c.index()].to_bits(), w.to_bits(), "{c:?}");
        }
    }

    #[test]
    fn feature_names_follow_the_cards_and_the_shipped_weights_parse() {
        assert!(FEATURES.len() <= MAX_FEATURES);
        for (i, c) in Card::ALL[..NUM_CARDS - 1].iter().enumerate() {
            let mut name = String::from("hand_");
            for w in c
                .name()
                .to_lowercase()
                .split(|ch: char| !ch.is_ascii_alphanumeric())
            {
                if !w.is_empty() {
                    name.push_str(w);
                    name.push('_');
                }
            }
            name.pop();
            assert_eq!(FEATURES[HAND_FEATURES + i], name);
        }
        assert_eq!(fitted().len, FEATURES.len());
    }

    /// Features read only what the seat sees: every determinization of a seat's
    /// information set gives the same features, along random games.
    #[test]
    fn features_are_equal_on_every_determinization() {
        use crate::core::InfoSets;
        use crate::core::{derive_rng, sample_chance, ActionList, ChanceList, Game, Stream};
        use rand::Rng as _;
        let g = super::super::Grangol::default_rules();
        let mut rng = derive_rng(5, 0, Stream::Other(0));
        let (mut legal, mut chance) = (ActionList::new(), ChanceList::new());
        let mut checked = 0;
        for _ in 0..4 {
            let mut s = g.new_initial_state();
            while s.turn() != Turn::Terminal {
                match s.turn() {
                    Turn::Chance => {
                        s.chance_outcomes(&mut chance);
                        s.apply(sample_chance(&chance, &mut rng));
                    }
                    _ => {
                        for seat in 0..2u8 {
                            let mut a = [0.0; MAX_FEATURES];
                            let n = s.features(seat, &mut a);
                            assert_eq!(n, FEATURES.len());
                            for _ in 0..2 {
                                let d = s.determinize(seat, &mut rng);
                                let mut b = [0.0; MAX_FEATURES];
                                d.features(seat, &mut b);
                                assert_eq!(a, b, "seat {seat}");
                                checked += 1;
                            }
                        }
                        s.legal_actions(&mut legal);
                        s.apply(legal[rng.gen_range(0..legal.len())]);
                    }
                }
            }
            assert_eq!(s.fitted_heuristic(0), s.returns()[0]);
        }
        assert!(checked > 100);
    }

    /// The sparse [`Heuristic::fitted_heuristic`] is the dense model of the features, bit
    /// for bit, at every decision and chance node of random games, with the shipped
    /// weights and with weights none of which is zero (so a skipped term would show).
    #[test]
    fn sparse_fitted_value_is_the_dense_one_bit_for_bit() {
        use crate::core::{derive_rng, sample_chance, ActionList, ChanceList, Game, Stream};
        use rand::Rng as _;
        let g = super::super::Grangol::default_rules();
        let mut rng = derive_rng(9, 0, Stream::Other(0));
        let (mut legal, mut chance) = (ActionList::new(), ChanceList::new());
        let mut other = fitted().clone();
        for (i, w) in other.weights[..other.len].iter_mut().enumerate() {
            *w += 0.01 * (i + 1) as f64;
        }
        let mut checked = 0;
        for _ in 0..6 {
            let mut s = g.new_initial_state();
            while s.turn() != Turn::Terminal {
                for seat in 0..2u8 {
                    let mut x = [0.0; MAX_FEATURES];
                    s.features(seat, &mut x);
                    let dense = fitted().value(&x);
                    assert_eq!(s.fitted_heuristic(seat).to_bits(), dense.to_bits());
                    if s.turn() != Turn::Terminal {
                        let v = s.sparse_value(seat, &other);
                        assert_eq!(v.to_bits(), other.value(&x).to_bits());
                    }
                    checked += 1;
                }
                if let Turn::Chance = s.turn() {
                    s.chance_outcomes(&mut chance);
                    s.apply(sample_chance(&chance, &mut rng));
                } else {
                    s.legal_actions(&mut legal);
                    s.apply(legal[rng.gen_range(0..legal.len())]);
                }
            }
        }
        assert!(checked > 1000, "{checked}");
    }

    #[test]
    fn phi_matches_known_values() {
        assert!((phi(0.0) - 0.5).abs() < 1e-7);
        assert!((phi(1.959_963_985) - 0.975).abs() < 1e-6);
        assert!((phi(-1.0) - 0.158_655_254).abs() < 1e-6);
    }

    #[test]
    fn evaluation_is_a_score_and_symmetric_at_kickoff() {
        let g = super::super::Grangol::default_rules();
        let s = crate::core::Game::new_initial_state(&g);
        let (a, b) = (s.heuristic(0), s.heuristic(1));
        assert!((0.0..=1.0).contains(&a) && (0.0..=1.0).contains(&b));
        // Empty hands before the deal: only possession separates the seats.
        assert!(a > 0.5 && b < 0.5, "{a} {b}");
        assert!((a + b - 1.0).abs() < 1e-9);
    }
}
