/**
 * What the three rules share: ESLint's rule shape (typed here, so that importing the plugin never loads
 * ESLint), the docs link of each rule, and reading a property's name.
 */
import { version } from '../package.json';

/** The parts of an ESTree node the rules read; typescript-eslint's nodes have them too. */
export interface Node {
  type: string;
  parent?: Node | null;
  [key: string]: unknown;
}

/** The part of eslint-scope's scope the rules read: a name's definitions, here or in an enclosing scope. */
export interface Scope {
  set: Map<string, { defs: { type: string; node: Node; parent?: Node | null }[] }>;
  upper: Scope | null;
}

export interface RuleContext<O> {
  options: O[];
  filename?: string;
  cwd?: string;
  sourceCode: { getScope(node: Node): Scope; ast: unknown };
  report(descriptor: { node: Node; messageId: string; data?: Record<string, string> }): void;
}

export interface Rule<O> {
  meta: {
    type: 'problem' | 'suggestion';
    docs: { description: string; url: string };
    messages: Record<string, string>;
    schema: unknown[];
  };
  create(context: RuleContext<O>): { [selector: string]: ((node: Node) => void) | undefined };
}

/** The initial value of the `const` an identifier names (`const body = (await res.json()) as { … }`), if it is one. */
export function constInit(identifier: Node, scope: Scope): Node | undefined {
  for (let current: Scope | null = scope; current !== null; current = current.upper) {
    const variable = current.set.get(identifier.name as string);
    if (variable === undefined) continue;
    const [def] = variable.defs;
    return variable.defs.length === 1 && def.type === 'Variable' && def.parent?.kind === 'const' ? ((def.node.init as Node | null) ?? undefined) : undefined;
  }
  return undefined;
}

/** The docs page of a rule, at the tag of this version, as the ruleset's rule pages are linked. */
export const docsUrl = (rule: string) => `https://github.com/spectral-agent-ux/spectral-agent-ux/blob/v${version}/docs/eslint/${rule}.md`;

/** The name of a property key (`nextSteps`, `'nextSteps'`), or undefined for a computed one. */
export function keyName(node: Node | undefined, computed = false): string | undefined {
  if (node === undefined) return undefined;
  if (node.type === 'Identifier' && !computed) return node.name as string;
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  return undefined;
}

/**
 * Whether a file's path from the working directory (`/src/steps/order.ts`, forward slashes, a leading `/`)
 * contains one of the glob-free patterns (`/steps/`, `.test.`): from the working directory, so that a
 * pattern never matches a folder above the project (`/home/test/app/…`).
 */
export function fileMatches(filename: string | undefined, cwd: string | undefined, patterns: readonly string[]): boolean {
  if (filename === undefined) return false;
  const file = filename.replace(/\\/g, '/');
  const root = cwd?.replace(/\\/g, '/').replace(/\/$/, '');
  const path = root !== undefined && file.startsWith(`${root}/`) ? file.slice(root.length) : file;
  return patterns.some(pattern => path.includes(pattern));
}

/** The node types of a function, whose body is a scope of its own. */
export const FUNCTIONS = ['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression'];

/** The innermost function a node sits in, if any. */
export function enclosingFunction(node: Node): Node | undefined {
  for (let current = node.parent; current != null; current = current.parent) if (FUNCTIONS.includes(current.type)) return current;
  return undefined;
}

export const STRINGS = { type: 'array', items: { type: 'string', minLength: 1 } } as const;
