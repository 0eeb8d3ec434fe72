import type { Meta, StoryObj } from '@storybook/react-vite';
import { Pagination } from './Pagination.tsx';

const meta = {
  title: 'Navigation/Pagination',
  component: Pagination,
  args: { page: 1, totalPages: 3, hrefForPage: (n: number) => `/Tokens?page=${n}&term=` },
} satisfies Meta<typeof Pagination>;
export default meta;
type Story = StoryObj<typeof meta>;

export const FirstPage: Story = {};
export const MiddleOfMany: Story = { args: { page: 6, totalPages: 12 } };
export const LastPage: Story = { args: { page: 12, totalPages: 12 } };
/** A single page renders nothing (spec: pagination only when more than one page). */
export const SinglePage: Story = { args: { page: 1, totalPages: 1 } };
