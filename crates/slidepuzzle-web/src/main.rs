//! `slidepuzzle-serve`: serves the local web page and its JSON API
//! ([`slidepuzzle_web`]) until it is stopped. `slidepuzzle serve` runs this
//! program with the same options, as `cargo` and `git` run their external
//! subcommands, so the command-line tool builds without the web server's
//! crates. Exit status 2 with a message on stderr when the cache directory
//! cannot be written or the address cannot be bound.

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use clap::Parser;
use slidepuzzle::search::pdb::BuildEvent;
use slidepuzzle::store::DirectoryStore;

/// Serve the local web page (play, check, solve, analyze) and its JSON API.
#[derive(Parser)]
#[command(name = "slidepuzzle-serve", version)]
struct Args {
    /// Port to listen on.
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// Address to bind (default loopback only).
    #[arg(long, default_value = "127.0.0.1")]
    bind: std::net::IpAddr,
    /// Where pattern databases are cached (default: the platform cache
    /// dir); the server reads and writes only its tables there.
    #[arg(long)]
    cache_dir: Option<PathBuf>,
}

fn main() -> ExitCode {
    match serve(Args::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("slidepuzzle-serve: {e}");
            ExitCode::from(2)
        }
    }
}

/// Checks the cache directory, binds the address and serves until the
/// process ends. Table builds print their messages on stderr (the page
/// shows their progress itself).
fn serve(args: Args) -> slidepuzzle::Result<()> {
    if let Some(dir) = &args.cache_dir {
        DirectoryStore::new(dir).check_writable()?;
    }
    let dir = args.cache_dir.unwrap_or_else(DirectoryStore::default_dir);
    let solver = slidepuzzle::Solver::new()
        .with_store(Arc::new(DirectoryStore::new(dir)))
        .with_events(Arc::new(|event: &BuildEvent| {
            if let BuildEvent::Message(m) = event {
                eprintln!("{m}");
            }
        }));
    let addr = std::net::SocketAddr::new(args.bind, args.port);
    let runtime = tokio::runtime::Runtime::new()
        .map_err(|e| slidepuzzle::Error::io("the server runtime", e))?;
    eprintln!("slidepuzzle: open http://{addr}/ (Ctrl-C stops)");
    runtime
        .block_on(slidepuzzle_web::serve(addr, Arc::new(solver)))
        .map_err(|e| slidepuzzle::Error::io(addr.to_string(), e))
}
