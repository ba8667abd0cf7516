//! Which games a run plays: its matches (pairings of agents), who sits where in each game,
//! and which deal (chance streams) each game is played on.
//!
//! Games are numbered globally, match by match: game `g` is game `i = g mod N` of match
//! `g / N`, with `N` games per match. Within a match, seats rotate game by game (agent `k`
//! of the match sits at seat `(k + i) mod n` for `n` seats). With duplicate deals, the `n`
//! consecutive games `j n … j n + n − 1` of a match form a *group* played on deal `j`: the
//! same chance streams with every seat rotation, so each agent meets the same luck from
//! every seat (duplicate bridge; the game pairs of chess engine testing). Every match of
//! a round robin is played on the same deals.
//!
//! A one-seat game (a solitaire) has no opponents: each agent plays a match of its own
//! (the round robin of tables of one), and with duplicate deals game `i` of every match
//! is played on deal `i` (a group is one game), so the agents meet the same luck.

use arrayvec::ArrayVec;
use engine_core::MAX_SEATS;

/// How the matches of a run are chosen from more agents than seats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Every pair of agents plays a match.
    RoundRobin,
    /// The first agent plays a match against each other agent.
    Gauntlet,
}

/// The games of a run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Schedule {
    /// The agents (indices into `--agents`) of each match, one per seat, in match order.
    pub matches: Vec<ArrayVec<usize, MAX_SEATS>>,
    /// Games per match.
    pub games_per_match: u64,
    /// Seats of the game.
    pub num_seats: usize,
    /// Whether the games of a group share their deal (duplicate deals).
    pub duplicate: bool,
}

/// One game of a schedule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scheduled {
    /// Global game index: seeds the agents' streams.
    pub index: u64,
    /// The match it belongs to.
    pub match_index: usize,
    /// The deal: seeds the chance streams (shared by the games of a group with duplicate
    /// deals, else the global index).
    pub deal: u64,
    /// The agent (index into `--agents`) at each seat.
    pub seats: ArrayVec<usize, MAX_SEATS>,
}

impl Schedule {
    /// The matches for `agents` agents at a game of `num_seats` seats: one match when
    /// there are as many agents as seats; with more, a round robin (every set of
    /// `num_seats` agents plays a match, in lexicographic order: every pair at a two-seat
    /// game) or a gauntlet (the first agent with every set of `num_seats − 1` others). At
    /// one seat, every agent alone.
    /// Errors, as one line: fewer agents than seats, a gauntlet at one seat (no opponents).
    pub fn new(
        agents: usize,
        num_seats: usize,
        format: Format,
        games_per_match: u64,
        duplicate: bool,
    ) -> Result<Schedule, String> {
        if num_seats == 1 && format == Format::Gauntlet {
            return Err("a gauntlet needs opponents, and a one-player game has none".into());
        }
        let matches: Vec<ArrayVec<usize, MAX_SEATS>> = if agents == num_seats {
            vec![(0..agents).collect()]
        } else if agents < num_seats {
            return Err(format!(
                "{agents} agent(s) for {num_seats} seats: name one agent per seat, or more \
                 for a tournament (e.g. --agents random,greedy,mcts)"
            ));
        } else {
            match format {
                Format::RoundRobin => combinations(0..agents, num_seats),
                Format::Gauntlet => combinations(1..agents, num_seats - 1)
                    .into_iter()
                    .map(|rest| std::iter::once(0).chain(rest).collect())
                    .collect(),
            }
        };
        Ok(Schedule {
            matches,
            games_per_match,
            num_seats,
            duplicate,
        })
    }

