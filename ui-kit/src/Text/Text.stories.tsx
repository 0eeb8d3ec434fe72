import type { Meta, StoryObj } from '@storybook/react-vite';
import { Heading, headingLevels } from '../Heading/Heading.tsx';
import { Stack } from '../Stack/Stack.tsx';
import { Text, textSizes, textTones } from './Text.tsx';

const meta = {
  title: 'Primitives/Text',
  component: Text,
  args: { children: 'Blockchain transactions ran with your platform account:' },
  argTypes: {
    size: { control: 'select', options: textSizes },
    tone: { control: 'select', options: textTones },
  },
} satisfies Meta<typeof Text>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

export const Typography: Story = {
  render: () => (
    <Stack>
      {headingLevels.map((level) => (
        <Heading key={level} level={level}>
          Heading level {level}
        </Heading>
      ))}
      {textSizes.map((size) => (
        <Text key={size} size={size}>
          Text {size}
        </Text>
      ))}
      {textTones.map((tone) => (
        <Text key={tone} tone={tone} weight="medium">
          Tone {tone}
        </Text>
      ))}
      <Text mono breakAll>
        0x8f1a7d2c49b01cbe9e04a7e1b4d52f1d9e8a7b6c5d4e3f2a1b0c9d8e7f6a5b4c
      </Text>
    </Stack>
  ),
};
