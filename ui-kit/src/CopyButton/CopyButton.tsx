import { useEffect, useState } from 'react';
import { IconButton } from '../IconButton/IconButton.tsx';
import { visuallyHidden } from '../theme/utils.css.ts';

export type CopyButtonProps = {
  value: string;
  /** Accessible name, e.g. 'Copy address'. */
  label?: string;
  /** How long the 'Copied' confirmation stays, in ms. */
  resetAfterMs?: number;
};

/** Copies a value to the clipboard and confirms with a check mark and a live 'Copied' label. */
export function CopyButton({ value, label = 'Copy', resetAfterMs = 1500 }: CopyButtonProps) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), resetAfterMs);
    return () => clearTimeout(timer);
  }, [copied, resetAfterMs]);
  const handleClick = async () => {
    await navigator.clipboard.writeText(value);
    setCopied(true);
  };
  return (
    <>
      <IconButton
        size="small"
        icon={copied ? 'check' : 'copy'}
        label={copied ? 'Copied' : label}
        onClick={handleClick}
      />
      <span role="status" className={visuallyHidden}>
        {copied ? 'Copied' : ''}
      </span>
    </>
  );
}
