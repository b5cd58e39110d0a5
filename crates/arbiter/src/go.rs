//! `arbiter go …` subcommands.

use crate::output::{CliError, Output};

#[derive(Debug, clap::Subcommand)]
pub enum Command {}

pub fn run(command: Command, _json: bool) -> Result<Output, CliError> {
    match command {}
}
