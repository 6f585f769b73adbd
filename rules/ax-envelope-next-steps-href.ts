/** The agent-UX envelope (AGLedger's "The Agent-UX Envelope" and "Validating Authoring Before Deploy"). */
import envelopeNextStepsHref from '../functions/envelopeNextStepsHref';
import { declareRule } from './declaration';

export default declareRule({
  id: 'ax-envelope-next-steps-href',
  description: 'Every `nextSteps` href of a response example reaches a declared path and method, with no template left to fill in.',
  severity: 'error',
  recommended: true,
  function: envelopeNextStepsHref,
  principle: {
    id: 'href-resolution',
    label: 'href resolution',
    scope: 'operations with a response example that contains `nextSteps`',
    applies: { holds: { concept: 'nextSteps', in: 'example' } },
    fixSite: 'response',
    fix: 'point every `nextSteps` href of the examples at a declared path and method',
  },
});
