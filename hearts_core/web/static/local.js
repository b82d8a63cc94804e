// The play page's transport: the table is hearts_core.web.local.LocalTable, run by Pyodide
// in a worker (local-worker.js), from the site's own files. table.js speaks to it as to
// `hearts serve`: the same messages, handed over in the page instead of over a socket.
// The page's address may set the game: play.html?seed=3&delay=0.3&variant=black-maria.
"use strict";

(() => {
  const here = document.currentScript.src;
  const params = new URLSearchParams(location.search);
  const number = (name) => (params.has(name) && Number.isFinite(Number(params.get(name))) ? Number(params.get(name)) : null);
  let receive = () => {};
  let worker = null;
  const ready = new Promise((resolve, reject) => {
    try {
      worker = new Worker(new URL("local-worker.js", here), { type: "module" });
    } catch (error) {
      reject(error);
      return;
    }
    worker.addEventListener("message", (event) => {
      const data = event.data;
      if (data.kind === "ready") {
        const seconds = performance.now() / 1000;
        document.documentElement.dataset.readySeconds = seconds.toFixed(2);
        status(`Ready in ${seconds.toFixed(1)} s: Python ${data.python} (Pyodide ${data.pyodide}), ` +
          `hearts_core ${data.version}.`);
        if (params.has("variant")) data.lobby.default = params.get("variant");
        resolve(data.lobby);
      } else if (data.kind === "failed") reject(new Error(data.message));
      else if (data.kind === "messages") for (const message of data.messages) receive(message);
    });
    worker.addEventListener("error", (event) => {
      reject(new Error(`The page's worker failed: ${event.message || "it could not start"}.`));
    });
  });

  function status(text) {
    const line = document.getElementById("lobby-status");
    if (line) line.textContent = text;
  }

  window.heartsTransport = {
    kind: "page",
    atTable: false,
    lobby() {
      status("Loading Python and the library into the page\u2026");
      return ready;
    },
    async create(choice) {
      await ready;
      worker.postMessage({
        kind: "open", variant: choice.variant, bots: choice.bots, seed: number("seed"), delay: number("delay"),
      });
      return true; // the table opens in this page
    },
    connect(onMessage) {
      receive = onMessage;
    },
    send(message) {
      worker.postMessage({ kind: "send", text: JSON.stringify(message) });
    },
  };
})();
