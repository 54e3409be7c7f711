use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

/// Builds essays on nimbers whose figures are computed and whose claims are checked.
#[derive(Parser)]
#[command(name = "nimsite", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Builds the site and refreshes figures/; writes nothing if any claim fails.
    Build {
        /// The site's root, holding content/ and templates/.
        #[arg(long, default_value = ".")]
        root: PathBuf,
        /// Where to write the site (default: ROOT/site).
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// Does everything build does but writes nothing; fails on stale figures.
    Check {
        /// The site's root, holding content/ and templates/.
        #[arg(long, default_value = ".")]
        root: PathBuf,
        /// Also lists the math spans the lint could not read, and why.
        #[arg(long)]
        verbose: bool,
        /// Perturbs every claim and fails if any perturbed claim still passes.
        #[arg(long)]
        mutate: bool,
    },
    /// Builds, serves on 127.0.0.1 and reloads open pages on every change.
    Serve {
        /// The site's root, holding content/ and templates/.
        #[arg(long, default_value = ".")]
        root: PathBuf,
        /// The port to listen on.
        #[arg(long, default_value_t = 1111)]
        port: u16,
    },
    /// Scaffolds content/NAME.md as the next rung of the ladder.
    New {
        /// The page's name, used for its file and URL.
        name: String,
        /// The site's root, holding content/.
        #[arg(long, default_value = ".")]
        root: PathBuf,
    },
    /// Prints the value of each nimber expression.
    Eval {
        /// Expressions such as `2*2`, `inv(4)` or `sqrt(3) = 2`.
        #[arg(required = true, allow_hyphen_values = true)]
        exprs: Vec<String>,
    },
    /// Reads `T` then `T` lines `A B` on stdin and prints each nim-product A⊗B.
    Products,
}

fn main() -> ExitCode {
    match Cli::parse().command {
        Command::Build { root, out } => nimsite::site::build(root, out),
        Command::Check {
            root,
            verbose,
            mutate,
        } => nimsite::site::check(root, verbose, mutate),
        Command::Serve { root, port } => nimsite::site::serve(root, port),
        Command::New { name, root } => nimsite::site::new_page(root, name),
        Command::Eval { exprs } => nimsite::cli::eval(&exprs),
        Command::Products => nimsite::cli::products(),
    }
}
