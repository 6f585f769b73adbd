#!/usr/bin/env node
/**
 * npm run bench: what spectral-agent-ux costs on real descriptions (GitHub, Stripe) next to Spectral's
 * own floor and `spectral:oas`, and how it scales with the number of operations.
 *
 * Configurations: (a) floor: one trivial rule, so only parse and resolve; (b) spectral:oas;
 * (c) spectral-agent-ux `all`; (d) (c) + spectral:oas.
 * Time: median wall time of a full lint (parse included), rounds alternating the configurations in one
 * warm process. Peak RSS: each configuration in its own child process (`--child`), since a process's
 * peak RSS only grows and cannot be split between configurations run in it.
 * The Spectral CLI as a user runs it: paired `spectral lint` processes, the floor and (c) in turn, on a
 * small description (what the package adds to every run, start-up included) and on GitHub; and the
 * package's `report` next to `spectral lint` with the same ruleset on GitHub (what the report adds).
 *
 *   node scripts/bench.mjs [--rounds 3] [--ruleset dist/index.cjs] [--configs a,b,c,d] [--pairs 10]
 *                          [--skip-rss] [--skip-scaling] [--skip-cli] [--only-cli]
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { synthetic } from './synthetic.mjs';

const require = createRequire(import.meta.url);
const { Document, Spectral } = require('@stoplight/spectral-core');
const Parsers = require('@stoplight/spectral-parsers');
const { oas } = require('@stoplight/spectral-rulesets');

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const rounds = Number(option('--rounds', 3));
const rulesetPath = resolve(root, option('--ruleset', process.env.BENCH_RULESET ?? 'dist/index.cjs'));
const loaded = require(rulesetPath);
const agentUx = loaded.default ?? loaded;

const ALL_CONFIGS = {
  a: { label: '(a) floor: one trivial rule', ruleset: { rules: { floor: { given: '$', severity: 'error', then: { function: () => [] } } } } },
  b: { label: '(b) spectral:oas', ruleset: { extends: [[oas, 'recommended']] } },
  c: { label: '(c) spectral-agent-ux all', ruleset: { extends: [[agentUx, 'all']] } },
  d: {
    label: '(d) (c) + spectral:oas',
    ruleset: {
      extends: [
        [agentUx, 'all'],
        [oas, 'recommended'],
      ],
    },
  },
};
// `--configs a,c` measures a subset: (b) and (d) spend minutes in spectral:oas on GitHub.
const CONFIGS = Object.fromEntries(
  option('--configs', 'a,b,c,d')
    .split(',')
    .map(config => [config, ALL_CONFIGS[config]]),
);
const FILES = { github: '.cache/corpus/github.json', stripe: '.cache/corpus/stripe.json' };

function spectralFor(config) {
  const spectral = new Spectral();
  spectral.setRuleset(ALL_CONFIGS[config].ruleset);
  return spectral;
}

/** One full lint: parse, resolve, run. Returns milliseconds and the number of results. */
async function lint(spectral, text, source) {
  globalThis.gc?.();
  const started = performance.now();
  const document = new Document(text, source.endsWith('.json') ? Parsers.Json : Parsers.Yaml, source);
  const results = await spectral.run(document);
  return { ms: performance.now() - started, results: results.length };
}

const median = values => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)];
const seconds = ms => (ms / 1000).toFixed(2);
const mb = bytes => (bytes / 1024 / 1024).toFixed(0);

// A child measures one configuration on one file: `--child <config> <file>`; prints JSON.
if (args[0] === '--child') {
  const [, config, file] = args;
  const source = resolve(root, file);
  const text = readFileSync(source, 'utf8');
  const { ms, results } = await lint(spectralFor(config), text, source);
  process.stdout.write(JSON.stringify({ ms, results, maxRssBytes: process.resourceUsage().maxRSS * 1024 }));
  process.exit(0);
}

const out = [];
const say = line => (out.push(line), console.log(line));

say(`# spectral-agent-ux benchmark`);
say('');
say(
  `${new Date().toISOString()}; ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? 'unknown'}), ${mb(os.totalmem())} MB memory, node ${process.version}, load average ${os
    .loadavg()
    .map(l => l.toFixed(1))
    .join(' ')}`,
);
say(
  `ruleset: ${rulesetPath.replace(`${root}/`, '')} (${Object.keys(agentUx.rules).length} rules); command: node ${process.execArgv.join(' ')} scripts/bench.mjs ${args.join(' ')}`.replace(
    / +/g,
    ' ',
  ),
);

