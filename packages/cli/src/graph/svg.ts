// DOT drawn as SVG by Graphviz compiled to WebAssembly (@viz-js/viz, MIT, ~1.2 MB of JavaScript with the module
// inlined). Loaded only here, for `--format svg`: the CLI's bundle leaves it outside (scripts/bundle.mjs), so no other
// command reads it.
export async function dotToSvg(dot: string): Promise<string> {
  const { instance } = await import('@viz-js/viz');
  const viz = await instance();
  const result = viz.render(dot, { format: 'svg', engine: 'dot' });
  if (result.status !== 'success') {
    const messages = result.errors.map((e) => e.message.trim()).filter((m) => m.length > 0);
    throw new Error(`Graphviz could not draw the graph${messages.length > 0 ? `: ${messages.join('; ')}` : ''}`);
  }
  return result.output;
}