    /// The pairs of agents that meet in some match, `[a, b]` with `a < b`, sorted: the
    /// matches themselves at a two-seat game (match order is sorted: a round robin's
    /// pairs and a gauntlet's `[0, b]` come in lexicographic order), every pair within a
    /// match at a game of more seats. Head-to-head counts (`matchups.csv`)
    /// and pairwise ratings are kept per pair.
    pub fn head_to_head(&self) -> Vec<[usize; 2]> {
        if self.num_seats == 2 {
            let pairs: Vec<[usize; 2]> = self.matches.iter().map(|m| [m[0], m[1]]).collect();
            debug_assert!(
                pairs.windows(2).all(|w| w[0] < w[1]) && pairs.iter().all(|p| p[0] < p[1])
            );
            return pairs;
        }
        let mut pairs: Vec<[usize; 2]> = self
            .matches
            .iter()
            .flat_map(|m| {
                combinations(m.iter().copied(), 2)
                    .into_iter()
                    .map(|p| [p[0].min(p[1]), p[0].max(p[1])])
            })
            .collect();
        pairs.sort_unstable();
        pairs.dedup();
        pairs
    }

    /// Games of the whole run.
    pub fn total_games(&self) -> u64 {
        self.games_per_match * self.matches.len() as u64
    }

    /// Groups per match: games `j n … j n + n − 1` of a match form group `j`; the last
    /// may be incomplete.
    pub fn groups_per_match(&self) -> u64 {
        self.games_per_match.div_ceil(self.num_seats as u64)
    }

    /// Groups of the whole run, numbered match by match.
    pub fn total_groups(&self) -> u64 {
        self.groups_per_match() * self.matches.len() as u64
    }

    /// The global indices of the games of group `q`.
    pub fn group_games(&self, q: u64) -> std::ops::Range<u64> {
        let per = self.groups_per_match();
        let (m, j) = (q / per, q % per);
        let base = m * self.games_per_match;
        let n = self.num_seats as u64;
        base + j * n..base + ((j + 1) * n).min(self.games_per_match)
    }

    /// Game `g` of the run. Panics past [`Schedule::total_games`].
    pub fn game(&self, g: u64) -> Scheduled {
        assert!(g < self.total_games(), "game {g} is past the schedule");
        let m = (g / self.games_per_match) as usize;
        let i = g % self.games_per_match;
        let n = self.num_seats;
        let shift = (i % n as u64) as usize;
        let agents = &self.matches[m];
        Scheduled {
            index: g,
            match_index: m,
            deal: if self.duplicate { i / n as u64 } else { g },
            seats: (0..n).map(|seat| agents[(seat + n - shift) % n]).collect(),
        }
    }
}

