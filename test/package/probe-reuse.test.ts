/**
 * `spectral-agent-ux probe` reuses what the API returns, as an agent would: the id in a create's body, its
 * `Location` header, the hrefs of the steps it offers. The Records API (in this process, on 127.0.0.1) gives
 * each in one way only, and its description has no example for any path parameter, so an item route is
 * reached only with a value the API returned: an invented one answers 404 and tests nothing.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, runBin } from '../support/bin';
import { operation, withServer, type ProbeJson } from '../support/probe-api';

const tmp = mkdtempSync(join(tmpdir(), 'probe-reuse-'));
const DESCRIPTION = join(tmp, 'records.yaml');
// The probe's own findings only: the response checks of the ruleset are tested elsewhere.
const RULESET = join(tmp, 'probe-only.yaml');
writeFileSync(RULESET, `extends: [["${join(ROOT, 'dist', 'index.js')}", "off"]]\n`);

const body = (required: string, type = 'string') => `
      requestBody:
        required: true
        content:
          application/json:
            schema: { type: object, required: [${required}], properties: { ${required}: { type: ${type} } } }`;
const answers = (status: string) => `
      responses:
        '${status}': { description: Done, content: { application/json: { schema: { type: object } } } }
        '4XX': { description: Refused, content: { application/json: { schema: { $ref: '#/components/schemas/Error' } } } }`;
const id = (name: string) => `
    parameters:
      - { name: ${name}, in: path, required: true, schema: { type: string } }`;

writeFileSync(
  DESCRIPTION,
  `openapi: 3.0.3
info: { title: Records, version: '1.0' }
paths:
  /notes:
    post:${body('text')}${answers('201')}
  /notes/{noteId}:${id('noteId')}
    get:${answers('200')}
    delete:
      responses:
        '204': { description: Deleted }
        '4XX': { description: Refused, content: { application/json: { schema: { $ref: '#/components/schemas/Error' } } } }
  /notes/{noteId}/close:${id('noteId')}
    post:${answers('200')}
  /notes/{noteId}/approve:${id('noteId')}
    post:${answers('200')}
  /tasks:
    post:${body('title')}
      responses:
        '201': { description: Created, headers: { Location: { schema: { type: string } } } }
        '4XX': { description: Refused, content: { application/json: { schema: { $ref: '#/components/schemas/Error' } } } }
  /tasks/{taskId}:${id('taskId')}
    get:${answers('200')}
    patch:${body('done', 'boolean')}${answers('200')}
  /carts:
    post:${answers('201')}
  /carts/{cartId}/items:${id('cartId')}
    post:${body('sku')}${answers('201')}
  /carts/{cartId}/items/{itemId}:${id('cartId')}
      - { name: itemId, in: path, required: true, schema: { type: string } }
    get:${answers('200')}
components:
  schemas:
    Error:
      type: object
      properties: { code: { type: string }, message: { type: string }, field: { type: string } }
`,
);

type Record = { [key: string]: unknown };

function send(response: ServerResponse, status: number, value?: unknown, headers: Record = {}): void {
  response.writeHead(status, { ...(value === undefined ? {} : { 'content-type': 'application/json' }), ...headers } as never);
  response.end(value === undefined ? undefined : JSON.stringify(value));
}

/** The member `name` of a body must be of `type`, else a 400 that names it; true when it is. */
function valid(response: ServerResponse, value: Record | null, name: string, type: string): boolean {
  if (typeof value?.[name] === type) return true;
  send(response, 400, { code: 'VALIDATION_ERROR', message: `${name} must be a ${type}.`, field: name });
  return false;
}

/**
 * The Records API: a note's id only in the create's body, a task's only in `Location` (the body is empty),
 * a cart's only in the href of the step the create offers; a cart's item in the body again. A closed note
 * cannot be approved (409), nor can a note whose text is `draft`.
 */
