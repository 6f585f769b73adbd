/**
 * `spectral-agent-ux probe` against an API that answers like Stoplight Prism (`prism mock` and its
 * validation proxy): 422 problem details whose `validation[].location` array locates the input, the
 * place first, and a left-out member located at the body with the member named in the message, as JSON
 * Schema validators do. The API runs in this process on 127.0.0.1; the built bin probes it.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runMain } from './support/bin';
import { withServer, type ProbeJson } from './support/probe-api';

const KEY = 'k3y-secret-1';
const tmp = mkdtempSync(join(tmpdir(), 'probe-prism-'));
const DESCRIPTION = join(tmp, 'widgets.yaml');

const problem = `
          description: Invalid request
          content:
            application/problem+json:
              schema: { $ref: '#/components/schemas/Problem' }`;

writeFileSync(
  DESCRIPTION,
  `openapi: 3.0.3
info: { title: Widgets, version: '1.0' }
servers: [{ url: 'https://api.example.com' }]
paths:
  /widgets:
    parameters:
      - { name: X-Api-Key, in: header, required: true, schema: { type: string } }
    get:
      parameters:
        - { name: limit, in: query, schema: { type: integer, minimum: 1, maximum: 10 } }
      responses:
        '200': { description: The widgets, content: { application/json: { schema: { type: object } } } }
        '422':${problem}
    post:
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [name]
              properties: { name: { type: string, minLength: 3, example: Gizmo } }
      responses:
        '201': { description: Created, content: { application/json: { schema: { type: object } } } }
        '422':${problem}
  /widgets/{widgetId}:
    get:
      parameters:
        - { name: widgetId, in: path, required: true, schema: { type: string }, example: w_1 }
      responses:
        '200': { description: The widget, content: { application/json: { schema: { type: object } } } }
        '4XX':${problem}
components:
  schemas:
    Problem:
      type: object
      properties: { type: { type: string }, title: { type: string }, detail: { type: string }, validation: { type: array, items: { type: object } } }
`,
);

/** A Prism-style 422: one `validation[]` item per failure. `detail` echoes the key, as a careless server might. */
function invalid(response: ServerResponse, location: string[], message: string): void {
  send(response, 422, {
    type: 'https://stoplight.io/prism/errors#UNPROCESSABLE_ENTITY',
    title: 'Invalid request',
    detail: `Your request (key ${KEY}) is not valid.`,
    validation: [{ location, severity: 'Error', code: 'invalid', message }],
  });
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': status >= 400 ? 'application/problem+json' : 'application/json' }).end(JSON.stringify(body));
}

/** The Widgets API; `unknownIdStatus` is what an id no widget has gets (404 as it should, 400 for the defect). */
function widgetsApi(unknownIdStatus: number) {
  const widgets = new Set(['w_1']);
  return (request: IncomingMessage, response: ServerResponse, body: string): void => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (request.headers['x-api-key'] !== KEY) return invalid(response, ['header', 'X-Api-Key'], 'Request header X-Api-Key is required');
    if (request.method === 'GET' && url.pathname === '/widgets') {
      const limit = url.searchParams.get('limit');
      if (limit !== null && !(/^\d+$/.test(limit) && Number(limit) >= 1 && Number(limit) <= 10))
        return invalid(response, ['query', 'limit'], 'Request query parameter limit must be an integer from 1 to 10');
      return send(response, 200, { data: [{ id: 'w_1' }], _links: { self: { href: '/widgets' }, mirror: { href: 'https://mirror.example.com/widgets' } } });
    }
    if (request.method === 'POST' && url.pathname === '/widgets') {
      const widget = JSON.parse(body || 'null');
      if (widget?.name === undefined) return invalid(response, ['body'], "Request body must have required property 'name'");
      if (typeof widget.name !== 'string' || widget.name.length < 3)
        return invalid(response, ['body', 'name'], 'Request body property name must be a string of 3 characters or more');
      const id = `w_${widgets.size + 1}`;
      widgets.add(id);
      return send(response, 201, { id, name: widget.name });
    }
    const id = /^\/widgets\/([^/]+)$/.exec(url.pathname)?.[1];
    if (request.method === 'GET' && id !== undefined) {
      if (widgets.has(id)) return send(response, 200, { id });
      return send(response, unknownIdStatus, { type: 'NOT_FOUND', title: 'Not found', detail: `No widget ${id}.` });
    }
    send(response, 404, { type: 'NOT_FOUND', title: 'Not found', detail: 'No such route.' });
  };
}

