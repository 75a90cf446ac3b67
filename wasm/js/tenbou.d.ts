// Types of the tenbou JS API (wasm/js/tenbou.mjs). Field names are the contract's
// (shared/spec/contract.md); every amount of points is a bigint.

export type Wind = "E" | "S" | "W" | "N";
export type Method = "fuhan" | "han_only" | "aotenjo";
/** Tiles in any form the core reads (docs/hands.md): a compact string ("123m456p0s11z"), an
 * array of tile names ("1m", "0m", mjai's "5mr" and "E" "S" "W" "N" "P" "F" "C"), of 136 tile
 * ids (id / 4 is the kind; 16, 52, 88 the red fives), or exactly 34 counts (one per kind). */
export type Tiles = string | readonly (string | number)[];
/** One tile: a name ("5m", "0m", "5mr", "E") or a 136 tile id. */
export type Tile = string | number;

export interface RiichiRequest {
  rules?: "riichi";
  method?: Method;
  hand: Tiles;
  melds?: string[];
  win_tile?: Tile;
  tsumo?: boolean;
  seat_wind?: Wind;
  round_wind?: Wind;
  riichi?: boolean;
  double_riichi?: boolean;
  ippatsu?: boolean;
  rinshan?: boolean;
  chankan?: boolean;
  haitei?: boolean;
  houtei?: boolean;
  tenhou?: boolean;
  chiihou?: boolean;
  renhou?: boolean;
  dora_indicators?: Tiles;
  ura_indicators?: Tiles;
  honba?: number;
  riichi_sticks?: number;
  /** 3: three-player Riichi (sanma: no 2m-8m, no chi, seats E/S/W). */
  players?: 3 | 4;
  /** Three-player: North tiles set aside as dora (0-4), in neither hand nor melds. */
  kita?: number;
  options?: Record<string, unknown>;
}

export interface KoreanRequest {
  rules: "korean";
  variant?: "nagari" | "samsiki" | "coffee";
  hand: Tiles;
  melds?: string[];
  win_tile?: Tile;
  tsumo?: boolean;
  seat_wind?: Wind;
  round_wind?: Wind;
  flowers?: string;
  riichi?: "none" | "eopeo" | "bulleo" | "weja_bulleo" | boolean;
  double_riichi?: boolean;
  haitei?: boolean;
  houtei?: boolean;
  rinshan?: boolean;
  chankan?: boolean;
  tenhou?: boolean;
  chiihou?: boolean;
  renhou?: boolean;
  own_discards?: Tiles;
  options?: Record<string, unknown>;
}

/** Hong Kong-Taiwan style (seed 002): 16 tiles won with a 17th, flowers f1-f8. */
export interface HktwRequest {
  rules: "hktw";
  hand: Tiles;
  melds?: string[];
  win_tile?: Tile;
  tsumo?: boolean;
  seat_wind?: Wind;
  round_wind?: Wind;
  flowers?: string;
  riichi?: "none" | "open_hand" | "closed" | boolean;
  ippatsu?: boolean;
  haitei?: boolean;
  houtei?: boolean;
  flower_replacement_win?: number;
  kan_replacement_win?: 0 | 1 | 2 | 3;
  chankan?: 0 | 1 | 2 | 3 | boolean;
  tenhou?: boolean;
  chiihou?: boolean;
  renhou?: boolean;
  discards_on_table?: number | null;
  honba?: number;
  pool?: number;
  options?: Record<string, unknown>;
}

export type ScoreRequest = RiichiRequest | KoreanRequest | HktwRequest;

/** A hand before the win (shanten, waits): 13 tiles, no win_tile, no tsumo. */
export type BeforeWinRequest = (Omit<RiichiRequest, "win_tile" | "tsumo"> | Omit<KoreanRequest, "win_tile" | "tsumo">) & {
  own_discards?: Tiles;
  visible?: Tiles;
};

