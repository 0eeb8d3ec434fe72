import type { Meta, StoryObj } from '@storybook/react-vite';
import { Stack } from '../Stack/Stack.tsx';
import { Text } from '../Text/Text.tsx';
import { TimeAgo } from './TimeAgo.tsx';

const now = new Date(2026, 10, 23, 15, 0, 0);
const before = (ms: number) => new Date(now.getTime() - ms);

const meta = {
  title: 'Domain/TimeAgo',
  component: TimeAgo,
  args: { date: before(30_000), now },
} satisfies Meta<typeof TimeAgo>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Seconds: Story = {};

export const AllRanges: Story = {
  render: () => (
    <Stack space="small">
      {[
        ['2 s', 2_000],
        ['30 s', 30_000],
        ['75 s', 75_000],
        ['12 min', 12 * 60_000],
        ['5 h', 5 * 3_600_000],
        ['23 h', 23 * 3_600_000],
        ['4 days', 4 * 86_400_000],
      ].map(([label, ms]) => (
        <Text key={label as string}>
          {label}: <TimeAgo date={before(ms as number)} now={now} />
        </Text>
      ))}
    </Stack>
  ),
};
