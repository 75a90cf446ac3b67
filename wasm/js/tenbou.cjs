// The CommonJS entry of the tenbou package: require("tenbou") gives a promise of the API.
// The API is an ES module that instantiates its WebAssembly with top-level await, which
// require() cannot wait for (Node refuses require() of such a module), so the module is
// loaded with import() and the promise handed over:
//   const tenbou = await require("tenbou");          // in an async function
//   require("tenbou").then((tenbou) => tenbou.score({ hand: "234567m234p55s678s", win_tile: "5m" }));
"use strict";
module.exports = import("./tenbou.mjs");
