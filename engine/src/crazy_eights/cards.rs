//! The 52 cards and their ids, as OpenSpiel numbers them
//! (`open_spiel/games/crazy_eights/crazy_eights.cc`, `GetSuit`, `GetRank`, `GetCardStr`):
//! card id `4 * rank + suit`, ranks `0..13` for 2, 3, …, 10, J, Q, K, A and suits
//! `0..4` for clubs, diamonds, hearts, spades. Hands and the draw pile are sets of cards,
//! held as 64-bit masks (bit `id`).

/// Cards in the deck (OpenSpiel `kNumCards`).
pub const NUM_CARDS: usize = 52;
/// Ranks (OpenSpiel `kNumRanks`).
pub const NUM_RANKS: usize = 13;
/// Suits (OpenSpiel `kNumSuits`).
pub const NUM_SUITS: usize = 4;
/// The rank of the eights, the wild cards (OpenSpiel `kEightRank`).
pub const EIGHT_RANK: u8 = 6;
/// The rank of the queens, which skip the next player with special cards (OpenSpiel
/// `kSkipRank`).
pub const SKIP_RANK: u8 = 10;
/// The rank of the aces, which reverse the direction with special cards (OpenSpiel
/// `kReverseRank`).
pub const REVERSE_RANK: u8 = 12;
/// The rank of the twos, which make the next player draw two with special cards
/// (OpenSpiel `kDrawTwoRank`).
pub const DRAW_TWO_RANK: u8 = 0;

/// Every card, as a card set (the lab's; OpenSpiel counts copies per card id).
pub const ALL_CARDS: u64 = (1 << NUM_CARDS) - 1;
/// The four eights (rank `kEightRank`).
pub const EIGHTS: u64 = rank_mask(EIGHT_RANK);
/// The four twos (rank `kDrawTwoRank`).
pub const TWOS: u64 = rank_mask(DRAW_TWO_RANK);

/// The rank of card `card` (OpenSpiel `GetRank`).
#[inline]
pub const fn rank(card: u8) -> u8 {
    card / 4
}

/// The suit of card `card` (OpenSpiel `GetSuit`).
#[inline]
pub const fn suit(card: u8) -> u8 {
    card % 4
}

/// The id of the card of `rank` and `suit` (OpenSpiel `GetAction`).
#[inline]
pub const fn card(rank: u8, suit: u8) -> u8 {
    rank * 4 + suit
}

/// The four cards of `rank`: the ids `GetAction(suit, rank)` for every suit.
#[inline]
pub const fn rank_mask(rank: u8) -> u64 {
    0xF << (4 * rank as u32)
}

/// The thirteen cards of `suit`: the ids whose `GetSuit` is `suit`.
#[inline]
pub const fn suit_mask(suit: u8) -> u64 {
    0x1_1111_1111_1111 << suit as u32
}

/// Rank letters (OpenSpiel `kRankChar`).
pub const RANK_CHARS: &[u8; 13] = b"23456789TJQKA";
/// Suit letters (OpenSpiel `kSuitChar`).
pub const SUIT_CHARS: &[u8; 4] = b"CDHS";

const fn names() -> [[u8; 2]; NUM_CARDS] {
    let mut out = [[0u8; 2]; NUM_CARDS];
    let mut c = 0;
    while c < NUM_CARDS {
        out[c] = [SUIT_CHARS[c % 4], RANK_CHARS[c / 4]];
        c += 1;
    }
    out
}

const NAMES: [[u8; 2]; NUM_CARDS] = names();

/// The card's name as OpenSpiel writes it (`GetCardStr`): suit letter then rank letter,
/// `"C2"`, `"ST"`, `"HA"`.
pub fn card_name(card: u8) -> &'static str {
    std::str::from_utf8(&NAMES[usize::from(card)]).expect("card names are ASCII")
}

/// The id of the `r`-th card (counting from 0, in id order) of the set `mask`.
/// `r` must be below the number of cards in `mask` ([`crate::core::select_bit64`]).
#[inline]
pub fn nth_card(mask: u64, r: u32) -> u8 {
    crate::core::select_bit64(mask, r) as u8
}

#[cfg(test)]
mod nth_card_tests {
    use super::*;

    #[test]
    fn nth_card_counts_the_set_in_id_order() {
        for mask in [1u64, 0b1011, ALL_CARDS, 0x000F_0000_F0F0_0001, 1 << 51] {
            for (r, c) in cards_of(mask).enumerate() {
                assert_eq!(nth_card(mask, r as u32), c, "mask {mask:#x}, card {r}");
            }
        }
    }
}

/// The cards of `mask`, ascending (the order of OpenSpiel's loops `for card in 0..52`).
pub fn cards_of(mask: u64) -> impl Iterator<Item = u8> {
    crate::core::members(mask)
}

/// The names of the cards of `mask` (OpenSpiel `GetCardStr`), ascending by id.
pub fn names_of(mask: u64) -> Vec<&'static str> {
    cards_of(mask).map(card_name).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_names_and_masks_follow_openspiel() {
        assert_eq!(card_name(0), "C2");
        assert_eq!(card_name(1), "D2");
        assert_eq!(card_name(27), "S8");
        assert_eq!(card_name(51), "SA");
        for c in 0..NUM_CARDS as u8 {
            assert_eq!(card(rank(c), suit(c)), c);
            assert!(rank_mask(rank(c)) & 1 << c != 0);
            assert!(suit_mask(suit(c)) & 1 << c != 0);
        }
        assert_eq!(EIGHTS.count_ones(), 4);
        assert_eq!(suit_mask(3).count_ones(), 13);
        assert_eq!((0..4).fold(0, |m, s| m | suit_mask(s)), ALL_CARDS);
    }
}
