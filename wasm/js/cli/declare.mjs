// `tenbou declare`: is a Korean 엎어/불러 declaration legal? (python/tenbou/cli/declare.py in JS)
import * as tenbou from "../tenbou.mjs";
import { parseOptions, requestText } from "./common.mjs";

/** The request korean.declaration() of the Python package sends. */
export function declareRequest(args) {
  const req = {
    rules: "korean", variant: args.variant, hand: args.hand, melds: [...(args.meld || [])], seat_wind: args.seat,
    round_wind: args.round, flowers: "", riichi: args.weja_bulleo ? "weja_bulleo" : args.bulleo ? "bulleo" : "eopeo",
    own_discards: "", options: parseOptions(args.option),
  };
  if (args.double_riichi) req.double_riichi = true;
  return req;
}

export function cmdDeclare(args, out) {
  const data = tenbou.koreanDeclaration(requestText(declareRequest(args)));
  if (args.json) {
    out.push(tenbou.toJSON(data) + "\n");
  } else {
    out.push(`Waits     ${data.waits.join(" ") || "-"}\n`);
    out.push(data.legal ? "Legal     yes: every winning tile reaches the minimum base han\n"
      : `Legal     no (점프 if declared): ${data.reason}\n`);
  }
  return data.legal ? 0 : 1;
}
