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

export interface RuleContext<O> {
  options: O[];
  filename?: string;
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

/** The docs page of a rule, at the tag of this version, as the ruleset's rule pages are linked. */
export const docsUrl = (rule: string) => `https://github.com/spectral-agent-ux/spectral-agent-ux/blob/v${version}/docs/eslint/${rule}.md`;

/** The name of a property key (`nextSteps`, `'nextSteps'`), or undefined for a computed one. */
export function keyName(node: Node | undefined, computed = false): string | undefined {
  if (node === undefined) return undefined;
  if (node.type === 'Identifier' && !computed) return node.name as string;
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  return undefined;
}

/** A file matched by one of the glob-free patterns (a path suffix or a substring such as `/steps/` or `.test.`). */
export const fileMatches = (filename: string | undefined, patterns: readonly string[]) =>
  filename !== undefined && patterns.some(pattern => filename.replace(/\\/g, '/').includes(pattern));

export const STRINGS = { type: 'array', items: { type: 'string', minLength: 1 } } as const;
