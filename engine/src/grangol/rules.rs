//! GRANGOL rules as data: the TOML format of `configs/grangol/*.toml`, and its validation
//! into [`Rules`], a small `Copy` value every state carries.
//!
//! Every key is documented in `docs/rules/grangol.md`; the option names follow the
//! readings the rulebooks leave open (1-26, traced in `docs/rules/grangol.md`).

use super::cards::{Card, NUM_CARDS};
use crate::core::{named_enum, option_enum, rule_options, RuleProblem};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The default rules, embedded in the binary (`configs/grangol/default.toml`).
pub const DEFAULT_RULES: &str = include_str!("../../../configs/grangol/default.toml");

/// The most timer cards a rule set may have.
pub const MAX_TIMER_CARDS: usize = 32;

/// The rules file as written (`configs/grangol/default.toml`). Unknown keys are errors.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct RulesConfig {
    /// Cards dealt to each player at the start of each half.
    pub hand_size: u8,
    /// The lab's safety cap on turns per half.
    pub max_turns_per_half: u16,
    /// The draw pile.
    pub deck: DeckConfig,
    /// The two dice.
    pub dice: DiceConfig,
    /// The timer cards.
    pub timer: TimerConfig,
    /// The readings of the rulebook's open points.
    pub options: Options,
}

/// `[deck]`: size and count of each card.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct DeckConfig {
    /// Number of cards in the draw pile: `"sum"` (whatever the counts add up to), or a
    /// number the counts must add up to (a check when typing in a real box's list).
    pub size: DeckSize,
    /// Count of each card, by printed name. A card left out has count 0.
    pub cards: BTreeMap<String, u8>,
}

/// `deck.size`: the number of cards the counts of `[deck.cards]` must add up to, or
/// `"sum"` for no check. In TOML: `size = "sum"` or `size = 90`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DeckSize {
    /// The deck is whatever `[deck.cards]` adds up to.
    Sum,
    /// `[deck.cards]` must add up to this many cards.
    Exactly(u16),
}

impl Serialize for DeckSize {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            DeckSize::Sum => s.serialize_str("sum"),
            DeckSize::Exactly(n) => s.serialize_u16(*n),
        }
    }
}

impl<'de> Deserialize<'de> for DeckSize {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Visitor;
        impl serde::de::Visitor<'_> for Visitor {
            type Value = DeckSize;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("\"sum\" or a number of cards")
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<DeckSize, E> {
                match v {
                    "sum" => Ok(DeckSize::Sum),
                    _ => Err(E::custom(format!(
                        "expected \"sum\" or a number of cards, got the text \"{v}\""
                    ))),
                }
            }
            fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<DeckSize, E> {
                u16::try_from(v)
                    .map(DeckSize::Exactly)
                    .map_err(|_| E::custom(format!("{v} is not a number of cards (0 to 65535)")))
            }
            fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<DeckSize, E> {
                self.visit_i64(i64::try_from(v).unwrap_or(i64::MAX))
            }
        }
        d.deserialize_any(Visitor)
    }
}

/// `[dice]`: the faces of the green PASS die and the red TACKLE die.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct DiceConfig {
    /// Green die faces: "ball", "+1", "-1", "X".
    pub green: Vec<String>,
    /// Red die faces: "X", "whistle", "yellow", "ball".
    pub red: Vec<String>,
}

/// `[timer]`: the timer cards, in order; the last one is RECUPERO.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct TimerConfig {
    /// Labels of the timer cards (at least 2, at most [`MAX_TIMER_CARDS`]).
    pub labels: Vec<String>,
}

