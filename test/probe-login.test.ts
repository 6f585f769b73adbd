/**
 * The probe logs in as an agent would (docs/probe.md, Credentials): the token route first, its token sent as
 * `Authorization: Bearer` where the bearer scheme is required, and redacted in every form a server echoes it.
 * The example apps log in for real in test/code-first.test.ts; this server echoes the token on purpose.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runMain } from './support/bin';
import { withServer, type Handler, type ProbeJson } from './support/probe-api';

const TOKEN = 'tok/EN+42=login';
const tmp = mkdtempSync(join(tmpdir(), 'probe-login-'));
const DESCRIPTION = join(tmp, 'things.yaml');
writeFileSync(
  DESCRIPTION,
  `openapi: 3.1.0
info: { title: Things, version: '1' }
components:
  securitySchemes:
    bearer: { type: http, scheme: bearer }
security: [{ bearer: [] }]
paths:
  /token:
    post:
      operationId: createToken
      security: []
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [username, password]
              properties:
                username: { type: string, example: demo }
                password: { type: string, example: demo-password }
      responses:
        '200':
          description: A bearer token.
          content:
            application/json:
              schema:
                type: object
                properties:
                  access_token: { type: string }
                  token_type: { type: string }
  /things:
    get:
      operationId: listThings
      responses:
        '201':
          description: Declared so that the 200 below is an undeclared status, whose body the report shows.
`,
);

/** Every form the server echoes the token in, and that no output may hold. */
const FORMS = [TOKEN.replace('/', '\\/'), encodeURIComponent(TOKEN), Buffer.from(TOKEN).toString('base64'), TOKEN.toUpperCase()];
const leaks = (text: string) => [...FORMS, TOKEN].filter(form => text.toLowerCase().includes(form.toLowerCase()));

/** A token route that hands out `token` for the example's account; GET /things answers that token alone, 200 echoing it. */
function api(token: string, seen: Record<string, string | undefined>[]) {
  const handle: Handler = (request, response, body) => {
    seen.push({ [`${request.method} ${request.url}`]: request.headers.authorization });
    if (request.url === '/token') {
      const { password } = JSON.parse(body) as { password: string };
      if (password !== 'demo-password') return void response.writeHead(401, { 'content-type': 'application/json' }).end('{"code":"BAD_LOGIN"}');
      return void response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ access_token: token, token_type: 'Bearer' }));
    }
    if (token === '' || request.headers.authorization !== `Bearer ${token}`) return void response.writeHead(401).end();
    response.writeHead(200, { 'content-type': 'application/json' }).end(`{${FORMS.map((form, i) => `"f${i}":"${form}"`).join(',')}}`);
  };
  return <T>(use: (url: string) => Promise<T>) => withServer(handle, use);
}

test('the token route first, its token on the operations that need it, and never in the report, in any encoding', async () => {
  const seen: Record<string, string | undefined>[] = [];
  const run = await api(TOKEN, seen)(url => runMain(['probe', DESCRIPTION, '--base-url', url, '--format', 'json', '--max-requests', '2']));
  expect(seen).toEqual([{ 'POST /token': undefined }, { 'GET /things': `Bearer ${TOKEN}` }]);
  const report = JSON.parse(run.stdout) as ProbeJson;
  expect({ tested: report.tested, login: report.login, findings: report.findings.map(finding => finding.rule) }).toEqual({
    tested: 2,
    login: { operation: 'POST /token', token: true },
    findings: ['ax-probe-undeclared-status'],
  });
  expect(report.findings[0].response).toContain('[redacted]');
  expect(leaks(`${run.stdout}${run.stderr}`)).toEqual([]);
});

test('--header wins: no login, its credential is sent', async () => {
  const seen: Record<string, string | undefined>[] = [];
  await api(TOKEN, seen)(url => runMain(['probe', DESCRIPTION, '--base-url', url, '--max-requests', '2', '--header', 'Authorization: Bearer given-token']));
  expect(seen).toEqual([{ 'GET /things': 'Bearer given-token' }, { 'POST /token': 'Bearer given-token' }]);
});

test.each([
  [
    'a wrong password',
    { createToken: { body: { username: 'demo', password: 'wrong' } } },
    'answered 401: give the credentials of a test account in its body with --input',
    '2 answered 401',
  ],
  [
    'an empty token',
    {},
    'answered 200 without a token (`access_token`, `accessToken`, `token`), so no operation that needs its bearer token can be tested',
    '1 answered 200 without a token, 1 answered 401',
  ],
])('%s: one line says why, the operations that need the token are not tested, exit 1', async (_name, input, why, counts) => {
  const file = join(tmp, `input-${why.length}.json`);
  writeFileSync(file, JSON.stringify(input));
  const run = await api('', [])(url => runMain(['probe', DESCRIPTION, '--base-url', url, '--format', 'json', '--input', file]));
  const report = JSON.parse(run.stdout) as ProbeJson;
  expect({ status: run.code, tested: report.tested, login: report.login }).toEqual({
    status: 1,
    tested: 0,
    login: { operation: 'POST /token', token: false },
  });
  expect(run.stderr).toContain(`warning: POST /token: ${why}\n`);
  expect(run.stderr).toContain(
    "warning: GET /things: answered 401: the login `POST /token` gave no token; give it a test account's credentials with --input\n",
  );
  expect(run.stderr.trim().split('\n').at(-1)).toBe(
    `spectral-agent-ux probe: no operation answered its first try with a 2xx (${counts}), so nothing was tested; give the login \`POST /token\` a test account's credentials with --input, or pass credentials with --header "Name: value"`,
  );
});
