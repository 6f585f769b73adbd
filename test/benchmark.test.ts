/**
 * The benchmark's own matcher (benchmark/benchmark-matcher.mjs) and sampler, without the network: the
 * concepts it reads from member names, the duplicates it finds in a finding or an edit, and a sample
 * that depends only on the findings and the seed. The module is ESM: every expression below is evaluated
 * in one node child, and each test reads its value.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';

const MATCHER = pathToFileURL(join(__dirname, '..', 'benchmark', 'benchmark-matcher.mjs')).href;

const expressions: string[] = [];
let values: unknown[] | undefined;

/** Registers `expression` (the matcher's exports are `m`); the returned function gives its JSON value once the child has run. */
function evaluate(expression: string): () => unknown {
  const index = expressions.push(expression) - 1;
  return () => {
    if (values === undefined) {
      const script = `import * as m from ${JSON.stringify(MATCHER)};\nconsole.log(JSON.stringify([${expressions.join(',\n')}]));`;
      const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
      if (child.status !== 0) throw new Error(child.stderr);
      values = JSON.parse(child.stdout) as unknown[];
    }
    return values[index];
  };
}

// Codat's error body, as the issue found it: a code, a message, a correlation id and a retry flag under names of its own.
const CODAT = {
  components: {
    schemas: {
      ErrorMessage: {
        type: 'object',
        properties: {
          statusCode: { type: 'integer', description: 'The HTTP status code' },
          error: { type: 'string' },
          correlationId: { type: 'string' },
          canBeRetried: { type: 'string' },
          detailedErrorCode: { type: 'integer', description: 'Machine readable error code' },
        },
      },
    },
  },
};
// Just Eat's: every member inside a wrapper that is not required, the code in a list inside it.
const JUST_EAT = {
  components: {
    schemas: {
      Fault: {
        allOf: [
          {
            type: 'object',
            properties: {
              fault: {
                type: 'object',
                properties: {
                  traceId: { type: 'string' },
                  errors: { type: 'array', items: { $ref: '#/components/schemas/Error' } },
                },
              },
            },
          },
        ],
      },
      Error: { type: 'object', properties: { errorCode: { type: 'string' }, description: { type: 'string' } } },
    },
  },
};
const members = (doc: object, schema: string) => `m.membersOf(${JSON.stringify(doc)}, { $ref: '#/components/schemas/${schema}' })`;

const words = evaluate(`['detailedErrorCode', 'X-Request-ID', '_links', 'canBeRetried', 'error_description', 'HTTPStatus'].map(m.wordsOf)`);
test('names split into words in every casing', () => {
  expect(words()).toEqual([
    ['detailed', 'error', 'code'],
    ['x', 'request', 'id'],
    ['links'],
    ['can', 'be', 'retried'],
    ['error', 'description'],
    ['http', 'status'],
  ]);
});

const CONCEPT_CASES: [string, string, string[]][] = [
  ['detailedErrorCode', 'integer', ['errorCode']],
  ['statusCode', 'integer', []],
  ['httpStatus', 'integer', []],
  ['errorSummary', 'string', ['message']],
  ['error', 'string', ['errorCode', 'message']],
  ['canBeRetried', 'string', ['retryFlag']],
  ['isRetriable', 'boolean', ['retryFlag']],
  ['retry_after', 'integer', ['retryDelay']],
  ['correlationId', 'string', ['correlationId']],
  ['X-Request-ID', 'header', ['correlationId']],
  ['remediation', 'string', ['recoveryHint']],
  ['_links', 'object', ['nextSteps', 'refreshUrl']],
  ['linkUrl', 'string', ['refreshUrl']],
  ['pointer', 'string', ['fieldLocator']],
  // Words that look like a concept and are not it.
  ['scimType', 'string', ['errorCode']],
  ['packageType', 'string', []],
  ['referenceErrorCode', 'string', ['errorCode']],
  ['StackTrace', 'string', []],
  ['Idempotency-Key', 'header', []],
  ['shared_link', 'object', ['refreshUrl']],
];
const concepts = CONCEPT_CASES.map(([name, type]) => evaluate(`m.conceptsOf(m.memberNamed(${JSON.stringify(name)}, ${JSON.stringify(type)}))`));
test.each(CONCEPT_CASES.map((row, i) => [...row, i] as const))('%s (%s) holds %j', (_name, _type, expected, i) => {
  expect(concepts[i]()).toEqual(expected);
});

const reasonPhrase = evaluate(`m.conceptsOf({ ...m.memberNamed('error', 'string'), values: ['Forbidden'] })`);
const identifier = evaluate(`m.conceptsOf({ ...m.memberNamed('error', 'string'), values: ['invalid_auth'] })`);
test('an `error` that sends only a reason phrase repeats the HTTP status and holds no code; one that sends an identifier does', () => {
  expect(reasonPhrase()).toEqual(['message']);
  expect(identifier()).toEqual(['errorCode', 'message']);
});

