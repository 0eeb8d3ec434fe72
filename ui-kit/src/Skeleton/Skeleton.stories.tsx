import type { Meta, StoryObj } from '@storybook/react-vite';
import { Skeleton, skeletonShapes } from './Skeleton.tsx';

const meta = {
  title: 'Feedback/Skeleton',
  component: Skeleton,
  args: { label: 'Loading the page', shape: 'page' },
  argTypes: { shape: { control: 'inline-radio', options: skeletonShapes } },
} satisfies Meta<typeof Skeleton>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Page: Story = {};
export const Table: Story = { args: { label: 'Loading the tokens', shape: 'table', rows: 5, columns: 5 } };
export const Details: Story = { args: { label: 'Loading the token', shape: 'details', rows: 6 } };
