/**
 * The probe (in process) against descriptions and servers that used to beat it: a description of 10,000
 * operations (its play order was quadratic), an API that answers every call with a login page, and bodies
 * carrying control and bidirectional characters. Time is never asserted: the large description only has
 * to finish within the test's timeout (the benchmark measures how the play order scales).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runMain } from './support/bin';
import type { ProbeJson } from './support/probe-api';

const tmp = mkdtempSync(join(tmpdir(), 'probe-hostile-'));

/** A description of `resources` × 4 operations: a create, a read, an action and a delete per resource. */
function manyOperations(resources: number): string {
  const response = (status: string) => `{ '${status}': { description: Done, content: { application/json: { schema: { type: object } } } } }`;
  const item = `parameters: [{ name: id, in: path, required: true, schema: { type: string } }]`;
  const paths = Array.from({ length: resources }, (_, i) =>
    [
      `  /r${i}:`,
      `    post: { operationId: create${i}, responses: ${response('201')} }`,
      `  /r${i}/{id}:`,
      `    ${item}`,
      `    get: { operationId: read${i}, responses: ${response('200')} }`,
      `    delete: { operationId: delete${i}, responses: ${response('204')} }`,
      `  /r${i}/{id}/cancel:`,
      `    ${item}`,
      `    post: { operationId: cancel${i}, responses: ${response('200')} }`,
    ].join('\n'),
  );
  return `openapi: 3.1.0\ninfo: { title: Many, version: '1' }\npaths:\n${paths.join('\n')}\n`;
}

describe('a description of 10,000 operations', () => {
  test('--dry-run plans every operation, creates first and deletions last', async () => {
    const file = join(tmp, 'many.yaml');
    writeFileSync(file, manyOperations(2500));
    const run = await runMain(['probe', file, '--base-url', 'http://127.0.0.1:9/', '--dry-run', '--format', 'json']);
    expect(run.stderr).toBe(
      'spectral-agent-ux probe: 0 of 10000 operations tested; 0 of 0 faults recovered (n/a); no findings; 300 requests (stopped at --max-requests).\n',
    );
    const report = JSON.parse(run.stdout) as ProbeJson;
    const order = report.operations.map(result => result.operation);
    expect(order).toHaveLength(10000);
    expect(order.slice(0, 2)).toEqual(['POST /r0', 'POST /r1']);
    expect(order.slice(2500, 2502)).toEqual(['GET /r0/{id}', 'GET /r1/{id}']);
    expect(order.at(-1)).toBe('DELETE /r2499/{id}');
  }, 120000);
});