const appCenterCode = evaluate(
  `m.conceptsOf({ ...m.memberNamed('code', 'integer'), values: [400, 403, 500], description: 'The status code return by the API.' })`,
);
const applicationCode = evaluate(`m.conceptsOf({ ...m.memberNamed('code', 'integer'), values: [400, 403, 500] })`);
test("an integer `code` said to be the status and sending only error statuses (App Center's) holds no code; undescribed, it may", () => {
  expect(appCenterCode()).toEqual([]);
  expect(applicationCode()).toEqual(['errorCode']);
});

const keyValue = evaluate(`m.conceptsOf({ ...m.memberNamed('key', 'string'), siblings: ['key', 'value'] })`);
test('the key of a key/value pair locates no field', () => {
  expect(keyValue()).toEqual([]);
});

const justEatMembers = evaluate(`${members(JUST_EAT, 'Fault')}.map(m.describe)`);
test('a member under a wrapper, in a list, through $ref and allOf, is found with its trail', () => {
  expect(justEatMembers()).toEqual([
    'fault (object)',
    'fault.traceId (string)',
    'fault.errors (array)',
    'fault.errors[].errorCode (string)',
    'fault.errors[].description (string)',
  ]);
});

/** `m.findingDuplicates` of a finding's words and data (what it says is missing, as the lint records it) against a schema's members. */
const duplicatesOf = (message: string, data: object, doc: object, schema: string) =>
  evaluate(`m.findingDuplicates(${JSON.stringify(message)}, ${members(doc, schema)}, ${JSON.stringify(data)})`);
const CODE_AND_MESSAGE = { concept: ['errorCode', 'message'] };

const NO_CODE = 'GET /expenses 400: the error schema has no code and no message. Add a required `code` and a required `message`.';
const NO_TRACE = 'GET /menu 500: the error schema has no correlation id. Add `traceId` (string) or an `X-Request-ID` header, for the agent to quote.';
const noCode = duplicatesOf(NO_CODE, CODE_AND_MESSAGE, CODAT, 'ErrorMessage');
const noTrace = duplicatesOf(NO_TRACE, { concept: 'correlationId' }, JUST_EAT, 'Fault');
test('a finding that says a concept is missing, where the body has it under another name or in a wrapper, is a duplicate', () => {
  expect(noCode()).toEqual([
    { concept: 'errorCode', existing: ['error (string)', 'detailedErrorCode (integer)'] },
    { concept: 'message', existing: ['error (string)'] },
  ]);
  expect(noTrace()).toEqual([{ concept: 'correlationId', existing: ['fault.traceId (string)'] }]);
});

const ASKS = 'GET /expenses 400: if `detailedErrorCode` is the code, require it; otherwise add `code`. If `error` is the message, require it.';
const NO_HINT = 'GET /expenses 400: the error schema has no recovery hint. Add `recoveryHint`.';
const asks = duplicatesOf(ASKS, CODE_AND_MESSAGE, CODAT, 'ErrorMessage');
const noHint = duplicatesOf(NO_HINT, { concept: 'recoveryHint' }, CODAT, 'ErrorMessage');
test('a finding that names the candidate member asks, and is no duplicate; nor is one about a concept the body lacks', () => {
  expect(asks()).toEqual([]);
  expect(noHint()).toEqual([]);
});

// What a finding claims missing is what its data names, in the one vocabulary, nested phrases' too: never its rule or its words.
const CODE_DATA = { missing: { messageId: 'noCode', data: { concept: 'errorCode' } }, name: 'code' };
const byData = duplicatesOf('GET /expenses 400: …', CODE_DATA, CODAT, 'ErrorMessage');
const reasonData = evaluate(`m.claimedConcepts({ concept: ['fieldLocator', 'fieldReason'] })`);
const noConcept = evaluate(`m.claimedConcepts({ names: '\`code\`' })`);
const wordsOnly = duplicatesOf(NO_CODE, {}, CODAT, 'ErrorMessage');
test("a finding is judged by its `data.concept` (a field's reason as a message), not its words; one whose data names none claims nothing, whatever it says", () => {
  expect(byData()).toEqual([{ concept: 'errorCode', existing: ['error (string)', 'detailedErrorCode (integer)'] }]);
  expect(reasonData()).toEqual(['fieldLocator', 'message']);
  expect(noConcept()).toEqual([]);
  expect(wordsOnly()).toEqual([]);
});