const summary = {};
for (const [name, file] of Object.entries(args.includes('--only-cli') ? {} : FILES)) {
  const source = resolve(root, file);
  const text = readFileSync(source, 'utf8');
  const times = Object.fromEntries(Object.keys(CONFIGS).map(config => [config, []]));
  const counts = {};
  const spectrals = Object.fromEntries(Object.keys(CONFIGS).map(config => [config, spectralFor(config)]));
  // (c) with each rule function timed: the rules' own cost, in CPU time too, which other jobs on the machine move far less than wall time.
  const clock = { ms: 0, cpuMs: 0 };
  const inside = { ms: [], cpuMs: [] };
  if (CONFIGS.c) spectrals.c = timedSpectral(clock);
  for (let round = 0; round < rounds; round++) {
    for (const config of Object.keys(CONFIGS)) {
      Object.assign(clock, { ms: 0, cpuMs: 0 });
      const { ms, results } = await lint(spectrals[config], text, source);
      times[config].push(ms);
      counts[config] = results;
      if (config === 'c') (inside.ms.push(clock.ms), inside.cpuMs.push(clock.cpuMs));
      process.stderr.write(`  ${name} round ${round + 1} ${config}: ${seconds(ms)} s\n`);
    }
  }
  const rss = {};
  if (!args.includes('--skip-rss')) {
    for (const config of Object.keys(CONFIGS)) {
      const child = JSON.parse(
        execFileSync(process.execPath, [fileURLToPath(import.meta.url), '--child', config, file, '--ruleset', rulesetPath], {
          encoding: 'utf8',
          maxBuffer: 1 << 20,
        }),
      );
      rss[config] = child;
    }
  }
  summary[name] = { times, counts, rss };
  say('');
  say(`## ${name} (${file}, ${mb(text.length)} MB)`);
  say('');
  say(
    `| configuration | median wall time (s), ${rounds} rounds in one process | all rounds (s) | results | peak RSS (MB), own process | wall time in own process (s) |`,
  );
  say('| --- | --- | --- | --- | --- | --- |');
  for (const [config, { label }] of Object.entries(CONFIGS)) {
    const child = rss[config];
    say(
      `| ${label} | ${seconds(median(times[config]))} | ${times[config].map(seconds).join(', ')} | ${counts[config]} | ${child ? mb(child.maxRssBytes) : '-'} | ${child ? seconds(child.ms) : '-'} |`,
    );
  }
  const pairs = [
    ['c', 'a'],
    ['d', 'b'],
  ].filter(([x, y]) => CONFIGS[x] && CONFIGS[y]);
  const timeRatio = ([x, y]) => `(${x})/(${y}) = ${(median(times[x]) / median(times[y])).toFixed(2)}`;
  const rssRatio = ([x, y]) => `(${x})/(${y}) = ${(rss[x].maxRssBytes / rss[y].maxRssBytes).toFixed(2)}`;
  say('');
  say(`time ${pairs.map(timeRatio).join(', ')}` + (rss.a ? `; peak RSS ${pairs.map(rssRatio).join(', ')}` : ''));
  if (CONFIGS.c) {
    say('');
    say(
      `inside the rule functions, (c): median ${seconds(median(inside.ms))} s wall, ${seconds(median(inside.cpuMs))} s CPU (rounds: ${inside.cpuMs.map(seconds).join(', ')} s CPU)`,
    );
  }
}

/** The package's ruleset with each rule function timed, in wall and CPU time (user + system): the package's own cost, apart from Spectral's. */
function timedAgentUx(clock) {
  const timed = fn =>
    function (...callArgs) {
      const started = performance.now();
      const cpu = process.cpuUsage();
      try {
        return fn.apply(this, callArgs);
      } finally {
        clock.ms += performance.now() - started;
        const { user, system } = process.cpuUsage(cpu);
        clock.cpuMs += (user + system) / 1000;
      }
    };
  const rules = Object.fromEntries(
    Object.entries(agentUx.rules).map(([id, rule]) => [id, { ...rule, then: { ...rule.then, function: timed(rule.then.function) } }]),
  );
  return { ...agentUx, rules };
}

