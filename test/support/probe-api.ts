/**
 * The probe's example API (examples/probe-api/server.mjs) as a real process on 127.0.0.1 and a free
 * port, as a user starts it.
 */
import { spawn } from 'node:child_process';
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { ProbeReport } from '../../cli/probe/render';
import { ROOT } from './bin';

export const PROBE_API = join(ROOT, 'examples', 'probe-api');

export interface RunningApi {
  /** The base URL, with the `/v1` base path. */
  url: string;
  stop: () => void;
}

/** Starts the Orders API (the defective variant with `defective`) and resolves once it listens. */
export function startOrdersApi(defective = false, apiKey?: string): Promise<RunningApi> {
  const args = [join(PROBE_API, 'server.mjs'), '--port', '0', ...(defective ? ['--defective'] : []), ...(apiKey === undefined ? [] : ['--api-key', apiKey])];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', chunk => {
      out += chunk;
      const url = /at (http:\/\/\S+)/.exec(out)?.[1];
      if (url !== undefined) resolve({ url, stop: () => child.kill() });
    });
    child.on('exit', code => reject(new Error(`the Orders API exited (${code}) before it listened`)));
  });
}

/** Runs `use` with a fresh Orders API (its in-memory orders as at start), stopped afterwards. */
export async function withOrdersApi<T>(defective: boolean, use: (api: RunningApi) => Promise<T>): Promise<T> {
  const api = await startOrdersApi(defective);
  try {
    return await use(api);
  } finally {
    api.stop();
  }
}

/** A request handler of an API written in a test, handed the whole body as text. */
export type Handler = (request: IncomingMessage, response: ServerResponse, body: string) => void;

