/**
 * One verdict per input: the guard's verdict on a response does not depend on what it saw before (strict
 * mode answers the same status for the same response, so test results do not depend on test order); its
 * notices and counters are told once per route. An over-limit body is measured without serializing all of
 * it, and no route, label or message the guard emits holds a request's query string or fragment.
 */
import { agentUxGuard, checkResponse, type ResponseInput, type Violation, type ViolationContext } from '../runtime';
import { MAX_BODY_DEPTH, MAX_BODY_LENGTH } from '../runtime/input';
import { API } from './support/runtimeApi';

const post = (path: string, status: number, body: unknown): ResponseInput => ({ method: 'POST', path, status, headers: {}, body });
const nested = (depth: number): unknown => (depth === 1 ? { id: 'o1' } : { data: nested(depth - 1) });
/** A 201 without `nextSteps` (a violation) carrying 300 KB of records: over the size limit. */
const overSize = () => ({ id: 'o1', records: Array.from({ length: 5_000 }, (_, i) => ({ id: `rec_${i}`, note: 'x'.repeat(50) })) });
const OVER = [
  ['over the size limit', overSize],
  [`nested over ${MAX_BODY_DEPTH} levels`, () => nested(MAX_BODY_DEPTH + 1)],
] as const;

describe.each(OVER)('the same body %s, twice', (_name, body) => {
  test('checkResponse: the same violations both times', () => {
    const first = checkResponse(API, post('/v1/orders', 201, body()));
    expect(first.map(found => found.rule)).toEqual(['agent-ux-guard']);
    expect(checkResponse(API, post('/v1/orders', 201, body()))).toEqual(first);
  });

  test('strict mode: replaced both times (500), the notice told once', () => {
    const seen: Violation[] = [];
    const guard = agentUxGuard({ spec: API, mode: 'strict', onViolation: violation => void seen.push(violation) });
    const first = guard.inspect(post('/v1/orders', 201, body()));
    expect(first?.rule).toBe('agent-ux-guard');
    expect(guard.inspect(post('/v1/orders', 201, body()))).toEqual(first);
    expect(seen).toHaveLength(1);
  });
});

test('a violation the checks find stays in the verdict every time, beside a notice told once', () => {
  const seen: string[] = [];
  const guard = agentUxGuard({ spec: API, mode: 'strict', onViolation: violation => void seen.push(violation.rule) });
  // 150 records: over the 100 items read per array (a notice), and no `nextSteps` (a violation).
  const body = { id: 'o1', records: Array.from({ length: 150 }, (_, i) => ({ id: `rec_${i}` })) };
  const verdicts = [guard.inspect(post('/v1/orders', 201, body)), guard.inspect(post('/v1/orders', 201, body))];
  expect(verdicts.map(verdict => verdict?.violations.map(violation => violation.rule))).toEqual([
    ['ax-envelope-next-steps', 'agent-ux-guard'],
    ['ax-envelope-next-steps', 'agent-ux-guard'],
  ]);
  expect(seen).toEqual(['ax-envelope-next-steps', 'agent-ux-guard', 'ax-envelope-next-steps']);
});

test('an over-limit body is given up at the limit: the members past it are never read', () => {
  let read = 0;
  const record = (i: number) => ({
    get id() {
      read++;
      return `rec_${i}`.padEnd(100, '.');
    },
  });
  const records = Array.from({ length: 20_000 }, (_, i) => record(i));
  expect(checkResponse(API, post('/v1/orders', 201, { id: 'o1', records })).map(found => found.rule)).toEqual(['agent-ux-guard']);
  // About the limit's worth of records (262,144 characters / ~110 each), not the 20,000 of the body (2 MB).
  expect(read).toBeLessThan(MAX_BODY_LENGTH / 100);
});

describe('no query string or fragment in any route, label or message', () => {
  const SECRET = 'access_token=s3cr3t';
  const everything = (verdict: unknown, seen: unknown[]) => JSON.stringify([verdict, seen]);

  test.each([
    ['a body over the limit', post(`/v1/orders?${SECRET}#${SECRET}`, 201, overSize())],
    ['an undeclared route', { ...post(`/v1/invoices?${SECRET}`, 201, {}) }],
    ['a response the guard cannot read (a status that is no number)', { method: 'POST', path: `/v1/orders?${SECRET}`, status: 'created' }],
    ['a path with only a fragment', post(`/v1/orders#${SECRET}`, 201, overSize())],
  ])('%s', (_name, input) => {
    const seen: [Violation, ViolationContext][] = [];
    const guard = agentUxGuard({ spec: API, mode: 'strict', undeclared: true, onViolation: (violation, context) => void seen.push([violation, context]) });
    const verdict = guard.inspect(input as ResponseInput);
    expect(seen.length).toBeGreaterThan(0);
    expect(verdict).toBeDefined();
    expect(everything(verdict, seen)).not.toContain('s3cr3t');
  });
});

describe('observe mode checks a sample of successful responses, every error response', () => {
  /** A 201 without `nextSteps` and a 400 without a suggestion: each breaks a rule every time. */
  const created = post('/v1/orders', 201, { id: 'o1' });
  const refused = post('/v1/orders', 400, { code: 'INVALID', message: 'Invalid.' });
  const seenBy = (options: { mode: 'observe' | 'strict'; sample?: number }, inputs: ResponseInput[]) => {
    const seen: string[] = [];
    const guard = agentUxGuard({ spec: API, ...options, onViolation: (violation, context) => void seen.push(`${context.status} ${violation.rule}`) });
    for (const input of inputs) guard.inspect(input);
    return seen;
  };
  const twenty = (input: ResponseInput) => Array.from({ length: 20 }, () => input);

  test('by default one in ten successful responses per route, from the first', () => {
    expect(seenBy({ mode: 'observe' }, twenty(created))).toEqual(['201 ax-envelope-next-steps', '201 ax-envelope-next-steps']);
  });

  test('each route from its first response on', () => {
    const other = post('/v1/orders/o1/cancel', 200, { id: 'o1' });
    expect(seenBy({ mode: 'observe' }, [created, other, created])).toEqual(['201 ax-envelope-next-steps', '200 ax-envelope-next-steps']);
  });

  test('every error response', () => {
    expect(seenBy({ mode: 'observe' }, twenty(refused))).toHaveLength(20);
  });

  test('every response with sample: 1, and in strict mode', () => {
    expect(seenBy({ mode: 'observe', sample: 1 }, twenty(created))).toHaveLength(20);
    expect(seenBy({ mode: 'strict' }, twenty(created))).toHaveLength(20);
  });

  test.each([0, 1.5, '0.1'])('sample: %p is refused at creation', sample => {
    expect(() => agentUxGuard({ spec: API, sample } as never)).toThrow(
      new TypeError(
        `spectral-agent-ux/runtime: option \`sample\` must be a number above 0 and at most 1 (the share of successful responses checked), not ${typeof sample === 'string' ? 'the string "0.1"' : `number ${sample}`}.`,
      ),
    );
  });
});
