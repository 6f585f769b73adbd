/** The convention fixtures (test/fixtures/conventions/): one small description per framework's real error shape. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const CONVENTIONS = [
  'aspnetcore',
  'berlin-group',
  'dotnet-fault',
  'evidence-names',
  'fastapi',
  'google-aip193',
  'graphql-style',
  'jsonapi',
  'microsoft',
  'oauth2',
  'prism',
  'rfc9457',
  'rpc-failure',
  'spring-boot',
  'stripe',
  'zod-issues',
] as const;
export type Convention = (typeof CONVENTIONS)[number];

/** The lane: the rules that read error bodies, each run on every convention. */
export const LANE = [
  'ax-recoverable-error-structure',
  'ax-recoverable-field-details',
  'ax-recoverable-suggestion',
  'ax-recoverable-trace-id',
  'ax-recoverable-no-stack-traces',
  'ax-recoverable-retryable-flag',
  'ax-envelope-refresh-url',
  'ax-envelope-state',
] as const;

/** The YAML text of one convention fixture. */
export function convention(name: Convention): string {
  return readFileSync(join(__dirname, '..', 'fixtures', 'conventions', `${name}.yaml`), 'utf8');
}
