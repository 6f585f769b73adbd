#!/usr/bin/env node
/**
 * npm run bench, runtime part: what spectral-agent-ux/runtime adds to each response. The description is
 * prepared once (measured apart); then each response is checked with fresh ids in its hrefs, as a server
 * sends them. Reported: the median over batches of the mean CPU time per response
 * (process.cpuUsage: on a shared machine, wall time also counts the time other processes hold the CPU),
 * beside a reference any server pays: building the body and JSON.stringify-ing it.
 *
 *   node scripts/bench-runtime.mjs [--responses 20000] [--batches 7]
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { synthetic } from './synthetic.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { agentUxGuard, checkResponse, fastifyAgentUx } = await import(resolve(root, 'dist/runtime.js'));
const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? Number(args[args.indexOf(name) + 1]) : fallback);
const responses = option('--responses', 20000);
const batches = option('--batches', 7);

const median = values => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const cpu = () => {
  const { user, system } = process.cpuUsage();
  return user + system;
};

/** The mean CPU µs per call of `run(i)`, median of `batches` batches of `count` calls after one warm-up batch. */
function perCall(run, count = responses) {
  const means = [];
  let next = 0;
  for (let batch = 0; batch <= batches; batch++) {
    const start = cpu();
    for (let i = 0; i < count; i++) run(next++);
    if (batch > 0) means.push((cpu() - start) / count);
  }
  return median(means);
}

/** A typical mutation response: the created resource and two next steps naming its fresh id. */
const created = i => ({
  method: 'POST',
  path: `/v1/resources-${i % 50}`,
  status: 201,
  headers: { 'content-type': 'application/json' },
  body: {
    data: { id: `res_${i}`, name: 'Example', owner: { id: 'res_0' } },
    nextSteps: [
      { action: 'Read the resource', method: 'GET', href: `/v1/resources-${i % 50}/res_${i}`, description: 'Returns the resource as stored.' },
      { action: 'Delete the resource', method: 'DELETE', href: `/v1/resources-${i % 50}/res_${i}`, description: 'Removes it; only its owner may.' },
    ],
  },
});
const rejected = i => ({
  method: 'PUT',
  path: `/v1/resources-${i % 50}/res_${i}`,
  status: 400,
  headers: { 'content-type': 'application/problem+json' },
  body: {
    code: 'VALIDATION_ERROR',
    message: 'name is too long.',
    suggestion: 'Shorten name to 64 characters.',
    trace_id: `t${i}`,
    details: [{ field: 'name', reason: 'too long' }],
  },
});

/**
 * The guard as Fastify runs it, in observe mode: its `onSend` hook handed the text Fastify sends for a 400 (an error
 * response, always checked), with a reply whose headers are copied on each read, as Fastify's are. The texts are
 * made beforehand, each with its own trace id, so that the column holds the guard's work alone.
 */
function fastifyError(spec) {
  let hook;
  fastifyAgentUx({ addHook: (name, added) => void (name === 'onSend' && (hook = added)) }, { spec, mode: 'observe', onViolation: () => {} }, () => {});
  const headers = { 'content-type': 'application/problem+json; charset=utf-8' };
  const reply = { statusCode: 400, getHeaders: () => ({ ...headers }), getHeader: name => headers[name], code: () => {} };
  const request = { method: 'PUT', url: '/v1/resources-0/res_1', routeOptions: { url: '/v1/resources-0/:id' } };
  const texts = Array.from({ length: 1000 }, (_, i) => JSON.stringify(rejected(i).body));
  return i => hook(request, reply, texts[i % texts.length], () => {});
}

const rows = [];
for (const operations of [200, 2000]) {
  const spec = synthetic(operations);
  const start = cpu();
  checkResponse(spec, created(0));
  const prepare = (cpu() - start) / 1000;
  const observe = agentUxGuard({ spec, mode: 'observe', onViolation: () => {} });
  rows.push({
    operations,
    prepare: `${prepare.toFixed(1)} ms`,
    mutation: perCall(i => checkResponse(spec, created(i))),
    error: perCall(i => checkResponse(spec, rejected(i))),
    guard: perCall(i => observe.inspect(created(i))),
    hook: perCall(fastifyError(spec)),
    // The floor on this machine at this moment: building the response and serializing it, as any server does.
    floor: perCall(i => JSON.stringify(created(i).body)),
  });
}

