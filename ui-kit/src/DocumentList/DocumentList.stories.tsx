import type { Meta, StoryObj } from '@storybook/react-vite';
import { DocumentList } from './DocumentList.tsx';

const documents = [
  {
    id: 'prospectus',
    title: 'Prospectus',
    uri: 'https://example.com/docs/prospectus.pdf',
    hash: '0x9c22ff5f21f0b81b113e63f7db6da94fedef11b2119b4088b89664fb9a3cb658',
  },
  { id: 'terms', title: 'Terms and conditions', uri: 'https://example.com/docs/terms.pdf', hash: '' },
];

const meta = {
  title: 'Domain/DocumentList',
  component: DocumentList,
  args: { documents, onView: () => {}, onRemove: () => {} },
} satisfies Meta<typeof DocumentList>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Owner: Story = {};
export const ReadOnly: Story = { args: { onRemove: undefined } };
export const Removing: Story = { args: { removingId: 'terms' } };
export const Empty: Story = { args: { documents: [] } };
