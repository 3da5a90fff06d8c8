// What QuickJS-NG (through rquickjs) lacks and react-dom/server or react-router
// touch: URL/URLSearchParams (core-js), TextEncoder/TextDecoder (UTF-8 only),
// MessageChannel, timers and queueMicrotask. Imported first by entry-server, so
// it runs before any library module is evaluated. Each polyfill installs itself
// only when the global is missing, so the same bundle also runs in Node.
import "core-js/actual/url";
import "core-js/actual/url-search-params";

type Global = Record<string, unknown>;
const g = globalThis as unknown as Global;

if (typeof g.queueMicrotask !== "function") {
  g.queueMicrotask = (fn: () => void) => {
    Promise.resolve().then(fn);
  };
}

// A render is synchronous: renderToString never waits for a timer. Timers are
// accepted and never fire, so nothing can keep running after a render returns.
if (typeof g.setTimeout !== "function") {
  let next = 1;
  g.setTimeout = () => next++;
  g.clearTimeout = () => {};
  g.setInterval = () => next++;
  g.clearInterval = () => {};
}
if (typeof g.setImmediate !== "function") {
  g.setImmediate = (fn: () => void) => (g.setTimeout as (f: () => void, ms: number) => number)(fn, 0);
}

if (typeof g.MessageChannel !== "function") {
  class Port {
    onmessage: ((event: { data: unknown }) => void) | null = null;
    other: Port | null = null;
    postMessage(data: unknown) {
      const target = this.other;
      if (target) Promise.resolve().then(() => target.onmessage?.({ data }));
    }
    start() {}
    close() {}
  }
  g.MessageChannel = class MessageChannel {
    port1 = new Port();
    port2 = new Port();
    constructor() {
      this.port1.other = this.port2;
      this.port2.other = this.port1;
    }
  };
}

if (typeof g.TextEncoder !== "function") {
  g.TextEncoder = class TextEncoder {
    readonly encoding = "utf-8";
    encode(input = ""): Uint8Array {
      const s = String(input);
      const out: number[] = [];
      for (let i = 0; i < s.length; i++) {
        let c = s.charCodeAt(i);
        if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
          const d = s.charCodeAt(i + 1);
          if (d >= 0xdc00 && d <= 0xdfff) {
            c = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
            i++;
          } else c = 0xfffd;
        } else if (c >= 0xd800 && c <= 0xdfff) c = 0xfffd;
        if (c < 0x80) out.push(c);
        else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 63));
        else if (c < 0x10000) out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
        else out.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
      }
      return new Uint8Array(out);
    }
    encodeInto(input: string, dest: Uint8Array) {
      const bytes = this.encode(input);
      const n = Math.min(bytes.length, dest.length);
      dest.set(bytes.subarray(0, n));
      return { read: input.length, written: n };
    }
  };
}

if (typeof g.TextDecoder !== "function") {
  g.TextDecoder = class TextDecoder {
    readonly encoding = "utf-8";
    decode(input?: ArrayBuffer | ArrayBufferView): string {
      if (!input) return "";
      const b =
        input instanceof Uint8Array
          ? input
          : ArrayBuffer.isView(input)
            ? new Uint8Array(input.buffer, input.byteOffset, input.byteLength)
            : new Uint8Array(input);
      let out = "";
      for (let i = 0; i < b.length; ) {
        const c = b[i++];
        let cp: number;
        if (c < 0x80) cp = c;
        else if (c >= 0xc0 && c < 0xe0) cp = ((c & 31) << 6) | (b[i++] & 63);
        else if (c >= 0xe0 && c < 0xf0) cp = ((c & 15) << 12) | ((b[i++] & 63) << 6) | (b[i++] & 63);
        else if (c >= 0xf0) cp = ((c & 7) << 18) | ((b[i++] & 63) << 12) | ((b[i++] & 63) << 6) | (b[i++] & 63);
        else cp = 0xfffd;
        if (cp > 0xffff) {
          cp -= 0x10000;
          out += String.fromCharCode(0xd800 + (cp >> 10), 0xdc00 + (cp & 1023));
        } else out += String.fromCharCode(cp);
      }
      return out;
    }
  };
}
