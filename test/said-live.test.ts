/**
 * Every violation the runtime guard and the probe emit is data said from a table: its `messageId` is a template of its
 * rule's module (rules/<id>.ts, the live messages beside the lint's), of the guard's notices (runtime/notices.ts) or of
 * the probe's own findings (cli/probe/messages.ts), and its `message` is that template rendered with its `data` (nested
 * phrases from the same table), after `METHOD /route status: `. No sentence is built in runtime/ or cli/probe/.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as ts from 'typescript';
import { render, type Messages } from '../lib/findings/messages';
import { DECLARATIONS } from '../rules';
import { agentUxGuard, checkResponse, unresolvedSteps, type Violation } from '../runtime';
import { NOTICES } from '../runtime/notices';
import { PROBE_MESSAGES } from '../cli/probe/messages';
import { API, GOOD_STEPS, SCENARIOS } from './support/runtimeApi';
import { DEFECTIVE_FINDINGS } from './support/probe-api';

/** The table a rule's violations are said from. */
function tableOf(rule: string): Messages {
  if (rule === 'agent-ux-guard' || rule === 'undeclared') return NOTICES;
  if (rule.startsWith('ax-probe-')) return PROBE_MESSAGES;
  return DECLARATIONS.find(declaration => declaration.id === rule)!.messages;
}

/** What a violation or probe finding says, as data (PlainSaid, as the JSON outputs write it). */
type Said = { messageId: string; data: object };

/** A nested phrase's table: its sentence's, or the one rule module that declares it (the probe's stale href nests the href rule's phrase). */
function messageIdIn(table: Messages, messageId: string): Messages {
  if (messageId in table) return table;
  const [owner, ...more] = DECLARATIONS.filter(declaration => messageId in declaration.messages);
  expect(more).toEqual([]);
  return owner.messages;
}

/** A said message rendered again from its table alone: each nested phrase by its own id. */
function rendered(table: Messages, { messageId, data }: Said): string {
  expect(Object.keys(table)).toContain(messageId);
  const values = Object.fromEntries(
    Object.entries(data).map(([name, value]) => [
      name,
      typeof value === 'object' && !Array.isArray(value) ? rendered(messageIdIn(table, (value as Said).messageId), value as Said) : value,
    ]),
  );
  return render(table[messageId], values as Record<string, string | number>);
}

/** A violation's sentence is its prefix (the operation and status, or none) and its template rendered with its data. */
function expectSaid(violation: Said & { rule: string; message: string }): void {
  const sentence = rendered(tableOf(violation.rule), violation);
  expect(violation.message.endsWith(sentence)).toBe(true);
  expect(violation.message.slice(0, -sentence.length || undefined)).toMatch(/^(?:[A-Z]+ \S+ \d{3}: )?$/);
}

const post = (path: string, status: number, body: unknown, headers: Record<string, string> = {}) => ({ method: 'POST', path, status, body, headers });
const EXTRA = [
  post('/v1/orders', 201, { nextSteps: [{ action: 'Go', method: 'FOLLOW', href: '/v1/order/{id}', description: 'x' }, 'read it', { action: 'Read' }] }),
  post('/v1/orders', 201, { nextSteps: 'GET /v1/orders' }),
  post('/v1/orders', 201, { nextSteps: [{ action: 'Delete', method: 'PATCH', href: '/v1/orders/o1', description: 'x' }] }),
  post('/v1/orders', 201, { id: 'o1', nextSteps: [], nextActions: [] }),
  post('/v1/orders', 400, {}),
  post('/v1/orders', 400, { code: 'BAD' }),
  post('/v1/orders', 400, { error: { code: 'BAD', message: 'Bad.', stack: 'Error: x\n    at f (/app/a.js:1:2)' } }),
  post('/v1/orders', 429, { code: 'SLOW', message: 'Slow.', retryable: true }),
  post('/v1/orders', 503, { code: 'DOWN', message: 'Down.', recoveryHint: 'Wait.', retryable: true }),
];

