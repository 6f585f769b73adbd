/**
 * agent-ux/no-inline-next-steps: a step list written inline in a handler cannot be enumerated by the
 * sweep that proves every step resolves (AGLedger's "Validating Authoring Before Deploy"): steps come
 * from a central helper, which a test can call for every state.
 */
import { nameOptionsSchema, namesFor } from '../lib/semantics/names';
import { constInit, docsUrl, enclosingFunction, fileMatches, FUNCTIONS, keyName, STRINGS, type Node, type Rule } from './shared';

export interface NoInlineNextStepsOptions {
  /** The names of a step list: the ruleset's `nextSteps` option, under the same name. */
  nextSteps?: string[];
  /** The fields of a step, in the ruleset's order (`action`, `method`, `href`, `description`): its `nextStepItem` option. */
  nextStepItem?: string[];
  /** Functions whose own body builds steps: the central helpers (`recordNextSteps`). */
  helpers?: string[];
  /** Files where building steps inline is the point: the helper module, tests (path fragments). */
  allowIn?: string[];
}

/** Test files, where a mocked response is built inline on purpose; `allowIn` replaces this list. */
const TEST_FILES = ['.test.', '.spec.', '/__tests__/', '/test/', '/tests/'];

/** The name of the function a node sits in, if it is a named function, method or variable-bound arrow. */
function enclosingFunctionNames(node: Node): string[] {
  const names: string[] = [];
  for (let current = node.parent; current != null; current = current.parent) {
    if (FUNCTIONS.includes(current.type)) {
      const id = current.id as Node | null | undefined;
      const parent = current.parent;
      const named =
        id?.name ??
        (parent?.type === 'VariableDeclarator'
          ? (parent.id as Node).name
          : parent?.type === 'MethodDefinition' || parent?.type === 'Property'
            ? keyName(parent.key as Node)
            : undefined);
      if (typeof named === 'string') names.push(named);
    }
  }
  return names;
}

/** An object literal that may be a step: a member named like a step's method or href, or a spread that may bring one. */
const mayBeStep = (object: Node, stepKeys: readonly string[]) =>
  (object.properties as Node[]).some(member => member.type !== 'Property' || stepKeys.includes(keyName(member.key as Node, member.computed === true) ?? ''));

/**
 * A list that cannot be envelope steps: not empty, and every item a string or an object literal with no
 * method or href (`nextSteps: [{ step: 'Send the SOC 2 report', owner: 'us' }]`, a sales call's or a model's
 * "next steps"). An empty list, a spread or any other item may be steps.
 */
function plainlyNotSteps(array: Node, stepKeys: readonly string[]): boolean {
  const items = array.elements as (Node | null)[];
  return (
    items.length > 0 &&
    items.every(item => item?.type === 'Literal' || item?.type === 'TemplateLiteral' || (item?.type === 'ObjectExpression' && !mayBeStep(item, stepKeys)))
  );
}

export const noInlineNextSteps: Rule<NoInlineNextStepsOptions> = {
  meta: {
    type: 'problem',
    docs: { description: 'Build envelope step lists in a central helper, not inline in a handler.', url: docsUrl('no-inline-next-steps') },
    messages: {
      inline:
        '`{{name}}` is built inline, where no test can enumerate its steps. Return it from a central helper (e.g. `{{name}}: recordNextSteps(record.id, record.status)`) and test that every step it can emit resolves.',
    },
    schema: [
      { type: 'object', properties: { ...nameOptionsSchema('nextSteps', 'nextStepItem'), helpers: STRINGS, allowIn: STRINGS }, additionalProperties: false },
    ],
  },
  create(context) {
    const options = context.options[0] ?? {};
    const names = namesFor(options, 'nextSteps');
    if (fileMatches(context.filename, context.cwd, options.allowIn ?? TEST_FILES)) return {};
    const helpers = options.helpers ?? [];
    // The method and the href, read by position as the ruleset reads a step.
    const [, method, href] = namesFor(options, 'nextStepItem');
    const stepKeys = [method, href];
    const inHelper = (node: Node) => enclosingFunctionNames(node).some(fn => helpers.includes(fn));
    return {
      Property(node) {
        const name = keyName(node.key as Node, node.computed === true);
        if (name === undefined || !names.includes(name) || inHelper(node)) return;
        const list = inlineList(node.value as Node);
        if (list === undefined || plainlyNotSteps(list, stepKeys) || inHelper(list)) return;
        context.report({ node, messageId: 'inline', data: { name } });
      },
    };

    /**
     * The array literal a step list is: written in place, or in a `const` of the function it is sent from
     * (`const nextSteps = [{ … }]; reply.send({ id, nextSteps })`). A module-level constant is a central list.
     */
    function inlineList(value: Node): Node | undefined {
      const list = value.type === 'Identifier' ? constInit(value, context.sourceCode.getScope(value)) : value;
      return list?.type === 'ArrayExpression' && (list === value || enclosingFunction(list) !== undefined) ? list : undefined;
    }
  },
};
