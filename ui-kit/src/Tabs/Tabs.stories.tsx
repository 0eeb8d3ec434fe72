import type { Meta, StoryObj } from '@storybook/react-vite';
import { Text } from '../Text/Text.tsx';
import * as Tabs from './Tabs.tsx';

const meta = { title: 'Navigation/Tabs', component: Tabs.Root } satisfies Meta<typeof Tabs.Root>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  render: () => (
    <Tabs.Root defaultValue="new">
      <Tabs.List aria-label="Blockchain security">
        <Tabs.Trigger value="new">New permissions scheme</Tabs.Trigger>
        <Tabs.Trigger value="rights">Access rights</Tabs.Trigger>
        <Tabs.Trigger value="schemes">Permission schemes</Tabs.Trigger>
        <Tabs.Trigger value="disabled" disabled>
          Disabled
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="new">
        <Text>Create a security scheme.</Text>
      </Tabs.Content>
      <Tabs.Content value="rights">
        <Text>Grant rights.</Text>
      </Tabs.Content>
      <Tabs.Content value="schemes">
        <Text>All schemes.</Text>
      </Tabs.Content>
    </Tabs.Root>
  ),
};
