// Types of the CommonJS entry: require("tenbou") is a promise of the ES module's API.
declare const tenbou: Promise<typeof import("./tenbou")>;
export = tenbou;
