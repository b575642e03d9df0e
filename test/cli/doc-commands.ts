// The `npx calckit …` lines of a Markdown page's code blocks: what a reader copies, which the docs tests run.

/** The `npx calckit…` commands of the page's code blocks (YAML `run:` steps too), without trailing comments. */
export function readmeCommands(readme: string): string[] {
  const commands: string[] = [];
  let inCode = false;
  for (const raw of readme.split('\n')) {
    if (/^\s*```/.test(raw)) {
      inCode = !inCode;
      continue;
    }
    if (!inCode || !raw.includes('npx calckit')) continue;
    const line = raw.replace(/^\s*-?\s*run:\s*/, '').replace(/\s+#\s.*$/, '').trim();
    commands.push(line);
  }
  return commands;
}