function recordsApi() {
  const records = new Map<string, Record>();
  const create = (prefix: string, fields: Record) => {
    const record = { id: `${prefix}_${[...records.keys()].filter(key => key.startsWith(prefix)).length + 1}`, ...fields };
    records.set(record.id, record);
    return record;
  };
  return (request: IncomingMessage, response: ServerResponse, text: string): void => {
    const { pathname } = new URL(request.url ?? '/', 'http://127.0.0.1');
    const value = text === '' ? null : (JSON.parse(text) as Record);
    const route = `${request.method} ${pathname.replace(/\/(n|t|c|i)_[^/]+/g, '/$1_*')}`;
    const ids = pathname.match(/[ntci]_[^/]+/g) ?? [];
    const missing = ids.find(known => !records.has(known));
    if (missing !== undefined) return send(response, 404, { code: 'NOT_FOUND', message: `No record ${missing} exists.` });
    const [first, second] = ids.map(known => records.get(known)!);
    switch (route) {
      case 'POST /notes':
        if (valid(response, value, 'text', 'string')) send(response, 201, create('n', { text: value!.text }));
        return;
      case 'POST /tasks':
        if (valid(response, value, 'title', 'string')) send(response, 201, undefined, { location: `/tasks/${create('t', { title: value!.title }).id}` });
        return;
      case 'POST /carts': {
        const cart = create('c', {});
        return send(response, 201, {
          nextSteps: [{ action: 'Add an item', method: 'POST', href: `/carts/${cart.id}/items`, description: 'Put a product in it.' }],
        });
      }
      case 'POST /carts/c_*/items':
        if (valid(response, value, 'sku', 'string')) send(response, 201, create('i', { sku: value!.sku }));
        return;
      case 'PATCH /tasks/t_*':
        if (valid(response, value, 'done', 'boolean')) send(response, 200, Object.assign(first, { done: value!.done }));
        return;
      case 'POST /notes/n_*/close':
        return send(response, 200, Object.assign(first, { closed: true }));
      case 'POST /notes/n_*/approve':
        if (first.closed === true || first.text === 'draft')
          return send(response, 409, { code: 'INVALID_STATE', message: `Note ${first.id as string} cannot be approved in its state.` });
        return send(response, 200, Object.assign(first, { approved: true }));
      case 'DELETE /notes/n_*':
        records.delete(first.id as string);
        return send(response, 204);
      case 'GET /notes/n_*':
      case 'GET /tasks/t_*':
        return send(response, 200, first);
      case 'GET /carts/c_*/items/i_*':
        return send(response, 200, second);
      default:
        return send(response, 404, { code: 'NOT_FOUND', message: `No route ${request.method} ${pathname}.` });
    }
  };
}

/** Runs the probe against a fresh Records API; `sent` lists the requests it got, as `METHOD /path`. */
function probe(...flags: string[]) {
  const sent: string[] = [];
  const api = recordsApi();
  return withServer(
    (request, response, text) => {
      sent.push(`${request.method} ${request.url}`);
      api(request, response, text);
    },
    async url => {
      const run = await runBin(['probe', DESCRIPTION, '--base-url', url, '--format', 'json', '--ruleset', RULESET, ...flags]);
      return { ...run, sent, report: JSON.parse(run.stdout) as ProbeJson };
    },
  );
}

test('the ids a create returns in its body, its Location header and its step hrefs fill the paths of later operations: every operation tested', async () => {
  const { report, status } = await probe();
  // Creates first (the cart before its items), then reads, updates, and the deletion last.
  expect(report.operations).toEqual([
    operation('POST /notes', 201, 2, 2),
    operation('POST /tasks', 201, 2, 2),
    operation('POST /carts', 201, 0, 0),
    operation('POST /carts/{cartId}/items', 201, 3, 3),
    operation('GET /notes/{noteId}', 200, 1, 1),
    operation('GET /tasks/{taskId}', 200, 1, 1),
    operation('GET /carts/{cartId}/items/{itemId}', 200, 1, 1),
    operation('PATCH /tasks/{taskId}', 200, 3, 3),
    operation('POST /notes/{noteId}/close', 200, 1, 1),
    operation('POST /notes/{noteId}/approve', 200, 1, 1),
    operation('DELETE /notes/{noteId}', 204, 1, 1),
  ]);
  expect([report.tested, report.probes, report.recovered]).toEqual([11, 16, 16]);
  expect(report.findings).toEqual([]);
  expect(status).toBe(0);
});

