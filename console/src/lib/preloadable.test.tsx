import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { type Preloadable, preloadable, preloadsSettled, trackPreload, usePreloaded } from './preloadable.ts';

function Part({ label }: { label: string }) {
  return <p>{label}</p>;
}

function Place({ part, shown }: { part: Preloadable<{ label: string }>; shown: boolean }) {
  const { component: Component, lazy } = usePreloaded(part, shown);
  if (!shown) return <p>hidden</p>;
  return lazy ? (
    <Suspense fallback={<p>fallback</p>}>
      <Component label="lazy" />
    </Suspense>
  ) : (
    <Component label="at once" />
  );
}

describe('preloadable', () => {
  it('renders a preloaded part at once, with no fallback first', async () => {
    const part = preloadable(async () => Part);
    await part.preload();
    render(<Place part={part} shown />);
    expect(screen.getByText('at once')).toBeVisible();
    expect(screen.queryByText('fallback')).toBeNull();
  });

  it('shows the fallback when not loaded yet, and keeps the lazy form once loaded (no remount)', async () => {
    let release: (component: typeof Part) => void = () => undefined;
    const part = preloadable(() => new Promise<typeof Part>((resolve) => (release = resolve)));
    const view = render(<Place part={part} shown />);
    expect(screen.getByText('fallback')).toBeVisible();
    release(Part);
    expect(await screen.findByText('lazy')).toBeVisible();
    view.rerender(<Place part={part} shown />);
    expect(screen.getByText('lazy')).toBeVisible();
  });

  it('a place that did not show the part yet still gets it at once once it has loaded', async () => {
    const part = preloadable(async () => Part);
    const view = render(<Place part={part} shown={false} />);
    expect(screen.getByText('hidden')).toBeVisible();
    await part.preload();
    view.rerender(<Place part={part} shown />);
    expect(screen.getByText('at once')).toBeVisible();
  });

  it('preloadsSettled waits for every part fetched ahead, a failed one included', async () => {
    let release: (component: typeof Part) => void = () => undefined;
    const part = preloadable(() => new Promise<typeof Part>((resolve) => (release = resolve)));
    void part.preload();
    let fail: (error: Error) => void = () => undefined;
    void trackPreload(new Promise((_, reject) => (fail = reject))).catch(() => undefined);
    let settled = false;
    const waiting = preloadsSettled().then(() => {
      settled = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBe(false);
    release(Part);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBe(false);
    fail(new Error('chunk failed to load'));
    await waiting;
    expect(settled).toBe(true);
    expect(part.loaded()).toBe(Part);
  });
});
