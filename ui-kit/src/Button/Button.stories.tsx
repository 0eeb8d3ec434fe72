import type { Meta, StoryObj } from '@storybook/react-vite';
import { Inline } from '../Inline/Inline.tsx';
import { Stack } from '../Stack/Stack.tsx';
import { Button, buttonSizes, buttonVariants } from './Button.tsx';

const meta = {
  title: 'Primitives/Button',
  component: Button,
  args: { children: 'Save', variant: 'primary', size: 'medium' },
  argTypes: {
    variant: { control: 'select', options: buttonVariants },
    size: { control: 'select', options: buttonSizes },
  },
} satisfies Meta<typeof Button>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Primary: Story = {};

export const Variants: Story = {
  render: () => (
    <Stack>
      {buttonSizes.map((size) => (
        <Inline key={size}>
          {buttonVariants.map((variant) => (
            <Button key={variant} variant={variant} size={size}>
              {variant} {size}
            </Button>
          ))}
        </Inline>
      ))}
    </Stack>
  ),
};

export const Loading: Story = { args: { loading: true, children: 'Deploying' } };

export const Disabled: Story = {
  render: () => (
    <Inline>
      {buttonVariants.map((variant) => (
        <Button key={variant} variant={variant} disabled>
          Apply Permissions
        </Button>
      ))}
    </Inline>
  ),
};

export const FullWidth: Story = { args: { fullWidth: true, children: 'Sounds good. Continue.' } };
