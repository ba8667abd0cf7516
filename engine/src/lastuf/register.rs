//! LASTUF GOL's registration with the lab (`core::Registered`, written with
//! `core::register_game!`): its name, its embedded rule files (`configs/lastuf/*.toml`) and
//! how a rules tree becomes a [`Lastuf`].

use super::{Card, Elimination, FullGoal, Lastuf, RulesConfig};
use crate::core::{Game, Registered};

crate::core::register_game!(
    Lastuf,
    "lastuf",
    "LASTUF GOL, a football card game for 2 to 4 players",
    rules: [
        "default" => "the lab's defaults: four players, the rulebook with every open reading decided",
        "two-players" => "two players, one goal each (the rulebook's first two-player variant)",
        "two-goals" => "two players, two goals each, out when either goal has conceded three",
        "two-goals-both" => "two players, two goals each, out only when both goals have conceded three",
    ],

    /// Degenerate decks: no BALL (nobody can score: every game reaches the turn cap), no
    /// outfield players (nobody can outnumber anyone), fewer goals than seats (a seat
    /// without a goal can never be eliminated).
    fn warnings(&self) -> Vec<String> {
        let r = self.rules();
        let name = self.info().name;
        let count = |cs: &[Card]| cs.iter().map(|c| u16::from(r.deck[c.index()])).sum::<u16>();
        let mut out = Vec::new();
        if count(&[Card::Ball]) == 0 {
            out.push(format!(
                "{name}: the deck has no BALL: nobody can score, every game ends at max_turns"
            ));
        }
        let players = [
            Card::PlayerRed,
            Card::PlayerBlue,
            Card::PlayerGreen,
            Card::PlayerYellow,
        ];
        if count(&players) == 0 {
            out.push(format!(
                "{name}: the deck has no outfield players: no attack can outnumber a defence"
            ));
        }
        let goals = [
            Card::GoalRed,
            Card::GoalBlue,
            Card::GoalGreen,
            Card::GoalYellow,
        ];
        if count(&goals) < u16::from(r.players) {
            out.push(format!(
                "{name}: {} goals for {} players: a seat without a goal can never be eliminated",
                count(&goals),
                r.players
            ));
        }
        if r.options.goals_per_player == 2
            && r.options.elimination == Elimination::Both
            && r.options.full_goal == FullGoal::Open
        {
            out.push(format!(
                "{name}: two goals each, out only when both have conceded {}: a property of \
                 the rulebook's variant, not a fault: balls keep going into a goal that \
                 already has {} (nothing in the text stops them) and stay there, so the \
                 balls can run out and many games end at max_turns (about a third of \
                 random games; full_goal = \"closed\" is the reading that closes a full \
                 goal)",
                r.goals_to_eliminate, r.goals_to_eliminate
            ));
        }
        out
    }
);

impl Lastuf {
    /// Every shipped rule set (`configs/lastuf/*.toml`), each resolved as the loader
    /// resolves it (`core::load_embedded`: the `extends` chain merged at every level),
    /// with the changes `edit` makes to the tree (tests shorten `max_turns`), by name.
    /// Errors: a shipped file that does not load, with its problems.
    pub fn shipped(edit: impl Fn(&mut toml::Table)) -> Result<Vec<(&'static str, Lastuf)>, String> {
        <Self as Registered>::RULES
            .iter()
            .map(|file| crate::core::load_embedded(file.name, &edit).map(|g| (file.name, g)))
            .collect()
    }
}
