import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Box, Paper, Text, Title, VisuallyHidden } from '@mantine/core';
import { useId } from 'react';
import { type PerformanceBar, shortLabel } from '../lib/performance';

const BAR_ROW = 36;

/**
 * Percent correct per subject or category as horizontal bars. The drawing is hidden from assistive
 * technology; a table with the same figures (and the whole names) stands in for it.
 */
export function PerformanceChart({
  title,
  bars,
  what,
}: {
  title: string;
  bars: PerformanceBar[];
  what: string;
}) {
  const headingId = useId();
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={headingId}>
      <Title order={3} size="h5" id={headingId} mb="sm">
        {title}
      </Title>
      {bars.length === 0 ? (
        <Text size="sm" c="gray.7">
          No answers yet: your percent correct per {what.toLowerCase()} appears here once you answer
          questions.
        </Text>
      ) : (
        <>
          <Box aria-hidden>
            <BarChart
              h={bars.length * BAR_ROW + 48}
              data={bars.map((b) => ({ label: shortLabel(b.name), percent: b.percent }))}
              dataKey="label"
              orientation="vertical"
              series={[{ name: 'percent', color: 'brand.7', label: 'Percent correct' }]}
              valueFormatter={(v) => `${v}%`}
              xAxisProps={{ domain: [0, 100] }}
              yAxisProps={{ width: 128 }}
              gridAxis="y"
              withTooltip={false}
              withBarValueLabel
              // Room after the longest bar for its label: "100%" stays inside the card.
              barChartProps={{ margin: { right: 44 } }}
              // Recharts makes the drawing focusable by default; hidden, it must not take the focus.
              accessibilityLayer={false}
            />
          </Box>
          <VisuallyHidden>
            <table>
              <caption>{title}</caption>
              <thead>
                <tr>
                  <th scope="col">{what}</th>
                  <th scope="col">Percent correct</th>
                  <th scope="col">Correct of answered</th>
                </tr>
              </thead>
              <tbody>
                {bars.map((b) => (
                  <tr key={b.name}>
                    <th scope="row">{b.name}</th>
                    <td>{b.percent}%</td>
                    <td>
                      {b.correct} of {b.answered}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </VisuallyHidden>
        </>
      )}
    </Paper>
  );
}
