// The command line without its I/O: run(argv, io) parses, runs the command and returns the exit
// status, writing through io.write (stdout) and io.writeErr (stderr). tenbou-cli.mjs gives it the
// process's descriptors and the JSON Lines stream paths; tests/test_cli_parity.py runs it in one
// process over many command lines (its subprocess cases run tenbou-cli.mjs itself).
import * as tenbou from "../tenbou.mjs";
import { parseArgs, ParseExit } from "./args.mjs";
import { InputError, UsageError, setUnits } from "./common.mjs";
import { cmdScore } from "./score.mjs";
import { cmdWaits } from "./waits.mjs";
import { cmdDiscards } from "./discards.mjs";
import { cmdPoints } from "./points.mjs";
import { cmdTable } from "./table.mjs";
import { cmdYaku } from "./yaku.mjs";
import { cmdDeclare } from "./declare.mjs";

const COMMANDS = {
  score: cmdScore, waits: cmdWaits, discards: cmdDiscards, points: cmdPoints, table: cmdTable, yaku: cmdYaku,
  declare: cmdDeclare,
};

/** `tenbou ARGV`: io = {write, writeErr, scoreJsonl, waitsJsonl, readRequest}; returns the exit status. */
export function run(argv, io) {
  const out = [], err = [];
  const flush = () => {
    if (out.length) io.write(out.join(""));
    if (err.length) io.writeErr(err.join(""));
  };
  let args;
  try {
    args = parseArgs(argv, tenbou.version);
  } catch (e) {
    if (!(e instanceof ParseExit)) throw e;
    if (e.stdout) io.write(e.stdout);
    if (e.stderr) io.writeErr(e.stderr);
    return e.code;
  }
  if (!COMMANDS[args.command]) {  // mjlog
    io.writeErr(`tenbou: ${args.command} is in the Python CLI only (pip install tenbou; then tenbou ${args.command} ...)\n`);
    return 2;
  }
  setUnits(args.units);
  // Tile options a player repeats accumulate: --dora 4m --dora 1z is 4m1z.
  for (const name of ["dora", "ura", "flowers", "own_discards", "visible"]) {
    if (Array.isArray(args[name])) args[name] = args[name].join("");
  }
  try {
    const code = COMMANDS[args.command](args, out, err, io);
    flush();
    return code;
  } catch (e) {
    flush();
    if (e instanceof UsageError) { io.writeErr(`tenbou: ${e.message}\n`); return 2; }
    if (e instanceof InputError || e instanceof tenbou.InvalidRequestError) { io.writeErr(`tenbou: ${e.message}\n`); return 1; }
    throw e;
  }
}
