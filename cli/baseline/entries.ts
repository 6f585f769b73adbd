/**
 * From findings to baseline entries: each finding goes to the operation it sits in (the entry's pointer
 * is the operation's), or, outside every operation, to a pointer of its own.
 */
import * as path from 'node:path';
import type { ISpectralDiagnostic } from '@stoplight/spectral-core';
import { RULE_IDS } from '../../rules';
import type { LintedDocument } from '../lint';
import { toPointer } from '../../lib/document/document';
import { operationsAround, toOverridePointer } from '../place';
import type { Entry } from './file';

const PACKAGE_RULES = new Set<string>(RULE_IDS);

/** Glob characters in a file name match themselves once escaped (Spectral matches `files` with minimatch). */
const escapeGlob = (file: string) => file.replace(/[*?[\]{}()!+@\\]/g, '\\$&');

/** The document as a `files` pattern: relative to the baseline's folder, with `/`. */
export function documentPattern(file: string, baselineDir: string): string {
  return escapeGlob(path.relative(baselineDir, file).split(path.sep).join('/'));
}

export interface Placed {
  entries: Entry[];
  /** Findings no pointer of this document can cover: in another file (a `$ref` target) or not from a rule. */
  skipped: number;
}

export function entriesFor(linted: LintedDocument, baselineDir: string, allRules: boolean): Placed {
  const around = operationsAround(linted.doc.operations());
  const document = documentPattern(linted.file, baselineDir);
  const entries = new Map<string, Entry>();
  let skipped = 0;
  const inScope = (diagnostic: ISpectralDiagnostic) => allRules || PACKAGE_RULES.has(String(diagnostic.code));
  for (const diagnostic of linted.diagnostics.filter(inScope)) {
    const rule = String(diagnostic.code);
    if ((diagnostic.source !== undefined && diagnostic.source !== linted.file) || linted.ruleset.rules[rule] === undefined) {
      skipped++;
      continue;
    }
    const owners = around(diagnostic.path);
    const at = owners.length > 0 ? owners[0].location : diagnostic.path;
    const pattern = `${document}${toOverridePointer(at)}`;
    const label = owners.length > 0 ? owners.map(owner => `${owner.method.toUpperCase()} ${owner.path}`).join(', ') : toPointer([...at]);
    const entry = entries.get(pattern) ?? { pattern, rules: new Map<string, number>(), label };
    entries.set(pattern, entry);
    entry.rules.set(rule, (entry.rules.get(rule) ?? 0) + 1);
  }
  return { entries: [...entries.values()], skipped };
}