/** Spectral with (c), `all`, each rule function timed on `clock`. */
function timedSpectral(clock) {
  const spectral = new Spectral();
  spectral.setRuleset({ extends: [[timedAgentUx(clock), 'all']] });
  return spectral;
}

if (!args.includes('--skip-scaling') && !args.includes('--only-cli')) {
  say('');
  say('## Scaling: synthetic descriptions (scripts/synthetic.mjs), shared error and envelope schemas');
  say('');
  say(
    `| operations | MB | (a) floor median (s) | (c) all median (s) | (c)/(a) | (c) vs half the operations | inside the package's functions, median (s) | functions vs half the operations |`,
  );
  say('| --- | --- | --- | --- | --- | --- | --- | --- |');
  const clock = { ms: 0, cpuMs: 0 };
  const spectrals = { a: spectralFor('a'), c: timedSpectral(clock) };
  let previous;
  for (const operations of [250, 500, 1000, 2000, 4000]) {
    const text = JSON.stringify(synthetic(operations), null, 2);
    const source = join(root, '.cache', `synthetic-${operations}.json`);
    const times = { a: [], c: [], functions: [] };
    for (let round = 0; round < rounds; round++) {
      times.a.push((await lint(spectrals.a, text, source)).ms);
      clock.ms = 0;
      times.c.push((await lint(spectrals.c, text, source)).ms);
      times.functions.push(clock.ms);
    }
    const [a, c, functions] = [median(times.a), median(times.c), median(times.functions)];
    const growth = (now, before) => (before ? `${(now / before).toFixed(2)}×` : '-');
    say(
      `| ${operations} | ${mb(text.length)} | ${seconds(a)} | ${seconds(c)} | ${(c / a).toFixed(2)} | ${growth(c, previous?.c)} | ${seconds(functions)} | ${growth(functions, previous?.functions)} |`,
    );
    previous = { c, functions };
  }
}

// The Spectral CLI, one process per lint, as a user runs it. A preloaded module reports the process's
// peak RSS and CPU time on exit (CPU time, unlike wall time, does not grow while other jobs hold the
// cores); stdout (the JSON results) is discarded, their formatting still counted.
const SPECTRAL_CLI = require.resolve('@stoplight/spectral-cli/dist/index.js');
const REPORT_USAGE =
  'data:text/javascript,process.on("exit",()=>{const u=process.resourceUsage();process.stderr.write(`\\nusage ${u.maxRSS} ${u.userCPUTime+u.systemCPUTime}\\n`)})';

/** One CLI process (`script` and its arguments), timed, with its peak RSS and CPU time. */
function cliRun(script, ...argv) {
  const started = performance.now();
  const run = spawnSync(process.execPath, ['--import', REPORT_USAGE, script, ...argv], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'ignore', 'pipe'] });
  const ms = performance.now() - started;
  const usage = /usage (\d+) (\d+)/.exec(run.stderr);
  if (run.status === 2 || usage === null) throw new Error(`${script} ${argv.join(' ')} failed:\n${run.stderr}`);
  return { ms, rssBytes: Number(usage[1]) * 1024, cpuMs: Number(usage[2]) / 1000 };
}

const cliLint = (document, rulesetFile) => cliRun(SPECTRAL_CLI, 'lint', document, '--ruleset', rulesetFile, '--format', 'json', '--quiet');

/** `pairs` pairs of runs, `floor` and `pkg` in turn (which one goes first alternates). */
function pairedRuns(label, floor, pkg, pairs) {
  const runs = [];
  for (let pair = 0; pair < pairs; pair++) {
    const order = pair % 2 === 0 ? ['floor', 'pkg'] : ['pkg', 'floor'];
    const run = {};
    for (const which of order) run[which] = which === 'floor' ? floor() : pkg();
    process.stderr.write(
      `  ${label} pair ${pair + 1}: floor ${seconds(run.floor.ms)} s ${mb(run.floor.rssBytes)} MB, package ${seconds(run.pkg.ms)} s ${mb(run.pkg.rssBytes)} MB\n`,
    );
    runs.push(run);
  }
  return runs;
}

/** `pairs` pairs of CLI lints of `document`, the floor's ruleset and the package's in turn. */
const pairedCliRuns = (document, floorRuleset, packageRuleset, pairs) =>
  pairedRuns(
    document,
    () => cliLint(document, floorRuleset),
    () => cliLint(document, packageRuleset),
    pairs,
  );

