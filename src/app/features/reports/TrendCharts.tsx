import { useEffect, useRef } from 'react';
import { SERIES_COLOURS } from '#shared/reports/svgTrend';
import type { TrendSeries } from '#shared/reports/trendSeries';

/**
 * chart.js line charts of each report line over SessionNumber or Date, one line per patient in a multi-patient
 * report (never one line across different people); chart.js loads only when a report has trends.
 */
export function TrendCharts({ trends }: { trends: readonly TrendSeries[] }) {
  return (
    <div className="trend-charts">
      {trends.map((series) => (
        <TrendChart key={series.label} series={series} />
      ))}
    </div>
  );
}

function TrendChart({ series }: { series: TrendSeries }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    let chart: { destroy(): void } | undefined;
    let cancelled = false;
    void import('chart.js/auto').then(({ default: Chart }) => {
      if (cancelled || !canvas.current) return;
      const many = series.datasets.length > 1;
      chart = new Chart(canvas.current, {
        type: 'line',
        data: {
          labels: series.xLabels,
          datasets: series.datasets.map((d, n) => ({
            label: many ? d.name : `${series.label} (${series.unit})`,
            data: d.values,
            borderColor: SERIES_COLOURS[n % SERIES_COLOURS.length],
            backgroundColor: SERIES_COLOURS[n % SERIES_COLOURS.length],
            // Each patient has a line of their own; it passes over the sessions of others.
            spanGaps: true,
          })),
        },
        options: {
          animation: false,
          responsive: true,
          maintainAspectRatio: false,
          plugins: { legend: { display: true }, title: { display: many, text: `${series.label} (${series.unit})` } },
          layout: { padding: { right: 16 } },
        },
      });
    });
    return () => {
      cancelled = true;
      chart?.destroy();
    };
  }, [series]);
  return (
    <figure className="trend-chart">
      <canvas ref={canvas} role="img" aria-label={`${series.label} trend`} />
    </figure>
  );
}
