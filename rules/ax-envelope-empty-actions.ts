/** The agent-UX envelope (AGLedger's "The Agent-UX Envelope" and "Validating Authoring Before Deploy"). */
import envelopeEmptyActions from '../functions/envelopeEmptyActions';
import { declareRule } from './declaration';

export default declareRule({
  id: 'ax-envelope-empty-actions',
  description: 'A response example with an empty `nextActions` carries a non-empty `nextSteps`.',
  severity: 'warn',
  recommended: false,
  function: envelopeEmptyActions,
  principle: {
    id: 'empty-actions',
    label: 'empty actions',
    scope: 'operations with a response example that contains `nextActions`',
    applies: { holds: { concept: 'nextActions', in: 'example' } },
    fixSite: 'response',
    fix: 'give the example with an empty `nextActions` a non-empty `nextSteps`',
  },
});
