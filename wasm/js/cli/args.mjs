// The command line's arguments and help from spec.json (shared with the Python CLI, which builds
// argparse from it): the same help text, the same parse, the same error messages
// (python/tenbou/cli/args.py writes argparse's help and messages in this layout).
import fs from "node:fs";
import { displayWidth, wrap } from "./text.mjs";

export const SPEC = JSON.parse(fs.readFileSync(new URL("./spec.json", import.meta.url), "utf8"));
const HELP_COLUMN = 24;
const MAX_WIDTH = 100;

/** A usage problem argparse would report: the message, the parser's usage, exit 2. */
export class ParseExit extends Error {
  constructor(code, stdout = "", stderr = "") {
    super(stderr || stdout);
    this.code = code;
    this.stdout = stdout;
    this.stderr = stderr;
  }
}

/** Columns to wrap help to: COLUMNS, else the terminal's, at most 100, 80 when not a terminal. */
function terminalWidth() {
  const text = (process.env.COLUMNS ?? "").trim();  // as Python's shutil reads it: int(), else the terminal
  const env = /^[+-]?\d+$/.test(text) ? Number(text) : 0;
  const columns = env > 0 ? env : process.stdout.isTTY && process.stdout.columns > 0 ? process.stdout.columns : 80;
  return Math.max(40, Math.min(MAX_WIDTH, columns));
}

function expand(args) {
  const out = [];
  for (const a of args) {
    if (a.group) out.push(...SPEC.groups[a.group].filter((g) => !(a.except || []).includes(g.flags[0])));
    else out.push(a);
  }
  return out;
}

const BUILTIN = [
  { flags: ["-h", "--help"], action: "help", help: "show this help and exit" },
  { flags: ["--version"], action: "version", help: "print the version and exit" },
];

function destOf(a) {
  return a.flags ? a.flags[a.flags.length - 1].slice(2).replace(/-/g, "_") : a.dest;
}

function label(a) {
  if (!a.flags) return a.metavar || a.dest;
  if (["store_true", "help", "version"].includes(a.action)) return a.flags.join(", ");
  const meta = a.metavar || (a.choices ? `{${a.choices.join(",")}}` : destOf(a).toUpperCase());
  return `${a.flags.join(", ")} ${meta}`;
}

function item(text, help, width) {
  const indent = " ".repeat(HELP_COLUMN);
  const lines = help ? wrap(help, width - HELP_COLUMN) : [];
  const head = "  " + text;
  if (!lines.length) return head + "\n";
  let first;
  if (displayWidth(head) + 2 <= HELP_COLUMN) first = head + " ".repeat(HELP_COLUMN - displayWidth(head)) + lines[0];
  else first = head + "\n" + indent + lines[0];
  return first + lines.slice(1).map((l) => "\n" + indent + l).join("") + "\n";
}

/** One parser: the top level (name null) or a command of the spec. */
export class Parser {
  constructor(name) {
    this.name = name;
    this.prog = name ? `${SPEC.prog} ${name}` : SPEC.prog;
    const spec = name ? SPEC.parsers[name] : null;
    this.description = spec ? spec.description : SPEC.description;
    this.epilog = spec ? null : SPEC.epilog;
    this.examples = spec ? spec.examples : [];
    this.actions = [...BUILTIN, ...(spec ? expand(spec.arguments) : [])];
    this.options = new Map();
    for (const a of this.actions) for (const f of a.flags || []) this.options.set(f, a);
  }

  usage() {
    if (!this.name) return `usage: ${this.prog} [--version] COMMAND [ARGUMENTS]\n`;
    const positionals = this.actions.filter((a) => !a.flags).map((a) => " " + (a.nargs === "?" ? `[${a.metavar}]` : a.metavar));
    return `usage: ${this.prog} [options]${positionals.join("")}\n`;
  }

  help(version) {
    const width = terminalWidth();
    const parts = [this.usage()];
    if (this.description) parts.push("\n" + wrap(this.description, width).join("\n") + "\n");
    if (!this.name) {
      parts.push("\ncommands:\n");
      for (const c of SPEC.commands) parts.push(item(c, SPEC.parsers[c] ? SPEC.parsers[c].help : SPEC.python_only[c], width));
    }
    const positionals = this.actions.filter((a) => !a.flags);
    if (positionals.length) {
      parts.push("\narguments:\n");
      for (const a of positionals) parts.push(item(label(a), a.help || "", width));
    }
    parts.push("\noptions:\n");
    for (const a of this.actions.filter((x) => x.flags)) parts.push(item(label(a), a.help || "", width));
    if (this.epilog) parts.push("\n" + wrap(this.epilog, width).join("\n") + "\n");
    if (this.examples.length) parts.push("\nexamples:\n" + this.examples.map((e) => `  ${e}\n`).join(""));
    return parts.join("");
  }

