import { useEffect, useRef, useState } from 'react';
import type uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { countText, dayText, seriesSummary } from './analytics-figures.ts';

// A line per figure over the range's days, drawn by uPlot (canvas) once its chunk arrives:
// the library is imported here only, so neither the editor's first load nor the figures
// above the chart wait for it. The canvas is hidden from assistive technology; the
// caption (a sentence) and a visually hidden table of every day carry the same numbers.

export type ChartSeries = {
  label: string;
  values: readonly number[];
  color: string;
  /** A dash as well as a colour, so the lines differ for everyone. */
  dash?: number[];
};

const AXIS = { stroke: '#4b5563', grid: '#e2e4e9', font: '12px system-ui, sans-serif' };

function optionsFor(
  days: readonly string[],
  series: readonly ChartSeries[],
  size: { width: number; height: number },
  onHover: (index: number | null) => void,
): uPlot.Options {
  const label = (i: number) => {
    const day = days[i];
    return Number.isInteger(i) && day ? dayText(day) : '';
  };
  return {
    ...size,
    // Days are equally spaced: x is the day's index, named by the axis and the legend.
    scales: { x: { time: false } },
    cursor: { drag: { x: false, y: false }, points: { size: 7 } },
    // Our own legend under the chart names the lines and reads out the day pointed at.
    legend: { show: false },
    hooks: { setCursor: [(u) => onHover(u.cursor.idx ?? null)] },
    series: [
      {},
      ...series.map((s) => ({
        label: s.label,
        stroke: s.color,
        width: 2,
        ...(s.dash && { dash: s.dash }),
        points: { show: days.length <= 14, size: 5 },
      })),
    ],
    axes: [
      {
        stroke: AXIS.stroke,
        font: AXIS.font,
        grid: { show: false },
        ticks: { stroke: AXIS.grid },
        // Whole days only, far enough apart to read at phone width.
        incrs: [1, 2, 3, 7, 14, 28, 56, 91],
        space: 64,
        values: (_u, splits) => splits.map(label),
      },
      {
        stroke: AXIS.stroke,
        font: AXIS.font,
        grid: { stroke: AXIS.grid, width: 1 },
        ticks: { show: false },
        incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 50_000, 100_000],
        values: (_u, splits) => splits.map((v) => (Number.isInteger(v) ? countText(v) : '')),
        size: 48,
      },
    ],
  };
}

export function DayChart({
  title,
  days,
  series,
}: {
  /** "Visits, visitors and page views per day": names the figure and its table. */
  title: string;
  days: readonly string[];
  series: readonly ChartSeries[];
}) {
  const box = useRef<HTMLDivElement>(null);
  const [hasFailed, setHasFailed] = useState(false);
  const [hovered, setHovered] = useState<number | null>(null);

  useEffect(() => {
    let chart: uPlot | undefined;
    let observer: ResizeObserver | undefined;
    let isCancelled = false;
    import('uplot')
      .then(({ default: UPlot }) => {
        const element = box.current;
        if (isCancelled || !element) return;
        const sizeOf = () => ({
          width: element.clientWidth,
          height: element.clientWidth < 520 ? 200 : 260,
        });
        let width = element.clientWidth;
        chart = new UPlot(
          optionsFor(days, series, sizeOf(), setHovered),
          [days.map((_, i) => i), ...series.map((s) => [...s.values])],
          element,
        );
        observer = new ResizeObserver(() => {
          if (element.clientWidth === width) return;
          width = element.clientWidth;
          chart?.setSize(sizeOf());
        });
        observer.observe(element);
      })
      .catch(() => {
        // A chunk that fails to load (the server was updated): the numbers are still below.
        if (!isCancelled) setHasFailed(true);
      });
    return () => {
      isCancelled = true;
      observer?.disconnect();
      chart?.destroy();
    };
  }, [days, series]);

  const first = series[0];
  return (
    <figure className="analytics-chart">
      <figcaption className="analytics-chart__caption">
        {first ? seriesSummary(first.label, days, first.values) : title}
      </figcaption>
      {hasFailed ? (
        <p className="field__hint">The chart could not be loaded. The table has every day.</p>
      ) : (
        <>
          <div ref={box} className="analytics-chart__plot" aria-hidden="true" />
          <p className="analytics-legend" aria-hidden="true">
            {hovered !== null && days[hovered] ? (
              <span className="analytics-legend__day">{dayText(days[hovered])}</span>
            ) : null}
            {series.map((s) => (
              <span key={s.label} className="analytics-legend__item">
                <svg viewBox="0 0 24 4" className="analytics-legend__line" aria-hidden="true">
                  <line
                    x1="0"
                    y1="2"
                    x2="24"
                    y2="2"
                    stroke={s.color}
                    strokeWidth="2.5"
                    strokeDasharray={s.dash?.join(' ')}
                  />
                </svg>
                {s.label}
                {hovered !== null ? <strong>{countText(s.values[hovered] ?? 0)}</strong> : null}
              </span>
            ))}
          </p>
        </>
      )}
      <table className="visually-hidden">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            {series.map((s) => (
              <th key={s.label} scope="col">
                {s.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {days.map((day, i) => (
            <tr key={day}>
              <th scope="row">{dayText(day)}</th>
              {series.map((s) => (
                <td key={s.label}>{countText(s.values[i] ?? 0)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
