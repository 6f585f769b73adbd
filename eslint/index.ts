/**
 * `spectral-agent-ux/eslint`: the lint guardrail of AGLedger's "Validating Authoring Before Deploy",
 * for handler code, beside the static sweep (the ruleset) and the runtime hook (`spectral-agent-ux/runtime`).
 * A flat-config plugin under the namespace `agent-ux`; `configs.recommended` turns the three rules on.
 */
import { name, version } from '../package.json';
import { noInlineNextSteps } from './no-inline-next-steps';
import { noPoolQueryInTransaction } from './no-pool-query-in-transaction';
import { noUncheckedEnvelopeCast } from './no-unchecked-envelope-cast';

const rules = {
  'no-inline-next-steps': noInlineNextSteps,
  'no-unchecked-envelope-cast': noUncheckedEnvelopeCast,
  'no-pool-query-in-transaction': noPoolQueryInTransaction,
};

const plugin = {
  meta: { name: `${name}/eslint`, version },
  rules,
  configs: {} as { recommended: { name: string; plugins: Record<string, unknown>; rules: Record<string, 'error'> } },
};

plugin.configs.recommended = {
  name: 'agent-ux/recommended',
  plugins: { 'agent-ux': plugin },
  rules: Object.fromEntries(Object.keys(rules).map(rule => [`agent-ux/${rule}`, 'error' as const])),
};

export default plugin;