rule_options!(
/// `[options]`: one named option per open reading of the rulebooks (1-26).
{
    /// 1. When a player may discard instead of playing.
    pub discard: DiscardRule,
    /// 2. Which discarded card may be taken instead of drawing.
    pub take_discard: TakeDiscard,
    /// 3. TEMPO +5 dealt in an opening hand.
    pub opening_tempo: OpeningTempo,
    /// 4. Where play restarts after a goalkeeper save or a missed shot.
    pub shot_turnover: ShotTurnover,
    /// 5. Whether "+1"/"-1" modify LANCIO and RILANCIO too.
    pub long_ball_dice: LongBallDice,
    /// 6. How PIOGGIA shortens an advance.
    pub rain: Rain,
    /// 7. Which cards SUPERIORITA' TECNICA / CONDIZIONE ATLETICA improve.
    pub superiority: Superiority,
    /// 8. Which green faces score a shot (and make a save).
    pub shot_success: ShotSuccess,
    /// 9. What GRANGOL does.
    pub grangol: GrangolRule,
    /// 10. Where TIRO DA FUORI may be played.
    pub long_shot_from: LongShotFrom,
    /// 11. Whether fouls in the defender's three-quarters / penalty area give a free kick
    ///     / a penalty.
    pub foul_shots: bool,
    /// 12. Who picks the card a red-carded player loses.
    pub red_card_discard: RedCardDiscard,
    /// 13. Whether a "-1" keeps CONTROPIEDE in hand.
    pub counter_minus_one: CounterMinusOne,
    /// 14. Sections FALLO LATERALE sends the attacker back.
    pub throw_in_back: u8,
    /// 15. What a successful OGGETTI IN CAMPO does.
    pub objects: Objects,
    /// 16. What TIFOSI A FAVORE may stand for.
    pub tifosi: TifosiRule,
    /// 17. How many cards may be played with DRIBBLING.
    pub dribbling_extra: u8,
    /// 18. When a half ends.
    pub half_end: HalfEnd,
    /// 19. The rulebook's variant: PASSAGGIO and CONTRASTO are interchangeable (either
    ///     may be swapped for the other when played).
    pub interchangeable: bool,
    /// 20. Whether TIFOSI A FAVORE standing for OGGETTI IN CAMPO uses up the once-a-game
    ///     effect.
    pub tifosi_objects: TifosiObjects,
    /// 21. Whose turn a free kick or penalty is.
    pub foul_shot_turn: FoulShotTurn,
    /// 22. Whether CATENACCIO and CONTROPIEDE may be played after CAMBIO drew cards.
    pub cambio_then_no_draw: CambioThenNoDraw,
    /// 23. The hands at the start of the second half.
    pub second_half_hands: SecondHalfHands,
    /// 24. What happens to DRIBBLING's remaining cards after a shot rebounds.
    pub dribbling_rebound: DribblingRebound,
    /// 25. When the defender may answer his foul with ERRORE ARBITRALE.
    pub errore_arbitrale: ErroreArbitraleRule,
    /// 26. When and how the wall of a free kick is placed.
    pub wall: WallRule,
}
);