export interface ErrorObject {
  code: "invalid_input" | "not_winning" | "no_yaku" | "impossible";
  message: string;
  reason?: string;
  field?: string;
}

export interface Failure {
  ok: false;
  error: ErrorObject;
}

export interface Payment {
  payer: "discarder" | "dealer" | "non_dealer" | "each_other";
  amount: bigint;
}

export interface RiichiResult {
  ok: true;
  han: number;
  fu: number;
  yakuman: number;
  yaku: { key: string; han: number }[];
  fu_details: { key: string; fu: number; tile?: string }[];
  limit: null | "mangan" | "haneman" | "baiman" | "sanbaiman" | "kazoe_yakuman" | "yakuman";
  payments: Payment[];
  honba_bonus: bigint;
  sticks_bonus: bigint;
  total: bigint;
  wait: string | null;
  decomposition: string[];
  /** Present (3) on three-player results: a tsumo is then paid by two players. */
  players?: 3;
}

export interface KoreanResult {
  ok: true;
  rules: "korean";
  variant: "nagari" | "samsiki" | "coffee";
  han: number;
  base_han: number;
  additional_han: number;
  min_base_han: number;
  win_valid: boolean;
  chombo: boolean;
  unlimited: boolean;
  yaku: { key: string; name_ko: string; name_en: string; han: number | null; kind: "base" | "additional";
          count?: number; tile?: string }[];
  unknown_yaku: string[];
  messages: string[];
  fu: null;
  yakuman: 0;
  limit: null;
  win_base: number | null;
  points: bigint | null;
  payments: Payment[];
  total: bigint | null;
  collects_draw_pool: boolean;
  wait: string | null;
  decomposition: string[];
}

export interface HktwResult {
  ok: true;
  rules: "hktw";
  /** Each pattern with its seed entry number; `points` is a plain number (the pattern's points). */
  yaku: { key: string; number: string; name_ko: string; name_en: string; points: number; count?: number; tile?: string }[];
  base_points: bigint;
  pattern_points: bigint;
  value: bigint;
  han: null;
  fu: null;
  yakuman: 0;
  limit: null | "house_limit";
  payments: Payment[];
  honba_bonus: bigint;
  pool_bonus: bigint;
  total: bigint;
  /** Settled at once, apart from the hand: closed kans, flower sets, all eight flowers. */
  instant_payments: { key: string; number: string; name_ko: string; payer: "each_other"; each: bigint; count: number;
                      total: bigint }[];
  hand_ended: boolean;
  wait: string | null;
  waits: string[];
  decomposition: string[];
}

export type ScoreResult = RiichiResult | KoreanResult | HktwResult | Failure;

export interface PointsQuery {
  han?: number;
  fu?: number;
  yakuman?: number;
  dealer?: boolean;
  tsumo?: boolean;
  method?: Method;
  honba?: number;
  riichi_sticks?: number;
  /** 3: three-player payments (two payers on tsumo). */
  players?: 3 | 4;
  options?: Record<string, unknown>;
}

export interface PointsResult {
  ok: true;
  method: Method;
  han: number;
  fu: number;
  yakuman: number;
  limit: RiichiResult["limit"];
  base_points: bigint;
  payments: Payment[];
  honba_bonus: bigint;
  sticks_bonus: bigint;
  total: bigint;
}

export interface ShantenResult {
  ok: true;
  rules: "riichi" | "korean";
  shanten: number;
  forms: { standard: number; seven_pairs: number | null; thirteen_orphans: number | null };
  ukeire: { tile: string; unseen: number }[];
  ukeire_tiles: number;
  ukeire_unseen: number;
}

export interface WaitsResult extends ShantenResult {
  furiten: boolean;
  waits: { tile: string; unseen: number; ron: ScoreResult; tsumo: ScoreResult }[];
}

