// The console side of the latency benchmark (iot-ingest.bench.ts): reads the Server-Sent Events stream in
// its own thread, as a browser would in its own process, so a busy server thread does not delay the
// reader. Latency = arrival − the reading's ts (the publisher's clock; same machine). Plain JavaScript:
// worker threads do not inherit the tsx loader.
import { parentPort, workerData } from 'node:worker_threads';

const port = parentPort;
if (!port) throw new Error('iot-sse.worker runs as a worker thread');

const { url, token } = workerData;
const latencies = [];
let measuring = false;
const abort = new AbortController();

const res = await fetch(url, { headers: { authorization: `Bearer ${token}` }, signal: abort.signal });
if (!res.ok || !res.body) throw new Error(`stream: HTTP ${res.status}`);
port.on('message', (m) => {
  if (m === 'start') measuring = true;
  else if (m === 'stop') {
    measuring = false;
    abort.abort();
    port.postMessage({ latencies });
  }
});
port.postMessage({ ready: true });
const reader = res.body.getReader();
const dec = new TextDecoder();
let buf = '';
try {
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buf += dec.decode(value, { stream: true });
    let cut = buf.indexOf('\n\n');
    while (cut >= 0) {
      const block = buf.slice(0, cut);
      buf = buf.slice(cut + 2);
      cut = buf.indexOf('\n\n');
      const data = block.split('\n').find((l) => l.startsWith('data:'));
      if (!measuring || !data) continue;
      const ev = JSON.parse(data.slice(5));
      if (ev.type === 'telemetry' && ev.ts) latencies.push(Date.now() - Date.parse(ev.ts));
    }
  }
} catch {
  // aborted at 'stop'
}