/** Serves `handle` on 127.0.0.1 and a free port while `use` runs with its URL. */
export async function withServer<T>(handle: Handler, use: (url: string) => Promise<T>): Promise<T> {
  const server = createHttpServer((request, response) => {
    let body = '';
    request.on('data', chunk => (body += chunk));
    request.on('end', () => handle(request, response, body));
  });
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  try {
    return await use(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  } finally {
    await new Promise(resolve => server.close(resolve));
  }
}

/** A port on 127.0.0.1 that nothing listens on (it was free a moment ago). */
export function freePort(): Promise<number> {
  return new Promise(resolve => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** What `probe --format json` prints, as the tests read it. */
export type ProbeJson = ProbeReport;

/** The account of the example's token route (`--input` of probe-input.yaml gives it to the probe). */
export const PROBE_INPUT = join(PROBE_API, 'probe-input.yaml');

/** `probe` of the example API at `url` with its input file, JSON out, under `ruleset`: what the installed-package tests run. */
export const exampleProbeArgs = (url: string, ruleset: string): string[] => [
  'probe',
  join(PROBE_API, 'openapi.yaml'),
  '--base-url',
  url,
  '--input',
  PROBE_INPUT,
  '--format',
  'json',
  '--ruleset',
  ruleset,
];

/** One row of `operations[]`, its recovery rate computed as the probe rounds it; `why` for a first try that tested nothing. */
export const operation = (name: string, firstTry: number | null, probes: number, recovered: number, steps = 0, staleSteps = 0, why?: string) => ({
  operation: name,
  firstTry,
  ...(why === undefined ? {} : { why }),
  probes,
  recovered,
  recoveryRate: probes === 0 ? null : Math.round((recovered / probes) * 1000) / 10,
  accepted: 0,
  steps,
  staleSteps,
});

/** The example with probe-input.yaml, in the order of play: the create first (its order's id fills every later path), the transitions after the reads. */
export const GOOD_OPERATIONS = [
  operation('POST /orders', 201, 8, 8, 2),
  operation('GET /orders', 200, 3, 3),
  operation('GET /orders/{orderId}', 200, 1, 1, 2),
  operation('GET /orders/{orderId}/receipt', 200, 1, 1),
  operation('POST /token', 200, 4, 4),
  operation('POST /orders/{orderId}/cancel', 200, 1, 1, 1),
];

export const DEFECTIVE_OPERATIONS = [
  operation('POST /orders', 201, 8, 6, 2, 1),
  operation('GET /orders', 200, 3, 2),
  operation('GET /orders/{orderId}', 200, 1, 1, 2, 1),
  operation('GET /orders/{orderId}/receipt', 404, 0, 0, 0, 0, "answered 404: `orderId` came from the API's own answers, so the route itself may not be served"),
  operation('POST /token', 200, 4, 4),
  operation('POST /orders/{orderId}/cancel', 200, 1, 1, 1),
];

/** Every probe id, each from a defect marked for it in server.mjs (the unserved receipt route is offered as a step and as a link). */
export const DEFECTIVE_FINDINGS = [
  {
    rule: 'ax-probe-stale-step',
    severity: 'error',
    operation: 'POST /orders',
    messageId: 'staleAnswer',
    data: { kind: 'step', at: 'nextSteps[1]', method: 'GET', href: '/v1/orders/ord_2/receipt', status: 404 },
    message:
      'POST /orders 201: step `nextSteps[1]` sends GET /v1/orders/ord_2/receipt, which answers 404, so an agent following it is stuck. Offer a step only when the record can take it.',
    request: { method: 'GET', path: '/v1/orders/ord_2/receipt' },
    status: 404,
  },
  {
    rule: 'ax-probe-stale-step',
    severity: 'error',
    operation: 'GET /orders/{orderId}',
    messageId: 'staleAnswer',
    data: { kind: 'link', at: '_links.receipt.href', method: 'GET', href: '/v1/orders/ord_2/receipt', status: 404 },
    message:
      'GET /orders/{orderId} 200: link `_links.receipt.href` sends GET /v1/orders/ord_2/receipt, which answers 404, so an agent following it is stuck. Offer a link only when the record can take it.',
    request: { method: 'GET', path: '/v1/orders/ord_2/receipt' },
    status: 404,
  },
  {
    rule: 'ax-probe-server-error',
    severity: 'error',
    operation: 'POST /orders',
    messageId: 'serverError',
    data: { input: 'sku', fault: 'left out', outcome: { messageId: 'answered', data: { status: 500 } }, field: 'sku' },
    message:
      'POST /orders 500: a request with `sku` left out answered 500, so an agent cannot tell its mistake from an outage. Validate the input and answer 400 or 422 naming `sku`.',
    request: { method: 'POST', path: '/v1/orders', body: { quantity: 2 } },
    status: 500,
  },
  {
    rule: 'ax-probe-unrecoverable',
    severity: 'error',
    operation: 'GET /orders',
    messageId: 'repairFails',
    data: {
      input: 'query.limit',
      fault: 'set to "0" (is below the minimum 1)',
      field: 'limit',
      set: { messageId: 'setFrom', data: { value: '500', from: { messageId: 'suggestedBy', data: { name: 'suggested_value' } } } },
      outcome: { messageId: 'answers', data: { status: 400 } },
    },
    message:
      'GET /orders 400: after the error for a request with `query.limit` set to "0" (is below the minimum 1), the repaired request (`limit` set to 500 from its `suggested_value`) still answers 400. Make the error\'s values ones the API accepts.',
    request: { method: 'GET', path: '/v1/orders?limit=500' },
    status: 400,
  },
  {
    rule: 'ax-probe-undeclared-status',
    severity: 'warn',
    operation: 'GET /orders',
    messageId: 'undeclaredStatus',
    data: { status: 422, family: '4' },
    message:
      "GET /orders 422: the description declares no `422` (nor `4XX` or `default`) for this operation, so an agent cannot know this body. Declare it under the operation's responses.",
    request: { method: 'GET', path: '/v1/orders?status=NOT_AN_ALLOWED_VALUE' },
    status: 422,
  },
  {
    rule: 'ax-probe-wrong-field',
    severity: 'error',
    operation: 'POST /orders',
    messageId: 'wrongField',
    data: { input: 'quantity', fault: 'set to 0 (is below the minimum 1)', named: { messageId: 'namesOther', data: { locator: 'sku' } } },
    message:
      'POST /orders 400: the error for a request with `quantity` set to 0 (is below the minimum 1) names `sku`, not the input that was wrong, so an agent fixes the wrong input. Name the field that failed.',
    request: { method: 'POST', path: '/v1/orders', body: { sku: 'SKU-123', quantity: 0 } },
    status: 400,
  },
];