option_enum!(
    /// Reading 1.
    DiscardRule {
        /// Only when no card can be played (English text).
        WhenUnable = "when-unable",
        /// A player may always discard instead of playing.
        Always = "always",
    }
);
option_enum!(
    /// Reading 2.
    TakeDiscard {
        /// Only the top card of the discard pile.
        Top = "top",
        /// Any card the opponent discarded this half.
        Any = "any",
    }
);
option_enum!(
    /// Reading 3.
    OpeningTempo {
        /// Played at once (the timer advances) and replaced.
        Replace = "replace",
        /// Kept in hand like any other card.
        Hold = "hold",
    }
);
option_enum!(
    /// Reading 4.
    ShotTurnover {
        /// The new attacker restarts from his own penalty area (Italian text).
        OwnArea = "own-area",
        /// The new attacker keeps the section where the shot was taken.
        SameSection = "same-section",
    }
);
option_enum!(
    /// Reading 5.
    LongBallDice {
        /// "+1"/"-1" change the card's own advance (LANCIO +1 = 3 sections).
        Relative = "relative",
        /// Only PASSAGGIO is modified; LANCIO and RILANCIO treat them as a plain ball.
        PassOnly = "pass-only",
    }
);
option_enum!(
    /// Reading 6.
    Rain {
        /// An advance n >= 1 becomes max(1, n - 1); 0 stays 0.
        MinOne = "min-one",
        /// An advance n becomes max(0, n - 1).
        MinusOne = "minus-one",
    }
);
option_enum!(
    /// Reading 7.
    Superiority {
        /// Every card that rolls the die like PASSAGGIO / CONTRASTO.
        LikeCard = "like-card",
        /// Only the named cards PASSAGGIO / CONTRASTO.
        NamedCard = "named-card",
    }
);
option_enum!(
    /// Reading 8.
    ShotSuccess {
        /// Any face showing a ball without an X (ball, +1, -1) scores (and saves).
        AnyBall = "any-ball",
        /// Only the plain ball.
        PlainBall = "plain-ball",
    }
);
option_enum!(
    /// Reading 9.
    GrangolRule {
        /// An automatic goal, played in the opponent's penalty area (Italian text).
        AutomaticGoal = "automatic-goal",
        /// Played like a TIRO.
        Tiro = "tiro",
    }
);
option_enum!(
    /// Reading 10.
    LongShotFrom {
        /// From the opponent's three-quarters or his penalty area.
        ThreeQuartersOrArea = "three-quarters-or-area",
        /// From the opponent's three-quarters only.
        ThreeQuarters = "three-quarters",
    }
);
option_enum!(
    /// Reading 12.
    RedCardDiscard {
        /// The opponent picks one card of the offender's hand at random.
        Random = "random",
        /// The offender chooses (ESPULSIONE's own text).
        Offender = "offender",
    }
);
option_enum!(
    /// Reading 13.
    CounterMinusOne {
        /// "-1" counts as a successful CONTROPIEDE: it stays in hand.
        Success = "success",
        /// "-1" counts as a failure: it is discarded.
        Failure = "failure",
    }
);
option_enum!(
    /// Reading 15.
    Objects {
        /// On a plain ball the timer of the half is reset; positions and score stay.
        ResetTimer = "reset-timer",
        /// On a plain ball the timer is reset and play restarts from midfield, the
        /// attacker keeping the ball.
        RestartHalf = "restart-half",
    }
);
option_enum!(
    /// Reading 16.
    TifosiRule {
        /// Any card legal for the player's role, out-of-turn answers included.
        RoleCard = "role-card",
        /// Only cards played in the player's own turn.
        InTurn = "in-turn",
    }
);
option_enum!(
    /// Reading 18.
    HalfEnd {
        /// The half ends when RECUPERO is revealed or the draw pile is empty.
        RecuperoOrEmpty = "recupero-or-empty",
        /// Only RECUPERO ends a half; an empty draw pile is refilled with the discard pile.
        RecuperoReshuffle = "recupero-reshuffle",
    }
);

option_enum!(
    /// Reading 20.
    TifosiObjects {
        /// TIFOSI standing for OGGETTI IN CAMPO is a use of its own: the real card stays
        /// in play, so the timer can be reset up to three times a game.
        Separate = "separate",
        /// OGGETTI IN CAMPO "may only be used once per game": once its effect has been
        /// used, by the card or by TIFOSI, neither may stand for it again.
        OncePerGame = "once-per-game",
    }
);
option_enum!(
    /// Reading 21.
    FoulShotTurn {
        /// The free kick or penalty is taken inside the fouler's turn; the attacker's own
        /// turn follows (so after a goal from it the scorer plays next).
        Fouler = "fouler",
        /// The free kick or penalty is the attacker's turn: after it the fouler plays.
        Attacker = "attacker",
    }
);
option_enum!(
    /// Reading 22.
    CambioThenNoDraw {
        /// CATENACCIO and CONTROPIEDE may still be played after CAMBIO drew replacements
        /// (CAMBIO's draws are not the turn's draw).
        Allowed = "allowed",
        /// CAMBIO's draws count as drawing: no CATENACCIO or CONTROPIEDE that turn.
        Forbidden = "forbidden",
    }
);