const BRANCHES = {
  components: {
    schemas: {
      Either: {
        oneOf: [
          { type: 'object', properties: { error: { type: 'string' } } },
          { type: 'object', properties: { errors: { type: 'array', items: { type: 'string' } } } },
        ],
      },
      Batch: {
        type: 'object',
        properties: {
          items: {
            type: 'array',
            items: { type: 'object', properties: { errors: { type: 'array', items: { type: 'object', properties: { type: { type: 'string' } } } } } },
          },
        },
      },
    },
  },
};
const SOME_SHAPES =
  'POST /entities 400: the error schema has no code and no message in 1 of its 2 oneOf/anyOf shapes. Add a required `code` and a required `message`.';
const EVERY_SHAPE = 'POST /entities 400: the error schema has no code. Add a required `code`.';
const PER_ITEM = 'POST /Statements 409: the error schema has no code (`items[].errors[].type` is per item). Add a required `code`.';
const someShapes = duplicatesOf(SOME_SHAPES, CODE_AND_MESSAGE, BRANCHES, 'Either');
const everyShape = duplicatesOf(EVERY_SHAPE, { concept: 'errorCode' }, BRANCHES, 'Either');
const perItem = duplicatesOf(PER_ITEM, { concept: 'errorCode' }, BRANCHES, 'Batch');
test('a finding about some oneOf shapes is not contradicted by a member of another shape; one about every shape is; a member named by its path through lists is named', () => {
  expect(someShapes()).toEqual([]);
  expect(everyShape()).toEqual([{ concept: 'errorCode', existing: ['error (string)'] }]);
  expect(perItem()).toEqual([]);
});

const LINKS = {
  components: {
    schemas: {
      Project: { type: 'object', properties: { link: { type: 'object', properties: { type: { type: 'string' }, repo: { type: 'string' } } } } },
      Linked: { type: 'object', properties: { link: { type: 'object', properties: { href: { type: 'string' } } } } },
    },
  },
};
const NO_STEPS = 'POST /projects 200: the response schema does not declare `nextSteps`. Add `nextSteps`.';
const repoLink = duplicatesOf(NO_STEPS, { concept: 'nextSteps' }, LINKS, 'Project');
const hrefLink = duplicatesOf(NO_STEPS, { concept: 'nextSteps' }, LINKS, 'Linked');
test("a `link` with nothing below it that points somewhere (Vercel's Git repository) is no link; one with an `href` is", () => {
  expect(repoLink()).toEqual([]);
  expect(hrefLink()).toEqual([{ concept: 'nextSteps', existing: ['link (object)'] }]);
});

const doc = JSON.stringify(CODAT);
const secondMember = evaluate(`m.editDuplicates(${doc}, { traceId: { type: 'string' }, retryable: { type: 'boolean' } }, ${members(CODAT, 'ErrorMessage')})`);
const twoStyles = evaluate(`m.editDuplicates(${doc}, { recoveryHint: { type: 'string' }, recovery_hint: { type: 'string' } }, [])`);
const newConcept = evaluate(`m.editDuplicates(${doc}, { recoveryHint: { type: 'string' } }, ${members(CODAT, 'ErrorMessage')})`);
test('an edit that adds a second member for a concept, or two for one, is a duplicate; a new concept is not', () => {
  expect(secondMember()).toEqual([
    { added: 'traceId', concept: 'correlationId', existing: ['correlationId (string)'] },
    { added: 'retryable', concept: 'retryFlag', existing: ['canBeRetried (string)'] },
  ]);
  expect(twoStyles()).toEqual([
    { added: 'recoveryHint', concept: 'recoveryHint', existing: ['recovery_hint (added too)'] },
    { added: 'recovery_hint', concept: 'recoveryHint', existing: ['recoveryHint (added too)'] },
  ]);
  expect(newConcept()).toEqual([]);
});

const FINDINGS = Array.from({ length: 60 }, (_, i) => ({ file: `api-${i % 3}.json`, code: `rule-${i % 2}`, path: `p/${i}`, message: `m${i}` }));
const draw = (findings: object[], seed: number, size: number, perGroup: number) =>
  evaluate(`m.drawSample(${JSON.stringify(findings)}, { seed: ${seed}, size: ${size}, perGroup: ${perGroup} })`);
const first = draw(FINDINGS, 26, 12, 8);
const reversed = draw([...FINDINGS].reverse(), 26, 12, 8);
const otherSeed = draw(FINDINGS, 27, 12, 8);
test('the same seed draws the same sample, whatever the order of the findings; another seed another one', () => {
  expect(reversed()).toEqual(first());
  expect(otherSeed()).not.toEqual(first());
  expect(first()).toHaveLength(12);
});

