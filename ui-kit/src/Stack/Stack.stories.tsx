import type { Meta, StoryObj } from '@storybook/react-vite';
import { Badge } from '../Badge/Badge.tsx';
import { Box } from '../Box/Box.tsx';
import { Inline } from '../Inline/Inline.tsx';
import { Stack, stackSpaces } from './Stack.tsx';

const meta = {
  title: 'Primitives/Layout',
  component: Stack,
  args: { space: 'medium', children: null },
  argTypes: { space: { control: 'select', options: stackSpaces } },
} satisfies Meta<typeof Stack>;
export default meta;
type Story = StoryObj<typeof meta>;

const Tile = ({ label }: { label: string }) => (
  <Box
    padding="medium"
    background="surface"
    borderRadius="medium"
    borderWidth="standard"
    borderStyle="solid"
    borderColor="border"
  >
    {label}
  </Box>
);

export const StackAndInline: Story = {
  render: (args) => (
    <Stack space={args.space}>
      <Tile label="Stack item 1" />
      <Tile label="Stack item 2" />
      <Inline space="small">
        <Tile label="Inline A" />
        <Tile label="Inline B" />
        <Badge tone="primary">Inline badge</Badge>
      </Inline>
    </Stack>
  ),
};

export const BoxAtoms: Story = {
  render: () => (
    <Box display="flex" gap="large" flexWrap="wrap">
      <Box padding="large" background="primarySoft" color="primaryText" borderRadius="large">
        primarySoft
      </Box>
      <Box padding="large" background="successSoft" color="successText" borderRadius="large">
        successSoft
      </Box>
      <Box padding="large" background="surface" boxShadow="medium" borderRadius="large">
        surface + shadow
      </Box>
    </Box>
  ),
};
