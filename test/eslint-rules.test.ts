/**
 * The ESLint plugin's rules (`spectral-agent-ux/eslint`), with ESLint's own RuleTester and
 * typescript-eslint's parser: each rule's must-report and must-stay-silent cases, every option.
 */
import { join } from 'node:path';
import { Linter, RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import plugin from '../eslint';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module' } });
const rule = (name: keyof typeof plugin.rules) => plugin.rules[name] as never;

tester.run('agent-ux/no-inline-next-steps', rule('no-inline-next-steps'), {
  valid: [
    { code: 'reply.send({ id, nextSteps: recordNextSteps(record.id, record.status) });' },
    {
      code: 'function recordNextSteps(id: string) { return { nextSteps: [{ action: "Read", method: "GET", href: `/v1/records/${id}`, description: "d" }] }; }',
      options: [{ helpers: ['recordNextSteps'] }],
    },
    { code: 'const stepsFor = (id: string) => ({ nextSteps: [] });', options: [{ helpers: ['stepsFor'] }] },
    { code: 'const body = { nextSteps: [] };', filename: '/app/src/steps/helpers.ts', options: [{ allowIn: ['/steps/'] }] },
    // The shape of a mocked response in agledger-ai/sdk's src/__tests__/http.test.ts: test files are exempt by default.
    {
      code: 'mockFetch({ status: 409, body: { code: "STATE_CONFLICT", nextSteps: [{ action: "Read", method: "GET", href: "/v1/records/r1" }] } });',
      filename: join(process.cwd(), 'src', '__tests__', 'http.test.ts'),
    },
    { code: 'const body = { nextSteps: [] };', filename: join(process.cwd(), 'tests', 'server.ts') },
    // "Next steps" that are not envelope steps, in the shapes public code writes them (a sales-call summary, a fallback report).
    { code: 'const summary = { nextSteps: [{ step: "Send the SOC 2 report", owner: "us", dueDate: null }] };' },
    { code: 'function fallback() { return { concerns: [], nextSteps: ["Retake photos in better light", `Book a call with ${name}`] }; }' },
    { code: 'const body = { links: [] };' },
    { code: 'const body = { [key]: [] };' },
    // A step list from elsewhere: a parameter, a module-level constant (a central list), a helper's own `const`, notes in a `const`.
    { code: 'function handler(reply, id, nextSteps) { reply.send({ id, nextSteps }); }' },
    {
      code: 'const DEFAULT_STEPS = [{ action: "List", method: "GET", href: "/v1/orders" }]; function handler(reply) { reply.send({ nextSteps: DEFAULT_STEPS }); }',
    },
    {
      code: 'function recordNextSteps(id: string) { const nextSteps = [{ action: "Read", method: "GET", href: `/v1/records/${id}` }]; return { nextSteps }; }',
      options: [{ helpers: ['recordNextSteps'] }],
    },
    { code: 'function summary() { const nextSteps = ["Call the customer"]; return { nextSteps }; }' },
  ],
  invalid: [
    {
      code: 'reply.send({ id, nextSteps: [{ action: "Read", method: "GET", href: `/v1/records/${id}`, description: "d" }] });',
      errors: [
        {
          message:
            '`nextSteps` is built inline, where no test can enumerate its steps. Return it from a central helper (e.g. `nextSteps: recordNextSteps(record.id, record.status)`) and test that every step it can emit resolves.',
        },
      ],
    },
    { code: 'const body = { "next_steps": [] };', errors: [{ messageId: 'inline', data: { name: 'next_steps' } }] },
    { code: 'const body = { next: [] };', options: [{ nextSteps: ['next'] }], errors: [{ messageId: 'inline', data: { name: 'next' } }] },
    { code: 'function handler() { return { nextSteps: [] }; }', options: [{ helpers: ['recordNextSteps'] }], errors: [{ messageId: 'inline' }] },
    { code: 'const body = { nextSteps: [] };', filename: join(process.cwd(), 'src', 'orders.ts'), errors: [{ messageId: 'inline' }] },
    { code: 'const body = { nextSteps: [{ ...readStep(id), description: "Read it." }] };', errors: [{ messageId: 'inline' }] },
    { code: 'const body = { nextSteps: [stepFor(order), { label: "Pay" }] };', errors: [{ messageId: 'inline' }] },
    {
      code: 'const body = { nextSteps: [{ rel: "self", verb: "GET" }] };',
      options: [{ nextStepItem: ['rel', 'verb', 'url', 'title'] }],
      errors: [{ messageId: 'inline' }],
    },
    {
      code: 'const body = { nextSteps: [] };',
      filename: join(process.cwd(), 'src', '__tests__', 'orders.ts'),
      options: [{ allowIn: ['/steps/'] }],
      errors: [{ messageId: 'inline' }],
    },
    // A local `const` followed into what is sent or returned.
    {
      code: 'app.post("/v1/orders", async (request, reply) => { const id = create(request.body); const nextSteps = [{ action: "Read", method: "GET", href: `/v1/orders/${id}`, description: "d" }]; reply.send({ id, nextSteps }); });',
      errors: [{ messageId: 'inline', data: { name: 'nextSteps' }, line: 1, column: 201 }],
    },
    {
      code: 'function handler(id: string) { const steps = [{ method: "DELETE", href: `/v1/orders/${id}` }]; return { id, nextSteps: steps }; }',
      errors: [{ messageId: 'inline', data: { name: 'nextSteps' } }],
    },
  ],
});

tester.run('agent-ux/no-unchecked-envelope-cast', rule('no-unchecked-envelope-cast'), {
  valid: [
    { code: 'if (!Array.isArray(resp.nextSteps)) throw new Error("no nextSteps"); const steps = resp.nextSteps;' },
    { code: 'const total = (resp as { total?: number }).total ?? 0;' },
    { code: 'const steps = (resp as Envelope).nextSteps ?? [];' },
    { code: 'const steps = (resp as { nextSteps?: Step[] }).nextSteps;' },
    { code: 'let body = resp as { nextSteps?: Step[] }; body = other; const steps = body.nextSteps ?? [];' },
    // A required member claimed by a cast and checked at run time, on the value or on the `const` holding the cast.
    {
      code: 'async function read(res: Response) { const body = (await res.json()) as { nextSteps: Step[] }; if (!Array.isArray(body.nextSteps)) throw new Error("no nextSteps"); return body.nextSteps; }',
    },
    {
      code: 'function read(resp: unknown) { if (typeof resp.currentState !== "string") throw new Error("no state"); return (resp as { currentState: string }).currentState; }',
    },
    {
      code: 'function read(body: unknown) { if (!("refreshUrl" in body)) throw new Error("no refresh url"); return (body as { refreshUrl: string }).refreshUrl; }',
    },
    {
      code: 'function read(body: unknown) { if (body.nextSteps === undefined) throw new Error("no nextSteps"); const typed = body as { nextSteps: Step[] }; return typed; }',
    },
    // Built here, or no envelope field claimed.
    { code: 'const reply = { id, nextSteps: steps } as { id: string; nextSteps: Step[] };' },
    { code: 'const total = (resp as { total: number }).total;' },
    // A read on the right of the default is what the default falls back to, not what it hides.
    { code: 'const steps = asStringArray(r.next_steps ?? (r as { nextSteps?: unknown }).nextSteps);' },
  ],
  invalid: [
    {
      code: 'async function read(res: Response) { const body = (await res.json()) as { id: string; nextSteps: NextStep[] }; return body.nextSteps; }',
      errors: [
        {
          message:
            '`nextSteps` is claimed by a cast that nothing checks: a body without it passes as if it had it. Check it at run time (`if (!Array.isArray(body.nextSteps)) throw …`) where the body arrives, or declare it optional and check the read.',
          column: 51,
        },
      ],
    },
    {
      code: 'const steps = (resp as { nextSteps: Step[] }).nextSteps ?? [];',
      errors: [{ messageId: 'claimed', data: { name: 'nextSteps', check: 'if (!Array.isArray(body.nextSteps)) throw …' } }],
    },
    {
      code: 'const body = resp as { nextSteps: Step[]; currentState: string }; if (!Array.isArray(body.nextSteps)) throw new Error("x"); use(body.currentState);',
      errors: [{ messageId: 'claimed', data: { name: 'currentState', check: "if (typeof body.currentState !== 'string') throw …" } }],
    },
    // Checked in another function: not where this body arrives.
    {
      code: 'function valid(body) { return Array.isArray(body.nextSteps); } function read(body: unknown) { const typed = body as { nextSteps: Step[] }; return typed.nextSteps; }',
      errors: [{ messageId: 'claimed', data: { name: 'nextSteps', check: 'if (!Array.isArray(body.nextSteps)) throw …' } }],
    },
    {
      code: 'const steps = (resp as { nextSteps?: NextStep[] }).nextSteps ?? [];',
      errors: [
        {
          message:
            '`nextSteps` is read through a cast that declares it optional, then defaulted with `??`: a body without it passes silently. Check it at run time (`if (!Array.isArray(body.nextSteps)) throw …`) and surface its absence.',
        },
      ],
    },
    {
      code: 'const hint = (<{ recoveryHint?: string }>err).recoveryHint || "";',
      languageOptions: { parserOptions: { ecmaFeatures: { jsx: false } } },
      errors: [
        {
          message:
            "`recoveryHint` is read through a cast that declares it optional, then defaulted with `||`: a body without it passes silently. Check it at run time (`if (typeof body.recoveryHint !== 'string') throw …`) and surface its absence.",
        },
      ],
    },
    {
      code: 'const state = (body as { currentState?: string })?.currentState ?? "unknown";',
      errors: [{ messageId: 'cast', data: { name: 'currentState', operator: '??', check: "if (typeof body.currentState !== 'string') throw …" } }],
    },
    { code: 'const next = (body as { next?: string[] }).next ?? [];', options: [{ nextSteps: ['next'] }], errors: [{ messageId: 'cast' }] },
    {
      code: 'async function read(res: Response) { const body = (await res.json()) as { id: string; nextSteps?: NextStep[] }; return body.nextSteps ?? []; }',
      errors: [{ messageId: 'cast', data: { name: 'nextSteps', operator: '??', check: 'if (!Array.isArray(body.nextSteps)) throw …' } }],
    },
    {
      code: 'const steps = (data as { nextSteps?: Step[] } | undefined)?.nextSteps ?? [];',
      errors: [{ messageId: 'cast', data: { name: 'nextSteps', operator: '??', check: 'if (!Array.isArray(body.nextSteps)) throw …' } }],
    },
    {
      code: 'const state = (body as { status?: string }).status ?? "unknown";',
      options: [{ currentState: ['status'] }],
      errors: [{ messageId: 'cast', data: { name: 'status', operator: '??', check: "if (typeof body.status !== 'string') throw …" } }],
    },
  ],
});

tester.run('agent-ux/no-pool-query-in-transaction', rule('no-pool-query-in-transaction'), {
  valid: [
    { code: 'async function list() { return pool.query("SELECT * FROM orders"); }' },
    {
      code: 'async function move(client) { await client.query("BEGIN"); await client.query("SELECT pg_advisory_xact_lock(1)"); await client.query("COMMIT"); }',
    },
    { code: 'async function later(client) { await client.query("BEGIN"); await client.query("COMMIT"); await pool.query("SELECT 1"); }' },
    { code: 'async function a(client) { await client.query("BEGIN"); } async function b() { await pool.query("SELECT 1"); }' },
    { code: 'await conn.query("SET LOCAL statement_timeout = 5000");', options: [{ pools: ['db'] }] },
    // supabase/storage's withPgTransaction: `db` there is a transaction handle, so `db` is not a pool by default.
    {
      code: 'async function withPgTransaction(db, fn) { if (isDatabaseTransaction(db)) { const savepoint = nextSavepointName(); await db.query(`SAVEPOINT ${savepoint}`); const result = await fn(db); await db.query(`RELEASE SAVEPOINT ${savepoint}`); return result; } }',
    },
    {
      code: 'async function read(client) { await client.query({ text: "BEGIN" }); await client.query({ text: "SELECT pg_advisory_xact_lock($1)", values: [1] }); }',
    },
  ],
  invalid: [
    {
      code: 'async function move(client) { await client.query("BEGIN"); await pool.query("UPDATE orders SET state = $1", [s]); await client.query("COMMIT"); }',
      errors: [
        {
          message:
            '`pool.query()` between `BEGIN` and `COMMIT` takes a fresh pool connection, outside the transaction. Run it on the client that holds the transaction.',
        },
      ],
    },
    {
      code: 'await pool.query("SELECT pg_advisory_xact_lock($1)", [id]);',
      errors: [
        {
          message:
            '`pool.query()` sends transaction-scoped SQL (`pg_advisory_xact_lock`) on a fresh pool connection, where it ends at once. Run it on a client inside `BEGIN` … `COMMIT`.',
        },
      ],
    },
    {
      code: 'await this.db.query(`SET LOCAL lock_timeout = ${ms}`);',
      options: [{ pools: ['db'] }],
      errors: [{ messageId: 'scoped', data: { pool: 'db', what: '`SET LOCAL`' } }],
    },
    {
      code: 'await pool.query({ text: "SELECT pg_try_advisory_xact_lock($1)", values: [id] });',
      errors: [{ messageId: 'scoped', data: { pool: 'pool', what: '`pg_try_advisory_xact_lock`' } }],
    },
    {
      code: 'async function order(items) { await pool.query("BEGIN"); for (const item of items) await pool.query("INSERT INTO lines VALUES ($1)", [item]); await pool.query("COMMIT"); }',
      errors: [
        {
          message:
            '`pool.query()` sends `BEGIN` on a pool connection, which goes back to the pool at once: the next `pool.query()` may run outside the transaction. Take a client (`pool.connect()`), run BEGIN … COMMIT on it, then release it.',
          column: 37,
        },
      ],
    },
    {
      code: 'async function purge(client, ids) { await client.query("BEGIN"); await Promise.all(ids.map(id => pool.query("DELETE FROM t WHERE id = $1", [id]))); await client.query("COMMIT"); }',
      errors: [{ messageId: 'inside', data: { pool: 'pool' } }],
    },
    { code: 'await knex.query("SAVEPOINT before_refund");', options: [{ pools: ['knex'] }], errors: [{ messageId: 'scoped' }] },
    {
      code: 'await pool.query("SELECT set_config(\'app.user\', $1, true)");',
      options: [{ transactionSql: ['set_config\\(.*true\\)'] }],
      errors: [{ messageId: 'scoped' }],
    },
  ],
});

describe('agent-ux/no-pool-query-in-transaction on SQL shaped against its patterns (real ESLint)', () => {
  // One such literal took 14 s to lint when the end-of-transaction pattern read spaces on both sides of its `;`.
  test('`COMMIT` + 200,000 spaces + `x` does not end the transaction, and is read in one pass', () => {
    const code = `async function f(conn) { await conn.query("BEGIN"); await conn.query("COMMIT${' '.repeat(200_000)}x"); await pool.query("SELECT 1"); }`;
    const config = { plugins: { 'agent-ux': plugin as never }, rules: { 'agent-ux/no-pool-query-in-transaction': 'error' as const } };
    expect(new Linter().verify(code, [config]).map(message => message.messageId)).toEqual(['inside']);
  });
});

describe('the plugin', () => {
  test('configs.recommended registers the plugin under agent-ux and turns the three rules on at error', () => {
    expect(plugin.configs.recommended.plugins['agent-ux']).toBe(plugin);
    expect(plugin.configs.recommended.rules).toEqual({
      'agent-ux/no-inline-next-steps': 'error',
      'agent-ux/no-unchecked-envelope-cast': 'error',
      'agent-ux/no-pool-query-in-transaction': 'error',
    });
  });

  test('every rule links its docs page, which exists', () => {
    const { existsSync } = jest.requireActual<typeof import('node:fs')>('node:fs');
    for (const [name, definition] of Object.entries(plugin.rules)) {
      expect(definition.meta.docs.url).toMatch(new RegExp(`/docs/eslint/${name}\\.md$`));
      expect(existsSync(`${__dirname}/../docs/eslint/${name}.md`)).toBe(true);
    }
  });
});

describe('the helper enumeration sweep (unresolvedSteps, spectral-agent-ux/runtime)', () => {
  // The README's shape: call the central helper for every state and check every step it can emit.
  const { unresolvedSteps } = jest.requireActual<typeof import('../runtime')>('../runtime');
  const { API } = jest.requireActual<typeof import('./support/runtimeApi')>('./support/runtimeApi');
  const orderNextSteps = (id: string, status: 'open' | 'shipped') =>
    status === 'open'
      ? [
          { action: 'Cancel', method: 'POST', href: `/v1/orders/${id}/cancel` },
          { action: 'Read', method: 'GET', href: `/v1/orders/${id}` },
        ]
      : [
          { action: 'Return', method: 'POST', href: `/v1/orders/${id}/returns` },
          { action: 'Delete', method: 'PATCH', href: `/v1/orders/${id}` },
        ];

  test('every step the helper emits for an open order resolves', () => {
    expect(unresolvedSteps(API, orderNextSteps('o1', 'open'))).toEqual([]);
  });

  test('a shipped order: a route the description does not declare and a method it does not allow', () => {
    expect(unresolvedSteps(API, orderNextSteps('o1', 'shipped')).map(found => found.message)).toEqual([
      'step 0 links to "/v1/orders/o1/returns", which matches no declared route; did you mean `/v1/orders/{id}/refunds`? An agent following it gets a 404. Build it from a declared route (server base path included).',
      'step 1 sends PATCH to "/v1/orders/o1", but `/v1/orders/{id}` declares only GET, DELETE. Send a declared method, or declare `patch` there.',
    ]);
    expect(() => unresolvedSteps(API, 'steps' as never)).toThrow(TypeError);
  });
});
