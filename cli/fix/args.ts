/** The `fix` command line: `spectral-agent-ux fix <file> [--ruleset …] [--output overlay.yaml | --apply] [--only <change or rule>]`. */
import { stringOf, tokenize, UsageError } from '../args';

export interface FixOptions {
  file: string;
  ruleset?: string;
  output?: string;
  apply: boolean;
  allowRemoteRefs: boolean;
  /** One change of the report's triage (its id) or one rule: only its findings are fixed. */
  only?: string;
}

export const FIX_USAGE = `Usage: spectral-agent-ux fix <openapi-file> [options]

Writes the fixes of the findings that need no person (a declared member, a required entry, an
x-ax-* flag, a header) as an OpenAPI Overlay 1.0.0, or applies them to the file. Findings that need a
person (prose, a real URL, a decision) are listed, never guessed.

Options:
  -r, --ruleset <file>  ruleset (default: .spectral.yaml/.yml/.json here, else spectral-agent-ux)
  -o, --output <file>   write the overlay to a file (.json for JSON, else YAML) instead of stdout
      --apply           edit the description itself instead: no other byte of it changes
      --allow-remote-refs  fetch http(s) $refs too (default: local files only, a warning for each)
      --only <id|rule>  fix one change of the report's "Start here" list (its id, as
                        \`report --format json\` lists under \`changes\`) or one rule's findings
  -h, --help            show this help

Exit codes: 0 done, 2 bad usage or input.`;

const SPEC = { values: ['--ruleset', '--output', '--only'], switches: ['--apply', '--allow-remote-refs'], aliases: { '-r': '--ruleset', '-o': '--output' } };

/** The arguments after `fix` (the dispatcher answers `--help`). */
export function parseFixArgs(argv: readonly string[]): FixOptions {
  const { flags, positionals } = tokenize(argv, SPEC);
  const [file, ...extra] = positionals;
  if (file === undefined) throw new UsageError('missing the OpenAPI file to fix');
  if (extra.length > 0) throw new UsageError(`one file at a time; unexpected "${extra[0]}"`);
  const apply = flags.get('--apply') === true;
  const output = stringOf(flags.get('--output'));
  if (apply && output !== undefined) throw new UsageError('--apply edits the file itself; --output writes an overlay instead: choose one');
  return {
    file,
    ruleset: stringOf(flags.get('--ruleset')),
    output,
    apply,
    only: stringOf(flags.get('--only')),
    allowRemoteRefs: flags.has('--allow-remote-refs'),
  };
}
