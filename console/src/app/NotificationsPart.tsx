// The notification popover (ui-kit's Toaster) for AppLayout's `import()`: a chunk loaded right after the first paint,
// which shows no notice (issue 37's first-load budgets). Imported through here rather than by `import()` of the
// feature's index, which every chunk that notifies imports statically (the bundler would then split the entry).
export { Notifications } from '../features/notifications/index.ts';