export function score(request: ScoreRequest | string): RiichiResult | KoreanResult | HktwResult | Failure;
/** Seed 002's payments outside a hand (hktw.md section 4): chombo, call mistake, draw, dice, 4풍연타, ... */
export function hktwEvent(event: string, repeat?: number): { ok: true; event: string; name_ko: string; payer: string;
  receiver: string; each: bigint; payers: number; total: bigint; seed_line: number };
/** Results in request order, each decoded into the contract's object when first read. */
export class ScoreResults implements Iterable<ScoreResult> {
  readonly length: number;
  at(index: number): ScoreResult | undefined;
  totals(): bigint[];
  /** One field of the i-th result, read without decoding the rest (bulk reads keep no memory). */
  get(i: number, name: string): unknown;
  /** Columns, as Python's Results: every result's han (0 for a failure and a Hong Kong-Taiwan result). */
  readonly han: Int32Array;
  /** Every result's fu (0 for a failure, Korean and Hong Kong-Taiwan). */
  readonly fu: Int32Array;
  /** Every result's total (0 for a failure, a Korean result without a payment and an aotenjo hand: see totals()). */
  readonly total: BigInt64Array;
  /** 1 where the result is ok, else 0. */
  readonly ok: Uint8Array;
  toArray(): ScoreResult[];
  [Symbol.iterator](): Iterator<ScoreResult>;
}

export function scoreMany(requests: (ScoreRequest | string)[]): ScoreResults;

/** A column of request values: one entry per row (undefined: the key is absent in that row). */
export type RequestColumn = readonly unknown[] | Uint8Array | Int8Array | Int16Array | Int32Array | Uint16Array
  | Uint32Array | Float64Array | BigInt64Array;
/**
 * Requests as columns (docs/javascript.md "Columns"): each request key a column of the same
 * length; a Uint8Array holds flags (0 false, else true), Int8/16/32Array and Uint16Array
 * integers; a value that is not an array or typed array (options: {...}, rules: "riichi") holds
 * for every row; a key left out takes its default.
 */
export type ScoreColumnsRequest = { readonly [key: string]: RequestColumn | unknown };
/** The result columns of scoreColumns(), the same as Python's score_table: one entry per row. */
export class ScoreColumns {
  readonly length: number;
  /** 1 where the row was scored, else 0. */
  readonly ok: Uint8Array;
  /** Han (Riichi and Korean; 0 for a failure and Hong Kong-Taiwan). */
  readonly han: Int32Array;
  /** Fu (0 for a failure, Korean and Hong Kong-Taiwan). */
  readonly fu: Int32Array;
  /** Yakuman count (Riichi; else 0). */
  readonly yakuman: Int32Array;
  /** The hand's total (0n for a failure and a Korean result without a payment; -1n for an aotenjo total past 2^63: score() gives it exactly). */
  readonly total: BigInt64Array;
  /** Limit id: columnNames().limit[id] (0: none). */
  readonly limit: Uint8Array;
  /** Error code id: columnNames().error[id] (0: scored). */
  readonly error: Uint8Array;
  /** Row i's yaku are yaku[yaku_offsets[i]] .. yaku[yaku_offsets[i + 1] - 1] (Riichi yaku ids: columnNames().yaku). */
  readonly yaku: Uint8Array;
  /** The han of each entry of yaku. */
  readonly yaku_han: Int16Array;
  /** length + 1 offsets into yaku and yaku_han. */
  readonly yaku_offsets: Uint32Array;
  /** Row i's yaku as {key, han} items. */
  yakuOf(i: number): { key: string; han: number }[];
  /** Row i's limit name ("mangan" ... "yakuman", "house_limit") or null. */
  limitOf(i: number): string | null;
  /** Row i's error code ("invalid_input", "not_winning", "no_yaku") or null. */
  errorOf(i: number): string | null;
  /** Row i's error message (score()'s error.message, or the message it throws) or null. */
  messageOf(i: number): string | null;
}
/** Scores requests given as columns in one call into the core; each row's result is score()'s for the row's object. */
export function scoreColumns(columns: ScoreColumnsRequest): ScoreColumns;
/** The names behind the id columns of ScoreColumns. */
export function columnNames(): { readonly yaku: readonly string[]; readonly limit: readonly (string | null)[];
  readonly error: readonly (string | null)[] };
