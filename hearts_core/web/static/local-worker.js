// The play page's table, in a worker so that a thinking bot never stalls the page: Pyodide
// (from ./pyodide/), the wheels manifest.json names (from ./wheels/), and one
// hearts_core.web.local.LocalTable. Every file comes from the folder this script is in.
// The worker makes the bots' moves when the table says (`wait`), as `hearts serve` does.

const base = new URL("./", import.meta.url);
let LocalTable = null;
let table = null;
let timer = null;

function send(messages) {
  if (messages.length) postMessage({ kind: "messages", messages });
}

function failure(error) {
  const text = String(error && error.message ? error.message : error);
  return { type: "error", message: text.trim().split("\n").pop(), problems: [] };
}

// One answer of the table: its messages now, and its next move after `wait` seconds.
function deliver(call) {
  let answer;
  try {
    answer = JSON.parse(call());
  } catch (error) {
    send([failure(error)]);
    return;
  }
  send(answer.messages);
  clearTimeout(timer);
  timer = answer.wait === null ? null : setTimeout(() => deliver(() => table.advance()), answer.wait * 1000);
}

async function start() {
  const found = await fetch(new URL("manifest.json", base));
  if (!found.ok) {
    throw new Error("This copy of the site was built without Python for the page. " +
      "In a checkout of hearts_core, `make play-page` builds the site with it.");
  }
  const manifest = await found.json();
  const { loadPyodide } = await import(new URL("pyodide/pyodide.mjs", base).href);
  const pyodide = await loadPyodide({ indexURL: new URL("pyodide/", base).href, stdout: () => {} });
  const wheels = manifest.wheels.map((name) => new URL(`wheels/${name}`, base).href);
  await pyodide.loadPackage(wheels, { messageCallback: () => {} });
  const local = pyodide.pyimport("hearts_core.web.local");
  LocalTable = local.LocalTable;
  const python = pyodide.runPython("import sys, hearts_core; (sys.version.split()[0], hearts_core.__version__)").toJs();
  postMessage({
    kind: "ready", lobby: JSON.parse(LocalTable.offered()), python: python[0], version: python[1],
    pyodide: manifest.pyodide,
  });
}

self.addEventListener("message", (event) => {
  const data = event.data;
  if (data.kind === "open") {
    const options = { bots: data.bots || "rule", seed: data.seed };
    if (data.delay !== null) options.delay = data.delay;
    deliver(() => {
      table = LocalTable.callKwargs(data.variant, options);
      return table.open();
    });
  } else if (data.kind === "send" && table) {
    deliver(() => table.receive(data.text));
  }
});

start().catch((error) => postMessage({ kind: "failed", message: String(error.message || error) }));
