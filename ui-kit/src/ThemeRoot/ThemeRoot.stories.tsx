import type { Meta, StoryObj } from '@storybook/react-vite';
import { Box } from '../Box/Box.tsx';
import { Stack } from '../Stack/Stack.tsx';
import { Text } from '../Text/Text.tsx';
import { colorRoles, tokens } from '../theme/tokens.ts';
import { vars } from '../theme/vars.css.ts';

const meta = { title: 'Foundations/Tokens' } satisfies Meta;
export default meta;
type Story = StoryObj<typeof meta>;

export const Colors: Story = {
  render: () => (
    <Box display="grid" gap="small" style={{ gridTemplateColumns: 'repeat(auto-fill, minmax(160px, 1fr))' }}>
      {colorRoles.map((role) => (
        <Box key={role} display="flex" alignItems="center" gap="small">
          <span
            style={{
              width: 28,
              height: 28,
              borderRadius: 6,
              background: vars.color[role],
              border: `1px solid ${vars.color.borderStrong}`,
            }}
          />
          <Text size="small">{role}</Text>
        </Box>
      ))}
    </Box>
  ),
};

export const Spacing: Story = {
  render: () => (
    <Stack space="small">
      {Object.entries(tokens.space).map(([name, value]) => (
        <Box key={name} display="flex" alignItems="center" gap="medium">
          <Text size="small" as="span">
            {name} ({value})
          </Text>
          <span style={{ width: value, height: 12, background: vars.color.primary }} />
        </Box>
      ))}
    </Stack>
  ),
};
