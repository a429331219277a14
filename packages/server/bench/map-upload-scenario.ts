// Floor-plan upload scenario of the benchmark: how long `GET /healthcheck` waits while a
// maximum-size SVG floor plan (19.5 MB, at the element limit) is uploaded and sanitised. The
// sanitiser runs in a worker thread; on the event loop it held every other request for seconds.
// The aim is a slowest healthcheck under 100 ms while the plan is sanitised; storing it in the
// embedded database (which runs on the event loop) adds a few hundred ms by itself.
import { Worker } from 'node:worker_threads';
import { SVG_MAX_ELEMENTS } from '../src/lib/svg-sanitizer.js';
import { cadLikeSvg } from '../src/test-support/svg-plans.js';
import { adminClient } from './booking-scenarios.js';
import { percentile, type Row } from './measure.js';

const MB = 1024 * 1024;
const POLL_MS = 20;

/** Sends one upload with node:http and posts back its status. */
const UPLOADER = `
const { parentPort, workerData } = require('node:worker_threads');
const { request } = require('node:http');
const body = Buffer.from(workerData.body.buffer, workerData.body.byteOffset, workerData.body.byteLength);
const req = request(workerData.url, { method: 'POST', headers: { ...workerData.headers, 'content-length': body.length } });
req.on('error', (err) => parentPort.postMessage({ error: String(err) }));
req.on('response', (res) => {
  res.resume();
  res.on('end', () => parentPort.postMessage({ status: res.statusCode }));
});
req.end(body);
`;

/** Uploads from a worker thread, so the client's work for a large body stays off the polling loop. */
async function uploadFromWorker(url: string, token: string, body: Buffer): Promise<number> {
  const bytes = new Uint8Array(body);
  const worker = new Worker(UPLOADER, {
    eval: true,
    workerData: { url, headers: { authorization: `Bearer ${token}`, 'content-type': 'image/svg+xml' }, body: bytes },
    transferList: [bytes.buffer],
  });
  try {
    const answer = await new Promise<{ status?: number; error?: string }>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    if (answer.error) throw new Error(answer.error);
    return answer.status ?? 0;
  } finally {
    await worker.terminate();
  }
}

/** Uploads while asking GET /healthcheck every 20 ms; each wait is measured from when the request was due. */
async function uploadWhilePolling(url: string, token: string, areaId: string, body: Buffer) {
  const times: number[] = [];
  let failed = 0;
  let polling = true;
  const started = performance.now();
  const poller = (async () => {
    while (polling) {
      const due = performance.now() + POLL_MS;
      await new Promise((r) => setTimeout(r, POLL_MS));
      const res = await fetch(`${url}/healthcheck`);
      await res.arrayBuffer();
      if (res.status !== 200) failed++;
      times.push(performance.now() - due);
    }
  })();
  let status = 0;
  try {
    status = await uploadFromWorker(`${url}/location/${areaId}/map`, token, body);
  } finally {
    polling = false;
    // The last healthcheck may still be waiting for a blocked server: it counts too.
    await poller;
  }
  return { status, times, failed, seconds: (performance.now() - started) / 1000 };
}

export async function mapUploadScenarios(engine: string, url: string): Promise<Row[]> {
  const admin = await adminClient(url);
  const token = admin.store.load()!.accessToken;
  const plans: [string, Buffer, number][] = [
    ['sanitised, refused for its missing size', cadLikeSvg(19.5 * MB, SVG_MAX_ELEMENTS - 1, false), 400],
    ['sanitised and stored', cadLikeSvg(19.5 * MB, SVG_MAX_ELEMENTS - 1), 204],
    [
      'over the element limit (700,000), refused',
      Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">${'<rect width="1" height="1"/>'.repeat(700_000)}</svg>`,
      ),
      400,
    ],
  ];
  const rows: Row[] = [];
  for (const [what, body, expected] of plans) {
    const areaId = (await admin.post('/location/', { name: `Bench upload ${rows.length + 1}`, enabled: true }))
      .objectId!;
    const m = await uploadWhilePolling(url, token, areaId, body);
    const sorted = [...m.times].sort((a, b) => a - b);
    console.log(
      `map upload ${what} (${(body.length / MB).toFixed(1)} MB): status ${m.status} (expected ${expected}), ` +
        `${m.times.length} healthchecks, slowest ${Math.round(sorted.at(-1) ?? 0)} ms`,
    );
    rows.push({
      engine,
      scenario: `GET /healthcheck every ${POLL_MS} ms during a ${(body.length / MB).toFixed(1)} MB SVG upload: ${what}`,
      rps: Math.round(m.times.length / m.seconds),
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      p99: percentile(sorted, 99),
      non2xx: m.failed + (m.status === expected ? 0 : 1),
      errors: 0,
    });
  }
  return rows;
}
