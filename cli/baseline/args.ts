/** The `baseline` command line: `spectral-agent-ux baseline <file>... [--ruleset R] [--output F] [--prune | --check] [--all-rules]`. */
import { stringOf, tokenize, UsageError } from '../args';

export const DEFAULT_BASELINE = '.spectral-baseline.yaml';

/** What CI runs with a baseline: `--fail-severity warn`, or Spectral's default (`error`) lets new warnings through. */
export function ciCommand(baseline: string, files: string): string {
  return `npx spectral lint -r ${baseline} ${files} --fail-severity warn`;
}

export interface BaselineOptions {
  files: string[];
  ruleset?: string;
  output: string;
  mode: 'write' | 'prune' | 'check';
  allRules: boolean;
  allowRemoteRefs: boolean;
}

export const BASELINE_USAGE = `Usage: spectral-agent-ux baseline <openapi-file>... [options]

Writes a Spectral ruleset that extends yours and turns off, operation by operation, the rules with
findings today. CI lints with it and fails only on new findings:
  ${ciCommand(DEFAULT_BASELINE, 'openapi.yaml')}

Options:
  -r, --ruleset <file>  the ruleset to extend (default: .spectral.yaml/.yml/.json here, else spectral-agent-ux)
  -o, --output <file>   the baseline file (default: ${DEFAULT_BASELINE})
      --prune           remove the entries and rule ids that have no findings left; never adds any
      --check           exit 1, naming each entry --prune would remove or shrink
      --all-rules       also baseline rules of other rulesets (spectral:oas …), not only spectral-agent-ux's
      --allow-remote-refs  fetch http(s) $refs too (default: local files only, a warning for each)
  -h, --help            show this help

Exit codes: 0 done, 1 --check found stale entries, 2 bad usage or input.`;

const SPEC = {
  values: ['--ruleset', '--output'],
  switches: ['--prune', '--check', '--all-rules', '--allow-remote-refs'],
  aliases: { '-r': '--ruleset', '-o': '--output' },
};

/** The arguments after `baseline` (the dispatcher answers `--help`). */
export function parseBaselineArgs(argv: readonly string[]): BaselineOptions {
  const { flags, positionals } = tokenize(argv, SPEC);
  if (positionals.length === 0) throw new UsageError('missing the OpenAPI file(s) to baseline');
  if (flags.has('--prune') && flags.has('--check')) throw new UsageError('--prune and --check do not go together: --check only reads');
  const mode = flags.has('--prune') ? 'prune' : flags.has('--check') ? 'check' : 'write';
  // An existing baseline names its ruleset in `extends`; another one here would mean two sources of truth.
  if (mode !== 'write' && flags.has('--ruleset')) throw new UsageError(`--ruleset does not go with --${mode}: the baseline extends its ruleset already`);
  return {
    files: positionals,
    ruleset: stringOf(flags.get('--ruleset')),
    output: stringOf(flags.get('--output')) ?? DEFAULT_BASELINE,
    mode,
    allRules: flags.has('--all-rules'),
    allowRemoteRefs: flags.has('--allow-remote-refs'),
  };
}
