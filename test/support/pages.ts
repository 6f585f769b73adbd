/** Reading a docs page: the fenced blocks of one `## ` section, in order (a document or code, then what it produces). */
export function blocks(page: string, section: string): string[] {
  const start = page.indexOf(`${section}\n`);
  const end = page.indexOf('\n## ', start + 1);
  const text = page.slice(start, end === -1 ? undefined : end);
  return [...text.matchAll(/```[a-z]*\n([\s\S]*?)```/g)].map(match => match[1]);
}