export function memoryBytes(): number;
export function scoreLines(lines: (string | Uint8Array)[]): string[];
/** Request texts as raw bytes (the Node CLI's stream): one result text each, in order. */
export function scoreBytes(texts: Uint8Array[]): string[];
/** scoreBytes() as one text, a result line each ("\\n" after every one). */
export function scoreBytesText(texts: Uint8Array[]): string;
/** Request texts each behind its u32 little-endian length, in one buffer: a result line each. */
export function scoreRecordsText(records: Uint8Array): string;
export function points(query: PointsQuery): PointsResult | Failure;

export interface DiscardOption {
  tile: string;
  shanten: number;
  ukeire: { tile: string; unseen: number }[];
  ukeire_unseen: number;
  waits: { tile: string; unseen: number; ron: ScoreResult | Failure; tsumo: ScoreResult | Failure }[];
  furiten: boolean;
}
/** What to discard (README "What to discard"): best first; shanten -1 when the hand is already complete. */
export function discards(request: ScoreRequest): { ok: true; rules: string; shanten: number; discards: DiscardOption[] };

export interface SettlementRequest {
  players?: 3 | 4;
  /** The East seat's index. */
  dealer?: number;
  honba?: number;
  riichi_sticks?: number;
  outcome: "win" | "draw" | "nagashi_mangan" | "abortive";
  wins?: { winner: number; from?: number; request: RiichiRequest; pao?: number | null }[];
  tenpai?: number[];
  nagashi?: number[];
  options?: Record<string, unknown>;
}

export interface SettlementResult {
  ok: true;
  outcome: "win" | "draw" | "nagashi_mangan" | "abortive";
  /** Each seat's point change: bigint, every one (an aotenjo settlement passes 2^53), as every amount. */
  deltas: bigint[];
  wins: { winner: number; from: number; deltas: bigint[] }[];
  riichi_sticks_left: number;
}

/**
 * Who pays whom when a Riichi hand ends (README "Settlement"). Invalid input throws an
 * InvalidRequestError, point changes past 2^63 an UnsupportedError; a hand that does not
 * win (not_winning, no_yaku) is a Failure naming wins[i].request.
 */
export function settle(request: SettlementRequest | string): SettlementResult | Failure;
export function shanten(request: BeforeWinRequest | string): ShantenResult;
export function waits(request: BeforeWinRequest | string): WaitsResult;
export function koreanDeclaration(request: KoreanRequest | string): { ok: true; legal: boolean; waits: string[]; reason: string | null };
export function rules(options?: Record<string, unknown>, family?: "riichi" | "korean" | "hktw"): Record<string, unknown>;
export function yakuTable(family?: "riichi" | "korean" | "hktw"): Record<string, unknown>[];
/** One house option of optionsSchema() (README "Options and presets"). */
export interface OptionSchema {
  key: string;
  type: "bool" | "int" | "choice" | "yaku_values" | "object";
  /** The value with no preset. */
  default: unknown;
  description: string;
  /** The seed line or spec section it comes from, or null. */
  source: string | null;
  section: string;
  nullable: boolean;
  null_means?: string;
  /** int: the range the reader checks; yaku_values and object fields: each value's range. */
  min?: number;
  max?: number;
  /** int: the only values allowed in the range. */
  values?: number[];
  multiple_of?: number;
  /** choice: the allowed names. */
  choices?: string[];
  /** yaku_values: the yaku keys it takes (Korean names are accepted too). */
  keys?: string[];
  /** object: its int fields. */
  fields?: { key: string; type: "int"; default: number | null; min: number; max: number }[];
  /** object: `true` is accepted and stands for this value. */
  true_means?: Record<string, unknown>;
}
export interface OptionsSchema {
  schema_version: number;
  families: Record<"riichi" | "korean" | "hktw", {
    options: OptionSchema[];
    presets: Record<string, { description: string; source: string; values: Record<string, unknown> }>;
    variants: { name: string; name_local: string; description: string }[];
  }>;
}
export interface InputLimits {
  schema_version: number;
  limits: { name: string; value: number; unit: string; bounds: string; error: string | null; description: string }[];
}
/** Every rule family's house options as data (the same JSON text as Python and C). */
export function optionsSchema(): OptionsSchema;
export function optionsSchemaText(): string;
/** The input contract's limits as data. */
export function inputLimits(): InputLimits;
export function inputLimitsText(): string;
export function formatAmount(amount: bigint | number | string, units?: "en" | "ko" | "ja"): string;
export function parseResult(text: string): any;
export function toJSON(value: unknown): string;
export function errorFrom(error: ErrorObject): InvalidRequestError;
export const version: string;

