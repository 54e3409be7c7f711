//! The `nimsite` binary: parses the command line, runs a command of the library, and is
//! the one place that prints its results and chooses the exit code (0 when it succeeded,
//! 1 when the site has errors, 2 for usage, input and output problems).

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use nimsite::cli::{Reporter, print_err, print_out};
use nimsite::scaffold;
use nimsite::serve::{self, ServeEvent, ServeOptions};
use nimsite::site::{self, CheckOptions, CompileOptions, Error};

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
        /// The site's root (default: the nearest folder upwards with nimsite.toml).
        #[arg(long)]
        root: Option<PathBuf>,
        /// Where to write the site (default: ROOT/site).
        #[arg(long)]
        out: Option<PathBuf>,
    },
    /// Does everything build does but writes nothing; fails on stale figures.
    Check {
        /// The site's root (default: the nearest folder upwards with nimsite.toml).
        #[arg(long)]
        root: Option<PathBuf>,
        /// Also lists the math spans the lint could not read, and why.
        #[arg(long)]
        verbose: bool,
        /// Perturbs every claim and fails if any perturbed claim still passes.
        #[arg(long)]
        mutate: bool,
        /// Lists what the build read on PAGE (a path, a file name or a slug): each claim
        /// as it was read and how it came out, and each span it refused, by line.
        #[arg(long, value_name = "PAGE")]
        explain: Option<String>,
    },
    /// Builds, serves on 127.0.0.1 and reloads open pages on every change.
    Serve {
        /// The site's root (default: the nearest folder upwards with nimsite.toml).
        #[arg(long)]
        root: Option<PathBuf>,
        /// The port to listen on.
        #[arg(long, default_value_t = 1111)]
        port: u16,
    },
    /// Scaffolds content/NAME.md as the next rung of the ladder.
    New {
        /// The page's name, used for its file and URL.
        name: String,
        /// The site's root (default: the nearest folder upwards with nimsite.toml).
        #[arg(long)]
        root: Option<PathBuf>,
    },
    /// Creates a new site in DIR (default: here) that builds at once.
    Init {
        /// The folder of the new site; made if missing.
        #[arg(default_value = ".")]
        dir: PathBuf,
    },
    /// Prints the value of each nimber expression.
    Eval {
        /// Expressions such as `2*2`, `inv(4)` or `sqrt(3) = 2`.
        #[arg(required = true, allow_hyphen_values = true)]
        exprs: Vec<String>,
        /// A game the expressions may name, as NAME=CODE (`--octal kayles=0.77`).
        #[arg(long = "octal", value_name = "NAME=CODE")]
        octal: Vec<String>,
        /// How many values of each `--octal` game to compute.
        #[arg(long, default_value_t = nimsite::cli::OCTAL_DEFAULT_UPTO)]
        upto: usize,
    },
    /// Reads `T` then `T` lines `A B` on stdin and prints each nim-product A⊗B.
    Products,
    /// Speaks the Language Server Protocol on stdin and stdout, checking pages as they are typed.
    Lsp {
        /// The site's root (default: the nearest folder upwards with nimsite.toml, else the editor's workspace).
        #[arg(long)]
        root: Option<PathBuf>,
    },
    /// Prints an octal game's values and the period they prove, if any.
    Octal {
        /// An octal code such as `0.77` (Kayles) or `0.137` (Dawson's chess).
        code: String,
        /// How many values to compute, G(0) to G(N - 1).
        #[arg(long, default_value_t = nimsite::cli::OCTAL_DEFAULT_UPTO)]
        upto: usize,
    },
}

/// Which command failed, for the closing line of a failure.
#[derive(Clone, Copy)]
enum Doing {
    Build,
    Check,
    Other,
}

