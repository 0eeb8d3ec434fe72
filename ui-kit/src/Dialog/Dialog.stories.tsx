import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '../Button/Button.tsx';
import { Text } from '../Text/Text.tsx';
import { TextField } from '../TextField/TextField.tsx';
import * as Dialog from './Dialog.tsx';

const meta = {
  title: 'Overlays/Dialog',
  component: Dialog.Root,
} satisfies Meta<typeof Dialog.Root>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Closed: Story = {
  render: () => (
    <Dialog.Root>
      <Dialog.Trigger asChild>
        <Button>Add Document</Button>
      </Dialog.Trigger>
      <Dialog.Content title="Add Document">
        <TextField label="Title" />
      </Dialog.Content>
    </Dialog.Root>
  ),
};

export const Open: Story = {
  render: () => (
    <Dialog.Root defaultOpen>
      <Dialog.Content title="Add Document" description="Attach a document to the token.">
        <TextField label="Title" required />
        <TextField label="Location" required />
        <Dialog.Footer>
          <Dialog.Close asChild>
            <Button variant="secondary">Cancel</Button>
          </Dialog.Close>
          <Button>Add</Button>
        </Dialog.Footer>
      </Dialog.Content>
    </Dialog.Root>
  ),
};

const paragraphs = Array.from({ length: 12 }, (_, i) => `Paragraph ${i + 1}`);

export const LongContent: Story = {
  render: () => (
    <Dialog.Root defaultOpen>
      <Dialog.Content title="Terms" size="large">
        {paragraphs.map((paragraph) => (
          <Text key={paragraph}>
            {paragraph}: tokens are partitioned; holders, balances and documents belong to a token.
          </Text>
        ))}
      </Dialog.Content>
    </Dialog.Root>
  ),
};
