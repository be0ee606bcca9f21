/** Small self-contained SVG charts for the HTML report: no scripts, no external requests, print-friendly. */

export type Slice = { label: string; value: number; colour: string };
export type SeriesPoint = { x: string; y: number };

export const escapeHtml = (text: string): string =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

const fixed = (n: number) => n.toFixed(2);

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
      `<text x="188" y="${String(41 + i * 22)}" font-size="12">${escapeHtml(s.label)}: ${((s.value / total) * 100).toFixed(1)} %</text>`,
  );
  return (
    `<figure class="chart"><svg viewBox="0 0 360 175" width="360" height="175" role="img" aria-label="${escapeHtml(title)}">` +
    `<title>${escapeHtml(title)}</title>${paths.join('')}${legend.join('')}</svg><figcaption>${escapeHtml(title)}</figcaption></figure>`
  );
}

/** A line chart of one metric across sessions, with the adult range shaded when there is one. */
export function trendChartSvg(
  title: string,
  unit: string,
  points: readonly SeriesPoint[],
  range?: { low: number; high: number },
): string {
  const finite = points.filter((p) => Number.isFinite(p.y));
  const [w, h, left, bottom, top] = [360, 180, 48, 34, 14];
  const values = [...finite.map((p) => p.y), ...(range ? [range.low, range.high] : [])];
  const min = values.length ? Math.min(...values) : 0;
  const max = values.length ? Math.max(...values) : 1;
  const pad = (max - min) * 0.1 || Math.abs(max) * 0.1 || 1;
  const [lo, hi] = [min - pad, max + pad];
  const x = (i: number) =>
    left + (points.length <= 1 ? (w - left - 10) / 2 : (i * (w - left - 10)) / (points.length - 1));
  const y = (v: number) => top + ((hi - v) / (hi - lo)) * (h - top - bottom);
  const band = range
    ? `<rect x="${String(left)}" y="${fixed(y(range.high))}" width="${String(w - left - 10)}" height="${fixed(y(range.low) - y(range.high))}" fill="#e3f1e6"/>`
    : '';
  const line = points
    .map((p, i) => (Number.isFinite(p.y) ? `${fixed(x(i))},${fixed(y(p.y))}` : ''))
    .filter(Boolean)
    .join(' ');
  const dots = points
    .map((p, i) =>
      Number.isFinite(p.y) ? `<circle cx="${fixed(x(i))}" cy="${fixed(y(p.y))}" r="3" fill="#0b5c7a"/>` : '',
    )
    .join('');
  const xLabels = points
    .map(
      (p, i) =>
        `<text x="${fixed(x(i))}" y="${String(h - 14)}" font-size="10" text-anchor="middle">${escapeHtml(p.x)}</text>`,
    )
    .join('');
  const yLabels = [lo, (lo + hi) / 2, hi]
    .map(
      (v) =>
        `<text x="${String(left - 4)}" y="${fixed(y(v) + 3)}" font-size="10" text-anchor="end">${v.toFixed(2)}</text>`,
    )
    .join('');
  return (
    `<figure class="chart"><svg viewBox="0 0 ${String(w)} ${String(h)}" width="${String(w)}" height="${String(h)}" role="img" aria-label="${escapeHtml(title)}">` +
    `<title>${escapeHtml(title)}</title>${band}<line x1="${String(left)}" y1="${String(h - bottom)}" x2="${String(w - 10)}" y2="${String(h - bottom)}" stroke="#888"/>` +
    `<line x1="${String(left)}" y1="${String(top)}" x2="${String(left)}" y2="${String(h - bottom)}" stroke="#888"/>` +
    `<polyline points="${line}" fill="none" stroke="#0b5c7a" stroke-width="2"/>${dots}${xLabels}${yLabels}</svg>` +
    `<figcaption>${escapeHtml(title)} (${escapeHtml(unit)})</figcaption></figure>`
  );
}
