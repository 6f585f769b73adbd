/**
 * An API's own `nextSteps` that is not a list of calls (issue 38, fourth sample: Frankie Financial's `SwitchResponse.nextSteps`,
 * "Hierarchical list of objects for rendering the next steps", `DisplayMarkUp` items a person reads): asked whether it is meant
 * for agents, not told to give each item an HTTP `method`. Steps left incomplete are still told what they lack.
 */
import { runRuleSaid, runRuleWithEdits } from './support/testRule';
import { body, oas3, ref, swagger2 } from './support/documents';

const RULE = 'ax-envelope-next-steps-shape';
/** Frankie's markup element, its members as declared (recursive through `children`). */
const DISPLAY_MARKUP = {
  type: 'object',
  properties: {
    attribute: { type: 'string', enum: ['bold'], description: 'Comma seperated list of attributes to apply to value when rendering.' },
    children: { type: 'array', items: { $ref: '#/components/schemas/DisplayMarkUp' } },
    confirmation: { type: 'string', enum: ['optional', 'mandatory'] },
    key: { type: 'string' },
    name: { type: 'string', description: 'Text to display as header/title of value.' },
    value: { type: 'string' },
  },
};
const switchResponse = (description: string, items: object = ref('DisplayMarkUp')) => ({
  type: 'object',
  properties: { nextSteps: { type: 'array', description, items } },
});
const doc = (nextSteps: object, schemas: object = { DisplayMarkUp: DISPLAY_MARKUP }) =>
  oas3({ '/document/{documentId}/utility/process/switch': { post: { responses: { '200': body(nextSteps) } } } }, { schemas });
const RENDERING = 'Hierarchical list of objects for rendering the next steps';
const AT = [
  'paths',
  '/document/{documentId}/utility/process/switch',
  'post',
  'responses',
  '200',
  'content',
  'application/json',
  'schema',
  'properties',
  'nextSteps',
];
const REQUIRED = '`action`, `method`, `href`, `description`';

describe('a `nextSteps` for a person to read', () => {
  test('Frankie’s display markup: one finding that asks, naming the evidence; no edit', async () => {
    const said = await runRuleSaid(RULE, doc(switchResponse(RENDERING)));
    expect(said.map(({ path, messageId, data }) => [path, messageId, data])).toEqual([
      [AT, 'forDisplay', { trail: 'nextSteps', evidence: '"rendering"', required: REQUIRED }],
    ]);
    expect(said[0].message).toBe(
      'POST /document/{documentId}/utility/process/switch 200: `nextSteps` is described as "rendering", its items hold no URL or method. If it is for agents, its items need `action`, `method`, `href`, `description`; if for people, exempt the operation (`x-ax-exempt`) and give agents their calls in another list.',
    );
    const { edits } = await runRuleWithEdits(RULE, doc(switchResponse(RENDERING)));
    expect([...edits.values()].flat()).toEqual([]);
  });

  test('Swagger 2.0, "text to display" on the items: the same question', async () => {
    const said = await runRuleSaid(
      RULE,
      swagger2(
        {
          '/switch': {
            post: {
              responses: {
                '200': { description: 'OK', schema: { type: 'object', properties: { nextSteps: { type: 'array', items: { $ref: '#/definitions/Line' } } } } },
              },
            },
          },
        },
        { definitions: { Line: { type: 'object', description: 'A line of text to display', properties: { label: { type: 'string' } } } } },
      ),
    );
    expect(said.map(({ messageId, data }) => [messageId, data.evidence])).toEqual([['forDisplay', '"text"']]);
  });
});

describe('lookalikes: steps left incomplete are told what they lack', () => {
  test('described "for rendering" but its items hold an `href`: a call, the missing `method` and the rest asked as before', async () => {
    const items = { type: 'object', properties: { action: { type: 'string' }, href: { type: 'string' } } };
    const said = await runRuleSaid(RULE, doc(switchResponse(RENDERING, items)));
    expect(said.map(({ messageId, data }) => [messageId, (data as { name?: string }).name])).toEqual([
      ['fieldNotRequired', 'action'],
      ['fieldUndeclared', 'method'],
      ['fieldNotRequired', 'href'],
      ['fieldUndeclared', 'description'],
    ]);
  });

  test('items without a call but no word of display (a plain "next steps"): incomplete steps, asked field by field', async () => {
    const said = await runRuleSaid(RULE, doc(switchResponse('The next steps')));
    expect(said.map(({ messageId }) => messageId)).toEqual(['fieldUndeclared', 'fieldUndeclared', 'fieldUndeclared', 'fieldUndeclared']);
  });
});
