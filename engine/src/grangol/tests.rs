//! Rule tests of GRANGOL.

use super::*;
use crate::core::testing::check_game;

#[test]
fn default_rules_pass_the_generic_battery() {
    let g = Grangol::default_rules();
    let r = check_game(&g, 300, 1).unwrap();
    assert_eq!(r.games, 300);
    assert!(r.decisions > 300 * 50, "{r:?}");
}
