import type { Meta, StoryObj } from '@storybook/react-vite';
import { AddressText } from './AddressText.tsx';

const meta = {
  title: 'Data/AddressText',
  component: AddressText,
  args: { address: '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed' },
  decorators: [(Story) => <div style={{ paddingTop: 48 }}>{Story()}</div>],
} satisfies Meta<typeof AddressText>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Shortened: Story = {};
export const Full: Story = { args: { shorten: false } };
export const NoCopy: Story = { args: { copyable: false } };
export const WithNameAndExplorer: Story = {
  args: {
    name: 'Northwind Pension Fund',
    explorer: { urlTemplate: 'https://sepolia.etherscan.io/{kind}/{value}' },
  },
};
export const FullWithLongName: Story = {
  args: {
    shorten: false,
    name: 'Fondation de prévoyance du personnel des Industries Réunies de Genève et Environs SA',
    explorer: { isLocal: true },
  },
};
