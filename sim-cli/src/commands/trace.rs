//! `sim trace`: the flags become [`lab::infra::options::TraceOptions`] and [`lab::trace()`]
//! writes every action of the games as JSON Lines to standard output.

use crate::args::GameArgs;
use clap::Args;

/// `sim trace`. Errors: those of [`lab::trace()`] (a closed standard output among them,
/// which `sim` ends on quietly).
impl super::Exec for TraceArgs {
    fn exec(&self) -> anyhow::Result<()> {
        Ok(lab::trace(&self.options(), &mut std::io::stdout().lock())?)
    }
}

/// `sim trace`.
#[derive(Args, Debug)]
pub struct TraceArgs {
    /// What to play.
    #[command(flatten)]
    pub common: GameArgs,
    /// Sample chance as `compare`, `sweep`, `tune` and `card-value` do (an exponential
    /// race, coupled across rule sets), to replay one of their games.
    #[arg(long)]
    pub coupled: bool,
    /// At each decision of an agent that searches (mcts), record its candidates, their
    /// visit shares and values (expected scores with 95% intervals) in the step's
    /// `explain` field; at a decision no search needs, why (forced, equilibrium).
    #[arg(long)]
    pub explain: bool,
}

impl TraceArgs {
    /// The options these flags stand for, for the lab library.
    pub fn options(&self) -> ::lab::infra::options::TraceOptions {
        ::lab::infra::options::TraceOptions {
            common: self.common.options(),
            coupled: self.coupled,
            explain: self.explain,
        }
    }
}
