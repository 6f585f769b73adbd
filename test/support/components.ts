/**
 * How a finding about a shared component reads and where it lands: once, on the component (the place to
 * edit), its message opening with the component's key and its users.
 */
import type { ExpectedResult } from './testRule';

/**
 * "`Problem` (used by 2 responses)" for several responses, "`Problem` (used by GET /a 404)" for one (a local finding's label);
 * with `total`, the responses that use it in all: "(used by 2 of 26 responses)", "(used by GET /a 409, 1 of 2)".
 */
export const usedBy = (name: string, users: number | string, total?: number): string => {
  const of = total === undefined ? '' : ` of ${total}`;
  return `\`${name}\` (used by ${typeof users === 'number' ? `${users}${of} responses` : `${users}${of && `, 1${of}`}`})`;
};

/** `components/<kind>/<name>` and what lies under it, where a shared component's finding lands. */
export const component = (kind: string, name: string, ...under: (string | number)[]): (string | number)[] => ['components', kind, name, ...under];

/** The one finding at `path` inside a shared component (`components/<kind>/<Name>/…` or Swagger 2.0's `definitions/<Name>/…`), named by its key. */
export function shared(path: (string | number)[], users: number | string | [number | string, number], text: string): ExpectedResult {
  const name = String(path[0] === 'components' ? path[2] : path[1]);
  // `[users, total]`: a place that more responses use than the finding concerns.
  const [counted, total] = Array.isArray(users) ? users : [users, undefined];
  return { path, message: `${usedBy(name, counted, total)}: ${text}` };
}

const USED_BY = /^`[^`]+` \(used by [^)]+\)$/;

/**
 * The opening of a finding about an error schema: "GET /a 404: the error schema" on an operation; on a
 * shared component the component is the subject, "`Problem` (used by 2 responses):" (not "…: the error schema").
 */
export const schemaAt = (where: string): string => (USED_BY.test(where) ? `${where}:` : `${where}: the error schema`);
