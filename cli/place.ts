/**
 * Where a diagnostic sits: the operation whose location prefixes its path (what `overrides` pointers
 * and the report's cells are keyed by), and the two ways of writing that location as a JSON pointer.
 */
import type { ISpectralDiagnostic } from '@stoplight/spectral-core';
import { escapeSegment, type Operation } from '../lib/document/document';
import { notedFor, type UsersByRule } from '../lib/findings/rule-function';

const pathKey = (path: readonly (string | number)[]) => path.map(String).join('\u0000');

/** The operations at each location (several when path items share a `$ref`), looked up by any path inside them. */
export function operationsAround(operations: readonly Operation[]): (path: readonly (string | number)[]) => Operation[] {
  const byLocation = new Map<string, Operation[]>();
  for (const operation of operations) {
    const key = pathKey(operation.location);
    byLocation.set(key, [...(byLocation.get(key) ?? []), operation]);
  }
  return path => {
    for (let length = 1; length <= path.length; length++) {
      const owners = byLocation.get(pathKey(path.slice(0, length)));
      if (owners !== undefined) return owners;
    }
    return [];
  };
}

/**
 * The operations a diagnostic of the linted file stands for: for a finding on a shared place (a component,
 * or a schema of one operation that others reuse), every operation that uses it, as the rule noted in edits
 * mode; else those it sits in.
 */
export function ownersOf(operations: readonly Operation[], users: UsersByRule | undefined): (diagnostic: ISpectralDiagnostic) => Operation[] {
  const around = operationsAround(operations);
  return diagnostic => {
    const noted = notedFor(users, diagnostic);
    return noted === undefined ? around(diagnostic.path) : [...new Set(noted.flatMap(location => around(location)))];
  };
}

/** Pointers and file patterns in one stable order (not localeCompare: the report's JSON and the baseline file must not depend on the machine's locale). */
export const byCodePoint = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The pointer Spectral compares `overrides` with (`#/paths/~1payments~1%7Bid%7D/post`): each segment
 * escaped, then percent-encoded as @stoplight/json's pathToPointer does (which leaves `–` as it is).
 */
export function toOverridePointer(path: readonly (string | number)[]): string {
  const encode = (segment: string | number) => escapeSegment(segment).replace(/[^a-zA-Z0-9_.!~*'()\-–\u{D800}-\u{DFFF}]/gu, encodeURIComponent);
  return path.length === 0 ? '#' : `#/${path.map(encode).join('/')}`;
}
