/**
 * `spectral-agent-ux fix`, proven by applying it: on descriptions in YAML and JSON, Swagger 2.0 and
 * OpenAPI 3.0/3.1, the Overlay applied by an independent implementation (openapi-overlays-js) and the
 * `--apply` edit of the file give the same document (and so does openapi-format, a second implementation, every action
 * matching a node); linting it again, every finding an edit claimed is
 * gone, no new finding of this package appears, and spectral:oas reports no new error.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { planFixes } from '../cli/fixes';
import { lint } from '../cli/lint';
import { applyWithOpenapiFormat, claimedPlaces, oasErrors, planOutcome } from './support/fixes';
import { FIX_PROOFS } from '../scripts/docs-tables';
import { ROOT } from './support/report';
import { at, body, JSON_SCHEMA, oas3, PAYMENT, PROBLEM, ref } from './support/documents';
import { runMain as run } from './support/bin';
import { unconcernedGains } from './support/members';

/** The overlay applied by openapi-overlays-js, in its own process (it is an ES module). */
function applyIndependently(documentFile: string, overlayFile: string): unknown {
  const script = `import { applyOverlay } from 'openapi-overlays-js/src/overlay.js'; import { readFileSync } from 'node:fs'; import { parse } from 'yaml';
    const [spec, overlay] = process.argv.slice(1).map(file => parse(readFileSync(file, 'utf8')));
    process.stdout.write(JSON.stringify(applyOverlay(spec, overlay)));`;
  const applied = spawnSync(process.execPath, ['--input-type=module', '-e', script, documentFile, overlayFile], { cwd: ROOT, encoding: 'utf8' });
  expect(applied.stderr).toBe('');
  return JSON.parse(applied.stdout);
}

/** The descriptions whose fixes docs/fix.md lists (its table is generated from them: test/docs-tables.test.ts). */
const CASES = FIX_PROOFS.map(([name, file]) => [name, join(ROOT, file)] as const);

describe.each(CASES)('%s', (_name, source) => {
  const dir = mkdtempSync(join(tmpdir(), 'fix-'));
  const yamlFile = join(dir, 'openapi.yaml');
  const jsonFile = join(dir, 'openapi.json');
  copyFileSync(source, yamlFile);
  writeFileSync(jsonFile, `${JSON.stringify(parse(readFileSync(source, 'utf8')), null, 2)}\n`);

  test('the overlay, applied independently, and --apply in YAML and in JSON give one document that clears every claimed finding and adds none', async () => {
    const before = await lint(yamlFile, undefined, { cwd: dir, edits: true });
    const plan = planFixes(before);
    expect(plan.fixed.length).toBeGreaterThan(0);

    expect(await run(['fix', 'openapi.yaml', '-o', 'overlay.yaml'], dir)).toMatchObject({ code: 0 });
    const overlaid = applyIndependently(yamlFile, join(dir, 'overlay.yaml'));
    const original = readFileSync(yamlFile, 'utf8');
    expect(await run(['fix', 'openapi.yaml', '--apply'], dir)).toMatchObject({ code: 0 });
    expect(await run(['fix', 'openapi.json', '--apply'], dir)).toMatchObject({ code: 0 });
    expect(parse(readFileSync(yamlFile, 'utf8'))).toEqual(overlaid);
    expect(JSON.parse(readFileSync(jsonFile, 'utf8'))).toEqual(overlaid);
    expect(await applyWithOpenapiFormat(parse(original), parse(readFileSync(join(dir, 'overlay.yaml'), 'utf8')))).toEqual({ result: overlaid, unmatched: 0 });

    // Nothing of the YAML was rewritten: every original line is still there, in order.
    const edited = readFileSync(yamlFile, 'utf8').split('\n');
    let at = 0;
    for (const line of original.split('\n').filter(line => !/x-ax-(retryable|idempotent): (true|false)$/.test(line)))
      at = edited.indexOf(line, at) + 1 || Number.NaN;
    expect(at).not.toBeNaN();

    const after = await lint(yamlFile, undefined, { cwd: dir, edits: true });
    expect(planOutcome(before.diagnostics, plan, after.diagnostics)).toEqual({ kept: [], added: [] });
    expect(planFixes(after).fixed).toEqual([]);
  });

  test('spectral:oas reports no new error, and the version is unchanged', async () => {
    const dir2 = mkdtempSync(join(tmpdir(), 'fix-oas-'));
    const file = join(dir2, 'openapi.yaml');
    copyFileSync(source, file);
    const errorsBefore = await oasErrors(readFileSync(file, 'utf8'), file);
    expect(await run(['fix', 'openapi.yaml', '--apply'], dir2)).toMatchObject({ code: 0 });
    expect([...(await oasErrors(readFileSync(file, 'utf8'), file))].filter(error => !errorsBefore.has(error))).toEqual([]);
    const versionOf = (text: string) => {
      const data = parse(text) as Record<string, unknown>;
      return data.openapi ?? data.swagger;
    };
    expect(versionOf(readFileSync(file, 'utf8'))).toBe(versionOf(readFileSync(source, 'utf8')));
  });
});