fn main() -> ExitCode {
    let command = Cli::parse().command;
    site::init_workers();
    let base_url = std::env::var("NIMSITE_BASE_URL").ok();
    let reporter = Reporter::stderr();
    let options = CompileOptions {
        mutate: false,
        base_url: base_url.as_deref(),
        progress: &reporter,
        overlay: None,
        bibliography: None,
        lexicon: None,
    };
    let root = |given: Option<PathBuf>| site::locate_root(given.as_deref());
    match command {
        Command::Build { root: r, out } => match root(r) {
            Ok(r) => run_build(&r, out.as_deref(), options),
            Err(err) => fail(Doing::Other, &err),
        },
        Command::Check {
            root: r,
            explain: Some(page),
            ..
        } => match root(r) {
            Ok(r) => run_explain(&r, &page, options),
            Err(err) => fail(Doing::Other, &err),
        },
        Command::Check {
            root: r,
            verbose,
            mutate,
            explain: None,
        } => match root(r) {
            Ok(r) => run_check(&r, verbose, CompileOptions { mutate, ..options }),
            Err(err) => fail(Doing::Other, &err),
        },
        Command::Serve { root: r, port } => match root(r) {
            Ok(r) => run_serve(&r, port, options, &reporter),
            Err(err) => fail(Doing::Other, &err),
        },
        Command::Init { dir } => run_init(&dir, options),
        Command::New { name, root: r } => {
            match root(r).and_then(|r| scaffold::new_page(&r, &name)) {
                Ok(path) => {
                    print_out(&format!("created {}\n", path.display()));
                    ExitCode::SUCCESS
                }
                Err(err) => fail(Doing::Other, &err),
            }
        }
        Command::Eval { exprs, octal, upto } => match nimsite::cli::octal_games(&octal, upto) {
            Ok(games) => nimsite::cli::eval_with(&exprs, &games),
            Err(message) => {
                print_err(&message);
                ExitCode::from(2)
            }
        },
        Command::Products => nimsite::cli::products(),
        Command::Octal { code, upto } => nimsite::cli::octal(&code, upto),
        Command::Lsp { root: r } => {
            let r = r.or_else(|| root(None).ok());
            match nimsite::lsp::run(r) {
                Ok(()) => ExitCode::SUCCESS,
                Err(message) => {
                    print_err(&format!("error: {message}\n"));
                    ExitCode::from(2)
                }
            }
        }
    }
}

/// Runs `init`, then builds the new site once so its figures are drawn and `check`
/// passes from the start, and prints the next steps.
fn run_init(dir: &Path, options: CompileOptions<'_>) -> ExitCode {
    let files = match scaffold::init(dir) {
        Ok(files) => files,
        Err(err) => return fail(Doing::Other, &err),
    };
    for file in files {
        print_out(&format!("created {}\n", file.display()));
    }
    match site::build(dir, None, options) {
        Ok(summary) => print_out(&format!(
            "drew {} figure{} into {}\n",
            summary.figures,
            if summary.figures == 1 { "" } else { "s" },
            dir.join("figures").display()
        )),
        Err(err) => return fail(Doing::Build, &err),
    }
    print_out(&next_steps(dir));
    ExitCode::SUCCESS
}

/// Returns what to do after `init`: build, commit with the figures, push, and turn on Pages.
fn next_steps(dir: &Path) -> String {
    format!(
        "\nnext steps:\n  \
         cd {}\n  \
         nimsite build        (or `nimsite serve` to watch it rebuild)\n  \
         git init && git add . && git commit -m \"A new site\"\n    \
         (commit figures/ too: `check` compares the figures against it)\n  \
         push to GitHub, then under Settings → Pages set Source to \"GitHub Actions\"\n    \
         (.github/workflows/pages.yml then publishes every push to main)\n",
        dir.display()
    )
}

/// Runs `build` and prints its summary.
fn run_build(root: &Path, out: Option<&Path>, options: CompileOptions<'_>) -> ExitCode {
    match site::build(root, out, options) {
        Ok(summary) => {
            print_err(&summary.report);
            for note in &summary.notes {
                print_err(&format!("note: {note}\n"));
            }
            print_out(&format!(
                "built {} files into {}: {}\n",
                summary.files,
                summary.out.display(),
                summary.counts
            ));
            ExitCode::SUCCESS
        }
        Err(err) => fail(Doing::Build, &err),
    }
}

