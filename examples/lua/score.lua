-- Scores the README's hand through the C ABI with LuaJIT's FFI, as LÖVE or Defold would:
--   LD_LIBRARY_PATH=PREFIX/lib luajit score.lua
local ffi = require("ffi")
ffi.cdef[[
char* tenbou_score_json(const char* request, size_t length, size_t* result_length);
void tenbou_free(char* text);
const char* tenbou_version(void);
]]
local tenbou = ffi.load("tenbou")

local function score_json(request)
  local length = ffi.new("size_t[1]")
  local result = tenbou.tenbou_score_json(request, #request, length)
  assert(result ~= nil, "out of memory")
  local text = ffi.string(result, length[0])
  tenbou.tenbou_free(result)
  return text
end

local result = score_json('{"hand":"234567m234p55s678s","win_tile":"5m","tsumo":true,' ..
                          '"riichi":true,"seat_wind":"S","dora_indicators":"4m"}')
print(("tenbou %s: total %s"):format(ffi.string(tenbou.tenbou_version()), result:match('"total":(%d+)')))
