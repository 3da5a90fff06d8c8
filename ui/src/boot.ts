// The first script of every page: starts the page's JavaScript once the page
// has been painted, so that on a slow phone the page's own HTML and inline CSS
// reach the screen without the modules competing for the network first (issue
// 27, item 11; docs/benchmarks.md). The server lists the modules in
// <script id="hygo-modules" type="application/json">: the entry first, then the
// chunks it and the page's module need, all preloaded at once so they arrive
// together rather than one import after another.
function start() {
  const files: string[] = JSON.parse(document.getElementById("hygo-modules")?.textContent || "[]");
  for (const file of files) {
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = `/assets/${file}`;
    document.head.append(link);
  }
  // A script element, not import(): the load event waits for it, so "loaded"
  // still means the page's code is there.
  const entry = document.createElement("script");
  entry.type = "module";
  entry.src = `/assets/${files[0]}`;
  if (files[0]) document.head.append(entry);
}

// On a slow network the page has been painted before this file arrives: start at
// once (the load event then waits for the modules). Otherwise start on the first
// paint's entry: not a timer, so a page opened in a background tab starts when
// it is shown. Every browser the build targets has paint timing.
if (performance.getEntriesByType("paint").length) start();
else {
  new PerformanceObserver((_, observer) => {
    observer.disconnect();
    start();
  }).observe({ type: "paint", buffered: true });
}
