import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

/**
 * The overview's drawings (overview-page.tsx), in their own module: the chart library is most
 * of the console's weight, and the numbers and tables must not wait for it (issue 56).
 */

/**
 * Series colours, each at least 6:1 against white (WCAG 1.4.11 asks 3:1 for graphics); the
 * two lines of one chart also differ in dash and marker, not only in colour.
 */
const COLORS = {
  primary: '#0b57d0',
  secondary: '#a34700',
  axis: '#57606a',
  grid: '#d0d7de',
} as const;

const AXIS_TICK = { fill: COLORS.axis, fontSize: 12 } as const;

/** One breakdown's bars. */
export function CountDrawing({
  rows,
  horizontal,
  countHeading,
}: {
  rows: { label: string; count: number }[];
  horizontal: boolean;
  countHeading: string;
}) {
  const height = horizontal ? Math.max(160, rows.length * 32 + 48) : 240;
  return (
    <BarChart
      responsive
      accessibilityLayer={false}
      data={rows}
      layout={horizontal ? 'vertical' : 'horizontal'}
      style={{ width: '100%', height }}
      margin={{ top: 8, right: 16, bottom: 8, left: 0 }}
    >
      <CartesianGrid stroke={COLORS.grid} strokeDasharray="3 3" />
      {horizontal ? (
        <>
          <XAxis type="number" allowDecimals={false} tick={AXIS_TICK} />
          <YAxis type="category" dataKey="label" width={112} tick={AXIS_TICK} />
        </>
      ) : (
        <>
          <XAxis dataKey="label" tick={AXIS_TICK} />
          <YAxis allowDecimals={false} width={40} tick={AXIS_TICK} />
        </>
      )}
      <Tooltip />
      <Bar isAnimationActive={false} dataKey="count" name={countHeading} fill={COLORS.primary} />
    </BarChart>
  );
}

/** The weekly sign-ups' two lines. */
export function SignUpsDrawing({
  data,
  students,
  mentors,
}: {
  data: { label: string; students: number; mentors: number }[];
  students: string;
  mentors: string;
}) {
  return (
    <LineChart
      responsive
      accessibilityLayer={false}
      data={data}
      style={{ width: '100%', height: 260 }}
      margin={{ top: 8, right: 16, bottom: 8, left: 0 }}
    >
      <CartesianGrid stroke={COLORS.grid} strokeDasharray="3 3" />
      <XAxis dataKey="label" tick={AXIS_TICK} />
      <YAxis allowDecimals={false} width={40} tick={AXIS_TICK} />
      <Tooltip />
      <Legend />
      <Line
        isAnimationActive={false}
        type="monotone"
        dataKey="students"
        name={students}
        stroke={COLORS.primary}
        strokeWidth={2}
        dot={{ r: 3 }}
      />
      <Line
        isAnimationActive={false}
        type="monotone"
        dataKey="mentors"
        name={mentors}
        stroke={COLORS.secondary}
        strokeWidth={2}
        strokeDasharray="6 4"
        dot={{ r: 4, strokeWidth: 2, fill: '#fff' }}
      />
    </LineChart>
  );
}

/**
 * How a month's requests spread over the alumni (「依頼の偏り」): a bar per alumna, most asked
 * first, the ones nobody asked as the empty stretch at the right, so the few who get most
 * stand out. Names are in the tooltip and in the table beside it, not under the bars.
 */
export function SpreadDrawing({
  rows,
  countHeading,
  axisLabel,
}: {
  rows: { key: string; name: string; count: number }[];
  countHeading: string;
  axisLabel: string;
}) {
  return (
    <BarChart
      responsive
      accessibilityLayer={false}
      data={rows}
      barCategoryGap={rows.length > 40 ? 0 : '10%'}
      style={{ width: '100%', height: 220 }}
      margin={{ top: 8, right: 16, bottom: 16, left: 0 }}
    >
      <CartesianGrid stroke={COLORS.grid} strokeDasharray="3 3" vertical={false} />
      <XAxis
        dataKey="key"
        tick={false}
        label={{ value: axisLabel, position: 'insideBottom', offset: -8, fill: COLORS.axis }}
      />
      <YAxis allowDecimals={false} width={40} tick={AXIS_TICK} />
      <Tooltip labelFormatter={(_, payload) => payload[0]?.payload?.name ?? ''} />
      <Bar isAnimationActive={false} dataKey="count" name={countHeading} fill={COLORS.primary} />
    </BarChart>
  );
}
