//! Rolling a table's dice: from a given seed, stably across builds, or from a fresh seed the
//! report shows so the roll can be replayed.

use rand::{RngCore, SeedableRng};
use rand_pcg::Pcg64;

use crate::model::Dice;

/// A seed from the clock, for rolling when the player gave neither a roll nor a seed. The
/// report shows the seed, so the roll can be replayed.
pub fn fresh_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    let local = 0u8;
    nanos ^ (&local as *const u8 as u64).rotate_left(32)
}

/// Roll `dice` with a generator seeded from `seed`.
///
/// **Stable**: the generator is `rand_pcg::Pcg64` (PCG XSL RR 128/64) seeded with
/// `SeedableRng::seed_from_u64(seed)`; each die takes 32-bit outputs (`next_u32`), rejects
/// values at or above the largest multiple of its sides, and maps the rest to
/// `value % sides + 1`; dice are rolled in order and summed. The same seed gives the same
/// roll in every build (a test pins the values).
pub fn roll_dice(dice: Dice, seed: u64) -> u32 {
    roll_dice_times(dice, seed, 1)[0]
}

/// Roll `dice` `times` times (at least once) from one generator seeded from `seed`, as
/// [`roll_dice`] does: the first roll is the one `roll_dice` gives for the seed.
pub fn roll_dice_times(dice: Dice, seed: u64, times: u32) -> Vec<u32> {
    let mut rng = Pcg64::seed_from_u64(seed);
    let sides = dice.sides.max(1);
    let zone = u32::MAX - u32::MAX % sides;
    let mut die = || loop {
        let x = rng.next_u32();
        if x < zone {
            break x % sides + 1;
        }
    };
    (0..times.max(1))
        .map(|_| (0..dice.count).map(|_| die()).sum())
        .collect()
}