async function probe(unknownIdStatus: number) {
  return withServer(widgetsApi(unknownIdStatus), async url => {
    const run = await runMain(['probe', DESCRIPTION, '--base-url', url, '--format', 'json', '-H', `X-Api-Key: ${KEY}`]);
    return { status: run.code, stdout: run.stdout, stderr: run.stderr, report: JSON.parse(run.stdout) as ProbeJson };
  });
}

const row = (operation: string, probes: number, recovered: number, steps = 0) => ({
  operation,
  firstTry: operation.startsWith('POST') ? 201 : 200,
  probes,
  recovered,
  recoveryRate: Math.round((recovered / probes) * 1000) / 10,
  accepted: 0,
  steps,
  staleSteps: 0,
});

const probeFindings = (findings: ProbeJson['findings']) => findings.filter(finding => finding.rule.startsWith('ax-probe-'));

test('every fault located by `validation[].location` and repaired; a left-out member located at the body and named in the message counts', async () => {
  const { report, stdout } = await probe(404);
  // The creation first: the widget it returns is the one the item route reads.
  expect(report.operations).toEqual([row('POST /widgets', 3, 3), row('GET /widgets', 2, 2, 1), row('GET /widgets/{widgetId}', 1, 1)]);
  // No probe finding; the runtime checks say what Prism's shape lacks (a recovery hint), and that the creation offers no next step.
  expect(report.findings.map(finding => `${finding.rule} ${finding.operation} ${finding.status}`)).toEqual([
    'ax-envelope-next-steps POST /widgets 201',
    'ax-recoverable-suggestion POST /widgets 422',
    'ax-recoverable-suggestion GET /widgets 422',
    'ax-recoverable-suggestion GET /widgets/{widgetId} 404',
  ]);
  // A link to another host is listed, not followed; the header that --header sets is not faulted.
  expect(report.skipped).toEqual([{ operation: 'GET /widgets', href: 'https://mirror.example.com/widgets' }]);
  // The credential, echoed by the API, is blanked out of every excerpt.
  expect(stdout).not.toContain(KEY);
  expect(stdout).toContain('Your request (key [redacted]) is not valid.');
});

test('an unknown id answered 400 instead of 404 is unrecoverable: an agent takes the id for malformed', async () => {
  const { report, status } = await probe(400);
  expect(report.operations[2]).toEqual({ ...row('GET /widgets/{widgetId}', 1, 0), recoveryRate: 0 });
  expect(probeFindings(report.findings).map(({ response: _response, ...finding }) => finding)).toEqual([
    {
      rule: 'ax-probe-unrecoverable',
      severity: 'error',
      operation: 'GET /widgets/{widgetId}',
      messageId: 'unknownIdNot404',
      data: { input: 'path.widgetId', fault: 'set to "probe-unknown-id" (an id that does not exist)', status: 400 },
      message:
        'GET /widgets/{widgetId} 400: a request with `path.widgetId` set to "probe-unknown-id" (an id that does not exist) answered 400, not 404, so an agent takes the id for malformed rather than unknown. Answer 404 with a code (e.g. "NOT_FOUND") and a message naming the id.',
      request: { method: 'GET', path: '/widgets/probe-unknown-id' },
      status: 400,
    },
  ]);
  expect(status).toBe(1);
});
