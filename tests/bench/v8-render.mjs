// The uncached render time in V8 for the same bundle and props as QuickJS:
//   node v8-render.mjs <server.js> <url> <props file> [N]
// prints the median of N renders (after one warm-up) in milliseconds.
import { readFileSync } from "node:fs";

const [bundlePath, url, propsPath, n = "50"] = process.argv.slice(2);
(0, eval)(readFileSync(bundlePath, "utf8"));
const props = readFileSync(propsPath, "utf8");
globalThis.hygoRender(url, props);
const times = [];
for (let i = 0; i < Number(n); i++) {
  const t = performance.now();
  globalThis.hygoRender(url, props);
  times.push(performance.now() - t);
}
times.sort((a, b) => a - b);
console.log(times[Math.floor(times.length / 2)].toFixed(2));
// The bundle's scheduler may leave a timer behind; the measurement is done.
process.exit(0);
