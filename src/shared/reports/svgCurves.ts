import type { AngleCurve } from '../gait/gaitResult.ts';
import { escapeHtml, fixed } from './svgCharts.ts';
import { PHASE_COLOURS } from './reportPhases.ts';

/**
 * A joint angle over the gait cycle, 0–100%, each side's mean curve with a band of ± one standard deviation (the
 * usual clinical display, Perry & Burnfield 2010). Left blue, right orange, as in the phase charts.
 */
export function angleCurveSvg(title: string, curves: { left: AngleCurve | null; right: AngleCurve | null }): string {
  const shown = (['left', 'right'] as const).flatMap((side) => {
    const curve = curves[side];
    return curve === null ? [] : [{ side, curve, colour: PHASE_COLOURS[side] }];
  });
  if (shown.length === 0) return '';
  const [w, h, left, right, top, bottom] = [380, 200, 44, 12, 14, 40];
  const all = shown.flatMap(({ curve }) =>
    curve.mean.flatMap((m, i) => [m - (curve.sd[i] ?? 0), m + (curve.sd[i] ?? 0)]),
  );
  const lo = Math.floor(Math.min(...all) / 10) * 10;
  const hi = Math.ceil(Math.max(...all) / 10) * 10;
  const x = (p: number) => left + (p / 100) * (w - left - right);
  const y = (v: number) => top + ((hi - v) / (hi - lo || 1)) * (h - top - bottom);
  const drawings = shown.map(({ curve, colour }) => {
    const upper = curve.mean.map((m, i) => `${fixed(x(i))},${fixed(y(m + (curve.sd[i] ?? 0)))}`);
    const lower = curve.mean.map((m, i) => `${fixed(x(i))},${fixed(y(m - (curve.sd[i] ?? 0)))}`).reverse();
    const mean = curve.mean.map((m, i) => `${fixed(x(i))},${fixed(y(m))}`).join(' ');
    return (
      `<polygon points="${[...upper, ...lower].join(' ')}" fill="${colour}" fill-opacity="0.18" stroke="none"/>` +
      `<polyline points="${mean}" fill="none" stroke="${colour}" stroke-width="2"/>`
    );
  });
  const ticks = [0, 20, 40, 60, 80, 100]
    .map(
      (p) =>
        `<text x="${fixed(x(p))}" y="${String(h - bottom + 14)}" font-size="10" text-anchor="middle">${String(p)}</text>`,
    )
    .join('');
  const yTicks = [lo, (lo + hi) / 2, hi]
    .map(
      (v) =>
        `<text x="${String(left - 4)}" y="${fixed(y(v) + 3)}" font-size="10" text-anchor="end">${v.toFixed(0)}°</text>`,
    )
    .join('');
  const legend = shown
    .map(
      ({ side, curve, colour }, i) =>
        `<rect x="${String(left + i * 160)}" y="${String(h - 12)}" width="12" height="3" fill="${colour}"/>` +
        `<text x="${String(left + 18 + i * 160)}" y="${String(h - 7)}" font-size="11">${side === 'left' ? 'Left' : 'Right'} (${String(curve.cycles)} cycle${curve.cycles === 1 ? '' : 's'})</text>`,
    )
    .join('');
  return (
    `<figure class="chart"><svg viewBox="0 0 ${String(w)} ${String(h)}" width="${String(w)}" height="${String(h)}" role="img" aria-label="${escapeHtml(title)}">` +
    `<title>${escapeHtml(title)}</title><line x1="${String(left)}" y1="${String(h - bottom)}" x2="${String(w - right)}" y2="${String(h - bottom)}" stroke="#888"/>` +
    `<line x1="${String(left)}" y1="${String(top)}" x2="${String(left)}" y2="${String(h - bottom)}" stroke="#888"/>` +
    `${drawings.join('')}${ticks}${yTicks}${legend}</svg><figcaption>${escapeHtml(title)} (degrees, mean ± SD; % of the gait cycle)</figcaption></figure>`
  );
}
