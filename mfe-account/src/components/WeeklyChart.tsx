import type { JSX } from 'react';
import { BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js';
import { Bar } from 'react-chartjs-2';

// Only the parts this chart uses, so its chunk carries no other chart types.
Chart.register(CategoryScale, LinearScale, BarElement, Tooltip, Legend);

export interface WeeklyChartProps {
  /** What the chart shows, said to screen readers (the table beside it gives the numbers). */
  label: string;
  labels: string[];
  thisWeek: { label: string; values: number[] };
  weekBefore: { label: string; values: number[] };
}

/**
 * The week against the one before, one pair of bars per figure (chart.js on a canvas). Loaded on its own chunk when
 * the report opens, so the rest of the account does not download the chart library.
 */
export default function WeeklyChart({ label, labels, thisWeek, weekBefore }: WeeklyChartProps): JSX.Element {
  const data = {
    labels,
    datasets: [
      { label: weekBefore.label, data: weekBefore.values, backgroundColor: '#9aa5b8' },
      { label: thisWeek.label, data: thisWeek.values, backgroundColor: '#2f6fde' },
    ],
  };
  return (
    <div className="account-weekly__chart" data-testid="weekly-chart">
      <Bar
        role="img"
        aria-label={label}
        data={data}
        options={{ responsive: true, maintainAspectRatio: false, animation: false, scales: { y: { beginAtZero: true, ticks: { precision: 0 } } } }}
      />
    </div>
  );
}
