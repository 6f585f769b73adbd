/**
 * agent-ux/no-inline-next-steps: a step list written inline in a handler cannot be enumerated by the
 * sweep that proves every step resolves (AGLedger's "Validating Authoring Before Deploy"): steps come
 * from a central helper, which a test can call for every state.
 */
import { nameOptionsSchema, namesFor } from '../lib/names';
import { docsUrl, fileMatches, keyName, STRINGS, type Node, type Rule } from './shared';

export interface NoInlineNextStepsOptions {
  /** The names of a step list: the ruleset's `nextSteps` option, under the same name. */
  nextSteps?: string[];
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
    if (current.type === 'FunctionDeclaration' || current.type === 'FunctionExpression' || current.type === 'ArrowFunctionExpression') {
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

export const noInlineNextSteps: Rule<NoInlineNextStepsOptions> = {
  meta: {
    type: 'problem',
    docs: { description: 'Build envelope step lists in a central helper, not inline in a handler.', url: docsUrl('no-inline-next-steps') },
    messages: {
      inline:
        '`{{name}}` is built inline, where no test can enumerate its steps. Return it from a central helper (e.g. `{{name}}: recordNextSteps(record.id, record.status)`) and test that every step it can emit resolves.',
    },
    schema: [{ type: 'object', properties: { ...nameOptionsSchema('nextSteps'), helpers: STRINGS, allowIn: STRINGS }, additionalProperties: false }],
  },
  create(context) {
    const options = context.options[0] ?? {};
    const names = namesFor(options, 'nextSteps');
    if (fileMatches(context.filename, context.cwd, options.allowIn ?? TEST_FILES)) return {};
    const helpers = options.helpers ?? [];
    return {
      Property(node) {
        const name = keyName(node.key as Node, node.computed === true);
        if (name === undefined || !names.includes(name) || (node.value as Node).type !== 'ArrayExpression') return;
        if (enclosingFunctionNames(node).some(fn => helpers.includes(fn))) return;
        context.report({ node, messageId: 'inline', data: { name } });
      },
    };
  },
};
