/** docs/runtime.md shows what the runtime really returns: its example outputs are recomputed here. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { agentUxGuard, checkResponse, unresolvedSteps } from '../runtime';
import { API } from './support/runtimeApi';

const page = readFileSync(join(__dirname, '..', 'docs', 'runtime.md'), 'utf8');
const block = (tag: string): unknown => JSON.parse(new RegExp('```json ' + tag + '\\n([\\s\\S]*?)```').exec(page)![1]);
const created = { method: 'POST', path: '/v1/orders?dryRun=true', status: 201, body: { id: 'o1' } };

test('the checkResponse example', () => {
  expect(page).toContain(`checkResponse(spec, { method: 'POST', path: '/v1/orders?dryRun=true', status: 201, body: { id: 'o1' } });`);
  expect(checkResponse(API, created)).toEqual(block('runtime-example'));
});

test('the unresolvedSteps example', () => {
  expect(page).toContain("unresolvedSteps(spec, [{ action: 'Return', method: 'POST', href: '/v1/orders/o1/returns' }]);");
  expect(unresolvedSteps(API, [{ action: 'Return', method: 'POST', href: '/v1/orders/o1/returns' }])).toEqual(block('runtime-steps'));
});

test('the strict-mode body', () => {
  expect(agentUxGuard({ spec: API, mode: 'strict' }).inspect(created)).toEqual(block('runtime-strict'));
});

test('every option and the environment switch are documented', () => {
  for (const option of ['spec', 'mode', 'onViolation', 'names', 'prefixes', 'undeclared']) expect(page).toContain(`| \`${option}\` |`);
  expect(page).toContain('AGENT_UX_STRICT=1');
});
