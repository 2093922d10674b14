import type { CommerceReport } from '@atelier/contract';
import { analyticsApi } from '../api/analytics-client.ts';
import { moneyText } from '../orders/order-labels.ts';
import { Card, type DataColumn, DataTable } from '../ui/index.ts';
import { changeOf, countText, rateText, stepRate } from './analytics-figures.ts';
import { type DayRange, previousPeriodText } from './analytics-range.ts';
import { Figure, Figures, ReportBody, useReport } from './report-parts.tsx';

/** The store's side (issue 24): revenue and orders, the funnel, the products that sell. */
export function CommercePanel({ range }: { range: DayRange }) {
  const report = useReport(analyticsApi.commerce, range);
  return (
    <ReportBody
      report={report}
      what="commerce"
      isEmpty={(r) =>
        r.funnel.visits === 0 &&
        r.orders === 0 &&
        r.previous.funnel.visits === 0 &&
        r.previous.orders === 0 &&
        r.topProducts.length === 0
      }
      empty={{
        title: 'No shopping in these dates yet',
        text: 'Once visitors look at products, add them to a cart and buy, the funnel, revenue and best sellers show here. Try a longer range.',
      }}
    >
      {(r) => <Commerce report={r} range={range} />}
    </ReportBody>
  );
}

const FUNNEL_STEPS = [
  { key: 'visits', label: 'Visits', from: '' },
  { key: 'productViews', label: 'Viewed a product', from: 'of visits' },
  { key: 'addToCart', label: 'Added to cart', from: 'of product viewers' },
  { key: 'checkout', label: 'Started checkout', from: 'of those who added to cart' },
  { key: 'purchase', label: 'Bought', from: 'of those who started checkout' },
] as const;

type Product = CommerceReport['topProducts'][number];

function Commerce({ report, range }: { report: CommerceReport; range: DayRange }) {
  const period = previousPeriodText(range);
  const money = (cents: number | null) =>
    cents === null ? '—' : moneyText(cents, report.currency);
  const { funnel, previous } = report;
  const productColumns: DataColumn<Product>[] = [
    {
      key: 'name',
      header: 'Product',
      isRowHeader: true,
      sortValue: (p) => p.name,
      cell: (p) => p.name,
    },
    {
      key: 'views',
      header: 'Views',
      // On a phone: name, units and revenue, which fit without scrolling sideways.
      className: 'analytics-num analytics-wide-only',
      sortValue: (p) => p.views,
      cell: (p) => countText(p.views),
    },
    {
      key: 'added',
      header: 'Added to cart',
      className: 'analytics-num analytics-wide-only',
      sortValue: (p) => p.addedToCart,
      cell: (p) => countText(p.addedToCart),
    },
    {
      key: 'sold',
      header: 'Units sold',
      className: 'analytics-num',
      sortValue: (p) => p.unitsSold,
      cell: (p) => countText(p.unitsSold),
    },
    {
      key: 'revenue',
      header: 'Revenue',
      className: 'analytics-num',
      sortValue: (p) => p.revenueCents,
      cell: (p) => money(p.revenueCents),
    },
  ];
  return (
    <div className="analytics-panel">
      <Figures label="Sales in these dates">
        <Figure
          label="Revenue"
          value={money(report.revenueCents)}
          change={changeOf(report.revenueCents, previous.revenueCents, { period })}
        />
        <Figure
          label="Orders"
          value={countText(report.orders)}
          change={changeOf(report.orders, previous.orders, { period })}
        />
        <Figure
          label="Average order value"
          value={money(report.averageOrderCents)}
          change={changeOf(report.averageOrderCents, previous.averageOrderCents, { period })}
        />
        <Figure
          label="Conversion rate"
          value={rateText(report.conversionRate)}
          change={changeOf(report.conversionRate, previous.conversionRate, {
            period,
            kind: 'rate',
          })}
        />
      </Figures>
      <Card
        title="Funnel"
        description="Visits that reached each step. The share under each step is of the step before it."
      >
        <ol className="analytics-funnel">
          {FUNNEL_STEPS.map((step, i) => {
            const value = funnel[step.key];
            const before = i > 0 ? funnel[FUNNEL_STEPS[i - 1]?.key ?? 'visits'] : value;
            const rate = stepRate(value, before);
            return (
              <li key={step.key} className="analytics-funnel__step">
                <span className="analytics-funnel__label">{step.label}</span>
                <span className="analytics-funnel__value">{countText(value)}</span>
                <span className="analytics-funnel__track" aria-hidden="true">
                  <span
                    className="analytics-funnel__fill"
                    style={{ width: `${funnel.visits > 0 ? (value / funnel.visits) * 100 : 0}%` }}
                  />
                </span>
                <span className="analytics-funnel__rate">
                  {i === 0
                    ? changeOf(value, previous.funnel.visits, { period }).text
                    : rate === null
                      ? `No one reached the step before`
                      : `${rateText(rate)} ${step.from}`}
                </span>
              </li>
            );
          })}
        </ol>
      </Card>
      <Card
        title="Top products"
        description="By the products’ own sales; revenue above is order totals, with shipping and tax."
      >
        <DataTable
          caption="Top products"
          isCaptionHidden
          rows={report.topProducts}
          columns={productColumns}
          rowKey={(p) => p.name}
          rowLabel={(p) => p.name}
          emptyText="No product was viewed or sold in these dates."
          isPaged={false}
        />
      </Card>
    </div>
  );
}