test("a code the example sends under an undeclared name (Slack's `error`) is declared as it is: applied, the finding is gone and nothing new appears", async () => {
  const dir = mkdtempSync(join(tmpdir(), 'fix-example-code-'));
  const file = join(dir, 'openapi.json');
  const slack = oas3({
    '/workflows.stepCompleted': {
      get: {
        responses: {
          '200': { description: 'OK' },
          default: {
            description: 'Typical error response',
            content: {
              'application/json': {
                schema: { type: 'object', required: ['ok'], properties: { ok: { type: 'boolean' } } },
                examples: { response: { value: { ok: false, error: 'invalid_auth', message: 'The token is not valid' } } },
              },
            },
          },
        },
      },
    },
  });
  writeFileSync(file, JSON.stringify(slack, null, 2));
  const before = await lint(file, undefined, { cwd: ROOT, edits: true });
  const structure = before.diagnostics.filter(diagnostic => diagnostic.code === 'ax-recoverable-error-structure').map(diagnostic => diagnostic.message);
  expect(structure).toEqual([
    'GET /workflows.stepCompleted default: the error schema has no code and no message. Add a required `error`, the code its example sends ("invalid_auth") and a required `message`, as its example sends; your error handler must then send them.',
  ]);
  const plan = planFixes(before);
  expect(await run(['fix', 'openapi.json', '--apply'], dir)).toMatchObject({ code: 0 });
  const fixed = JSON.parse(readFileSync(file, 'utf8'));
  expect(fixed.paths['/workflows.stepCompleted'].get.responses.default.content['application/json'].schema.required).toEqual(['ok', 'error', 'message']);
  const after = await lint(file, undefined, { cwd: ROOT });
  expect(planOutcome(before.diagnostics, plan, after.diagnostics)).toEqual({ kept: [], added: [] });
});

test('an API that speaks the AWS JSON protocol gets its code as `__type`, named after its exception: applied, the finding is gone and nothing new appears', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'fix-aws-json-'));
  const file = join(dir, 'openapi.json');
  const target = (name: string) => ({ name: 'X-Amz-Target', in: 'header', required: true, schema: { type: 'string', enum: [`ECR.${name}`] } });
  const operation = (name: string) => ({
    post: {
      operationId: name,
      parameters: [target(name)],
      responses: {
        '200': { description: 'OK' },
        '480': { description: 'ServerException', content: { 'application/json': { schema: { $ref: '#/components/schemas/ServerException' } } } },
      },
    },
  });
  const aws = oas3(
    { '/#X-Amz-Target=ECR.DescribeImages': operation('DescribeImages'), '/#X-Amz-Target=ECR.ListImages': operation('ListImages') },
    { schemas: { ServerException: {} } },
  );
  writeFileSync(file, JSON.stringify(aws, null, 2));
  const before = await lint(file, undefined, { cwd: ROOT, edits: true });
  const structure = before.diagnostics.filter(diagnostic => diagnostic.code === 'ax-recoverable-error-structure').map(diagnostic => diagnostic.message);
  expect(structure).toEqual([
    '`ServerException` (used by 2 responses): has no code and no message. Add a required `__type` (e.g. "ServerException") and a required `message`; your error handler must then send them.',
  ]);
  const plan = planFixes(before);
  expect(await run(['fix', 'openapi.json', '--apply'], dir)).toMatchObject({ code: 0 });
  expect(JSON.parse(readFileSync(file, 'utf8')).components.schemas.ServerException.required).toEqual(['__type', 'message']);
  const after = await lint(file, undefined, { cwd: ROOT });
  expect(planOutcome(before.diagnostics, plan, after.diagnostics)).toEqual({ kept: [], added: [] });
});

