//! `sim completions SHELL`: a shell completion script for `sim`.

use clap::Args;

/// Arguments of `sim completions`.
#[derive(Args, Debug)]
pub struct CompletionsArgs {
    /// The shell: bash, zsh, fish, elvish or powershell.
    #[arg(value_name = "SHELL")]
    pub shell: clap_complete::Shell,
}

impl super::Exec for CompletionsArgs {
    fn exec(&self) -> anyhow::Result<()> {
        let mut cmd = crate::cli::command();
        clap_complete::generate(self.shell, &mut cmd, "sim", &mut std::io::stdout());
        Ok(())
    }
}
