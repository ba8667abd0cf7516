//! `sim bench`: the flags become [`lab::options::BenchOptions`] and [`lab::bench::bench`]
//! plays the fixed workloads, printing a line each and the combined signature.

use crate::cli::BenchArgs;

/// `sim bench`, printed to standard output. Errors: those of [`lab::bench::bench`].
pub fn bench(args: &BenchArgs) -> anyhow::Result<()> {
    lab::bench::bench(&args.options(), &mut std::io::stdout())?;
    Ok(())
}
