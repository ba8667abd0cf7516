//! `sim selfplay` in a build without the `datasets` feature: one error naming the
//! feature and the command that builds it, status 2, and nothing written.

use lab::infra::options::{GameOptions, OutputOptions, SelfplayOptions};

#[test]
fn selfplay_without_the_datasets_feature_is_one_line_and_writes_nothing() {
    lab_games::install();
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("d");
    let loaded = lab::infra::games::load::<engine::crazy_eights::CrazyEights>(None, &[]).unwrap();
    let options = SelfplayOptions {
        common: GameOptions {
            game: "crazy_eights".into(),
            agents: vec![
                agents::AgentSpec::named("random"),
                agents::AgentSpec::named("random"),
            ],
            games: 2,
            ..GameOptions::default()
        },
        output: OutputOptions {
            threads: Some(1),
            out: Some(out.clone()),
            command_line: Vec::new(),
        },
        rows_per_file: 10,
    };
    let e = lab::commands::selfplay::selfplay(&loaded, &options).unwrap_err();
    assert_eq!(
        e.to_string(),
        "sim selfplay needs the cargo feature 'datasets', which this build lacks; build it \
         with: cargo build --release -p sim-cli --features datasets"
    );
    assert_eq!(e.exit_status(), 2);
    assert!(!out.exists());
}