option_enum!(
    /// Reading 23.
    SecondHalfHands {
        /// Every card goes back into the deck and fresh hands are dealt.
        Fresh = "fresh",
        /// "Players have back a full five cards hand": each keeps his hand and draws up
        /// to the (restored) hand size; the rest goes back into the deck.
        Keep = "keep",
    }
);

option_enum!(
    /// Reading 24.
    DribblingRebound {
        /// The remaining cards still resolve (a second TIRO at once).
        Continue = "continue",
        /// "It is now the defender's turn": the remaining cards are wasted.
        Stop = "stop",
    }
);

option_enum!(
    /// Reading 25.
    ErroreArbitraleRule {
        /// After any foul the attacker did not answer.
        Unanswered = "unanswered",
        /// Only if the attacker holds no AMMONIZIONE (the Italian text).
        AttackerWithoutAmmonizione = "attacker-without-ammonizione",
    }
);

option_enum!(
    /// Reading 26.
    WallRule {
        /// Chosen in secret after the shot direction, revealed with the goalkeeper.
        Secret = "secret",
        /// Placed openly first; the shooter sees it before choosing his direction.
        OpenFirst = "open-first",
    }
);

named_enum!(
    /// A face of the green PASS die; its name is the face as written in config files.
    pub enum GreenFace[4] {
        /// A plain ball: success.
        Ball = "ball",
        /// "+1" ball: success, one section more.
        Plus = "+1",
        /// "-1" ball: partial success, one section less.
        Minus = "-1",
        /// "X" ball: failure.
        X = "X",
    }
);

named_enum!(
    /// A face of the red TACKLE die; its name is the face as written in config files.
    pub enum RedFace[4] {
        /// "X" ball: the tackle fails.
        X = "X",
        /// Whistle: a foul.
        Whistle = "whistle",
        /// Yellow card: a foul and an automatic yellow card.
        Yellow = "yellow",
        /// Ball: the tackle wins the ball.
        Ball = "ball",
    }
);

/// Validated rules: everything a state needs, in a small `Copy` value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    /// Cards dealt per player per half.
    pub hand_size: u8,
    /// Safety cap on turns per half.
    pub max_turns_per_half: u16,
    /// Count of each card in the draw pile, by card id.
    pub deck: [u8; NUM_CARDS],
    /// Total cards in the draw pile.
    pub deck_size: u16,
    /// How many faces of the green die show each [`GreenFace`].
    pub green: [u8; 4],
    /// How many faces of the red die show each [`RedFace`].
    pub red: [u8; 4],
    /// Number of timer cards; revealing the last one ends the half.
    pub timer_cards: u8,
    /// The readings.
    pub options: Options,
}

