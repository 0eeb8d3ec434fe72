import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { IconButton } from '../IconButton/IconButton.tsx';
import { usePortalContainer } from '../ThemeRoot/ThemeRoot.tsx';
import * as styles from './Toast.css.ts';

export const toastTones = ['primary', 'success', 'warning', 'danger'] as const;
export type ToastTone = (typeof toastTones)[number];

export type ToastItem = { id: string; title: string; text?: string; tone?: ToastTone };

export type ToasterProps = {
  toasts: readonly ToastItem[];
  onDismiss: (id: string) => void;
  /** Each notice hides after this long (spec: 4000 ms); hovering or focusing it pauses the timer. */
  autoHideMs?: number;
  /** Render in place instead of as a fixed overlay (stories). */
  inline?: boolean;
};

/** The notification popover: transaction notices that hide themselves. */
export function Toaster({ toasts, onDismiss, autoHideMs = 4000, inline = false }: ToasterProps) {
  const container = usePortalContainer();
  const region = (
    <section aria-label="Notifications" className={inline ? styles.inlineRegion : styles.region}>
      <ol className={styles.list}>
        {toasts.map((toast) => (
          <ToastView key={toast.id} toast={toast} onDismiss={onDismiss} autoHideMs={autoHideMs} />
        ))}
      </ol>
    </section>
  );
  if (inline || typeof document === 'undefined') return region;
  return createPortal(region, container ?? document.body);
}

type ToastViewProps = { toast: ToastItem; onDismiss: (id: string) => void; autoHideMs: number };

function ToastView({ toast, onDismiss, autoHideMs }: ToastViewProps) {
  const [paused, setPaused] = useState(false);
  const dismissRef = useRef(onDismiss);
  dismissRef.current = onDismiss;
  useEffect(() => {
    if (paused) return;
    const timer = setTimeout(() => dismissRef.current(toast.id), autoHideMs);
    return () => clearTimeout(timer);
  }, [paused, autoHideMs, toast.id]);
  const tone = toast.tone ?? 'primary';
  return (
    <li>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: hover and focus only pause the auto-hide timer (WCAG 2.2.1) */}
      <div
        role={tone === 'danger' ? 'alert' : 'status'}
        className={styles.toast({ tone })}
        onMouseEnter={() => setPaused(true)}
        onMouseLeave={() => setPaused(false)}
        onFocus={() => setPaused(true)}
        onBlur={() => setPaused(false)}
      >
        <div className={styles.body}>
          <p className={styles.title}>{toast.title}</p>
          {toast.text ? <p className={styles.text}>{toast.text}</p> : null}
        </div>
        <IconButton
          size="small"
          icon="close"
          label="Dismiss notification"
          onClick={() => onDismiss(toast.id)}
        />
      </div>
    </li>
  );
}
