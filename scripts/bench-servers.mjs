#!/usr/bin/env node
/**
 * npm run bench, servers part: what the runtime guard costs a real server. Fastify and Express serve three
 * routes of the synthetic description (a 201 with next steps naming a fresh id, a 400 with field errors, a
 * GET of a list), each in a process of its own, without the guard and with it (observe mode, default
 * settings; strict too), while autocannon sends the three requests in turn on 10 connections. Reported:
 * requests per second, the median of the rounds (which alternate the configurations, so that a busy
 * moment of a shared machine falls on all of them), and each guard's share of the no-guard figure.
 *
 *   node scripts/bench-servers.mjs [--seconds 5] [--rounds 3] [--frameworks fastify,express] [--modes none,observe,strict]
 *                                  [--sample 1] [--requests created,rejected,listed]
 *   node scripts/bench-servers.mjs --serve <fastify|express> <none|observe|strict> [sample]   (one server; prints its URL)
 *
 * `--sample` sets the guard's `sample` option (observe mode checks one in ten successful responses by default);
 * `--requests` keeps some of the three requests: `--sample 1 --requests created` gives what checking an ordinary
 * response costs a real server (the CPU per request with the guard minus without).
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { synthetic } from './synthetic.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);

const SPEC = synthetic(200);
const step = (action, method, href) => ({ action, method, href, description: `${action}.` });

/** The three answers: fresh ids, as a real server makes them. */
let next = 0;
const created = () => {
  const id = `res_${++next}`;
  return {
    data: { id, name: 'Example', owner: { id: 'res_0' } },
    nextSteps: [step('Read the resources', 'GET', '/v1/resources-0'), step('Replace the resource', 'PUT', `/v1/resources-0/${id}`)],
  };
};
const rejected = () => ({
  code: 'VALIDATION_ERROR',
  message: 'name is too long.',
  suggestion: 'Shorten name to 64 characters.',
  trace_id: `t${++next}`,
  details: [
    { field: 'name', reason: 'too long' },
    { field: 'owner.id', reason: 'unknown owner' },
  ],
});
const listed = () => Array.from({ length: 10 }, (_, i) => ({ id: `res_${i}`, name: 'Example', owner: { id: 'res_0' } }));

/** The guard's options: default settings unless a sample is given. */
const guardOptions = (mode, sample) => ({ spec: SPEC, mode, ...(sample === undefined ? {} : { sample: Number(sample) }) });

async function serveFastify(mode, sample) {
  const fastify = require('fastify')({ logger: false });
  if (mode !== 'none') await fastify.register(require(resolve(root, 'dist/runtime.cjs')).fastifyAgentUx, guardOptions(mode, sample));
  fastify.post('/v1/resources-0', (_request, reply) => reply.code(201).send(created()));
  fastify.put('/v1/resources-0/:id', (_request, reply) => reply.code(400).type('application/problem+json').send(rejected()));
  fastify.get('/v1/resources-0', () => listed());
  return fastify.listen({ port: 0, host: '127.0.0.1' });
}

async function serveExpress(mode, sample) {
  const express = require('express');
  const app = express();
  app.use(express.json());
  if (mode !== 'none') app.use(require(resolve(root, 'dist/runtime.cjs')).expressAgentUx(guardOptions(mode, sample)));
  app.post('/v1/resources-0', (_request, response) => response.status(201).json(created()));
  app.put('/v1/resources-0/:id', (_request, response) => response.status(400).type('application/problem+json').json(rejected()));
  app.get('/v1/resources-0', (_request, response) => response.json(listed()));
  return new Promise(done => {
    const server = app.listen(0, '127.0.0.1', () => done(`http://127.0.0.1:${server.address().port}`));
  });
}

const SERVERS = { fastify: serveFastify, express: serveExpress };

