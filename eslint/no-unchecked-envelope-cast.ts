/**
 * agent-ux/no-unchecked-envelope-cast: `(resp as { nextSteps?: NextStep[] }).nextSteps ?? []` hides
 * whether the field exists; when the body changes shape upstream, the default silently answers instead.
 */
import { nameOptionsSchema, namesFor, type NameOptions } from '../lib/semantics/names';
import { constInit, docsUrl, enclosingFunction, keyName, type Node, type Rule, type Scope } from './shared';

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

/** The members a cast's type literals declare, optional ones or required ones. */
function claimedMembers(cast: Node | undefined, optional: boolean): string[] {
  return claimedLiterals(cast).flatMap(literal =>
    (literal.members as Node[]).flatMap(signature => {
      const name = signature.type === 'TSPropertySignature' ? keyName(signature.key as Node, signature.computed === true) : undefined;
      return name !== undefined && (signature.optional === true) === optional ? [name] : [];
    }),
  );
}

/** What can be checked of a cast: the value cast (`resp`) and the `const` holding the cast (`body`), by name. */
function castSubjects(cast: Node): string[] {
  const expression = cast.expression as Node;
  const holder = cast.parent;
  return [
    ...(expression.type === 'Identifier' ? [expression.name as string] : []),
    ...(holder?.type === 'VariableDeclarator' && holder.parent?.kind === 'const' && (holder.id as Node).type === 'Identifier'
      ? [(holder.id as Node).name as string]
      : []),
  ];
}

/**
 * The `name.field` a node checks at run time, if it does: `Array.isArray(name.field)`, `typeof name.field`,
 * `!name.field`, `name.field === undefined` (or `null`), `if (name.field)`, `'field' in name`.
 */
function runtimeCheckOf(node: Node): { subject: string; field: string } | undefined {
  if (node.type === 'BinaryExpression' && node.operator === 'in') {
    const [left, right] = [node.left as Node, node.right as Node];
    return left.type === 'Literal' && typeof left.value === 'string' && right.type === 'Identifier'
      ? { subject: right.name as string, field: left.value }
      : undefined;
  }
  const member = node.type === 'ChainExpression' ? (node.expression as Node) : node;
  if (member.type !== 'MemberExpression' || (member.object as Node).type !== 'Identifier') return undefined;
  const field = keyName(member.property as Node, member.computed === true);
  const around = node.parent;
  if (field === undefined || around == null) return undefined;
  const absent = (side: Node) => (side.type === 'Literal' && side.value === null) || (side.type === 'Identifier' && side.name === 'undefined');
  // One statement each, so that the shipped plugin stays readable line by line.
  const arrayCheck = around.type === 'CallExpression' && isArrayIsArray(around.callee as Node) && (around.arguments as Node[])[0] === node;
  const typeCheck = around.type === 'UnaryExpression' && (around.operator === 'typeof' || around.operator === '!');
  const comparison = around.type === 'BinaryExpression' && ['===', '!==', '==', '!='].includes(around.operator as string);
  const absenceCheck = comparison && absent((around.left === node ? around.right : around.left) as Node);
  const test = (around.type === 'IfStatement' || around.type === 'ConditionalExpression') && around.test === node;
  return arrayCheck || typeCheck || absenceCheck || test ? { subject: (member.object as Node).name as string, field } : undefined;
}

const isArrayIsArray = (callee: Node) =>
  callee.type === 'MemberExpression' &&
  (callee.object as Node).type === 'Identifier' &&
  (callee.object as Node).name === 'Array' &&
  keyName(callee.property as Node) === 'isArray';

const within = (node: Node, ancestor: Node) => {
  for (let current: Node | null | undefined = node; current != null; current = current.parent) if (current === ancestor) return true;
  return false;
};

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
  return claimedMembers(cast, true).includes(name) ? name : undefined;
}

export const noUncheckedEnvelopeCast: Rule<NoUncheckedEnvelopeCastOptions> = {
  meta: {
    type: 'problem',
    docs: { description: 'Narrow envelope fields with a runtime check instead of an optional cast and a default.', url: docsUrl('no-unchecked-envelope-cast') },
    messages: {
      claimed:
        '`{{name}}` is claimed by a cast that nothing checks: a body without it passes as if it had it. Check it at run time (`{{check}}`) where the body arrives, or declare it optional and check the read.',
      cast: '`{{name}}` is read through a cast that declares it optional, then defaulted with `{{operator}}`: a body without it passes silently. Check it at run time (`{{check}}`) and surface its absence.',
    },
    schema: [{ type: 'object', properties: nameOptionsSchema(...ENVELOPE), additionalProperties: false }],
  },
  create(context) {
    // Each name with its concept; a name listed under two concepts keeps the first.
    const concepts = new Map(ENVELOPE.flatMap(concept => namesFor(context.options[0], concept).map(name => [name, concept] as const)).reverse());
    const fields = [...concepts.keys()];
    // Casts that claim envelope fields, and run-time checks, seen in one pass and matched at the end.
    const casts: { node: Node; fields: string[] }[] = [];
    const checks: { node: Node; subject: string; field: string }[] = [];
    const cast = (node: Node) => {
      const claimed = claimedMembers(node, false).filter(field => concepts.has(field));
      // An object or array literal cast is built here, not read from elsewhere.
      const built = ['ObjectExpression', 'ArrayExpression'].includes((node.expression as Node).type);
      if (claimed.length > 0 && !built) casts.push({ node, fields: claimed });
    };
    const check = (node: Node) => {
      const found = runtimeCheckOf(node);
      if (found !== undefined) checks.push({ node, ...found });
    };
    return {
      ...Object.fromEntries(CASTS.map(type => [type, cast])),
      MemberExpression: check,
      ChainExpression: check,
      'BinaryExpression[operator="in"]': check,
      'Program:exit'() {
        for (const { node, fields: claimed } of casts) {
          const subjects = castSubjects(node);
          const scope = enclosingFunction(node) ?? (context.sourceCode.ast as Node);
          for (const name of claimed) {
            const checked = checks.some(found => found.field === name && subjects.includes(found.subject) && within(found.node, scope));
            if (!checked) context.report({ node, messageId: 'claimed', data: { name, check: runtimeCheck(concepts.get(name)!, name) } });
          }
        }
      },
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
