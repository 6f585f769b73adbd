/** `fix --apply` collects the lint's garbage between its steps (cli/fix/memory.ts): the collector is really reached. */
import { collectGarbage } from '../cli/fix/memory';

test('collectGarbage frees an object nothing holds any more', async () => {
  let held: object | undefined = { large: new Array(1000).fill('x') };
  const ref = new WeakRef(held);
  held = undefined;
  // A WeakRef keeps its target until the current job ends.
  await new Promise(resolve => setImmediate(resolve));
  collectGarbage();
  expect(ref.deref()).toBeUndefined();
});

test('collectGarbage can be called again, and leaves `gc` unexposed', () => {
  collectGarbage();
  collectGarbage();
  expect((globalThis as { gc?: unknown }).gc).toBeUndefined();
});
