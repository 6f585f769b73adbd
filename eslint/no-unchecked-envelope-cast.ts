/**
 * agent-ux/no-unchecked-envelope-cast: `(resp as { nextSteps?: NextStep[] }).nextSteps ?? []` hides
 * whether the field exists; when the body changes shape upstream, the default silently answers instead.
 */
import { DEFAULT_NAMES } from '../lib/names';
import { docsUrl, keyName, STRINGS, type Node, type Rule } from './shared';

export interface NoUncheckedEnvelopeCastOptions {
  fields?: string[];
}

const ENVELOPE_FIELDS = [
  ...DEFAULT_NAMES.nextSteps,
  ...DEFAULT_NAMES.recoveryHint,
  ...DEFAULT_NAMES.refreshUrl,
  ...DEFAULT_NAMES.currentState,
  ...DEFAULT_NAMES.allowedActions,
];

/** The member read, when it is read through an `as` (or `<T>`) cast to a type literal that declares it optional. */
function castRead(node: Node, fields: readonly string[]): string | undefined {
  const member = node.type === 'ChainExpression' ? (node.expression as Node) : node;
  if (member.type !== 'MemberExpression') return undefined;
  const name = keyName(member.property as Node, member.computed === true);
  const cast = member.object as Node;
  if (name === undefined || !fields.includes(name) || (cast.type !== 'TSAsExpression' && cast.type !== 'TSTypeAssertion')) return undefined;
  const literal = cast.typeAnnotation as Node;
  if (literal.type !== 'TSTypeLiteral') return undefined;
  const declared = (literal.members as Node[]).some(
    signature => signature.type === 'TSPropertySignature' && signature.optional === true && keyName(signature.key as Node) === name,
  );
  return declared ? name : undefined;
}

export const noUncheckedEnvelopeCast: Rule<NoUncheckedEnvelopeCastOptions> = {
  meta: {
    type: 'problem',
    docs: { description: 'Narrow envelope fields with a runtime check instead of an optional cast and a default.', url: docsUrl('no-unchecked-envelope-cast') },
    messages: {
      cast: '`{{name}}` is read through a cast that declares it optional, then defaulted with `{{operator}}`: a body without it passes silently. Check it at run time (`if (!Array.isArray(body.{{name}})) throw …`) and surface its absence.',
    },
    schema: [{ type: 'object', properties: { fields: STRINGS }, additionalProperties: false }],
  },
  create(context) {
    const fields = context.options[0]?.fields ?? ENVELOPE_FIELDS;
    return {
      LogicalExpression(node) {
        if (node.operator !== '??' && node.operator !== '||') return;
        const name = castRead(node.left as Node, fields);
        if (name !== undefined) context.report({ node, messageId: 'cast', data: { name, operator: node.operator as string } });
      },
    };
  },
};