describe('ax-envelope-next-steps-shape: what its fix may change', () => {
  const string = { type: 'string' };
  const loose = { type: 'object', properties: { action: string, method: string, href: string, description: string } };
  /** A PUT answering steps whose four members are declared, none required, `method` any string; with a response example, if given. */
  const withSteps = (example?: object) =>
    oas3({
      '/orders/{id}': {
        put: {
          'x-ax-retryable': true,
          'x-ax-idempotent': true,
          responses: {
            '200': {
              description: 'OK',
              content: {
                'application/json': {
                  schema: { type: 'object', properties: { nextSteps: { type: 'array', items: loose } } },
                  ...(example === undefined ? {} : { example }),
                },
              },
            },
          },
        },
      },
    });
  const plan = async (description: object) => {
    const file = join(mkdtempSync(join(tmpdir(), 'fix-shape-')), 'openapi.json');
    writeFileSync(file, JSON.stringify(description));
    const { fixed, left } = planFixes(await lint(file, undefined, { cwd: ROOT, edits: true }));
    const shape = (message: string) => message.replace(/^PUT \/orders\/\{id\} 200: the items of `nextSteps` /, '');
    return {
      fixed: fixed.filter(({ diagnostic }) => diagnostic.code === 'ax-envelope-next-steps-shape').map(({ diagnostic }) => shape(diagnostic.message)),
      left: left.filter(diagnostic => diagnostic.code === 'ax-envelope-next-steps-shape').map(diagnostic => shape(diagnostic.message)),
    };
  };
  const REQUIRE = (name: string) => `declare but do not require \`${name}\`. Add it to their \`required\` list; your handler must then send it.`;
  const ANY_METHOD = 'let `method` be any string, not only a verb an agent can send. Limit it with `enum: [GET, POST, PUT, PATCH, DELETE]`.';

  test('with no example of steps: each member required and `method` limited', async () => {
    expect(await plan(withSteps())).toEqual({ fixed: [...['action', 'method', 'href', 'description'].map(REQUIRE), ANY_METHOD], left: [] });
  });

  test("an example's step without `description` and with a HEAD keeps those two for a person; the rest is fixed", async () => {
    const example = { nextSteps: [{ action: 'Check the order', method: 'HEAD', href: '/orders/o_1' }] };
    expect(await plan(withSteps(example))).toEqual({ fixed: ['action', 'method', 'href'].map(REQUIRE), left: [REQUIRE('description'), ANY_METHOD] });
  });
});

