import type { PDFDocumentLoadingTask } from 'pdfjs-dist';
import defaultWorkerSrc from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { Alert } from '../Alert/Alert.tsx';
import { Button } from '../Button/Button.tsx';
import { PasswordField } from '../PasswordField/PasswordField.tsx';
import { Spinner } from '../Spinner/Spinner.tsx';
import * as styles from './PdfShareViewer.css.ts';

export const pdfShareViewerTexts = {
  failed: 'Failed to display the PDF document.',
  passwordPrompt: 'This document is protected. Enter the password you received by email.',
  passwordLabel: 'PDF password',
  passwordRequired: 'The password is required',
  passwordIncorrect: 'The password is incorrect.',
  open: 'Open document',
  loading: 'Loading the PDF document',
} as const;

export type PdfShareViewerProps = {
  /** The PDF bytes, or base64 (the sharded-key share `pdf` field). */
  data: Uint8Array | string;
  /** The accessible name of the rendered page, e.g. 'Key share of alice@example.com'. */
  title: string;
  /** Called once the first page is on screen (the signer opened their share). */
  onOpened?: () => void;
  /** Where the pdf.js worker is served from; the bundled worker by default. */
  workerSrc?: string;
};

type ViewState =
  | { name: 'loading' }
  | { name: 'password'; incorrect: boolean }
  | { name: 'shown' }
  | { name: 'failed' };

function toBytes(data: Uint8Array | string): Uint8Array {
  if (typeof data !== 'string') return data;
  const binary = atob(data);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Renders the first page of a (possibly password-protected) PDF at scale 1.5. */
export function PdfShareViewer({ data, title, onOpened, workerSrc = defaultWorkerSrc }: PdfShareViewerProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const passwordRef = useRef<((password: string) => void) | null>(null);
  const openedRef = useRef(onOpened);
  openedRef.current = onOpened;
  const [state, setState] = useState<ViewState>({ name: 'loading' });
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const bytes = useMemo(() => {
    try {
      return toBytes(data);
    } catch {
      return null;
    }
  }, [data]);

  useEffect(() => {
    setState({ name: 'loading' });
    if (!bytes) {
      setState({ name: 'failed' });
      return;
    }
    let cancelled = false;
    let task: PDFDocumentLoadingTask | undefined;
    // pdf.js (about 1 MB) loads only when a PDF is shown, keeping it out of every page's first load.
    void import('pdfjs-dist').then(
      ({ getDocument, GlobalWorkerOptions, PasswordResponses }) => {
        if (cancelled) return;
        GlobalWorkerOptions.workerSrc = workerSrc;
        // pdf.js transfers the buffer to its worker, so hand it a copy.
        task = getDocument({ data: bytes.slice(), isEvalSupported: false });
        task.onPassword = (update: (password: string) => void, reason: number) => {
          if (cancelled) return;
          passwordRef.current = update;
          setState({ name: 'password', incorrect: reason === PasswordResponses.INCORRECT_PASSWORD });
        };
        task.promise
          .then(async (document) => {
            const page = await document.getPage(1);
            const viewport = page.getViewport({ scale: 1.5 });
            const canvas = canvasRef.current;
            const context = canvas?.getContext('2d');
            if (cancelled || !canvas || !context) return;
            canvas.width = Math.floor(viewport.width);
            canvas.height = Math.floor(viewport.height);
            await page.render({ canvasContext: context, viewport }).promise;
            if (cancelled) return;
            setState({ name: 'shown' });
            openedRef.current?.();
          })
          .catch(() => {
            if (!cancelled) setState({ name: 'failed' });
          });
      },
      () => {
        if (!cancelled) setState({ name: 'failed' });
      },
    );
    return () => {
      cancelled = true;
      passwordRef.current = null;
      void task?.destroy();
    };
  }, [bytes, workerSrc]);

  const handlePassword = (event: FormEvent) => {
    event.preventDefault();
    if (password === '') {
      setPasswordError(pdfShareViewerTexts.passwordRequired);
      return;
    }
    setPasswordError(null);
    setState({ name: 'loading' });
    passwordRef.current?.(password);
    setPassword('');
  };

  return (
    <div className={styles.viewer} data-pending={state.name === 'loading' ? '' : undefined}>
      {state.name === 'loading' ? (
        <div className={styles.loading}>
          <Spinner label={pdfShareViewerTexts.loading} />
        </div>
      ) : null}
      {state.name === 'failed' ? <Alert tone="danger">{pdfShareViewerTexts.failed}</Alert> : null}
      {state.name === 'password' ? (
        <form className={styles.passwordForm} onSubmit={handlePassword} noValidate>
          <p>{pdfShareViewerTexts.passwordPrompt}</p>
          <PasswordField
            label={pdfShareViewerTexts.passwordLabel}
            required
            autoComplete="off"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={passwordError ?? (state.incorrect ? pdfShareViewerTexts.passwordIncorrect : undefined)}
          />
          <div>
            <Button type="submit">{pdfShareViewerTexts.open}</Button>
          </div>
        </form>
      ) : null}
      <canvas
        ref={canvasRef}
        role="img"
        aria-label={title}
        className={styles.canvas}
        data-state={state.name === 'shown' ? 'shown' : 'hidden'}
      />
    </div>
  );
}
