//! `sim resume OUT`: the flags become [`lab::options::ResumeOptions`] and
//! [`lab::resume::resume`] plays the stopped run to its end.

use crate::cli::ResumeArgs;

/// `sim resume OUT`. Errors: those of [`lab::resume::resume`].
pub fn resume(args: &ResumeArgs) -> anyhow::Result<()> {
    Ok(lab::resume::resume(&lab::options::ResumeOptions {
        dir: args.dir.clone(),
        threads: args.threads,
        checkpoint: args.checkpoint,
    })?)
}
