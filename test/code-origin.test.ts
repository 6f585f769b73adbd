/** lib/findings/code-origin.ts: a source map cut to lines still maps a compiled frame to its source file and line. */
import { COMPILED_URL, linesOnly, originOf, useSourceMap } from '../lib/findings/code-origin';

// Two generated lines: line 1 maps columns 0 and 10 to a.ts lines 1 and 3 (two tokens each), line 2 column 4 to b.ts line 7.
const MAP = { sources: ['../../lib/a.ts', '../../lib/b.ts'], mappings: 'AAAA,IAAI,EAEJ,IAAI;ICIA' };

function thrownAt(line: number, column: number): Error {
  const error = new Error('boom');
  error.stack = `Error: boom\n    at userCode (file:///app/server.js:1:1)\n    at viewsOf (${COMPILED_URL}:${line}:${column})`;
  return error;
}

afterEach(() => useSourceMap(undefined));

test('the cut map keeps one segment per source line, and sources read as repository paths', () => {
  expect(linesOnly(MAP)).toEqual({ sources: ['lib/a.ts', 'lib/b.ts'], mappings: 'AAAA,MAEA;ICIA' });
});

test.each([
  [3, 1, 'lib/a.ts:1'],
  [3, 12, 'lib/a.ts:3'],
  [4, 30, 'lib/b.ts:7'],
])('a frame at compiled line %i column %i (two lines of Function header first) is %s', (line, column, origin) => {
  useSourceMap(linesOnly(MAP));
  expect(originOf(thrownAt(line, column))).toBe(origin);
});

test('without a map (the code runs from its sources) or without a frame of the compiled code, nothing is named', () => {
  expect(originOf(thrownAt(3, 1))).toBeUndefined();
  useSourceMap(linesOnly(MAP));
  expect(originOf(new Error('no frame of ours'))).toBeUndefined();
  expect(originOf('a string')).toBeUndefined();
});