test('--param gives a path value over the one the API returned; a record that does not exist is a warning with its reason', async () => {
  const { report, stderr, status } = await probe('--param', 'taskId=t_9', '--operation', 'POST /tasks', '--operation', 'GET /tasks/{taskId}');
  const why = 'answered 404: does the record of the `taskId` you gave exist?';
  expect(report.operations).toEqual([operation('POST /tasks', 201, 2, 2), operation('GET /tasks/{taskId}', 404, 0, 0, 0, 0, why)]);
  expect(stderr).toContain(`warning: GET /tasks/{taskId}: ${why}\n`);
  // One of the two untested: below the default --min-coverage of 100%.
  expect(status).toBe(1);
});

test('without its create, an item route answers 404 to an invented id: the warning says where to get one', async () => {
  const { report, stderr, status } = await probe('--operation', 'GET /notes/{noteId}');
  const why = 'answered 404: no create gave `noteId` a record that exists; give one with --param or --input';
  expect(report.operations).toEqual([operation('GET /notes/{noteId}', 404, 0, 0, 0, 0, why)]);
  expect(stderr).toBe(
    `spectral-agent-ux probe: warning: GET /notes/{noteId}: ${why}\n` +
      'spectral-agent-ux probe: 0 of 1 operations tested; 0 of 0 faults recovered (n/a); no findings; 1 requests.\n' +
      'spectral-agent-ux probe: no operation answered its first try with a 2xx (1 answered 404), so nothing was tested; give what it lacks with --param or --input, as the warnings say\n',
  );
  expect(status).toBe(1);
});

test('a transition that the one before left its record unable to take (approve after close) answers 409, and is tried once more on a fresh record', async () => {
  const { report, sent, status } = await probe(
    '--operation',
    'POST /notes',
    '--operation',
    'POST /notes/{noteId}/close',
    '--operation',
    'POST /notes/{noteId}/approve',
  );
  expect(report.operations).toEqual([
    operation('POST /notes', 201, 2, 2),
    operation('POST /notes/{noteId}/close', 200, 1, 1),
    operation('POST /notes/{noteId}/approve', 200, 1, 1),
  ]);
  // The first tries, the approve's on n_1 refused, the fresh note n_2 and the approve on it; then the faults.
  expect(sent.slice(0, 5)).toEqual(['POST /notes', 'POST /notes/n_1/close', 'POST /notes/n_1/approve', 'POST /notes', 'POST /notes/n_2/approve']);
  expect(report.findings).toEqual([]);
  expect(status).toBe(0);
});

test('one fresh record per operation at most: when it is refused too, the warning says so', async () => {
  const input = join(tmp, 'draft.json');
  writeFileSync(input, JSON.stringify({ 'POST /notes': { body: { text: 'draft' } } }));
  const { report, sent, stderr } = await probe('--input', input, '--operation', 'POST /notes', '--operation', 'POST /notes/{noteId}/approve');
  const why = 'answered 409: a fresh record from its create is not in a state it takes either; give one with --param or --input';
  expect(report.operations).toEqual([operation('POST /notes', 201, 2, 2), operation('POST /notes/{noteId}/approve', 409, 0, 0, 0, 0, why)]);
  expect(sent.filter(line => line.endsWith('/approve'))).toEqual(['POST /notes/n_1/approve', 'POST /notes/n_2/approve']);
  expect(stderr).toContain(`warning: POST /notes/{noteId}/approve: ${why}\n`);
});