describe('the command line', () => {
  test('--apply prints how many findings it fixed, then each finding left for a person with its rule, place and message', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fix-apply-'));
    copyFileSync(join(ROOT, 'test', 'fixtures', 'conventions', 'dotnet-fault.yaml'), join(dir, 'openapi.yaml'));
    const { code, stdout, stderr } = await run(['fix', 'openapi.yaml', '--apply'], dir);
    const lines = stderr.trimEnd().split('\n');
    expect({ code, stdout, head: lines.slice(0, 2), left: lines.length - 2 }).toEqual({
      code: 0,
      stdout: '',
      head: [
        'spectral-agent-ux fix: fixed 5 of 6 findings in openapi.yaml (4 objects edited)',
        '1 finding left for a person (prose, a real URL or a decision):',
      ],
      left: 1,
    });
    expect(lines[2]).toBe(
      '  ax-recoverable-no-stack-traces at definitions.Fault.properties.StackTrace: `Fault` (used by 3 responses): the error schema declares `StackTrace` in its `fault` object, a stack trace an agent cannot use. Remove it: log it server-side and return a `trace_id` the agent can quote.',
    );
  });

  test.each([
    ['a missing file', () => 'missing.yaml', 'missing.yaml: no such file'],
    [
      'YAML that does not parse',
      (dir: string) => (writeFileSync(join(dir, 'bad.yaml'), 'openapi: 3.0.0\ninfo: [\n'), 'bad.yaml'),
      'bad.yaml: invalid YAML at line 3: Unexpected end of the stream within a flow collection',
    ],
    [
      'a file that is no OpenAPI description',
      (dir: string) => (writeFileSync(join(dir, 'package.json'), '{"name": "x"}\n'), 'package.json'),
      'package.json: not an OpenAPI description (no `openapi: 3.x` or `swagger: "2.0"` at the top level)',
    ],
  ])('%s: one line naming the file and the cause, exit 2, nothing written', async (_name, prepare, line) => {
    const dir = mkdtempSync(join(tmpdir(), 'fix-bad-'));
    const file = prepare(dir);
    for (const extra of [[], ['--apply']]) {
      const before = readdirSync(dir).map(name => [name, readFileSync(join(dir, name), 'utf8')]);
      expect(await run(['fix', file, ...extra], dir)).toEqual({ code: 2, stdout: '', stderr: `spectral-agent-ux fix: ${line}\n` });
      expect(readdirSync(dir).map(name => [name, readFileSync(join(dir, name), 'utf8')])).toEqual(before);
    }
  });

  test('an edit reached through a $ref into an array (`allOf/0`) targets the item by index, as strict JSONPath needs', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fix-index-'));
    const items = '#/paths/~1actions/post/responses/200/content/application~1json/schema/allOf/0/properties/actions/items';
    // Two mutations: the steps may go where both reach (a read would need an envelope of its own instead).
    const description = oas3(
      {
        '/actions': {
          post: {
            'x-ax-retryable': false,
            responses: { '200': body({ allOf: [{ type: 'object', properties: { actions: { type: 'array', items: PAYMENT } } }] }) },
          },
        },
        '/actions/run': { post: { 'x-ax-retryable': false, responses: { '201': body({ $ref: items }) } } },
      },
      { schemas: {} },
    );
    writeFileSync(join(dir, 'openapi.json'), JSON.stringify(description));
    const { stdout } = await run(['fix', 'openapi.json'], dir);
    const overlay = parse(stdout) as { actions: { target: string }[] };
    expect(overlay.actions.map(action => action.target)).toContain(
      "$['paths']['/actions']['post']['responses']['200']['content']['application/json']['schema']['allOf'][0]['properties']['actions']['items']",
    );
    expect((await applyWithOpenapiFormat(description, overlay)).unmatched).toBe(0);
  });

  test('nextSteps is not added to a schema that another composes while declaring its own steps (a component named `example` too); a composition written in an example is no schema', async () => {
    const composer = { allOf: [{ $ref: '#/components/schemas/Payment' }, { properties: { nextSteps: { type: 'array', items: { type: 'object' } } } }] };
    const stepsEditedOn = async (components: object, example?: unknown) => {
      const dir = mkdtempSync(join(tmpdir(), 'fix-composed-'));
      const created = { description: 'Created', content: { 'application/json': { schema: { $ref: '#/components/schemas/Payment' }, example } } };
      const paths = { '/payments': { post: { 'x-ax-retryable': false, responses: { '201': created } } } };
      writeFileSync(join(dir, 'openapi.json'), JSON.stringify(oas3(paths, { schemas: { Payment: PAYMENT, ...components } })));
      const overlay = parse((await run(['fix', 'openapi.json'], dir)).stdout) as { actions: { target: string; update: object }[] };
      return overlay.actions.some(action => action.target === "$['components']['schemas']['Payment']" && JSON.stringify(action.update).includes('nextSteps'));
    };
    expect(await stepsEditedOn({})).toBe(true);
    expect(await stepsEditedOn({ PaymentWithSteps: composer })).toBe(false);
    expect(await stepsEditedOn({ example: composer })).toBe(false);
    expect(await stepsEditedOn({}, { id: 'p_1', amount: 1, shape: composer })).toBe(true);
  });

  describe('a member for some responses goes into an envelope of theirs when others share the schema (the code-first case: `Order` of a Fastify app)', () => {
    const ORDER = { type: 'object', required: ['id', 'status'], properties: { id: { type: 'string' }, status: { type: 'string' } } };
    const order = { $ref: '#/components/schemas/Order' };
    const idParameter = [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }];
    const problem = { description: 'Rejected', content: { 'application/json': { schema: { $ref: '#/components/schemas/Problem' } } } };
    const mutation = (status: string) => ({ 'x-ax-retryable': false, responses: { [status]: body(order), '400': problem } });
    /** CRUD on orders with a cancel transition: `Order` is the body of two mutations, of a read, the items of a list and a request body. */
    const orders = (readsOrder = true) =>
      oas3(
        {
          '/orders': {
            post: { ...mutation('201'), requestBody: { content: { 'application/json': { schema: order } } } },
            get: { responses: { '200': body({ type: 'array', items: order }) } },
          },
          '/orders/{id}': { parameters: idParameter, ...(readsOrder ? { get: { responses: { '200': body(order) } } } : {}) },
          '/orders/{id}/cancel': { parameters: idParameter, post: mutation('200') },
        },
        { schemas: { Order: ORDER, Problem: PROBLEM } },
      );
    const fixed = async (description: object) => {
      const dir = mkdtempSync(join(tmpdir(), 'fix-envelope-'));
      const file = join(dir, 'openapi.json');
      writeFileSync(file, JSON.stringify(description));
      const before = await lint(file, undefined, { cwd: dir, edits: true });
      expect(await run(['fix', 'openapi.json', '--apply'], dir)).toMatchObject({ code: 0 });
      const after = await lint(file, undefined, { cwd: dir });
      const steps = (diagnostics: typeof before.diagnostics) => diagnostics.filter(d => d.code === 'ax-envelope-next-steps');
      const plan = planFixes(before);
      return {
        before: steps(before.diagnostics),
        after: steps(after.diagnostics),
        result: JSON.parse(readFileSync(file, 'utf8')),
        plan,
        claimed: claimedPlaces(before, plan),
      };
    };

    test('declares `OrderWithNextSteps` once, points only the two mutations at it, and leaves `Order`, the reads and the request body as they were', async () => {
      const description = orders();
      const { before, after, result, claimed } = await fixed(description);
      expect(before.map(d => d.message)).toEqual([
        'POST /orders 201: no `nextSteps`. Answer an `allOf` of `Order` and `nextSteps`: [{ action, method, href, description }] (all required, `method` an HTTP-method enum).',
        'POST /orders/{id}/cancel 200: no `nextSteps`. Answer an `allOf` of `Order` and `nextSteps`: [{ action, method, href, description }] (all required, `method` an HTTP-method enum).',
      ]);
      expect(after).toEqual([]);
      expect(result.components.schemas.Order).toEqual(ORDER);
      expect(result.components.schemas.OrderWithNextSteps).toEqual({
        allOf: [order, { type: 'object', properties: { nextSteps: { type: 'array', items: { $ref: '#/components/schemas/NextStep' } } } }],
      });
      const schemaOf = (path: string, method: string, status: string) => result.paths[path][method].responses[status].content['application/json'].schema;
      expect([schemaOf('/orders', 'post', '201'), schemaOf('/orders/{id}/cancel', 'post', '200')]).toEqual([
        { $ref: '#/components/schemas/OrderWithNextSteps' },
        { $ref: '#/components/schemas/OrderWithNextSteps' },
      ]);
      expect([schemaOf('/orders/{id}', 'get', '200'), schemaOf('/orders', 'get', '200')]).toEqual([order, { type: 'array', items: order }]);
      expect(unconcernedGains(description as never, result, claimed)).toEqual([]);
    });

    test('a schema only the mutations use is edited in place, as before', async () => {
      const description = orders(false) as { paths: Record<string, Record<string, unknown>> };
      delete description.paths['/orders'].get;
      delete (description.paths['/orders'].post as { requestBody?: unknown }).requestBody;
      const { after, result } = await fixed(description);
      expect(after).toEqual([]);
      expect(result.components.schemas.OrderWithNextSteps).toBeUndefined();
      expect(Object.keys(result.components.schemas.Order.properties)).toEqual(['id', 'status', 'nextSteps']);
    });

    test('without the envelope (every fix edits the shared schema) the property check sees the read gain the member', () => {
      const description = orders() as { components: { schemas: Record<string, { properties: object }> } };
      const edited = structuredClone(description);
      edited.components.schemas.Order.properties = { ...edited.components.schemas.Order.properties, nextSteps: { type: 'array' } };
      expect(unconcernedGains(description as never, edited as never, [at('/orders', 'post', '201')])).toEqual([
        'GET /orders 200 application/json: declared:[].nextSteps',
        'POST /orders request application/json: declared:nextSteps',
        'GET /orders/{id} 200 application/json: declared:nextSteps',
        'POST /orders/{id}/cancel 200 application/json: declared:nextSteps',
      ]);
    });
  });

  test("an error schema a response reaches through a `oneOf` branch keeps its members: that response gains nothing (GitHub's PUT contents 409)", async () => {
    const string = { type: 'string' };
    const noCode = { type: 'object', required: ['message'], properties: { message: string } };
    const conflict = { type: 'object', required: ['code', 'message'], properties: { code: string, message: string } };
    const rejected = body({ oneOf: [ref('Problem'), ref('Conflict')] });
    const description = oas3(
      {
        '/a': { get: { responses: { '200': { description: 'OK' }, '404': body(ref('Problem')), '410': body(ref('Gone')) } } },
        '/b': { post: { 'x-ax-retryable': false, responses: { '201': { description: 'Created' }, '409': rejected } } },
      },
      { schemas: { Problem: noCode, Gone: noCode, Conflict: conflict } },
    );
    const dir = mkdtempSync(join(tmpdir(), 'fix-branch-'));
    const file = join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(description));
    const structure = async () =>
      (await lint(file, undefined, { cwd: dir })).diagnostics
        .filter(d => d.code === 'ax-recoverable-error-structure')
        .map(d => ({ path: d.path, message: d.message }));
    const before = await lint(file, undefined, { cwd: dir, edits: true });
    // Each schema's finding is on it; the 409's inline `oneOf` is the 409's own.
    const noCodeOn = (schema: string, user: string, example: string) => ({
      path: ['components', 'schemas', schema],
      message: `\`${schema}\` (used by ${user}): has no code. Add a required \`code\` (e.g. "${example}"); your error handler must then send it.`,
    });
    const left = [
      {
        path: at('/b', 'post', '409', ...JSON_SCHEMA),
        message:
          'POST /b 409: the error schema has no code in 1 of its 2 oneOf/anyOf shapes. Add a required `code` (e.g. "CONFLICT"); your error handler must then send it.',
      },
      // The 409 reaches `Problem` too, through its `oneOf`: the finding says so.
      noCodeOn('Problem', 'GET /a 404, 1 of 2', 'NOT_FOUND'),
    ];
    expect(await structure()).toEqual([...left, noCodeOn('Gone', 'GET /a 410', 'GONE')]);

    expect(await run(['fix', 'openapi.json', '--apply'], dir)).toMatchObject({ code: 0 });
    const result = JSON.parse(readFileSync(file, 'utf8'));
    // `Gone`, which only the 410 uses, is fixed; `Problem`, a branch of the 409's `oneOf`, is left to a person, whole.
    expect(result.components.schemas.Gone.required).toEqual(['message', 'code']);
    expect(result.components.schemas.Problem).toEqual(noCode);
    expect(result.paths['/b'].post.responses['409']).toEqual(rejected);
    expect(await structure()).toEqual(left);
    expect(unconcernedGains(description as never, result, claimedPlaces(before, planFixes(before)))).toEqual([]);
  });

  test('no file to fix is a usage error', async () => {
    expect(await run(['fix'], ROOT)).toEqual({ code: 2, stdout: '', stderr: 'spectral-agent-ux fix: missing the OpenAPI file to fix (see --help)\n' });
  });

  test('--apply and --output together are a usage error', async () => {
    expect(await run(['fix', 'examples/naive.yaml', '--apply', '-o', 'x.yaml'], ROOT)).toEqual({
      code: 2,
      stdout: '',
      stderr: 'spectral-agent-ux fix: --apply edits the file itself; --output writes an overlay instead: choose one (see --help)\n',
    });
  });

  test('the overlay names its targets in bracket notation and each action the findings it clears', async () => {
    const { code, stdout, stderr } = await run(['fix', 'examples/naive.yaml'], ROOT);
    expect(code).toBe(0);
    const overlay = parse(stdout) as { overlay: string; actions: { target: string; description: string }[] };
    expect(overlay.overlay).toBe('1.0.0');
    expect(overlay.actions[0]).toMatchObject({ target: "$['paths']['/payments']['post']", description: 'Clears 1 ax-recoverable-retryable.' });
    expect(stderr.split('\n')[0]).toBe('spectral-agent-ux fix: 11 actions clear 17 of 32 findings');
  });

  test('the report says what share of the findings fix clears, as fix itself counts them', async () => {
    const { stdout } = await run(['report', 'examples/naive.yaml', '-f', 'json'], ROOT);
    expect(JSON.parse(stdout).autofix).toEqual({ findings: 32, cleared: 17, edits: 11 });
    expect((await run(['report', 'examples/naive.yaml'], ROOT)).stdout).toContain(
      '\n`spectral-agent-ux fix` clears 17 of 32 findings (53%) with 11 edits; the rest need a person.\n',
    );
    const dir = mkdtempSync(join(tmpdir(), 'fix-all-'));
    copyFileSync(join(ROOT, 'test', 'fixtures', 'conventions', 'zod-issues.yaml'), join(dir, 'openapi.yaml'));
    expect((await run(['report', 'openapi.yaml'], dir)).stdout).toContain(
      '\n`spectral-agent-ux fix` clears 5 of 5 findings (100%) with 4 edits; nothing is left for a person.\n',
    );
  });
});
