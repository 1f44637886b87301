import { Group, Text, VisuallyHidden } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';

export interface ColumnSeries {
  key: string;
  label: string;
  /** A CSS colour, e.g. 'var(--mantine-color-brand-6)'. */
  color: string;
}

export interface ColumnChartProps {
  data: ReadonlyArray<{ label: string; values: Readonly<Record<string, number>> }>;
  series: readonly ColumnSeries[];
  height?: number;
  /** Describes the chart for screen readers; the figures are also given as a hidden table. */
  description: string;
}

/**
 * The value axis: whole numbers from 0 in a step of 1, 2 or 5 times a power of ten (never below 1),
 * about four steps up to the first tick at or above the largest value. Counts have no fractions, so
 * rounding fractional ticks would skip or repeat values (0, 1, 3, 4, 5 or 0, 1, 1, 2, 2).
 */
export function axisTicks(largest: number, steps = 4): number[] {
  if (!(largest > 0)) return [0, 1];
  const rough = largest / steps;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = Math.max(1, [1, 2, 5, 10].map((factor) => factor * power).find((candidate) => candidate >= rough) ?? 10 * power);
  const top = Math.ceil(largest / step) * step;
  return Array.from({ length: Math.round(top / step) + 1 }, (_, index) => index * step);
}

/** Roughly how wide a date label on the category axis is, in pixels at the chart's font size. */
const LABEL_WIDTH = 84;
/** The chart draws at the width it is given, so text stays 12 px on a phone instead of shrinking with a fixed drawing. */
const FALLBACK_WIDTH = 960;
const MINIMUM_WIDTH = 280;

const PADDING = { top: 12, right: 12, bottom: 40, left: 44 };

/**
 * A grouped column chart in plain SVG. The dashboards need bars per day and little else, and a
 * small component keeps the signed-in shell's JavaScript far below a charting library's weight.
 * It is drawn at its container's width, with as many date labels as fit.
 */
export function ColumnChart({ data, series, height = 280, description }: ColumnChartProps) {
  const { ref, width: measured } = useElementSize<HTMLElement>();
  const width = measured > 0 ? Math.max(MINIMUM_WIDTH, Math.round(measured)) : FALLBACK_WIDTH;
  const plotWidth = width - PADDING.left - PADDING.right;
  const plotHeight = height - PADDING.top - PADDING.bottom;
  const ticks = axisTicks(Math.max(0, ...data.flatMap((row) => series.map((item) => row.values[item.key] ?? 0))));
  const maximum = ticks.at(-1) ?? 1;
  const groupWidth = plotWidth / Math.max(1, data.length);
  const barWidth = Math.max(1, (groupWidth * 0.7) / series.length);
  const labelEvery = Math.max(1, Math.ceil(data.length / Math.max(1, Math.floor(plotWidth / LABEL_WIDTH))));
  const y = (value: number) => PADDING.top + plotHeight - (value / maximum) * plotHeight;

  return (
    <figure style={{ margin: 0 }} ref={ref}>
      <svg viewBox={`0 0 ${width} ${height}`} width="100%" role="img" aria-label={description}>
        {ticks.map((tick) => (
          <g key={tick}>
            <line
              x1={PADDING.left}
              x2={width - PADDING.right}
              y1={y(tick)}
              y2={y(tick)}
              stroke="var(--mantine-color-gray-3)"
              strokeDasharray="3 3"
            />
            <text
              x={PADDING.left - 8}
              y={y(tick)}
              textAnchor="end"
              dominantBaseline="middle"
              fontSize="12"
              fill="var(--mantine-color-gray-7)"
            >
              {tick}
            </text>
          </g>
        ))}
        {data.map((row, index) => {
          const groupX = PADDING.left + index * groupWidth + groupWidth * 0.15;
          return (
            <g key={row.label}>
              {series.map((item, seriesIndex) => {
                const value = row.values[item.key] ?? 0;
                return (
                  <rect
                    key={item.key}
                    x={groupX + seriesIndex * barWidth}
                    y={y(value)}
                    width={barWidth - 1}
                    height={Math.max(0, PADDING.top + plotHeight - y(value))}
                    fill={item.color}
                    rx={2}
                  >
                    <title>{`${row.label}: ${value} ${item.label.toLowerCase()}`}</title>
                  </rect>
                );
              })}
              {index % labelEvery === 0 ? (
                <text
                  x={groupX + (barWidth * series.length) / 2}
                  y={height - PADDING.bottom + 18}
                  textAnchor="middle"
                  fontSize="12"
                  fill="var(--mantine-color-gray-7)"
                >
                  {row.label}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <Group gap="md" justify="center" mt={4} aria-hidden>
        {series.map((item) => (
          <Group key={item.key} gap={6}>
            <span style={{ width: 12, height: 12, borderRadius: 2, background: item.color, display: 'inline-block' }} />
            <Text size="sm">{item.label}</Text>
          </Group>
        ))}
      </Group>
      <VisuallyHidden>
        <table>
          <caption>{description}</caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              {series.map((item) => (
                <th key={item.key} scope="col">
                  {item.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.map((row) => (
              <tr key={row.label}>
                <th scope="row">{row.label}</th>
                {series.map((item) => (
                  <td key={item.key}>{row.values[item.key] ?? 0}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </figure>
  );
}
