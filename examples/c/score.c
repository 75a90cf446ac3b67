/* Scores the README's hand through the C ABI and prints the total.
 *   cc score.c $(pkg-config --cflags --libs tenbou) -o score && ./score
 * (with PKG_CONFIG_PATH=PREFIX/lib/pkgconfig for a prefix pkg-config does not search; the flags
 * record PREFIX/lib in the program, so no LD_LIBRARY_PATH is needed) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <tenbou/tenbou.h>

int main(void) {
  const char* request =
      "{\"hand\":\"234567m234p55s678s\",\"win_tile\":\"5m\",\"tsumo\":true,\"riichi\":true,"
      "\"seat_wind\":\"S\",\"dora_indicators\":\"4m\"}";
  size_t length = 0;
  char* result = tenbou_score_json(request, strlen(request), &length);
  if (!result) return 1;
  /* A real engine would use its JSON reader; the total is the number after "total":. */
  const char* total = strstr(result, "\"total\":");
  printf("tenbou %s: total %ld\n", tenbou_version(), total ? strtol(total + 8, NULL, 10) : -1L);
  tenbou_free(result);
  return 0;
}
