/**
 * agent-ux/no-unchecked-envelope-cast: `(resp as { nextSteps?: NextStep[] }).nextSteps ?? []` hides
 * whether the field exists; when the body changes shape upstream, the default silently answers instead.
 */
import { nameOptionsSchema, namesFor, type NameOptions } from '../lib/names';
import { docsUrl, keyName, type Node, type Rule, type Scope } from './shared';

/** The envelope fields, each under the ruleset's name option of the same name. */
const ENVELOPE = ['nextSteps', 'recoveryHint', 'refreshUrl', 'currentState', 'allowedActions'] as const;

export type NoUncheckedEnvelopeCastOptions = NameOptions<(typeof ENVELOPE)[number]>;

/** The envelope's lists; the other fields are strings, checked with `typeof`. */
const LISTS: readonly string[] = ['nextSteps', 'allowedActions'];

/** The runtime check a message proposes for a field of a concept. */
const runtimeCheck = (concept: string, name: string) =>
  LISTS.includes(concept) ? `if (!Array.isArray(body.${name})) throw …` : `if (typeof body.${name} !== 'string') throw …`;

const CASTS = ['TSAsExpression', 'TSTypeAssertion'];

/** The type literals a cast claims (`as { nextSteps?: T }`, `as { nextSteps?: T } | undefined`); none for any other node. */
function claimedLiterals(node: Node | null | undefined): Node[] {
  if (node == null || !CASTS.includes(node.type)) return [];
  const type = node.typeAnnotation as Node;
  return (type.type === 'TSUnionType' ? (type.types as Node[]) : [type]).filter(member => member.type === 'TSTypeLiteral');
}

/** The initial value of the `const` an identifier names (`const body = (await res.json()) as { … }`), if it is one. */
function constInit(identifier: Node, scope: Scope): Node | undefined {
  for (let current: Scope | null = scope; current !== null; current = current.upper) {
    const variable = current.set.get(identifier.name as string);
    if (variable === undefined) continue;
    const [def] = variable.defs;
    return variable.defs.length === 1 && def.type === 'Variable' && def.parent?.kind === 'const' ? ((def.node.init as Node | null) ?? undefined) : undefined;
  }
  return undefined;
}

/**
 * The member read, when it is read through an `as` (or `<T>`) cast to a type literal that declares it
 * optional: directly (`(resp as { nextSteps?: T }).nextSteps`) or through a `const` holding the cast.
 */
function castRead(node: Node, fields: readonly string[], scope: Scope): string | undefined {
  const member = node.type === 'ChainExpression' ? (node.expression as Node) : node;
  if (member.type !== 'MemberExpression') return undefined;
  const name = keyName(member.property as Node, member.computed === true);
  if (name === undefined || !fields.includes(name)) return undefined;
  const object = member.object as Node;
  const cast = object.type === 'Identifier' ? constInit(object, scope) : object;
  const declared = claimedLiterals(cast).some(literal =>
    (literal.members as Node[]).some(
      signature => signature.type === 'TSPropertySignature' && signature.optional === true && keyName(signature.key as Node) === name,
    ),
  );
  return declared ? name : undefined;
}

export const noUncheckedEnvelopeCast: Rule<NoUncheckedEnvelopeCastOptions> = {
  meta: {
    type: 'problem',
    docs: { description: 'Narrow envelope fields with a runtime check instead of an optional cast and a default.', url: docsUrl('no-unchecked-envelope-cast') },
    messages: {
      cast: '`{{name}}` is read through a cast that declares it optional, then defaulted with `{{operator}}`: a body without it passes silently. Check it at run time (`{{check}}`) and surface its absence.',
    },
    schema: [{ type: 'object', properties: nameOptionsSchema(...ENVELOPE), additionalProperties: false }],
  },
  create(context) {
    // Each name with its concept; a name listed under two concepts keeps the first.
    const concepts = new Map(ENVELOPE.flatMap(concept => namesFor(context.options[0], concept).map(name => [name, concept] as const)).reverse());
    const fields = [...concepts.keys()];
    return {
      LogicalExpression(node) {
        if (node.operator !== '??' && node.operator !== '||') return;
        const name = castRead(node.left as Node, fields, context.sourceCode.getScope(node));
        if (name === undefined) return;
        const check = runtimeCheck(concepts.get(name)!, name);
        context.report({ node, messageId: 'cast', data: { name, operator: node.operator as string, check } });
      },
    };
  },
};