/// The `k`-element subsets of `items`, each in the items' order, in lexicographic order.
fn combinations(
    items: impl IntoIterator<Item = usize>,
    k: usize,
) -> Vec<ArrayVec<usize, MAX_SEATS>> {
    let items: Vec<usize> = items.into_iter().collect();
    let mut out = Vec::new();
    let mut pick: Vec<usize> = (0..k).collect();
    if k > items.len() {
        return out;
    }
    loop {
        out.push(pick.iter().map(|&i| items[i]).collect());
        // Advance the rightmost index that can still move.
        let Some(i) = (0..k).rev().find(|&i| pick[i] < items.len() - k + i) else {
            return out;
        };
        pick[i] += 1;
        for j in i + 1..k {
            pick[j] = pick[j - 1] + 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_agents_alternate_seats_and_share_deals_in_pairs() {
        let s = Schedule::new(2, 2, Format::RoundRobin, 5, true).unwrap();
        assert_eq!(s.matches.len(), 1);
        let g: Vec<Scheduled> = (0..5).map(|g| s.game(g)).collect();
        assert_eq!(g[0].seats.as_slice(), &[0, 1]);
        assert_eq!(g[1].seats.as_slice(), &[1, 0]);
        assert_eq!(g[2].seats.as_slice(), &[0, 1]);
        assert_eq!(
            g.iter().map(|x| x.deal).collect::<Vec<_>>(),
            [0, 0, 1, 1, 2]
        );
        assert_eq!(s.total_groups(), 3);
        assert_eq!(s.group_games(2), 4..5);
        let u = Schedule::new(2, 2, Format::RoundRobin, 5, false).unwrap();
        assert_eq!(
            (0..5).map(|g| u.game(g).deal).collect::<Vec<_>>(),
            [0, 1, 2, 3, 4]
        );
    }

    #[test]
    fn round_robin_and_gauntlet() {
        let rr = Schedule::new(4, 2, Format::RoundRobin, 10, true).unwrap();
        let pairs: Vec<Vec<usize>> = rr.matches.iter().map(|m| m.to_vec()).collect();
        assert_eq!(
            pairs,
            [[0, 1], [0, 2], [0, 3], [1, 2], [1, 3], [2, 3]].map(Vec::from)
        );
        assert_eq!(rr.total_games(), 60);
        // Game 3 of match 2 (agents 0 and 3): the second agent at seat 0, deal 1.
        let g = rr.game(23);
        assert_eq!((g.match_index, g.deal), (2, 1));
        assert_eq!(g.seats.as_slice(), &[3, 0]);
        assert_eq!(rr.group_games(5 * 2 + 1), 22..24);
        let gt = Schedule::new(4, 2, Format::Gauntlet, 10, true).unwrap();
        assert_eq!(gt.matches.len(), 3);
        assert!(gt.matches.iter().all(|m| m[0] == 0));
    }

    #[test]
    fn round_robins_of_many_seats_play_every_table() {
        let rr = Schedule::new(5, 4, Format::RoundRobin, 8, true).unwrap();
        assert_eq!(rr.matches.len(), 5);
        assert_eq!(rr.matches[0].as_slice(), &[0, 1, 2, 3]);
        assert_eq!(rr.matches[4].as_slice(), &[1, 2, 3, 4]);
        assert_eq!(rr.head_to_head().len(), 10);
        let gt = Schedule::new(5, 3, Format::Gauntlet, 8, true).unwrap();
        assert_eq!(gt.matches.len(), 6);
        assert!(gt.matches.iter().all(|m| m[0] == 0 && !m[1..].contains(&0)));
        let one = Schedule::new(4, 4, Format::RoundRobin, 8, true).unwrap();
        assert_eq!(
            one.head_to_head(),
            [[0, 1], [0, 2], [0, 3], [1, 2], [1, 3], [2, 3]]
        );
    }

    #[test]
    fn one_seat_plays_every_agent_alone_on_shared_deals() {
        let s = Schedule::new(3, 1, Format::RoundRobin, 4, true).unwrap();
        let alone: Vec<Vec<usize>> = s.matches.iter().map(|m| m.to_vec()).collect();
        assert_eq!(alone, [[0], [1], [2]].map(Vec::from));
        assert!(s.head_to_head().is_empty());
        assert_eq!((s.total_games(), s.total_groups()), (12, 12));
        for m in 0..3u64 {
            for i in 0..4u64 {
                let g = s.game(m * 4 + i);
                assert_eq!((g.match_index as u64, g.deal), (m, i));
                assert_eq!(g.seats.as_slice(), &[m as usize]);
                assert_eq!(s.group_games(m * 4 + i), m * 4 + i..m * 4 + i + 1);
            }
        }
        let u = Schedule::new(3, 1, Format::RoundRobin, 4, false).unwrap();
        assert_eq!(u.game(5).deal, 5);
        let one = Schedule::new(1, 1, Format::RoundRobin, 4, true).unwrap();
        assert_eq!(one.matches.len(), 1);
        assert!(Schedule::new(3, 1, Format::Gauntlet, 4, true).is_err());
    }

    #[test]
    fn bad_agent_counts() {
        assert!(Schedule::new(1, 2, Format::RoundRobin, 10, true).is_err());
        assert!(Schedule::new(3, 4, Format::RoundRobin, 10, true).is_err());
        assert_eq!(
            Schedule::new(4, 4, Format::RoundRobin, 10, true)
                .unwrap()
                .game(5)
                .seats
                .as_slice(),
            &[3, 0, 1, 2]
        );
    }
}
