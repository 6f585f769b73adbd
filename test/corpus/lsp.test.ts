/**
 * npm run test:corpus, the language server on two real descriptions (YAML and JSON), through the protocol
 * from the packed tarball: every finding `fix` can edit gets a quick fix that clears it alone, with no new
 * finding and no edit beyond a line; source.fixAll makes what `fix --apply` makes (test/support/lsp-proof.ts).
 */
import { copyFileSync, existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createConsumer } from '../support/consumer';
import { killLeftoverServers } from '../support/lsp';
import { PROVEN, proveQuickFixes, verdictOf } from '../support/lsp-proof';

jest.setTimeout(900_000);
const CORPUS = join(__dirname, '..', '..', '.cache', 'corpus');
const FILES = ['train-travel.yaml', 'rev-ai.json'];
const describeCorpus = FILES.every(file => existsSync(join(CORPUS, file))) ? describe : describe.skip;

describeCorpus('quick fixes on real descriptions', () => {
  let consumer: string;
  afterAll(killLeftoverServers);
  beforeAll(() => {
    consumer = createConsumer();
    writeFileSync(join(consumer, '.spectral.yaml'), 'extends: ["spectral-agent-ux"]\n');
    for (const file of FILES) copyFileSync(join(CORPUS, file), join(consumer, file));
  }, 600_000);

  test.each(FILES)('%s: a quick fix for every finding fix can edit, each clearing it alone; fixAll is fix --apply', async file => {
    const proof = await proveQuickFixes(consumer, file);
    expect(proof.titles.length).toBeGreaterThan(0);
    expect(verdictOf(proof)).toEqual(PROVEN);
  });
});
