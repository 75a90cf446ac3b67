// Scores the README's hand through the C++ API (tenbou::core) and prints the total.
#include <iostream>

#include "tenbou/api.hpp"
#include "tenbou/json.hpp"

int main() {
  const tenbou::Json request = tenbou::Json::parse(
      R"({"hand":"234567m234p55s678s","win_tile":"5m","tsumo":true,"riichi":true,"seat_wind":"S","dora_indicators":"4m"})");
  const tenbou::Json result = tenbou::score_result_to_json(tenbou::score_request(request));
  std::cout << "tenbou " << tenbou::version() << ": total " << result.find("total")->as_int() << "\n";
  return 0;
}
