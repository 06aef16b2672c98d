// Net revenue per month as a server-rendered SVG bar chart (readable without JavaScript), with
// the same numbers in a table beside it for screen readers and anyone who prefers text.
import { useTranslation } from "react-i18next";
import { Money } from "~/components/money/money";
import { barHeights } from "~/domain/revenues";

const BAR = 24;
const GAP = 8;
const HEIGHT = 120;

export function RevenueChart({ months }: { months: Array<{ month: string; net: number }> }) {
  const { t } = useTranslation("money");
  const heights = barHeights(months);
  const width = months.length * (BAR + GAP);
  return (
    <figure className="revenue-chart">
      <svg role="img" aria-labelledby="revenue-chart-title" viewBox={`0 0 ${width} ${HEIGHT + 20}`} width="100%" height={HEIGHT + 20} data-testid="revenue-chart">
        <title id="revenue-chart-title">{t("revenues.chart.title")}</title>
        {months.map((month, index) => {
          const height = Math.round((heights[index]! * HEIGHT) / 100);
          const x = index * (BAR + GAP) + GAP / 2;
          return (
            <g key={month.month}>
              <rect x={x} y={HEIGHT - height} width={BAR} height={height} fill="#0f766e" data-month={month.month} data-net={month.net} />
              <text x={x + BAR / 2} y={HEIGHT + 14} textAnchor="middle" fontSize="10" fill="#52606d">
                {month.month.slice(5)}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption>
        <table className="revenue-chart__table">
          <caption>{t("revenues.chart.caption")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("revenues.columns.month")}</th>
              <th scope="col">{t("revenues.columns.net")}</th>
            </tr>
          </thead>
          <tbody>
            {months.map((month) => (
              <tr key={month.month}>
                <th scope="row">{month.month}</th>
                <td>
                  <Money millimes={month.net} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </figcaption>
    </figure>
  );
}