console.log(
  `\nspectral-agent-ux/runtime, per response (${responses} responses × ${batches} batches, median of batch means, CPU time), node ${process.version}`,
);
console.log(
  '| description | prepare once | 201 mutation, checkResponse | 400 error, checkResponse | 201 mutation, guard (observe) | 400 error, Fastify hook (observe) | reference: build + JSON.stringify the 201 |',
);
console.log('|---|---|---|---|---|---|---|');
const us = value => `${value.toFixed(1)} µs`;
for (const row of rows)
  console.log(
    `| ${row.operations} operations | ${row.prepare} | ${us(row.mutation)} | ${us(row.error)} | ${us(row.guard)} | ${us(row.hook)} | ${us(row.floor)} |`,
  );
const worst = Math.max(...rows.map(row => row.mutation));
console.log(`\nTarget: under 50 µs for a typical mutation response: ${worst < 50 ? 'met' : 'NOT met'} (${worst.toFixed(1)} µs).`);

// Hostile inputs (issue "Safe under hostile input"): each is bounded by the guard's own limits, measured per response.
const spec = synthetic(200);
const observe = agentUxGuard({ spec, mode: 'observe', undeclared: true, onViolation: () => {} });
const long = 'x'.repeat(16_000);
const steps = (count, call = '') =>
  Array.from({ length: count }, (_, i) => ({ action: 'Read', method: 'GET', href: `/v1/nowhere-${i}/x${call}`, description: 'Read it.' }));
const nested = depth => (depth === 1 ? { id: 'x' } : { data: nested(depth - 1) });
const newlines = '\n'.repeat(120_000);
const frames = 'at a() in '.repeat(24_000);
const misshapen = Array.from({ length: 50 }, () => ({ nextSteps: 'soon' }));
const large = synthetic(2000);
const fieldErrors = count => ({
  code: 'VALIDATION_ERROR',
  message: 'Invalid.',
  errors: Array.from({ length: count }, (_, i) => ({ code: 'INVALID', message: 'Invalid.', field: `items[${i}].name` })),
});
const hostile = [
  ['a 16,000-character request path (undeclared)', i => observe.inspect({ method: 'GET', path: `/v1/${long}${i}`, status: 404, body: {} })],
  [
    'a 16,000-character unmatched href',
    i => checkResponse(spec, { ...created(i), body: { nextSteps: [{ action: 'Read', method: 'GET', href: `/v1/${long}${i}`, description: 'Read it.' }] } }),
  ],
  ['2,500 unmatched hrefs in one body', i => checkResponse(spec, { ...created(i), body: { id: i, nextSteps: steps(2_500) } })],
  ['a 400 with 3,500 field errors (under the body budget)', i => checkResponse(spec, { ...rejected(i), body: fieldErrors(3_500) })],
  ['a 400 with 64,000 field errors (over the body budget)', i => observe.inspect({ ...rejected(i), body: fieldErrors(64_000) })],
  ['a body nested 5,000 levels (over the depth limit)', i => observe.inspect({ ...created(i), body: nested(5_000) })],
  [
    'a 400 whose message is 120,000 newlines (stack-trace search)',
    i => checkResponse(spec, { ...rejected(i), body: { ...rejected(i).body, message: newlines } }),
  ],
  [
    'a 400 whose message repeats "at a() in " to 240,000 characters',
    i => checkResponse(spec, { ...rejected(i), body: { ...rejected(i).body, message: frames } }),
  ],
  ['a key of 100,000 characters above 50 misshapen step lists', i => checkResponse(spec, { ...created(i), body: { id: i, [long.repeat(6)]: misshapen } })],
  ['10 unmatched hrefs, each given a suggestion, 2,000 operations', i => checkResponse(large, { ...created(i), body: { id: i, nextSteps: steps(10, i) } })],
];
console.log(`\nHostile inputs, per response (median of ${batches} batches, CPU time)`);
console.log('| response | per response |');
console.log('|---|---|');
for (const [name, run] of hostile) console.log(`| ${name} | ${(perCall(run, 20) / 1000).toFixed(2)} ms |`);
