import { escapeHtml, fixed } from './svgCharts.ts';
import type { TrendSeries } from './trendSeries.ts';

/** Line colours, one per patient in a multi-patient report (colour-blind-safe order of Okabe & Ito 2008). */
export const SERIES_COLOURS = ['#0072b2', '#d55e00', '#009e73', '#cc79a7', '#e69f00', '#56b4e9', '#000000'];

/**
 * A line chart of one report line across sessions, one line per dataset (a multi-patient report's patients are
 * never joined), the adult range shaded, and a legend when there is more than one line. The plot leaves room on
 * the right so that the last session's label is not cut off.
 */
export function trendChartSvg(series: TrendSeries, axisName: string): string {
  const { xLabels, datasets, range } = series;
  const [w, left, right, top, bottom] = [380, 48, 34, 14, 34];
  const legendHeight = datasets.length > 1 ? 16 * datasets.length + 4 : 0;
  const h = 180 + legendHeight;
  const plotBottom = 180 - bottom;
  const values = [...datasets.flatMap((d) => d.values), ...(range ? [range.low, range.high] : [])].filter(
    (v): v is number => v !== null && Number.isFinite(v),
  );
  const min = values.length ? Math.min(...values) : 0;
  const max = values.length ? Math.max(...values) : 1;
  const pad = (max - min) * 0.1 || Math.abs(max) * 0.1 || 1;
  const [lo, hi] = [min - pad, max + pad];
  const width = w - left - right;
  const x = (i: number) => left + (xLabels.length <= 1 ? width / 2 : (i * width) / (xLabels.length - 1));
  const y = (v: number) => top + ((hi - v) / (hi - lo)) * (plotBottom - top);
  const band = range
    ? `<rect x="${String(left)}" y="${fixed(y(range.high))}" width="${String(width)}" height="${fixed(y(range.low) - y(range.high))}" fill="#e3f1e6"/>`
    : '';
  const lines = datasets.map((d, n) => {
    const colour = SERIES_COLOURS[n % SERIES_COLOURS.length] ?? '#0b5c7a';
    // One line through this dataset's own sessions; sessions it lacks (another patient's) are passed over.
    const points = d.values.flatMap((v, i) => (v === null ? [] : [`${fixed(x(i))},${fixed(y(v))}`]));
    const polylines =
      points.length > 1
        ? [`<polyline points="${points.join(' ')}" fill="none" stroke="${colour}" stroke-width="2"/>`]
        : [];
    const dots = d.values
      .map((v, i) =>
        v === null
          ? ''
          : `<circle cx="${fixed(x(i))}" cy="${fixed(y(v))}" r="3" fill="${colour}"><title>${escapeHtml(d.name)}: ${String(v)}</title></circle>`,
      )
      .join('');
    return polylines.join('') + dots;
  });
  const xText = xLabels
    .map((label, i) => {
      const anchor =
        xLabels.length > 1 && i === xLabels.length - 1 ? 'end' : i === 0 && xLabels.length > 1 ? 'start' : 'middle';
      return `<text x="${fixed(x(i))}" y="${String(plotBottom + 16)}" font-size="10" text-anchor="${anchor}">${escapeHtml(label)}</text>`;
    })
    .join('');
  const yText = [lo, (lo + hi) / 2, hi]
    .map(
      (v) =>
        `<text x="${String(left - 4)}" y="${fixed(y(v) + 3)}" font-size="10" text-anchor="end">${v.toFixed(2)}</text>`,
    )
    .join('');
  const legend =
    datasets.length > 1
      ? datasets
          .map((d, n) => {
            const ly = 180 + n * 16;
            const colour = SERIES_COLOURS[n % SERIES_COLOURS.length] ?? '#0b5c7a';
            return `<rect x="${String(left)}" y="${String(ly)}" width="12" height="3" fill="${colour}"/><text x="${String(left + 18)}" y="${String(ly + 5)}" font-size="11">${escapeHtml(d.name)}</text>`;
          })
          .join('')
      : '';
  const title = `${series.label} by ${axisName}`;
  return (
    `<figure class="chart"><svg viewBox="0 0 ${String(w)} ${String(h)}" width="${String(w)}" height="${String(h)}" role="img" aria-label="${escapeHtml(title)}">` +
    `<title>${escapeHtml(title)}</title>${band}<line x1="${String(left)}" y1="${String(plotBottom)}" x2="${String(w - right)}" y2="${String(plotBottom)}" stroke="#888"/>` +
    `<line x1="${String(left)}" y1="${String(top)}" x2="${String(left)}" y2="${String(plotBottom)}" stroke="#888"/>` +
    `${lines.join('')}${xText}${yText}${legend}</svg><figcaption>${escapeHtml(title)} (${escapeHtml(series.unit)})</figcaption></figure>`
  );
}
