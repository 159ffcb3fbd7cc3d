"""One vocabulary (issue 66 item 5): every keyword argument of the
package's functions is the command line's flag of the same name (with
dashes for underscores) in the matching subcommand, flag or visible alias.
The few that have no flag are listed here with the reason."""

import inspect
import re

import slidepuzzle as sp

# Python function -> the subcommand that does the same work.
COMMANDS = {
    "solve": "solve",
    "solve_many": "solve",
    "distances": "solve",
    "check": "check",
    "analyze": "analyze",
    "scramble": "scramble",
    "godsnumber": "godsnumber",
    "permutation": "perm",
}

# Arguments with no flag of that name, and why.
NO_FLAG = {
    "state": "the configuration: the command's positional argument",
    "states": "the configurations: `solve --file`",
    "n": "scramble's count: `--count` (a positional argument in Python)",
    "single_thread": "`--threads 1`",
    "return_method": "Python's return value only",
    "progress": "the terminal's bar on the command line",
    "on_improvement": "the terminal's progress line and `--json`'s `{\"improved\"}` lines",
}


def flags(cli, command):
    """Every `--flag` the subcommand's help names, visible aliases
    (`[alias: --algorithm]`) included."""
    return set(re.findall(r"--([a-z][a-z0-9-]*)", cli(command, "--help")))


def test_every_keyword_is_the_flag_of_the_same_name(cli):
    missing = []
    for function, command in COMMANDS.items():
        have = flags(cli, command)
        for name in inspect.signature(getattr(sp, function)).parameters:
            if name in NO_FLAG:
                continue
            if name.replace("_", "-") not in have:
                missing.append(f"sp.{function}({name}=) has no --{name.replace('_', '-')} in `slidepuzzle {command}`")
    assert not missing, "\n".join(missing)
