import type { JSX } from 'react';
import { BarElement, CategoryScale, Chart, Legend, LinearScale, LineElement, PointElement, Tooltip } from 'chart.js';
import { Bar, Line } from 'react-chartjs-2';

// Only the parts these charts use, so the chunk carries no other chart types.
Chart.register(CategoryScale, LinearScale, PointElement, LineElement, BarElement, Tooltip, Legend);

/** The series colours: one per queue or decision kind, readable on the light and dark themes. */
const COLOURS = ['#2f6fde', '#d9480f', '#2b8a3e', '#862e9c'];

export interface Series {
  label: string;
  values: Array<number | null>;
}

export interface DashboardChartProps {
  kind: 'line' | 'bar';
  /** What the chart shows, said to screen readers (the figure's table gives the numbers). */
  label: string;
  labels: string[];
  series: Series[];
  stacked?: boolean;
}

/**
 * One chart of the dashboard (chart.js on a canvas). Loaded on its own chunk when the dashboard opens, so the rest of
 * the console does not download the chart library.
 */
export default function DashboardChart({ kind, label, labels, series, stacked = false }: DashboardChartProps): JSX.Element {
  const data = {
    labels,
    datasets: series.map((s, i) => ({
      label: s.label,
      data: s.values,
      borderColor: COLOURS[i % COLOURS.length],
      backgroundColor: COLOURS[i % COLOURS.length],
      spanGaps: true,
    })),
  };
  const options = {
    responsive: true,
    maintainAspectRatio: false,
    animation: false as const,
    scales: { x: { stacked }, y: { stacked, beginAtZero: true } },
  };
  const canvas = { role: 'img', 'aria-label': label };
  return (
    <div className="ops-chart" style={{ position: 'relative', width: '100%', height: 240 }}>
      {kind === 'line' ? <Line data={data} options={options} {...canvas} /> : <Bar data={data} options={options} {...canvas} />}
    </div>
  );
}
