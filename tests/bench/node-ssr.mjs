// The peer most teams would pick: Node.js rendering the same React server bundle
// on every request (no cache), on node:http, one process per CPU core.
//   node node-ssr.mjs <server.js> <props.json: {url: propsJson}> <port>
// Props are read once from a file (data loading is not what is compared); every
// request runs hygoRender and writes a document like ours, gzip when asked.
import cluster from "node:cluster";
import { createServer } from "node:http";
import { availableParallelism } from "node:os";
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";

const [bundlePath, propsPath, port] = process.argv.slice(2);
if (cluster.isPrimary) {
  for (let i = 0; i < availableParallelism(); i++) cluster.fork();
} else {
  (0, eval)(readFileSync(bundlePath, "utf8"));
  const props = JSON.parse(readFileSync(propsPath, "utf8"));
  // The head comes with the props (the render returns the markup and the status).
  const heads = Object.fromEntries(Object.entries(props).map(([url, json]) => [url, JSON.parse(json).head]));
  const escape = (s) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/"/g, "&quot;");
  createServer((req, res) => {
    const json = props[req.url];
    if (!json) {
      res.writeHead(404).end();
      return;
    }
    const out = JSON.parse(globalThis.hygoRender(req.url, json));
    const head = heads[req.url];
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(head.title)}</title>`
      + `<meta name="description" content="${escape(head.description)}"></head><body><div id="root">${out.html}</div>`
      + `<script id="hygo-props" type="application/json">${json.replace(/</g, "\\u003c")}</script></body></html>`;
    const headers = { "content-type": "text/html; charset=utf-8" };
    let body = Buffer.from(html);
    if (/\bgzip\b/.test(req.headers["accept-encoding"] ?? "")) {
      body = gzipSync(body);
      headers["content-encoding"] = "gzip";
    }
    res.writeHead(out.status, headers).end(body);
  }).listen(Number(port), "127.0.0.1");
}