test('every violation of the guard is its rule’s template and data: the scenarios, and bodies breaking every live check', () => {
  const found = [...SCENARIOS, ...EXTRA].flatMap(input => checkResponse(API, input));
  expect(new Set(found.map(violation => violation.rule)).size).toBeGreaterThanOrEqual(9);
  for (const violation of found) expectSaid(violation);
});

test('the guard’s notices are said from its own table: an undeclared route, a body not checked, a body checked in part, a response it cannot read', () => {
  const seen: Violation[] = [];
  const guard = agentUxGuard({ spec: API, mode: 'observe', sample: 1, undeclared: true, onViolation: violation => void seen.push(violation) });
  guard.inspect(post('/v1/invoices', 201, {}));
  guard.inspect(post('/v1/orders', 201, { toJSON: () => ({ id: 'o1', nextSteps: GOOD_STEPS, data: JSON.parse('['.repeat(70) + ']'.repeat(70)) }) }));
  guard.inspect(post('/v1/orders', 201, { id: 'o1', nextSteps: GOOD_STEPS, items: Array(101).fill(0) }));
  guard.inspect({ method: 'POST' } as never);
  expect(seen.map(violation => violation.messageId)).toEqual(['undeclaredRoute', 'unchecked', 'partlyChecked', 'uncheckable']);
  for (const violation of seen) expectSaid(violation);
});

test('unresolvedSteps says why a step does not resolve as data too: a step without an href, a step to no route', () => {
  const found = unresolvedSteps(API, [{ action: 'Read' }, { method: 'POST', href: '/v1/orders/o1/returns' }]);
  expect(found.map(({ step: _step, ...rest }) => rest)).toEqual([
    {
      index: 0,
      messageId: 'liveNoHref',
      data: { step: 'step 0' },
      message: 'step 0 has no href, so an agent cannot call it. Give every step a string href.',
    },
    {
      index: 1,
      messageId: 'liveUndeclaredPath',
      data: { step: 'step 1', href: '/v1/orders/o1/returns', guess: { messageId: 'liveDidYouMean', data: { path: '/v1/orders/{id}/refunds' } } },
      message:
        'step 1 links to "/v1/orders/o1/returns", which matches no declared route; did you mean `/v1/orders/{id}/refunds`? An agent following it gets a 404. Build it from a declared route (server base path included).',
    },
  ]);
  for (const step of found) expectSaid({ rule: 'ax-envelope-next-steps-href', ...step });
});

test('every probe finding of the example API is its table’s template and data', () => {
  for (const finding of DEFECTIVE_FINDINGS) expectSaid(finding);
});

/**
 * No sentence is written in runtime/ or cli/probe/ outside their tables: no `message` given a literal. Listed with why:
 * the probe's SARIF (cli/probe/render.ts) writes a finding's sentence with its request, as its text formats do.
 */
const LEFT = ['cli/probe/render.ts'];
/** Whether a node holds a sentence: a string or template literal of several words. */
function holdsSentence(node: ts.Node): boolean {
  if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node)) && node.getText().split(' ').length > 3)
    return true;
  return ts.forEachChild(node, holdsSentence) ?? false;
}

test('no message is worded in runtime/ or cli/probe/ but in their tables', () => {
  const root = join(__dirname, '..');
  const files = ['runtime', 'cli/probe'].flatMap(folder => readdirSync(join(root, folder)).map(file => `${folder}/${file}`));
  const worded = files.filter(file => {
    const source = ts.createSourceFile(file, readFileSync(join(root, file), 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): boolean =>
      ((ts.isVariableDeclaration(node) || ts.isPropertyAssignment(node)) &&
        node.name.getText() === 'message' &&
        node.initializer !== undefined &&
        holdsSentence(node.initializer)) ||
      (ts.forEachChild(node, visit) ?? false);
    return visit(source);
  });
  expect(worded.sort()).toEqual(LEFT);
});
