import { useEffect, useRef } from 'react';
import type { TrendSeries } from '#shared/reports/trendSeries';

/** chart.js line charts of each report line over SessionNumber or Date; chart.js loads only when a report has trends. */
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
      chart = new Chart(canvas.current, {
        type: 'line',
        data: {
          labels: series.points.map((p) => p.x),
          datasets: [
            {
              label: `${series.label} (${series.unit})`,
              data: series.points.map((p) => p.y),
              borderColor: '#0b5c7a',
              spanGaps: true,
            },
          ],
        },
        options: {
          animation: false,
          responsive: true,
          maintainAspectRatio: false,
          plugins: { legend: { display: true } },
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
