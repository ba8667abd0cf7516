//! One `extends` overlay (issue 26): a LASTUF variant that changes one key of
//! `[deck.cards]` plays the same deck through the engine's path (the embedded default
//! laid under the variant with `engine::core::overlay`, as `core::load_embedded` and the
//! engine's tests resolve rule sets) and through the lab's loader (`--rules FILE`, as
//! `sim rules --format toml` writes it back).

use engine::core::{embedded_tree, overlay, Registered};
use engine::lastuf::{Card, Lastuf};

const VARIANT: &str = "extends = \"default\"\n\n[deck.cards]\nBALL = 13\n";

#[test]
fn a_variant_of_one_deck_card_plays_the_same_deck_in_the_engine_and_in_the_lab() {
    // The engine's path.
    let mut tree = embedded_tree::<Lastuf>("default").unwrap();
    let mut over: toml::Table = VARIANT.parse().unwrap();
    over.remove("extends");
    overlay(&mut tree, &over);
    let engine =
        <Lastuf as Registered>::build(<Lastuf as Registered>::parse(&tree).unwrap()).unwrap();

    // The lab's loader: the variant as a file, resolved and written back as a complete
    // rules file.
    let tmp = tempfile::tempdir().unwrap();
    let file = tmp.path().join("variant.toml");
    std::fs::write(&file, VARIANT).unwrap();
    let (_, resolved) =
        lab::infra::rules::load::<Lastuf>(Some(file.to_str().unwrap()), &[]).unwrap();
    let text = lab::infra::rules::to_toml::<Lastuf>(&resolved).unwrap();
    let lab = Lastuf::from_toml(&text, "lab::infra::rules::to_toml").unwrap();

    assert_eq!(engine.rules().deck, lab.rules().deck);
    assert_eq!(engine.config(), lab.config());
    // The variant changed BALL alone: every other card is the default deck's.
    let default = Lastuf::default_rules();
    for (i, (&a, &b)) in default
        .rules()
        .deck
        .iter()
        .zip(&engine.rules().deck)
        .enumerate()
    {
        if i == Card::Ball.index() {
            assert_eq!((a, b), (10, 13));
        } else {
            assert_eq!(a, b, "card {i}");
        }
    }
}
