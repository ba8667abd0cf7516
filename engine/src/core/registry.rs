//! The registry of the games: the list in `engine/src/lib.rs` (`registered_games!`, one
//! line per game). The `sim` commands and every test that loops over games find games
//! only through [`Registered`] (in `engine-core`), [`NAMES`], [`visit_game`] and
//! [`for_each_game`], so a new game brings all of them with it: its own folder plus one
//! registration line.

#[cfg(test)]
use engine_core::load_embedded;
use engine_core::{GameVisitor, Registered};

macro_rules! names {
    ($($g:ty),* $(,)?) => { &[$(<$g as Registered>::NAME),*] };
}

/// The `--game` names of every registered game, in registration order.
pub const NAMES: &[&str] = registered_games!(names);

/// Calls `visitor` on the registered game called `name` (its [`Registered::NAME`]);
/// `None` when no game has that name.
pub fn visit_game<V: GameVisitor>(name: &str, visitor: &mut V) -> Option<V::Output> {
    macro_rules! go {
        ($($g:ty),* $(,)?) => {
            $(if name == <$g as Registered>::NAME {
                return Some(visitor.visit::<$g>());
            })*
        };
    }
    registered_games!(go);
    None
}

/// Calls `visitor` on every registered game, in registration order ([`NAMES`]), and
/// returns what each visit returned.
pub fn for_each_game<V: GameVisitor>(visitor: &mut V) -> Vec<V::Output> {
    macro_rules! go {
        ($($g:ty),* $(,)?) => { vec![$(visitor.visit::<$g>()),*] };
    }
    registered_games!(go)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every registered game is listed once, under the name it registers, and every one
    /// of its embedded rule sets loads through [`load_embedded`].
    #[test]
    fn every_registered_game_loads_every_embedded_rule_set() {
        struct Load;
        impl GameVisitor for Load {
            type Output = (&'static str, usize);
            fn visit<G: Registered>(&mut self) -> Self::Output {
                for file in G::RULES {
                    load_embedded::<G>(file.name, |_| {}).unwrap();
                }
                assert_eq!(visit_game(G::NAME, &mut Name), Some(G::NAME));
                (G::NAME, G::RULES.len())
            }
        }
        struct Name;
        impl GameVisitor for Name {
            type Output = &'static str;
            fn visit<G: Registered>(&mut self) -> &'static str {
                G::NAME
            }
        }
        let seen = for_each_game(&mut Load);
        let names: Vec<&str> = seen.iter().map(|(n, _)| *n).collect();
        assert_eq!(names, NAMES);
        assert!(seen.iter().all(|(_, rules)| *rules >= 1));
        let mut unique = names.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), NAMES.len(), "a name registered twice");
        assert_eq!(visit_game("no-such-game", &mut Name), None);
    }
}
