//! The macros every game's rules, actions and registration use ([`option_enum`],
//! [`named_enum`], [`rule_options`], [`fitted_eval`], [`apply_by_tracked`],
//! [`rule_file`], [`rule_set`], [`register_game`], [`action_codes`]): they name the
//! engine's paths, so they live in the engine, beside the game list, not in `engine_core`.

/// Declares a rule option: a fieldless enum read from and written to a rules file by its
/// kebab-case names (`option_enum!(/// doc
/// Name { /// doc
/// A = "a", /// doc
/// B = "b" })`). Every game's `[options]` use it, so an option's spelling is in one
/// place: its variant.
macro_rules! option_enum {
    ($(#[$m:meta])* $name:ident { $($(#[$vm:meta])* $variant:ident = $text:literal),+ $(,)? }) => {
        $(#[$m])*
        #[derive(Debug, Clone, Copy, serde::Serialize, serde::Deserialize, PartialEq, Eq)]
        pub enum $name {
            $($(#[$vm])* #[serde(rename = $text)] $variant),+
        }
    };
}
pub(crate) use option_enum;

/// Declares a fieldless enum whose variants are the ids `0..N` in declaration order, each
/// with the name printed on it (the name rules files, traces and reports use):
/// `named_enum!(/// doc
/// pub enum Card[NUM_CARDS] { /// doc
/// Ball = "BALL", … })`, where `NUM_CARDS` is a constant that must equal the number of
/// variants (`ALL` does not compile otherwise). Besides the enum (`Copy`, ordered,
/// hashable, one byte) it writes `ALL` (every variant in id order), `from_index` (panics on
/// an id out of range), `index` and `name`, so that a card, die face or colour is listed
/// once.
macro_rules! named_enum {
    ($(#[$m:meta])* $vis:vis enum $name:ident[$count:expr] {
        $($(#[$vm:meta])* $variant:ident = $text:literal),+ $(,)?
    }) => {
        $(#[$m])*
        #[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
        #[repr(u8)]
        $vis enum $name {
            $($(#[$vm])* $variant),+
        }

        impl $name {
            /// Every variant, in id order.
            pub const ALL: [$name; $count] = [$($name::$variant),+];

            /// The variant with id `i`. Panics when `i` is not below the count.
            #[inline]
            pub const fn from_index(i: usize) -> $name {
                $name::ALL[i]
            }

            /// The id, from 0 in declaration order.
            #[inline]
            pub const fn index(self) -> usize {
                self as usize
            }

            /// The printed name, as rules files, traces and reports write it.
            pub const fn name(self) -> &'static str {
                match self {
                    $($name::$variant => $text),+
                }
            }
        }
    };
}
pub(crate) use named_enum;

/// Declares a game's `[options]` table, `Options`: one named field per reading the
/// rulebook leaves open (an [`option_enum!`] or a number), a `Copy` value read from and
/// written to the rules file by its field names, where an unknown key is an error
/// (`rule_options!(/// doc
/// { /// doc
/// pub name: Type, … })`).
macro_rules! rule_options {
    ($(#[$m:meta])* { $($(#[$fm:meta])* pub $field:ident: $ty:ty),+ $(,)? }) => {
        $(#[$m])*
        #[derive(Debug, Clone, Copy, serde::Serialize, serde::Deserialize, PartialEq, Eq)]
        #[serde(deny_unknown_fields)]
        pub struct Options {
            $($(#[$fm])* pub $field: $ty),+
        }
    };
}
pub(crate) use rule_options;

/// The `fitted_eval` of a game's `Heuristic` impl, written inside it:
/// `fitted_eval!("lastuf");` returns the game's embedded `configs/lastuf/eval.toml`
/// (made by `sim fit-eval`), parsed once for the impl's `FEATURES`. Panics if the
/// embedded file does not parse; every game's test battery reads it first
/// (`engine_core::testing::check_features`).
macro_rules! fitted_eval {
    ($game:literal) => {
        fn fitted_eval() -> Option<&'static $crate::core::LinearEval> {
            static FITTED: std::sync::OnceLock<$crate::core::LinearEval> =
                std::sync::OnceLock::new();
            Some(FITTED.get_or_init(|| {
                let text = include_str!(concat!(
                    env!("CARGO_MANIFEST_DIR"),
                    "/../configs/",
                    $game,
                    "/eval.toml"
                ));
                $crate::core::LinearEval::parse(text, Self::FEATURES)
                    .unwrap_or_else(|e| panic!("configs/{}/eval.toml: {e}", $game))
            }))
        }
    };
}
pub(crate) use fitted_eval;

/// The two methods of a game's `ApplyAction` impl whose information keys are kept by a
/// method `State::apply_tracked(action, events, track)` (`track`: mix the action into the
/// observation hashes), written inside the impl: `apply_by_tracked!();` makes
/// `apply_with` track and `apply_untracked_with` (so `apply_untracked`) not (only
/// `info_key` reads the hashes).
macro_rules! apply_by_tracked {
    () => {
        #[inline]
        fn apply_with<F: $crate::core::Events>(
            &mut self,
            action: $crate::core::Action,
            ev: &mut F,
        ) {
            self.apply_tracked(action, ev, true);
        }

        #[inline]
        fn apply_untracked_with<F: $crate::core::Events>(
            &mut self,
            action: $crate::core::Action,
            ev: &mut F,
        ) {
            self.apply_tracked(action, ev, false);
        }
    };
}
pub(crate) use apply_by_tracked;

/// The `policy_net` of a game's `Heuristic` impl, written inside it:
/// `policy_net!("grangol");` returns the game's embedded `configs/grangol/policy.safetensors`
/// (made by `python/examples/train.py`, its command in the file's metadata), read once.
/// Panics if the embedded file does not read; the engine's battery test reads it and checks
/// that it fits the game's default rules (`engine_core::testing::check_policy`).
macro_rules! policy_net {
    ($game:literal) => {
        fn policy_net() -> Option<&'static $crate::core::PolicyNet> {
            static NET: std::sync::OnceLock<$crate::core::PolicyNet> = std::sync::OnceLock::new();
            Some(NET.get_or_init(|| {
                let bytes = include_bytes!(concat!(
                    env!("CARGO_MANIFEST_DIR"),
                    "/../configs/",
                    $game,
                    "/policy.safetensors"
                ));
                $crate::core::PolicyNet::from_safetensors(bytes)
                    .unwrap_or_else(|e| panic!("configs/{}/policy.safetensors: {e}", $game))
            }))
        }
    };
}
pub(crate) use policy_net;

/// One of a game's shipped rule sets, embedded: `rule_file!("grangol", "quick", "about")`
/// is an [`EmbeddedRules`](crate::core::EmbeddedRules) named `quick`, with the text of
/// `configs/grangol/quick.toml` and the one-line description `sim rules` prints.
macro_rules! rule_file {
    ($game:literal, $name:literal, $about:literal) => {
        $crate::core::EmbeddedRules {
            name: $name,
            text: include_str!(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/../configs/",
                $game,
                "/",
                $name,
                ".toml"
            )),
            about: $about,
        }
    };
}
pub(crate) use rule_file;

/// Registers a game with the lab: the [`Registered`](crate::core::Registered) impl of
/// `$game`, a rule set made by [`rule_set!`] in the same module, with what every game
/// writes alike. `Config` is the module's `RulesConfig`; `NAME` is `$name` (the
/// `--game` name and the folder `configs/$name/`) and `ABOUT` is `$about`; `RULES` lists
/// the shipped rule sets (`"file" => "about"`, `default` first), each embedded by
/// [`rule_file!`]; `AGENT_DEFAULTS` is the text of `configs/$name/agents.toml`; `build`
/// validates the config (`RulesConfig::validate`) and makes the game with
/// `$game::from_parts`. The items after the rule files are the game's own (`BENCH`,
/// `warnings`, `ablate_card`), written as in an impl of the trait.
macro_rules! register_game {
    (
        $game:ident, $name:literal, $about:literal,
        rules: [$($file:literal => $file_about:literal),+ $(,)?]
        $(, $($item:tt)*)?
    ) => {
        impl $crate::core::Registered for $game {
            type Config = RulesConfig;
            const NAME: &'static str = $name;
            const ABOUT: &'static str = $about;
            const RULES: &'static [$crate::core::EmbeddedRules] =
                &[$($crate::core::rule_file!($name, $file, $file_about)),+];
            const AGENT_DEFAULTS: &'static str = include_str!(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/../configs/",
                $name,
                "/agents.toml"
            ));

            /// [`parse_tree`]($crate::core::parse_tree) into this game's config.
            fn parse(tree: &::toml::Table) -> Result<RulesConfig, String> {
                $crate::core::parse_tree(tree)
            }

            /// Validates the config ([`RulesConfig::validate`]): every problem with its
            /// dotted key.
            fn build(config: RulesConfig) -> Result<Self, Vec<::engine_core::RuleProblem>> {
                let rules = config.validate()?;
                Ok(Self::from_parts(config, rules))
            }

            $($($item)*)?
        }
    };
}
pub(crate) use register_game;

/// Defines a game's loaded rule set, `$name`: the rules file as written (the module's
/// `RulesConfig`) and its validated `Rules`, with the game's [`GameInfo`]. It gives
/// `RulesConfig::parse` (the file's text read by `parse_text`), `from_toml` (parse, then
/// validate, every problem on a line of its own naming its key),
/// `default_rules` (the module's embedded `DEFAULT_RULES`, from `$file`), `config`,
/// `rules`, `from_parts` and the [`Game`] impl whose initial state is `State::new(rules)`.
/// The module writes the one game-specific part itself: `fn game_info(&RulesConfig,
/// &Rules) -> GameInfo`.
macro_rules! rule_set {
    ($(#[$m:meta])* $name:ident, $file:literal) => {
        $(#[$m])*
        #[derive(Clone, Debug)]
        pub struct $name {
            config: RulesConfig,
            rules: Rules,
            info: ::engine_core::GameInfo,
        }

        impl RulesConfig {
            /// Reads a rules file ([`parse_text`]($crate::core::parse_text)); `source`
            /// names the file in error messages. Errors: one line after `source`: bad
            /// TOML (with its line), a value of the wrong type, an unknown or a missing key.
            pub fn parse(text: &str, source: &str) -> Result<Self, String> {
                $crate::core::parse_text(text, source, DEFAULT_RULES)
            }
        }

        impl $name {
            /// A rule set from an already validated pair (tests change `rules` directly),
            /// with its [`GameInfo`](::engine_core::GameInfo) from the module's `game_info`.
            pub fn from_parts(config: RulesConfig, rules: Rules) -> Self {
                let info = game_info(&config, &rules);
                $name {
                    config,
                    rules,
                    info,
                }
            }

            /// Loads rules from TOML text; `source` names the text in error messages.
            /// Errors: one line per problem, each naming its key.
            pub fn from_toml(text: &str, source: &str) -> Result<Self, String> {
                let config = RulesConfig::parse(text, source)?;
                let rules = config
                    .validate()
                    .map_err(|problems| ::engine_core::RuleProblem::lines(source, &problems))?;
                Ok(Self::from_parts(config, rules))
            }

            #[doc = concat!("The embedded default rules (`", $file, "`).")]
            pub fn default_rules() -> Self {
                Self::from_toml(DEFAULT_RULES, concat!("embedded ", $file))
                    .expect("the embedded default rules are valid")
            }

            /// The rules file as loaded.
            pub fn config(&self) -> &RulesConfig {
                &self.config
            }

            /// The validated rules.
            pub fn rules(&self) -> &Rules {
                &self.rules
            }
        }

        impl ::engine_core::Game for $name {
            type State = State;

            fn info(&self) -> &::engine_core::GameInfo {
                &self.info
            }

            /// The state before the first action (a chance node dealing or tossing).
            fn new_initial_state(&self) -> State {
                State::new(self.rules)
            }
        }
    };
}
pub(crate) use rule_set;

/// Declares a game's action constructors of the common shape, one line per family of
/// codes: `name(x: T) = BASE;` (doc comments above it) is
/// `#[inline] pub const fn name(x: T) -> Action`, the code `BASE + x as u16`, and
/// `name(x: T);` the code `x as u16`. A game's `actions.rs` lists its families with
/// their bases in one table and writes only its other constructors by hand.
macro_rules! action_codes {
    ($($(#[$m:meta])* $name:ident($arg:ident: $ty:ty) $(= $base:expr)?;)+) => {
        $(
            $(#[$m])*
            #[inline]
            pub const fn $name($arg: $ty) -> ::engine_core::Action {
                ::engine_core::Action($($base +)? $arg as u16)
            }
        )+
    };
}
pub(crate) use action_codes;