impl RulesConfig {
    /// Checks every value and builds [`Rules`].
    /// Errors: every problem of the file at once, each with its dotted key
    /// (`hand_size`, `deck.cards.TIRO`, `options.throw_in_back`) and one line saying what
    /// is wrong ([`RuleProblem::lines`] prefixes each with the file's name).
    pub fn validate(&self) -> Result<Rules, Vec<RuleProblem>> {
        let mut problems = Vec::new();
        let mut bad = |key: &str, msg: String| problems.push(RuleProblem::new(key, msg));
        let mut deck = [0u8; NUM_CARDS];
        for (name, &count) in &self.deck.cards {
            match Card::from_name(name) {
                Some(card) => deck[card.index()] = count,
                None => bad(
                    "deck.cards",
                    format!(
                        "unknown card \"{name}\" (cards are named as printed, e.g. \"TIRO DA FUORI\")"
                    ),
                ),
            }
        }
        let total: u16 = deck.iter().map(|&c| u16::from(c)).sum();
        if let DeckSize::Exactly(size) = self.deck.size {
            if total != size {
                let (d, more, act) = if total > size {
                    (total - size, "more", "remove")
                } else {
                    (size - total, "fewer", "add")
                };
                bad(
                    "deck.cards",
                    format!(
                        "they add up to {total} cards, {d} {more} than deck.size = {size}: \
                         {act} {d} in [deck.cards], or set deck.size = {total} (or \"sum\")"
                    ),
                );
            }
        }
        if RuleProblem::check_range(&mut bad, "hand_size", self.hand_size, 1..=10)
            && u16::from(self.hand_size) * 2 + 1 > total
        {
            bad(
                "deck.size",
                format!(
                    "{total} cards are too few to deal two hands of {} and draw",
                    self.hand_size
                ),
            );
        }
        // A card above its limit is the problem to name; the total it pushes over 250 is
        // then only its consequence, so that is reported only without one.
        let mut over = false;
        for (name, &count) in &self.deck.cards {
            if count > 60 && Card::from_name(name).is_some() {
                bad(
                    &format!("deck.cards.{name}"),
                    format!("{count} is more than 60"),
                );
                over = true;
            }
        }
        if total > 250 && !over {
            bad("deck.size", format!("{total} is more than 250"));
        }
        if self.max_turns_per_half == 0 {
            bad("max_turns_per_half", "0 must be at least 1".into());
        }
        let green = faces(
            &self.dice.green,
            &GreenFace::ALL.map(GreenFace::name),
            "dice.green",
        )
        .map_err(|p| problems.push(p));
        let red = faces(&self.dice.red, &RedFace::ALL.map(RedFace::name), "dice.red")
            .map_err(|p| problems.push(p));
        let mut bad = |key: &str, msg: String| problems.push(RuleProblem::new(key, msg));
        let n = self.timer.labels.len();
        if !(2..=MAX_TIMER_CARDS).contains(&n) {
            bad(
                "timer.labels",
                format!("{n} cards; it needs 2 to {MAX_TIMER_CARDS}"),
            );
        }
        let last_is_recupero = self
            .timer
            .labels
            .last()
            .is_some_and(|l| l.trim().to_uppercase().starts_with("RECUPERO"));
        if n > 0 && !last_is_recupero {
            bad(
                "timer.labels",
                format!(
                    "the last timer card must be RECUPERO (revealing it ends the half), but \
                     it is \"{}\"; end the list with a label such as \"RECUPERO 48'\"",
                    self.timer.labels.last().map_or("", |l| l.as_str())
                ),
            );
        }
        let o = &self.options;
        RuleProblem::check_range(&mut bad, "options.throw_in_back", o.throw_in_back, 0..=4);
        RuleProblem::check_range(
            &mut bad,
            "options.dribbling_extra",
            o.dribbling_extra,
            0..=2,
        );
        match (green, red) {
            (Ok(green), Ok(red)) if problems.is_empty() => Ok(Rules {
                hand_size: self.hand_size,
                max_turns_per_half: self.max_turns_per_half,
                deck,
                deck_size: total,
                green,
                red,
                timer_cards: n as u8,
                options: self.options,
            }),
            _ => Err(problems),
        }
    }
}

/// The face counts of the die `key` (`dice.green`), in the order of `labels`.
/// Errors: the first problem of the list (no faces, too many, an unknown face).
fn faces(list: &[String], labels: &[&str; 4], key: &str) -> Result<[u8; 4], RuleProblem> {
    if list.is_empty() || list.len() > 60 {
        return Err(RuleProblem::new(
            key,
            format!("{} faces; a die needs 1 to 60", list.len()),
        ));
    }
    let mut counts = [0u8; 4];
    for face in list {
        let i = labels.iter().position(|l| l == face).ok_or_else(|| {
            RuleProblem::new(
                key,
                format!("unknown face \"{face}\" (faces: {})", labels.join(", ")),
            )
        })?;
        counts[i] += 1;
    }
    Ok(counts)
}
