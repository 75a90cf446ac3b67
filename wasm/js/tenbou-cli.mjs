#!/usr/bin/env node
// The Node command line over the WebAssembly core: the same lines as the Python CLI.
//   node tenbou-cli.mjs score --jsonl < requests.jsonl > results.jsonl
//   node tenbou-cli.mjs score --json - < request.json
//   node tenbou-cli.mjs waits --jsonl < hands.jsonl
import { createInterface } from "node:readline";
import * as tenbou from "./tenbou.mjs";

const [command, ...rest] = process.argv.slice(2);
const usage = "usage: tenbou-cli.mjs score --jsonl | score --json - | waits --jsonl";

async function* lines() {
  const rl = createInterface({ input: process.stdin, crlfDelay: Infinity });
  for await (const line of rl) yield line;
}

async function jsonl(each) {
  // Streaming in batches of 2,048, blank lines skipped: bounded memory, like `tenbou score --jsonl`.
  let batch = [];
  const flush = () => {
    if (batch.length) process.stdout.write(each(batch).join("\n") + "\n");
    batch = [];
  };
  for await (const line of lines()) {
    const l = line.replace(/\r$/, "");
    if (!l.trim()) continue;
    batch.push(l);
    if (batch.length >= 2048) flush();
  }
  flush();
}

async function main() {
  if (command === "score" && rest.includes("--jsonl")) return jsonl((b) => tenbou.scoreLines(b)), 0;
  if (command === "waits" && rest.includes("--jsonl")) {
    return jsonl((b) => b.map((l) => {
      try {
        return tenbou.toJSON(tenbou.waits(l));
      } catch (e) {
        if (!(e instanceof tenbou.InvalidRequestError)) throw e;
        return JSON.stringify({ ok: false, error: { code: "invalid_input", message: e.message, reason: e.reason,
                                                    ...(e.field ? { field: e.field } : {}) } });
      }
    })), 0;
  }
  if (command === "score" && rest.includes("--json") && rest.includes("-")) {
    let text = "";
    for await (const chunk of process.stdin) text += chunk;
    const [line] = tenbou.scoreLines([text.replace(/\n/g, " ")]);
    process.stdout.write(line + "\n");
    return JSON.parse(line).ok ? 0 : 1;
  }
  process.stderr.write(usage + "\n");
  return 2;
}

process.exitCode = await main();