export class TenbouError extends Error {}
export class InvalidRequestError extends TenbouError {
  constructor(message: string, reason?: string, field?: string);
  reason: string;
  field: string;
}
export class InvalidJSONError extends InvalidRequestError {}
export class UnknownKeyError extends InvalidRequestError {}
export class InvalidValueError extends InvalidRequestError {}
export class InvalidTileError extends InvalidRequestError {}
export class TileCountError extends InvalidRequestError {}
export class TooManyCopiesError extends InvalidRequestError {}
export class InvalidMeldError extends InvalidRequestError {}
export class WinTileMissingError extends InvalidRequestError {}
export class ImpossibleFlagsError extends InvalidRequestError {}
export class UnsupportedError extends InvalidRequestError {}
export class TileNotInRulesError extends InvalidTileError {}
export class MeldNotInRulesError extends InvalidMeldError {}
export class InvalidFlowerError extends InvalidRequestError {}
export class DuplicateFlowerError extends InvalidFlowerError {}

// --- game records (docs/records.md) ---------------------------------------------------------

/** A game record that cannot be read (reason "bad_record"); `output`/`lines`: what came before the error. */
export class RecordError extends InvalidRequestError {
  constructor(message: string, event?: number | null, tag?: string | null, attribute?: string | null, output?: string);
  event: number | null;
  tag: string | null;
  attribute: string | null;
  output: string;
  lines: any[];
}
export interface ReplayOptions {
  format?: "auto" | "mjlog" | "tenhou6" | "mjai";
  output?: "hand_ends" | "check" | "tenhou6" | "mjai" | "annotate";
  /** The name hand-end lines and messages give the record (default "record"). */
  source?: string;
  /** false: hand-end lines without each win's request and result. */
  requests?: boolean;
}
/** One hand-end line (output "hand_ends"): see docs/records.md. */
export interface HandEnd {
  game: string;
  hand: number;
  event: number | null;
  round: string;
  players: 3 | 4;
  dealer: number;
  honba: number;
  deposits: number;
  outcome: "win" | "draw" | "nagashi_mangan" | "abortive";
  wins?: Array<{
    winner: number; from: number; pao: number | null; event: number | null;
    request?: Record<string, unknown>; result?: any;
    deltas: number[]; recorded_deltas: number[] | null;
    recorded: { han: number; fu: number; points: bigint; limit: string | null; yakuman: number; yaku: Record<string, number> } | null;
    agree: boolean;
  }>;
  tenpai?: number[];
  nagashi?: number[];
  deltas: number[] | null;
  settle_error?: string;
  recorded_deltas: number[] | null;
  agree: boolean;
}
/** Replays one record (plain bytes or text): the core's output text and its lines parsed. */
export function replay(record: Uint8Array | ArrayBuffer | string, options?: ReplayOptions): { text: string; lines: any[] };