/** One server in a process of its own: its URL once it listens, and how to stop it. */
function startServer(framework, mode, sample) {
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), '--serve', framework, mode, ...(sample === undefined ? [] : [sample])], {
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
  // The server's own CPU time (µs), asked over IPC: unlike requests/s, it does not count the time other processes hold the CPU.
  const cpu = () =>
    new Promise(answer => {
      child.once('message', answer);
      child.send('cpu');
    });
  return new Promise((done, fail) => {
    let out = '';
    child.stdout.on('data', chunk => {
      out += chunk;
      const url = /http:\/\/\S+/.exec(out)?.[0];
      if (url !== undefined) done({ url, cpu, stop: () => child.kill() });
    });
    child.on('exit', code => fail(new Error(`the ${framework} server exited (${code})`)));
  });
}

/** The three requests, by the answer each gets. */
const REQUESTS = {
  created: { method: 'POST', path: '/v1/resources-0', headers: { 'content-type': 'application/json' }, body: '{"name":"Example"}' },
  rejected: { method: 'PUT', path: '/v1/resources-0/res_1', headers: { 'content-type': 'application/json' }, body: '{"name":"Example"}' },
  listed: { method: 'GET', path: '/v1/resources-0' },
};

/** Requests per second on 10 connections, and the server's CPU µs per request. */
async function load(server, seconds, requests) {
  const autocannon = require('autocannon');
  const before = await server.cpu();
  const result = await autocannon({ url: server.url, connections: 10, duration: seconds, requests });
  const after = await server.cpu();
  if (result.errors > 0) throw new Error(`${result.errors} errors against ${server.url}`);
  return { perSecond: result.requests.average, cpu: (after - before) / result.requests.total };
}

async function main() {
  const seconds = Number(option('--seconds', 5));
  const rounds = Number(option('--rounds', 3));
  const frameworks = option('--frameworks', 'fastify,express').split(',');
  const modes = option('--modes', 'none,observe,strict').split(',');
  const sample = option('--sample', undefined);
  const requests = option('--requests', Object.keys(REQUESTS).join(','))
    .split(',')
    .map(name => REQUESTS[name]);
  const figures = new Map();
  for (let round = 0; round < rounds; round++) {
    for (const framework of frameworks) {
      for (const mode of modes) {
        const server = await startServer(framework, mode, sample);
        try {
          // A second of warm-up (the JIT, the guard's caches), not counted.
          await load(server, 1, requests);
          const key = `${framework} ${mode}`;
          figures.set(key, [...(figures.get(key) ?? []), await load(server, seconds, requests)]);
        } finally {
          server.stop();
        }
      }
    }
  }
  const median = values => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const of = (framework, mode, measure) => median(figures.get(`${framework} ${mode}`).map(figure => figure[measure]));
  const settings = sample === undefined ? 'default settings' : `sample: ${sample}`;
  const asked = option('--requests', 'the three requests');
  console.log(
    `\nspectral-agent-ux/runtime in a real server (autocannon, 10 connections, ${asked}, ${seconds} s × ${rounds} rounds, median), node ${process.version}`,
  );
  console.log(`| framework | measure | ${modes.map(mode => (mode === 'none' ? 'no guard' : `${mode} (${settings})`)).join(' | ')} |`);
  console.log(`|---|---|${modes.map(() => '---|').join('')}`);
  for (const framework of frameworks) {
    const row = (measure, label, share, format) =>
      `| ${framework} | ${label} | ${format(of(framework, 'none', measure))} | ${modes
        .slice(1)
        .map(mode => `${format(of(framework, mode, measure))} (${Math.round(share(of(framework, 'none', measure), of(framework, mode, measure)) * 100)}%)`)
        .join(' | ')} |`;
    console.log(row('perSecond', 'requests/s', (none, guarded) => guarded / none, Math.round));
    // The share of requests/s a CPU-bound server keeps: its CPU per request without the guard over with it.
    console.log(
      row(
        'cpu',
        'server CPU per request (share kept)',
        (none, guarded) => none / guarded,
        value => `${Math.round(value)} µs`,
      ),
    );
  }
}

if (args[0] === '--serve') {
  const url = await SERVERS[args[1]](args[2], args[3]);
  // Exits on a signal, so that `node --cpu-prof` writes the profile of a server run by hand.
  process.on('SIGINT', () => process.exit(0));
  process.on('message', () => {
    const { user, system } = process.cpuUsage();
    process.send(user + system);
  });
  console.log(`listening at ${url}`);
} else await main();
