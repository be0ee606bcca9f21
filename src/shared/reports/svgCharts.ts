/** Small self-contained SVG charts for the HTML report: no scripts, no external requests, print-friendly. */

/** A pie slice: its value sets the angle; its text is what the legend prints (the report's own rounding). */
export type Slice = { label: string; value: number; text: string; colour: string };

export const escapeHtml = (text: string): string =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

export const fixed = (n: number) => n.toFixed(2);

/** A pie chart with a legend; slices with no finite positive value are left out. */
export function pieChartSvg(title: string, slices: readonly Slice[]): string {
  const shown = slices.filter((s) => Number.isFinite(s.value) && s.value > 0);
  const total = shown.reduce((sum, s) => sum + s.value, 0);
  const r = 70;
  const cx = 80;
  const cy = 85;
  let angle = -Math.PI / 2;
  const paths = shown.map((s) => {
    const sweep = (s.value / total) * Math.PI * 2;
    if (sweep >= Math.PI * 2 - 1e-9)
      return `<circle cx="${String(cx)}" cy="${String(cy)}" r="${String(r)}" fill="${s.colour}"/>`;
    const [x1, y1] = [cx + r * Math.cos(angle), cy + r * Math.sin(angle)];
    angle += sweep;
    const [x2, y2] = [cx + r * Math.cos(angle), cy + r * Math.sin(angle)];
    const large = sweep > Math.PI ? 1 : 0;
    return `<path d="M${String(cx)},${String(cy)} L${fixed(x1)},${fixed(y1)} A${String(r)},${String(r)} 0 ${String(large)} 1 ${fixed(x2)},${fixed(y2)} Z" fill="${s.colour}" stroke="#fff" stroke-width="1"/>`;
  });
  const legend = shown.map(
    (s, i) =>
      `<rect x="170" y="${String(30 + i * 22)}" width="12" height="12" fill="${s.colour}"/>` +
      `<text x="188" y="${String(41 + i * 22)}" font-size="12">${escapeHtml(s.label)}: ${escapeHtml(s.text)}</text>`,
  );
  return (
    `<figure class="chart"><svg viewBox="0 0 360 175" width="360" height="175" role="img" aria-label="${escapeHtml(title)}">` +
    `<title>${escapeHtml(title)}</title>${paths.join('')}${legend.join('')}</svg><figcaption>${escapeHtml(title)}</figcaption></figure>`
  );
}
