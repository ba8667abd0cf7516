//! Run-time dispatch to AVX2 copies of a few hot loops of `f32` arithmetic (the policy
//! network's layers and its `tanh`).
//!
//! The build targets x86-64-v2, whose vectors hold four `f32`s; most x86-64 CPUs since
//! 2013 have AVX2, whose vectors hold eight. A loop written once is compiled twice, as
//! itself and inside a `#[target_feature(enable = "avx2")]` copy ([`avx2_copy!`]), and
//! [`dispatch!`] runs the copy where the CPU has AVX2 (`is_x86_feature_detected!`, which
//! std caches). The copy performs the same IEEE operations in the same order (Rust
//! never fuses a multiplication and an addition unasked, and AVX2 does not imply FMA),
//! so its results are the same bit for bit: what a search chooses never depends on the
//! CPU it runs on. Elsewhere than x86-64 the loop runs as itself.

/// Defines `fn $copy(args) { $body(args) }` compiled with AVX2 enabled on x86-64 (the
/// body, `#[inline(always)]`, is compiled into it). Call it through [`dispatch!`] only.
macro_rules! avx2_copy {
    ($(#[$doc:meta])* fn $copy:ident($($arg:ident: $ty:ty),*) = $body:path) => {
        $(#[$doc])*
        #[cfg(target_arch = "x86_64")]
        #[target_feature(enable = "avx2")]
        fn $copy($($arg: $ty),*) {
            $body($($arg),*)
        }
    };
}

/// Runs `$copy(args)` (made by [`avx2_copy!`]) where the CPU has AVX2, else `$body(args)`.
macro_rules! dispatch {
    ($copy:ident, $body:path, ($($arg:expr),*)) => {{
        #[cfg(target_arch = "x86_64")]
        {
            if std::arch::is_x86_feature_detected!("avx2") {
                // SAFETY: `$copy` requires only AVX2, which the CPU has (checked just
                // above); its arguments are those of the safe `$body`.
                unsafe { $copy($($arg),*) }
            } else {
                $body($($arg),*)
            }
        }
        #[cfg(not(target_arch = "x86_64"))]
        {
            $body($($arg),*)
        }
    }};
}

pub(crate) use avx2_copy;
pub(crate) use dispatch;
