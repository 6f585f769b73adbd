/**
 * lib/document/nested.ts skips the parts of a schema graph that cannot hold the property sought (the fix for the
 * quadratic cost of ax-envelope-next-steps-shape on large descriptions). The pruning must never hide a
 * declaration, in particular one reached only through a cycle, or from a second response after a first
 * check left part of a cycle undecided.
 */
import { body, oas3, ref } from './support/documents';
import { runRule } from './support/testRule';

const LOOSE_STEPS = { type: 'array', items: { type: 'object' } };
const paths = (...schemas: object[]) => Object.fromEntries(schemas.map((schema, i) => [`/r${i}`, { post: { responses: { '201': body(schema) } } }]));
/** Who a finding is about: the operation's path when it sits there, else the users its shared component names. */
const flagged = async (document: object) => {
  const results = await runRule('ax-envelope-next-steps-shape', document);
  const users = results.map(({ path, message }) => (path[0] === 'paths' ? String(path[1]) : (/\(used by ([^)]*)\)/.exec(message)?.[1] ?? message)));
  return [...new Set(users)].sort();
};

test('finds nextSteps reached only through a cycle', async () => {
  const document = oas3(paths(ref('A')), {
    schemas: {
      A: { type: 'object', properties: { child: ref('B') } },
      B: { type: 'object', properties: { parent: ref('A'), meta: { type: 'object', properties: { nextSteps: LOOSE_STEPS } } } },
    },
  });
  expect(await flagged(document)).toEqual(['POST /r0 201']);
});

test('finds nextSteps from every response when a first check left part of a cycle undecided', async () => {
  // The check from C sees D close the cycle back to C, then Y reach D again, before F settles C as true:
  // D and Y stay undecided (never cached as false), so the later checks from D and Y still find nextSteps.
  const document = oas3(paths(ref('C'), ref('D'), ref('Y'), ref('G')), {
    schemas: {
      C: { type: 'object', properties: { d: ref('D'), y: ref('Y'), f: ref('F') } },
      D: { type: 'object', properties: { c: ref('C') } },
      Y: { type: 'object', properties: { d: ref('D') } },
      F: { type: 'object', properties: { nextSteps: LOOSE_STEPS } },
      G: { type: 'object', properties: { c: { type: 'array', items: { type: 'string' } } } },
    },
  });
  // One defect of F, found from all three responses: one finding per missing member, naming the three.
  expect(await flagged(document)).toEqual(['3 responses']);
});
