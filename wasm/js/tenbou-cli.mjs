#!/usr/bin/env node
// The Node command line over the WebAssembly core: the same bytes out as the Python CLI.
//   node tenbou-cli.mjs score --jsonl < requests.jsonl > results.jsonl
//   node tenbou-cli.mjs score --json - < request.json
//   node tenbou-cli.mjs waits --jsonl < hands.jsonl
// Framing (README "Input contract"): a line ends at "\n" (a "\r" before it is dropped); a
// UTF-8 BOM that opens the stream is dropped; every line that is not empty gets exactly one
// result line, in order, whatever its bytes. Output waits for a slow reader (backpressure),
// so memory stays bounded however many lines pass.
import { once } from "node:events";
import * as tenbou from "./tenbou.mjs";

const [command, ...rest] = process.argv.slice(2);
const usage = "usage: tenbou-cli.mjs score --jsonl | score --json - | waits --jsonl";
const LIMIT = 1 << 20;  // kMaxRequestBytes: a longer line is cut one byte past it (its result is "too long")
const BATCH = 2048;

// Raw lines of stdin as Buffers, read chunk by chunk (no line kept past LIMIT + 1 bytes).
async function* rawLines() {
  let parts = [], size = 0, first = true;
  const line = () => {
    let b = parts.length === 1 ? parts[0] : Buffer.concat(parts, Math.min(size, LIMIT + 1));
    if (b.length > LIMIT + 1) b = b.subarray(0, LIMIT + 1);
    parts = [];
    size = 0;
    if (b.length && b[b.length - 1] === 0x0d) b = b.subarray(0, b.length - 1);
    return b;
  };
  for await (let chunk of process.stdin) {
    if (first) {
      first = false;
      if (chunk.length >= 3 && chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf) chunk = chunk.subarray(3);
    }
    let start = 0;
    for (let nl = chunk.indexOf(0x0a); nl !== -1; nl = chunk.indexOf(0x0a, start)) {
      if (size <= LIMIT) parts.push(chunk.subarray(start, nl));
      size += nl - start;
      yield line();
      start = nl + 1;
    }
    if (start < chunk.length) {
      if (size <= LIMIT) parts.push(Buffer.from(chunk.subarray(start)));  // a copy: the chunk is not kept
      size += chunk.length - start;
    }
  }
  if (size) yield line();
}

async function write(text) {
  if (!process.stdout.write(text)) await once(process.stdout, "drain");
}

async function jsonl(each) {
  let batch = [];
  for await (const l of rawLines()) {
    if (!l.length) continue;
    batch.push(l);
    if (batch.length >= BATCH) {
      await write(each(batch).join("\n") + "\n");
      batch = [];
    }
  }
  if (batch.length) await write(each(batch).join("\n") + "\n");
}

function waitsLine(bytes) {
  try {
    return tenbou.toJSON(tenbou.waits(new TextDecoder("utf-8", { fatal: true }).decode(bytes)));
  } catch (e) {
    if (e instanceof TypeError) return tenbou.scoreBytes([bytes])[0];  // not UTF-8: the core's own bad_json
    if (!(e instanceof tenbou.InvalidRequestError)) throw e;
    return JSON.stringify({ ok: false, error: { code: "invalid_input", message: e.message, reason: e.reason,
                                                ...(e.field ? { field: e.field } : {}) } });
  }
}

async function main() {
  if (command === "score" && rest.includes("--jsonl")) return await jsonl((b) => tenbou.scoreBytes(b)), 0;
  if (command === "waits" && rest.includes("--jsonl")) return await jsonl((b) => b.map(waitsLine)), 0;
  if (command === "score" && rest.includes("--json") && rest.includes("-")) {
    // One request: all of stdin (newlines are JSON whitespace), at most LIMIT + 1 bytes kept.
    const parts = [];
    let size = 0;
    for await (const chunk of process.stdin) {
      if (size <= LIMIT) parts.push(chunk);
      size += chunk.length;
    }
    let text = Buffer.concat(parts);
    if (text.length >= 3 && text[0] === 0xef && text[1] === 0xbb && text[2] === 0xbf) text = text.subarray(3);
    if (text.length > LIMIT + 1) text = text.subarray(0, LIMIT + 1);
    const [line] = tenbou.scoreBytes([text]);
    await write(line + "\n");
    return line.startsWith('{"ok":true') ? 0 : 1;
  }
  process.stderr.write(usage + "\n");
  return 2;
}

process.exitCode = await main();
