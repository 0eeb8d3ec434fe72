import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { Text } from '../Text/Text.tsx';
import * as Dialog from '../Dialog/Dialog.tsx';
import { brokenPdfBase64, plainPdfBase64, protectedPdfBase64 } from './fixtures.ts';
import { PdfShareViewer, type PdfShareViewerProps } from './PdfShareViewer.tsx';

/** Shows whether onOpened fired, so the browser test can assert it. */
function WithOpenedStatus(props: PdfShareViewerProps) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Text size="small" tone="muted">
        {opened ? 'Document opened' : 'Document not opened yet'}
      </Text>
      <PdfShareViewer {...props} onOpened={() => setOpened(true)} />
    </>
  );
}

const meta = {
  title: 'Domain/PdfShareViewer',
  component: PdfShareViewer,
  args: { data: plainPdfBase64, title: 'Key share of alice@example.com' },
  render: (args) => <WithOpenedStatus {...args} />,
} satisfies Meta<typeof PdfShareViewer>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Shown: Story = {};
export const PasswordProtected: Story = { args: { data: protectedPdfBase64 } };
export const Failed: Story = { args: { data: brokenPdfBase64 } };
/** Nested overlay: the password prompt inside a dialog. */
export const InsideDialog: Story = {
  args: { data: protectedPdfBase64 },
  render: (args) => (
    <Dialog.Root defaultOpen>
      <Dialog.Content title="Open your key share" size="large">
        <WithOpenedStatus {...args} />
      </Dialog.Content>
    </Dialog.Root>
  ),
};