function sayPairs(title, runs, names = ['floor: one trivial rule', 'spectral-agent-ux `all`']) {
  const of = (which, key) => runs.map(run => run[which][key]);
  const mib = bytes => (bytes / 1024 / 1024).toFixed(1);
  say('');
  say(`### ${title}`);
  say('');
  say(
    `load average before: ${os
      .loadavg()
      .map(l => l.toFixed(1))
      .join(' ')}`,
  );
  say('');
  say(`| | ${names[0]} | ${names[1]} | second − first, median of pairs | second / first, median of pairs |`);
  say('| --- | --- | --- | --- | --- |');
  say(
    `| wall time (s), median | ${seconds(median(of('floor', 'ms')))} | ${seconds(median(of('pkg', 'ms')))} | +${seconds(median(runs.map(run => run.pkg.ms - run.floor.ms)))} | ${median(runs.map(run => run.pkg.ms / run.floor.ms)).toFixed(2)} |`,
  );
  say(
    `| CPU time (s), median | ${seconds(median(of('floor', 'cpuMs')))} | ${seconds(median(of('pkg', 'cpuMs')))} | +${seconds(median(runs.map(run => run.pkg.cpuMs - run.floor.cpuMs)))} | ${median(runs.map(run => run.pkg.cpuMs / run.floor.cpuMs)).toFixed(2)} |`,
  );
  say(
    `| peak RSS (MiB), median | ${mib(median(of('floor', 'rssBytes')))} | ${mib(median(of('pkg', 'rssBytes')))} | +${mib(median(runs.map(run => run.pkg.rssBytes - run.floor.rssBytes)))} | ${median(runs.map(run => run.pkg.rssBytes / run.floor.rssBytes)).toFixed(2)} |`,
  );
  say('');
  say(`all pairs, wall time (s) first/second: ${runs.map(run => `${seconds(run.floor.ms)}/${seconds(run.pkg.ms)}`).join(', ')}`);
}

if (!args.includes('--skip-cli')) {
  const pairs = Number(option('--pairs', 10));
  const dir = join(root, '.cache', 'bench');
  mkdirSync(dir, { recursive: true });
  const floorRuleset = join(dir, 'floor.spectral.yaml');
  const packageRuleset = join(dir, 'agent-ux-all.spectral.yaml');
  writeFileSync(floorRuleset, 'rules:\n  floor:\n    given: $\n    severity: error\n    then:\n      function: truthy\n');
  // The same file `extends: [["spectral-agent-ux", "all"]]` resolves to in a user's project.
  writeFileSync(packageRuleset, `extends: [[${JSON.stringify(rulesetPath)}, all]]\n`);
  const small = join(dir, 'small.json');
  writeFileSync(small, JSON.stringify(synthetic(4), null, 2));
  say('');
  say(`## The Spectral CLI, paired runs (\`spectral lint --format json\`, one process each)`);
  const smallKb = (readFileSync(small).length / 1024).toFixed(1);
  sayPairs(
    `Start-up: a ${smallKb} kB description (scripts/synthetic.mjs, 4 operations), ${pairs} pairs`,
    pairedCliRuns(small, floorRuleset, packageRuleset, pairs),
  );
  const githubPairs = Math.max(3, Math.ceil(pairs / 2));
  sayPairs(`GitHub (${FILES.github}), ${githubPairs} pairs`, pairedCliRuns(join(root, FILES.github), floorRuleset, packageRuleset, githubPairs));
  // `report` on the same ruleset: the lint plus the scorecard and the fixes; the bin beside the ruleset's entry.
  const bin = join(dirname(rulesetPath), 'spectral-agent-ux.cjs');
  const github = join(root, FILES.github);
  sayPairs(
    `\`spectral-agent-ux report\` vs \`spectral lint\`, both with \`all\`, GitHub, ${githubPairs} pairs`,
    pairedRuns(
      'report vs lint',
      () => cliLint(github, packageRuleset),
      () => cliRun(bin, 'report', github, '--ruleset', packageRuleset, '--format', 'json'),
      githubPairs,
    ),
    ['`spectral lint`', '`spectral-agent-ux report --format json`'],
  );
}
