//! Seats and turns: who decides next ([`Turn`], [`ToMove`]) and what each seat gets at
//! the end ([`Returns`], [`placement_returns`], [`zero_sum`]).

/// A seat at the table, `0..num_seats`. Seat 0 is the first player of the game.
pub type Seat = u8;

/// The largest number of seats any game of the lab supports (LASTUF GOL: 4).
pub const MAX_SEATS: usize = 4;

/// Whose move it is: OpenSpiel's current player, with chance and terminal as variants.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Turn {
    /// The given seat decides among [`LegalActions::legal_actions`](super::LegalActions::legal_actions).
    Decision(Seat),
    /// Nature decides among [`ChanceOutcomes::chance_outcomes`](super::ChanceOutcomes::chance_outcomes) (a die roll, a card draw).
    Chance,
    /// The game is over; [`GameState::returns`](super::GameState::returns) holds the result.
    Terminal,
}

/// Per-seat returns at the end of a game: 1 for a win, 0 for a loss, 0.5 for a draw in a
/// two-seat game (the chess convention, so that returns are score points); in a game of
/// more seats, the share of opponents the seat finished ahead of, ties counted half
/// ([`placement_returns`]). Entries past `num_seats` are 0.
pub type Returns = [f64; MAX_SEATS];

/// The placement returns of `num_seats` seats from their final standing: `rank[s]` is
/// seat `s`'s place (0 = best; equal values tie). Seat `s` gets
/// `(opponents ranked below s + ties / 2) / (num_seats − 1)`: 1 for a sole winner, 0 for
/// a sole last, 0.5 each for a two-seat draw. The returns sum to `num_seats / 2`
/// ([`Utility::ConstantSum`](super::Utility::ConstantSum)). With `num_seats = 1` the return is 1.
#[inline]
pub fn placement_returns(rank: &[u8], num_seats: usize) -> Returns {
    let mut r = [0.0; MAX_SEATS];
    if num_seats == 1 {
        r[0] = 1.0;
        return r;
    }
    for s in 0..num_seats {
        let mut half_points = 0u32;
        for o in 0..num_seats {
            if o != s {
                half_points += match rank[s].cmp(&rank[o]) {
                    std::cmp::Ordering::Less => 2,
                    std::cmp::Ordering::Equal => 1,
                    std::cmp::Ordering::Greater => 0,
                };
            }
        }
        r[s] = f64::from(half_points) / (2.0 * (num_seats - 1) as f64);
    }
    r
}

/// The zero-sum form of final placement returns, as OpenSpiel's and PettingZoo's
/// two-player games pay: each of the `num_seats` seats gets `2 (r − mean)`, where `r` is
/// its entry of `returns` and `mean` the seats' mean (always ½ for placement returns), so
/// at two seats a win is +1, a loss −1 and a draw 0, at more seats the first +1 and the
/// last −1 with the others spread between; the entries sum to 0
/// ([`Utility::ZeroSum`](super::Utility::ZeroSum)), each within `[−1, 1]`. A single seat
/// has no one to be centred on: its return `r ∈ [0, 1]` becomes `2r − 1`, the same scale.
/// Entries past `num_seats` are 0.
#[inline]
pub fn zero_sum(returns: &Returns, num_seats: usize) -> Returns {
    let n = num_seats.clamp(1, MAX_SEATS);
    let mean = if n == 1 {
        0.5
    } else {
        returns[..n].iter().sum::<f64>() / n as f64
    };
    let mut z = [0.0; MAX_SEATS];
    for (z, r) in z.iter_mut().zip(&returns[..n]) {
        *z = 2.0 * (r - mean);
    }
    z
}

/// Who decides next, as written in trace snapshots: a seat, chance, or nobody (the game
/// is over). Serialized as the seat number, `"chance"` or `null`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ToMove {
    /// A seat decides.
    Seat(Seat),
    /// A chance node.
    Chance,
    /// The game is over.
    Nobody,
}

impl From<Turn> for ToMove {
    fn from(turn: Turn) -> Self {
        match turn {
            Turn::Decision(s) => ToMove::Seat(s),
            Turn::Chance => ToMove::Chance,
            Turn::Terminal => ToMove::Nobody,
        }
    }
}

impl serde::Serialize for ToMove {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            ToMove::Seat(x) => s.serialize_u8(*x),
            ToMove::Chance => s.serialize_str("chance"),
            ToMove::Nobody => s.serialize_none(),
        }
    }
}
