/**
 * What the JSON text says a body lacks saves the guard its search, and never changes a verdict: each body below
 * gets the same violations when its text is read for shortcuts as when the same body comes as a text with
 * escapes (`\u006f` for `o`), which the guard reads in full (runtime/checks.ts, `textReadings`).
 */
import { checkResponse, type ResponseInput } from '../runtime';
import { STACK_TRACE_PARTS } from '../lib/errors/concepts';
import { describeErrorValue } from '../lib/errors/value-shapes';
import { namesFor } from '../lib/semantics/names';
import { mayHoldStackTrace, stackTraceRuntime } from '../lib/errors/stack-traces';
import { API } from './support/runtimeApi';

/** The same JSON, every `o` escaped: it parses to the same body, and its escapes turn the text's shortcuts off. */
const escaped = (text: string): string => text.replaceAll('o', '\\u006f');

const sent = (status: number, body: object, headers: Record<string, unknown> = {}): ResponseInput => ({
  method: 'POST',
  path: '/v1/orders',
  status,
  headers,
  payload: JSON.stringify(body),
});

const HINTED = { code: 'AMOUNT_NEGATIVE', message: 'Amount is negative.', suggestion: 'Send a positive amount.' };

const CASES: [string, ResponseInput, string[]][] = [
  ['a 400 as declared (code, message, suggestion)', sent(400, { ...HINTED, trace_id: 't1' }), []],
  ['a 400 with its error in a wrapper, not as declared', sent(400, { error: HINTED }), []],
  ['a 400 with a wrapper lacking its hint', sent(400, { error: { code: 'AMOUNT_NEGATIVE', message: 'Amount is negative.' } }), ['ax-recoverable-suggestion']],
  [
    'a 400 with a stack-trace member by a listed name, in another case',
    sent(400, { ...HINTED, StackTrace: 'Orders.Create()' }),
    ['ax-recoverable-no-stack-traces'],
  ],
  ['a 400 with a stack-trace member recognised by its words', sent(400, { ...HINTED, errorStack: 'Orders.Create()' }), ['ax-recoverable-no-stack-traces']],
  ['a 400 with a stack-trace member in its wrapper', sent(400, { error: { ...HINTED, backtrace: ['orders.rb:12'] } }), ['ax-recoverable-no-stack-traces']],
  ['a 400 with a handle to a trace (no trace)', sent(400, { ...HINTED, stackTraceId: 'st_1' }), []],
  ['a 400 whose message starts with a .NET frame', sent(400, { ...HINTED, message: '   at Orders.Api.Create(' }), ['ax-recoverable-no-stack-traces']],
  [
    'a 400 whose message holds a JavaScript frame',
    sent(400, { ...HINTED, message: 'at Object.<anonymous> (/app/orders.js:12:5)' }),
    ['ax-recoverable-no-stack-traces'],
  ],
  ['a 400 whose message says "at" in prose', sent(400, { ...HINTED, message: 'Look at the amount: it is negative.' }), []],
  ['a 400 flagged retryable without a delay', sent(400, { ...HINTED, retryable: true }), ['ax-recoverable-retry-after']],
  ['a 400 flagged retryable with a Retry-After header', sent(400, { ...HINTED, retryable: true }, { 'Retry-After': '5' }), []],
  ['a 429 without a delay', sent(429, HINTED), ['ax-recoverable-retry-after']],
  ['a 429 with a Retry-After header', sent(429, HINTED, { 'retry-after': '5' }), []],
];

describe.each(CASES)('%s', (_name, input, rules) => {
  test('the rules expected, read with the text', () => {
    expect(checkResponse(API, input).map(violation => violation.rule)).toEqual(rules);
  });

  test('the same violations as the same body read in full', () => {
    expect(checkResponse(API, input)).toEqual(checkResponse(API, { ...input, payload: escaped(input.payload!) }));
  });
});

test('an escaped text is the same body', () => {
  const text = JSON.stringify({ ...HINTED, errorStack: 'Orders.Create()' });
  expect(escaped(text)).toContain('\\u006f');
  expect(JSON.parse(escaped(text))).toEqual(JSON.parse(text));
});

test('every member name read as a stack trace is a listed name or holds a part the text is searched for', () => {
  const WORDS = ['stack', 'trace', 'back', 'call', 'error', 'exception', 'frames', 'backtrace', 'traceback', 'stacktrace', 'dump', 'id'];
  const camel = (parts: string[]) => parts.map((part, i) => (i === 0 ? part : part[0].toUpperCase() + part.slice(1))).join('');
  const names = WORDS.flatMap(first => [first, ...WORDS.map(second => camel([first, second]))]);
  const listed = namesFor(undefined, 'stackTrace').map(name => name.toLowerCase());
  const read = names.filter(name => describeErrorValue({ [name]: 'Orders.Create()' }).stackTrace !== undefined);
  // The sample holds names read both ways: listed (`trace`) and by their words (`errorStack`).
  expect(read).toEqual(expect.arrayContaining(['trace', 'errorStack', 'exceptionBacktrace']));
  expect(read.filter(name => !listed.includes(name.toLowerCase()) && !STACK_TRACE_PARTS.some(part => name.toLowerCase().includes(part)))).toEqual([]);
});

/** A trace of each runtime, one per alternative of its pattern: each holds one of the anchors mayHoldStackTrace seeks. */
const TRACES: [string, string][] = [
  ['at Object.<anonymous> (/app/orders.js:12:5)', 'JavaScript'],
  ['Traceback (most recent call last):', 'Python'],
  ['File "/app/orders.py", line 12, in create', 'Python'],
  ['Exception in thread "main" java.lang.NullPointerException', 'Java'],
  ['\tat com.example.Orders.create(', 'Java'],
  ['at foo.Bar.baz(Bar.java:12)', 'Java'],
  ['at Orders.Api.Create(Int32 id) in C:\\app\\Orders.cs:line 12', '.NET'],
  ['   at Orders.Api.Create(', '.NET'],
  ['goroutine 1 [running]:', 'Go'],
  ["orders.rb:12:in `create'", 'Ruby'],
  ['#0 /app/orders.php(12): create()', 'PHP'],
];

test.each(TRACES)('%s: a %s trace, which the shortcut does not skip', (text, runtime) => {
  expect(stackTraceRuntime(text)).toBe(runtime);
  expect(mayHoldStackTrace(text)).toBe(true);
});

test('a text with no anchor of a trace is skipped, one with an anchor in prose is searched', () => {
  expect(mayHoldStackTrace('{"code":"AMOUNT_NEGATIVE","message":"Amount is negative."}')).toBe(false);
  expect(mayHoldStackTrace('Look at the amount.')).toBe(true);
  expect(stackTraceRuntime('Look at the amount.')).toBeUndefined();
});
