//! The move metrics: how a solution's length is counted.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::error::{Error, Result};

/// How moves are counted (docs/THEORY.md section 1).
///
/// - **STM** (single-tile metric): every tile that slides one edge is one
///   move. Defined on every graph.
/// - **MTM** (multi-tile metric): a straight run of tiles sliding one cell
///   in the same direction at once (`R3` on a board) is one move. Defined
///   where moves have directions: boards, tori and boxes.
///
/// ```
/// use slidepuzzle::model::Metric;
/// assert_eq!("mtm".parse::<Metric>().unwrap(), Metric::Mtm);
/// assert_eq!(Metric::Stm.to_string(), "stm");
/// assert!("htm".parse::<Metric>().is_err());
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Metric {
    /// Single-tile moves.
    #[default]
    Stm,
    /// Multi-tile moves (boards, tori, boxes).
    Mtm,
}

impl Metric {
    /// The names [`FromStr`] accepts.
    pub const NAMES: &'static [&'static str] = &["stm", "mtm"];
}

impl FromStr for Metric {
    type Err = Error;

    /// Parses `stm` or `mtm` (any case).
    ///
    /// # Errors
    /// [`Error::Argument`] naming the unknown metric.
    fn from_str(text: &str) -> Result<Self> {
        match text.trim().to_ascii_lowercase().as_str() {
            "stm" => Ok(Metric::Stm),
            "mtm" => Ok(Metric::Mtm),
            other => Err(Error::argument(
                "metric",
                format!("unknown metric '{other}': expected stm or mtm"),
            )),
        }
    }
}

impl fmt::Display for Metric {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Metric::Stm => "stm",
            Metric::Mtm => "mtm",
        })
    }
}
