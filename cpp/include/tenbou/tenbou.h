/* tenbou: the C ABI of the mahjong scoring core (plain C, no C++ types).
 *
 * For engines that call C: C# P/Invoke (Unity), LuaJIT FFI (LOVE, Defold), C (Godot
 * GDExtension, Unreal plugins), and any language with a C FFI. Every call takes a JSON text
 * (shared/spec/contract.md's request) and returns a JSON text the caller owns and releases
 * with tenbou_free(). No call ever throws or aborts: invalid input is the contract's
 * {"ok": false, "error": {...}} text. The functions are thread-safe (no shared state).
 *
 *   char* result = tenbou_score_json(request, strlen(request), &length);
 *   ... read result (length bytes, NUL-terminated) ...
 *   tenbou_free(result);
 */
#ifndef TENBOU_H
#define TENBOU_H

#include <stddef.h>

#if defined(_WIN32) && defined(TENBOU_C_SHARED)
#  ifdef TENBOU_C_BUILDING
#    define TENBOU_API __declspec(dllexport)
#  else
#    define TENBOU_API __declspec(dllimport)
#  endif
#elif defined(__GNUC__) && defined(TENBOU_C_BUILDING)
#  define TENBOU_API __attribute__((visibility("default")))
#else
#  define TENBOU_API
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* Scores one request (JSON text of `length` bytes; it need not be NUL-terminated).
 * Returns the result as NUL-terminated JSON text and, if result_length is not NULL, its
 * length. Returns NULL only when `request` is NULL or memory runs out. */
TENBOU_API char* tenbou_score_json(const char* request, size_t length, size_t* result_length);

/* Many requests as JSON Lines (framed as the command line frames them: README "Input
 * contract"): one result line per non-empty request line, each ending in "\n". */
TENBOU_API char* tenbou_score_jsonl(const char* lines, size_t length, size_t* result_length);

/* Shanten, useful tiles and every wait with its ron and tsumo result, for a hand before the win. */
TENBOU_API char* tenbou_waits_json(const char* request, size_t length, size_t* result_length);

/* Payments of a bare han/fu cell: {"han", "fu", "dealer", "tsumo", "method", "honba", ...}. */
TENBOU_API char* tenbou_points_json(const char* query, size_t length, size_t* result_length);

/* Who pays whom when a Riichi hand ends (README "Settlement"). */
TENBOU_API char* tenbou_settle_json(const char* request, size_t length, size_t* result_length);

/* Every rule family's house options as data (key, type, range or choices, default, each
 * preset's value, description, seed line): {"schema_version": 1, "families": {...}}. */
TENBOU_API char* tenbou_options_json(size_t* result_length);

/* The input contract's limits: {"schema_version": 1, "limits": [{"name", "value", "unit", ...}]}. */
TENBOU_API char* tenbou_limits_json(size_t* result_length);

/* A game record (mjlog XML, tenhou.net/6 JSON or mjai JSON Lines, `length` bytes, not
 * compressed) replayed: every win scored, every hand end settled and compared with the record.
 * `options` (JSON text of `options_length` bytes, or NULL for the defaults):
 * {"format": "auto"|"mjlog"|"tenhou6"|"mjai", "output": "hand_ends"|"check"|"tenhou6"|"mjai"|"annotate",
 *  "source": name the lines and messages give the record, "with_requests": true}.
 * Returns the output (JSON Lines; docs/records.md); a record that cannot be read gives its
 * output so far, then one line {"error": {"code": "bad_record", "message", "event", "tag",
 * "attribute"}}; bad options one line {"error": {"code": "bad_options", "message"}}. */
TENBOU_API char* tenbou_replay_json(const char* record, size_t length, const char* options, size_t options_length,
                                    size_t* result_length);

/* Releases a text returned by any function above (NULL is ignored). */
TENBOU_API void tenbou_free(char* text);

/* The library version, e.g. "0.2.0" (a static string: do not free it). */
TENBOU_API const char* tenbou_version(void);

#ifdef __cplusplus
}
#endif

#endif /* TENBOU_H */