  error(message) {
    return new ParseExit(2, "", `${this.usage()}${this.prog}: error: ${message}\n`);
  }

  /** argparse's reading of an argument: an option ("O") or a value ("A"). */
  isOption(arg) {
    if (!arg || arg[0] !== "-") return false;
    if (this.options.has(arg)) return true;
    if (arg.length === 1) return false;
    if (arg.includes("=") && this.options.has(arg.slice(0, arg.indexOf("=")))) return true;
    if (/^-\d+$|^-\d*\.\d+$/.test(arg)) return false;  // a negative number (no option looks like one)
    if (arg.includes(" ")) return false;
    return true;
  }

  defaults() {
    const ns = {};
    for (const a of this.actions) {
      if (a.action === "help" || a.action === "version") continue;
      const dest = destOf(a);
      ns[dest] = a.action === "store_true" ? false : "default" in a ? (Array.isArray(a.default) ? [...a.default] : a.default) : null;
    }
    return ns;
  }

  /** Parses argv (options and positionals in any order) into ns; returns the arguments it does not know. */
  parseInto(argv, ns, version) {
    const extras = [];
    const positionals = this.actions.filter((a) => !a.flags);
    let next = 0;
    let dashdash = false;
    for (let i = 0; i < argv.length; i++) {
      const arg = argv[i];
      if (!dashdash && arg === "--") { dashdash = true; continue; }
      if (dashdash || !this.isOption(arg)) {
        if (next < positionals.length) ns[positionals[next++].dest] = arg;
        else extras.push(arg);
        continue;
      }
      let flag = arg, explicit;
      if (!this.options.has(arg) && arg.includes("=")) { flag = arg.slice(0, arg.indexOf("=")); explicit = arg.slice(arg.indexOf("=") + 1); }
      const a = this.options.get(flag);
      if (!a) { extras.push(arg); continue; }
      const name = a.flags.join("/");
      if (["store_true", "help", "version"].includes(a.action)) {
        if (explicit !== undefined) throw this.error(`argument ${name}: ignored explicit argument '${explicit}'`);
        if (a.action === "help") throw new ParseExit(0, this.help());
        if (a.action === "version") throw new ParseExit(0, `${SPEC.prog} ${version}\n`);
        ns[destOf(a)] = true;
        continue;
      }
      let value = explicit;
      if (value === undefined) {
        if (i + 1 >= argv.length || argv[i + 1] === "--" || this.isOption(argv[i + 1])) throw this.error(`argument ${name}: expected one argument`);
        value = argv[++i];
      }
      if (a.type === "int") {
        if (!/^-?[0-9]+$/.test(value)) throw this.error(`argument ${name}: expected an integer, got '${value}'`);
        value = Number.parseInt(value, 10);
      }
      if (a.choices && !a.choices.includes(value)) {
        throw this.error(`argument ${name}: invalid choice: '${value}' (choose from ${a.choices.join(", ")})`);
      }
      if (a.action === "append") (ns[destOf(a)] ??= []).push(value);
      else ns[destOf(a)] = value;
    }
    const missing = positionals.slice(next).filter((a) => !a.nargs);
    if (missing.length) throw this.error(`the following arguments are required: ${missing.map((a) => a.metavar).join(", ")}`);
    return extras;
  }
}

/** The namespace of `tenbou ARGS` as the Python CLI reads it, or a ParseExit (help, version, a usage error). */
export function parseArgs(argv, version) {
  const top = new Parser(null);
  const extras = [];
  let i = 0;
  for (; i < argv.length; i++) {
    const arg = argv[i];
    if (top.isOption(arg)) {
      if (arg === "-h" || arg === "--help") throw new ParseExit(0, top.help());
      if (arg === "--version") throw new ParseExit(0, `${SPEC.prog} ${version}\n`);
      extras.push(arg);
      continue;
    }
    break;
  }
  if (i >= argv.length) {
    if (extras.length) throw top.error(`unrecognized arguments: ${extras.join(" ")}`);
    throw top.error(`give a COMMAND: ${SPEC.commands.join(", ")} ('tenbou --help' says what each does)`);
  }
  const command = argv[i];
  if (!SPEC.commands.includes(command)) {
    throw top.error(`argument COMMAND: invalid choice: '${command}' (choose from ${SPEC.commands.join(", ")})`);
  }
  if (!SPEC.parsers[command]) return { command, rest: argv.slice(i + 1) };  // Python-only
  const parser = new Parser(command);
  const ns = parser.defaults();
  ns.command = command;
  extras.push(...parser.parseInto(argv.slice(i + 1), ns, version));
  if (extras.length) throw parser.error(`unrecognized arguments: ${extras.join(" ")}`);
  return ns;
}
