#!/usr/bin/env node
// The Node command line over the WebAssembly core: one interface with the Python CLI (the same
// commands, arguments, help, output bytes and exit codes; tests/test_cli_parity.py runs both).
// The arguments and help come from cli/spec.json (python/tenbou/cli/spec.json), each command's
// text from cli/<command>.mjs (python/tenbou/cli/<command>.py in JS); mjlog is Python-only.
//
// Framing of `score --jsonl` and `waits --jsonl` (README "Input contract"): a line ends at "\n"
// (a "\r" before it is dropped); a UTF-8 BOM that opens the stream is dropped; every line that is
// not empty gets exactly one result line, in order, whatever its bytes. Input and output are
// synchronous on the file descriptors: a slow reader simply blocks the writer, and lines go from
// one reused input buffer straight into one reused request buffer, so memory stays flat.
import fs from "node:fs";
import * as tenbou from "./tenbou.mjs";
import { run } from "./cli/main.mjs";

const LIMIT = 1 << 20;  // kMaxRequestBytes: a longer line is cut one byte past it (its result says "too long")
const BATCH = 1024;
const pause = new Int32Array(new SharedArrayBuffer(4));

function readChunk(buf) {
  for (;;) {
    try {
      return fs.readSync(0, buf, 0, buf.length, null);
    } catch (e) {
      if (e.code === "EAGAIN") { Atomics.wait(pause, 0, 0, 2); continue; }  // a non-blocking stdin
      if (e.code === "EOF") return 0;
      throw e;
    }
  }
}

function writeAll(text) {
  const data = Buffer.from(text, "utf8");
  for (let at = 0; at < data.length;) {
    try {
      at += fs.writeSync(1, data, at, data.length - at);
    } catch (e) {
      if (e.code === "EAGAIN") { Atomics.wait(pause, 0, 0, 2); continue; }
      if (e.code === "EPIPE") process.exit(0);  // the reader went away
      throw e;
    }
  }
}

// Reads stdin and calls onBatch(records, count) with up to BATCH framed lines, each written
// into `records` as [u32 length][bytes]; the buffer is reused batch after batch.
function framedBatches(onBatch) {
  const input = Buffer.allocUnsafe(1 << 16);
  let records = Buffer.allocUnsafe(1 << 20);
  let used = 0, count = 0, lineStart = -1, lineSize = 0, first = true;
  const room = (n) => {
    if (used + n <= records.length) return;
    const grown = Buffer.allocUnsafe(Math.max(records.length * 2, used + n));
    records.copy(grown, 0, 0, used);
    records = grown;
  };
  const open = () => { room(4); lineStart = used; used += 4; lineSize = 0; };
  const append = (part) => {
    const keep = Math.min(part.length, LIMIT + 1 - Math.min(lineSize, LIMIT + 1));
    if (keep > 0) { room(keep); part.copy(records, used, 0, keep); used += keep; }
    lineSize += part.length;
  };
  const close = () => {
    let len = used - lineStart - 4;
    if (lineSize <= LIMIT + 1 && len > 0 && records[used - 1] === 0x0d) { used--; len--; }
    if (len === 0) used = lineStart;  // an empty line: no result
    else { records.writeUInt32LE(len, lineStart); count++; }
    lineStart = -1;
    if (count >= BATCH) { onBatch(records.subarray(0, used), count); used = 0; count = 0; }
  };
  for (let n; (n = readChunk(input)) > 0;) {
    let chunk = input.subarray(0, n);
    if (first) {
      first = false;
      if (chunk.length >= 3 && chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf) chunk = chunk.subarray(3);
    }
    let start = 0;
    for (let nl = chunk.indexOf(0x0a); nl !== -1; nl = chunk.indexOf(0x0a, start)) {
      if (lineStart < 0) open();
      append(chunk.subarray(start, nl));
      close();
      start = nl + 1;
    }
    if (start < chunk.length) {
      if (lineStart < 0) open();
      append(chunk.subarray(start));
    }
  }
  if (lineStart >= 0) close();
  if (count) onBatch(records.subarray(0, used), count);
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

// The records of one batch as separate texts (the waits path scores them one by one).
function texts(records) {
  const out = [];
  for (let at = 0; at < records.length;) {
    const n = records.readUInt32LE(at);
    out.push(Buffer.from(records.subarray(at + 4, at + 4 + n)));
    at += 4 + n;
  }
  return out;
}

// One request: all of stdin (newlines are JSON whitespace), a BOM dropped, at most LIMIT + 1 bytes kept.
function readRequest() {
  const input = Buffer.allocUnsafe(1 << 16);
  const parts = [];
  let size = 0;
  for (let n; (n = readChunk(input)) > 0;) {
    if (size <= LIMIT + 3) parts.push(Buffer.from(input.subarray(0, n)));
    size += n;
  }
  let text = Buffer.concat(parts);
  if (text.length >= 3 && text[0] === 0xef && text[1] === 0xbb && text[2] === 0xbf) text = text.subarray(3);
  if (text.length > LIMIT + 1) text = text.subarray(0, LIMIT + 1);
  return text;
}

const io = {
  write: writeAll,
  writeErr: (text) => fs.writeSync(2, text),
  scoreJsonl: () => framedBatches((records) => writeAll(tenbou.scoreRecordsText(records))),
  waitsJsonl: () => framedBatches((records) => writeAll(texts(records).map(waitsLine).join("\n") + "\n")),
  readRequest,
};

process.exitCode = run(process.argv.slice(2), io);
if (process.env.TENBOU_CLI_MEMORY) process.stderr.write(JSON.stringify(process.memoryUsage()) + "\n");
