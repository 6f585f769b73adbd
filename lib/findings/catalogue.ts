/**
 * The package's public names that are not rules (rule ids are read off the rule declarations, rules/index.ts),
 * and where the release's docs live.
 */
import { version } from '../../package.json';

/**
 * The findings only \`spectral-agent-ux probe\` reports, from a running API (docs/probe.md): public API
 * like the rule ids, and exemptible with \`x-ax-exempt\` like them.
 */
export const PROBE_IDS = [
  'ax-probe-stale-step',
  'ax-probe-wrong-field',
  'ax-probe-unrecoverable',
  'ax-probe-server-error',
  'ax-probe-undeclared-status',
] as const;

export type ProbeId = (typeof PROBE_IDS)[number];

/** The repository at the release's tag, so that a finding links to the text of the version that produced it. */
export const RELEASE_URL = `https://github.com/spectral-agent-ux/spectral-agent-ux/blob/v${version}/`;
export const DOCS_URL = `${RELEASE_URL}docs/`;
