/** The agent-UX envelope (AGLedger's "The Agent-UX Envelope" and "Validating Authoring Before Deploy"). */
import envelopeNextSteps from '../functions/envelopeNextSteps';
import { isEnvelopeStatus } from '../lib/document/document';
import { asksNextSteps } from '../lib/rules/scope';
import { declareRule } from './declaration';

export default declareRule({
  id: 'ax-envelope-next-steps',
  description: 'Every 2xx response of a mutation declares `nextSteps`, the next legal calls.',
  severity: 'error',
  recommended: true,
  function: envelopeNextSteps,
  principle: {
    id: 'next-steps',
    label: 'nextSteps',
    scope: 'mutations with a 2xx response that has a JSON schema (204 and 205 excluded)',
    applies: { operations: asksNextSteps, responses: isEnvelopeStatus, holds: 'JSON schema' },
    fixSite: 'success schema',
    fix: 'add `nextSteps` to the success schema',
  },
});
