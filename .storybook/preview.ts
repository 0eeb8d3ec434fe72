import type { Preview } from '@storybook/react-vite';
import { withThemeRoot } from '../ui-kit/src/ThemeRoot/storybookDecorator.tsx';
import { themeNames } from '../ui-kit/src/theme/tokens.ts';
import './preview.css';

const preview: Preview = {
  decorators: [withThemeRoot],
  globalTypes: {
    theme: {
      description: 'Kit theme',
      toolbar: {
        title: 'Theme',
        icon: 'mirror',
        items: themeNames.map((name) => ({ value: name, title: name === 'light' ? 'Light' : 'Dark' })),
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { theme: 'light' },
  parameters: {
    layout: 'fullscreen',
    controls: { expanded: true },
    a11y: { test: 'error' },
  },
};

export default preview;
