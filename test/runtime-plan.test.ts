/**
 * The guard's plan for an error response: the names the declared error schema's body answers the code, the
 * message and the hint with are tried first on the live body, by the table's own test of a listed name
 * (listedAnswer); the table decides whenever they do not answer. A yes from the plan must be a yes of the table.
 */
import fc from 'fast-check';
import { checkResponse, type ResponseInput } from '../runtime';
import { answeredBy, valueAnswer } from '../lib/errors/value-shapes';
import { namesFor, type Names } from '../lib/semantics/names';
import { API } from './support/runtimeApi';

const PLANNED = ['errorCode', 'message', 'recoveryHint'] as const;
/** POST /orders 400 declares `code`, `message` and `suggestion`: the plan's names. */
const rejected = (body: unknown): ResponseInput => ({ method: 'POST', path: '/v1/orders', status: 400, headers: {}, body });
const say = 'POST /orders 400: ';
const NO_CODE = `${say}the error body has no code, so an agent cannot tell what failed. Send a stable \`code\` (e.g. "VALIDATION_ERROR").`;
const NO_HINT = `${say}the error body has no recovery hint, so an agent cannot tell how to fix the request. Send \`recoveryHint\`: one sentence on what to change before retrying.`;

describe('the verdict where the declared name and another listed name answer, or not', () => {
  test.each([
    [
      'both answer',
      { code: 'NAME_TOO_LONG', error_code: 'E42', message: 'Too long.', detail: 'Name is too long.', suggestion: 'Shorten it.', hint: 'Shorten it.' },
      [],
    ],
    ['only another listed name answers', { error_code: 'NAME_TOO_LONG', detail: 'Name is too long.', hint: 'Shorten it.' }, []],
    // The lookalike: the declared `code` is there but repeats the status, so it is no code; `error_code` is.
    [
      'the declared code repeats the status, another listed name is the code',
      { code: 400, error_code: 'NAME_TOO_LONG', message: 'Too long.', suggestion: 'Shorten it.' },
      [],
    ],
    ['the declared code repeats the status and nothing else answers', { code: 400, message: 'Too long.', suggestion: 'Shorten it.' }, [NO_CODE]],
    ['the declared hint and every other listed name are missing', { code: 'NAME_TOO_LONG', message: 'Too long.', note: 'Shorten it.' }, [NO_HINT]],
    [
      'neither answers anything',
      { reason: 'too long' },
      [
        `${say}the error body has no code and no message, so an agent cannot tell what failed. Send a stable \`code\` (e.g. "VALIDATION_ERROR") and a one-sentence \`message\`.`,
        NO_HINT,
      ],
    ],
  ])('%s', (_name, body, messages) => {
    expect(checkResponse(API, rejected(body)).map(found => found.message)).toEqual(messages);
  });
});

/** Member names the table reads for the three questions, and lookalikes of them. */
const NAMES = [...new Set([...PLANNED.flatMap(question => namesFor(undefined, question)), 'status', 'error', 'id', 'reason', 'errCode', 'tip'])];
const VALUES = [
  'NAME_TOO_LONG',
  'Bad Request',
  '400',
  400,
  422,
  7,
  '',
  [],
  ['Too long.'],
  [1],
  null,
  true,
  { code: 'X' },
  'invalid_grant',
  'Name is too long.',
];
const body = fc.dictionary(fc.constantFrom(...NAMES), fc.constantFrom(...VALUES), { maxKeys: 6 });
const CONFIGURED: Names[] = [undefined, { errorCode: ['errCode', 'code'], recoveryHint: ['tip'] }];

test.each(CONFIGURED)('a name that answers by listedAnswer is one the table answers with too (names %j)', names => {
  let yes = 0;
  fc.assert(
    fc.property(body, live => {
      for (const question of PLANNED)
        for (const name of namesFor(names, question)) {
          if (!answeredBy(live, question, names, name)) continue;
          yes++;
          expect(valueAnswer(live, question, names)).toBeDefined();
        }
    }),
    { numRuns: 2000, seed: 39 },
  );
  // Not vacuous: the plan answers often.
  expect(yes).toBeGreaterThan(1000);
});
