// Horizontal bars for "how much per X" (hours per teacher, per department): an SVG drawn with
// attributes only (the CSP forbids inline styles), one labelled row per item. The figure's caption
// says what is measured; the numbers are also printed, so nothing depends on reading lengths.
export interface Bar {
  label: string;
  value: number;
}

const ROW = 26;
const LABEL_WIDTH = 260;
const BAR_SPACE = 420;

export function BarChart({ caption, unit, bars }: { caption: string; unit: string; bars: Bar[] }) {
  if (bars.length === 0) return <p class="empty">Нет данных для диаграммы.</p>;
  const max = Math.max(...bars.map((bar) => bar.value), 1);
  const height = bars.length * ROW + 8;
  return (
    <figure class="bar-chart">
      <figcaption>{caption}</figcaption>
      <svg role="img" aria-label={`${caption}: ${bars.map((bar) => `${bar.label} — ${bar.value} ${unit}`).join('; ')}`} viewBox={`0 0 ${LABEL_WIDTH + BAR_SPACE + 70} ${height}`} width="100%" preserveAspectRatio="xMinYMin meet">
        {bars.map((bar, index) => {
          const y = index * ROW + 4;
          const width = Math.max(2, (bar.value / max) * BAR_SPACE);
          return (
            <g key={`${bar.label}-${index}`}>
              <text x={LABEL_WIDTH - 8} y={y + 16} text-anchor="end" class="bar-label">
                {bar.label.length > 34 ? `${bar.label.slice(0, 33)}…` : bar.label}
              </text>
              <rect x={LABEL_WIDTH} y={y + 3} width={width} height={ROW - 8} rx="3" class="bar" />
              <text x={LABEL_WIDTH + width + 6} y={y + 16} class="bar-value">
                {String(bar.value)}
              </text>
            </g>
          );
        })}
      </svg>
    </figure>
  );
}
