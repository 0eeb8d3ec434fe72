import { useEffect, useRef } from 'react';

export type InboxKeyHandlers = {
  /** j */
  onNext: () => void;
  /** k */
  onPrevious: () => void;
  /** a */
  onApprove: () => void;
  /** x */
  onAbort: () => void;
};

function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * The inbox's keys on the whole page: j / k move, a approves, x aborts (both open the access code dialog, the
 * confirmation). Off while `enabled` is false (a dialog is open), in text fields and with modifier keys.
 */
export function useInboxKeys(enabled: boolean, handlers: InboxKeyHandlers) {
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    if (!enabled) return;
    const handleKeyDown = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || typingIn(event.target)) return;
      const action = { j: 'onNext', k: 'onPrevious', a: 'onApprove', x: 'onAbort' }[event.key] as
        | keyof InboxKeyHandlers
        | undefined;
      if (!action) return;
      event.preventDefault();
      latest.current[action]();
    };
    document.addEventListener('keydown', handleKeyDown);
    return () => document.removeEventListener('keydown', handleKeyDown);
  }, [enabled]);
}
