//! What the long lab commands (`compare`, `sweep`, `tune`, `card-value`) hand back for
//! their summaries: the library prints nothing, the `sim` binary formats these, whether
//! the command ran fresh, was resumed (`sim resume`) or was merged from its shards (`sim
//! merge`).

use crate::card_value::CardValueReport;
use crate::design::DesignReport;
use crate::tune::TuneReport;

/// The report of one long lab command ([`crate::long_command::LabCommand::run`]).
#[derive(Clone, Debug)]
pub enum LabReport {
    /// `sim compare` ([`crate::design::compare`]).
    Compare(DesignReport),
    /// `sim sweep` ([`crate::design::sweep`]).
    Sweep(DesignReport),
    /// `sim tune` ([`crate::tune::tune`]).
    Tune(TuneReport),
    /// `sim card-value` ([`crate::card_value::command`]).
    CardValue(CardValueReport),
    /// `sim ladder` ([`crate::ladder::ladder`]).
    Ladder(crate::ladder::LadderReport),
    /// `sim run`, resumed or merged ([`crate::run::RunReport`]).
    Run(crate::run::RunReport),
}