const capped = draw(FINDINGS, 1, 60, 2);
test('the sample takes at most perGroup findings of one API and rule', () => {
  const sample = capped() as { file: string; code: string }[];
  expect(sample).toHaveLength(12); // 3 APIs × 2 rules × 2
  const groups = new Map<string, number>();
  for (const finding of sample) groups.set(`${finding.file} ${finding.code}`, (groups.get(`${finding.file} ${finding.code}`) ?? 0) + 1);
  expect([...groups.values()]).toEqual(Array(6).fill(2));
});

const JUDGED = [
  { real: 'y', rightFix: 'y' },
  { real: 'y', rightFix: 'partly' },
  { real: 'n', rightFix: 'n' },
  { real: 'Y', rightFix: 'y' },
  { real: '', rightFix: '' },
];
const tallied = evaluate(`m.tally(${JSON.stringify(JUDGED)})`);
test('the tally counts only judged findings, and a partly right fix apart from a right one', () => {
  expect(tallied()).toEqual({
    judged: 4,
    unjudged: 1,
    real: 3,
    realShare: 75,
    rightFix: 2,
    partlyFix: 1,
    wrongFix: 1,
    rightFixShare: 50,
    partlyFixShare: 25,
  });
});

test('the benchmark holds no description of the corpus, and pins each by version and sha256', () => {
  type Entry = { file: string; package: string; version: string; member: string; sha256: string };
  const read = (...path: string[]) => (JSON.parse(readFileSync(join(__dirname, '..', ...path), 'utf8')) as { files: Entry[] }).files;
  const corpus = read('scripts', 'corpus.json');
  const benchmark = read('benchmark', 'benchmark.json');
  const api = (entry: Entry) => `${entry.package} ${entry.member}`;
  expect(benchmark.filter(entry => corpus.some(other => api(other) === api(entry) || other.file === entry.file)).map(api)).toEqual([]);
  expect(new Set(benchmark.map(entry => entry.file)).size).toBe(benchmark.length);
  expect(benchmark.filter(entry => !/^\d+\.\d+\.\d+$/.test(entry.version) || !/^[0-9a-f]{64}$/.test(entry.sha256)).map(api)).toEqual([]);
  expect(benchmark.length).toBeGreaterThanOrEqual(100);
});

const judgedSamples = evaluate('m.judgedSamples()');

test('every judged sample in benchmark/ is found by its name, judged through, and said in benchmark/README.md what it is', () => {
  const files = judgedSamples() as string[];
  const readme = readFileSync(join(__dirname, '..', 'benchmark', 'README.md'), 'utf8');
  expect(files.length).toBeGreaterThanOrEqual(13);
  for (const file of files) {
    const { items } = JSON.parse(readFileSync(file, 'utf8')) as { items: { real: string; rightFix: string }[] };
    const unjudged = items.filter(item => !['y', 'n'].includes(item.real) || !['y', 'partly', 'n'].includes(item.rightFix));
    expect({ file: basename(file), items: items.length, unjudged: unjudged.length, inReadme: readme.includes(`\`${basename(file)}\``) }).toEqual({
      file: basename(file),
      items: 80,
      unjudged: 0,
      inReadme: true,
    });
  }
});

/** `benchmark.mjs --reuse` on a last run whose one raw file holds `finding`: its exit status and what it wrote to stderr. */
function reuseRun(finding: object): { status: number | null; stderr: string } {
  const dir = mkdtempSync(join(tmpdir(), 'benchmark-reuse-'));
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify({ files: [{ file: 'api.json' }] }));
  mkdirSync(join(dir, 'out', 'raw'), { recursive: true });
  writeFileSync(join(dir, 'out', 'raw', 'api.json.json'), JSON.stringify({ findings: [finding], edits: [] }));
  const script = join(__dirname, '..', 'benchmark', 'benchmark.mjs');
  const child = spawnSync(process.execPath, [script, '--manifest', join(dir, 'manifest.json'), '--out', join(dir, 'out'), '--reuse'], { encoding: 'utf8' });
  return { status: child.status, stderr: child.stderr.replace(/\S*api\.json\.json/, 'api.json.json') };
}

const FINDING = { code: 'ax-recoverable-suggestion', severity: 1, path: ['paths'], message: 'GET /a 400: the error schema has no recovery hint.' };
test('--reuse refuses, in one line and with exit 2, a last run whose findings carry no data (they could not be judged); a run whose findings do is read', () => {
  expect(reuseRun(FINDING)).toEqual({
    status: 2,
    stderr: 'api.json.json: findings without `messageId` and `data` (a run from before findings carried them): run again without --reuse\n',
  });
  // Read, it goes on to the descriptions, which this test has not fetched.
  expect(reuseRun({ ...FINDING, messageId: 'schemaProblem', data: { concept: 'recoveryHint' } }).stderr).toMatch(
    /^1 files not fetched: run `node scripts\/fetch-corpus.mjs /,
  );
});