/// Runs `check` and prints its summary, with the mutation counts under `--mutate`.
fn run_check(root: &Path, verbose: bool, options: CompileOptions<'_>) -> ExitCode {
    let build_command = nimsite::cli::build_command(
        std::env::args_os().next().as_deref(),
        std::env::var_os("CARGO").is_some(),
    );
    let check = CheckOptions {
        compile: options,
        verbose,
        build_command: &build_command,
    };
    match site::check(root, check) {
        Ok(summary) => {
            print_err(&summary.report);
            print_out(&format!(
                "checked {} pages: {}\n",
                summary.pages, summary.counts
            ));
            if let Some(m) = summary.mutation {
                print_out(&mutation_line(m));
            }
            ExitCode::SUCCESS
        }
        Err(err) => fail(Doing::Check, &err),
    }
}

/// Prints what the build read on one page; fails when the page has an error, and names
/// the pages when `page` is none of them.
fn run_explain(root: &Path, page: &str, options: CompileOptions<'_>) -> ExitCode {
    match site::explain(root, page, options) {
        Ok((listing, failed)) => {
            print_out(&listing);
            if failed {
                ExitCode::from(1)
            } else {
                ExitCode::SUCCESS
            }
        }
        Err(pages) => {
            print_err(&format!(
                "error: no page `{page}` in the site\n = the pages are: {}\n",
                pages.join(", ")
            ));
            ExitCode::from(2)
        }
    }
}

/// Returns the closing line of `check --mutate`.
fn mutation_line(m: site::Mutation) -> String {
    format!(
        "mutate: perturbed {} claims (every checked claim but the figures); {} caught, {} still passed\n",
        m.perturbed,
        m.caught(),
        m.vacuous
    )
}

/// Runs `serve`, printing each build's outcome and where it listens.
fn run_serve(root: &Path, port: u16, options: CompileOptions<'_>, reporter: &Reporter) -> ExitCode {
    reporter.set_verbose(true);
    let mut log = |event: ServeEvent<'_>| match event {
        ServeEvent::Built {
            first,
            elapsed,
            rendered,
            report,
        } => {
            reporter.set_verbose(false);
            print_err(report);
            let what = if first { "built" } else { "rebuilt" };
            let ms = elapsed.as_millis();
            print_err(&format!(
                "{what} in {ms} ms ({rendered} pages re-rendered)\n"
            ));
        }
        ServeEvent::Failed {
            first,
            elapsed,
            errors,
            report,
        } => {
            reporter.set_verbose(false);
            print_err(report);
            let what = if first { "build" } else { "rebuild" };
            let ms = elapsed.as_millis();
            print_err(&format!(
                "{what} failed in {ms} ms with {}; serving the last good build\n",
                errors_word(errors)
            ));
        }
        ServeEvent::Listening { url } => print_out(&format!("serving on {url}\n")),
    };
    match serve::serve(root, ServeOptions { port }, options, &mut log) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            let code = fail(Doing::Other, &err);
            if matches!(&err, Error::Serve(m) if m.starts_with("cannot listen")) && port != 0 {
                print_err(
                    "help: another program may hold the port; `--port 0` lets the system pick a free one\n",
                );
            }
            code
        }
    }
}

/// Returns "1 error" or "N errors".
fn errors_word(n: usize) -> String {
    if n == 1 {
        "1 error".to_string()
    } else {
        format!("{n} errors")
    }
}

/// Prints a command's failure and returns its exit code: 1 when the site has errors, 2
/// when the command could not do its work at all.
fn fail(doing: Doing, err: &Error) -> ExitCode {
    match err {
        Error::Failed {
            report,
            errors,
            mutation,
        } => {
            print_err(report);
            let closing = match doing {
                Doing::Check => format!("error: check found {}\n", errors_word(*errors)),
                _ => "error: the build failed; nothing was written\n".to_string(),
            };
            print_err(&closing);
            if let Some(m) = mutation {
                print_err(&mutation_line(*m));
            }
            ExitCode::FAILURE
        }
        other => {
            print_err(&format!("error: {other}\n"));
            ExitCode::from(2)
        }
    }
}
