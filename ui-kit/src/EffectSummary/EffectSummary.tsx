import * as styles from './EffectSummary.css.ts';
import { splitEffect } from './splitEffect.ts';

export type EffectSummaryProps = {
  /** The decoded effect in words and numbers, figures after ': ' separated by '; '. */
  effect: string;
  /** Whether it would succeed if it ran now, and why not. */
  precheck: { ok: boolean; reason: string };
};

/** What an operation will do, in words and numbers, and whether it would succeed now. */
export function EffectSummary({ effect, precheck }: EffectSummaryProps) {
  const { headline, figures } = splitEffect(effect);
  return (
    <div className={styles.summary}>
      <p className={styles.headline}>{headline}</p>
      {figures.length > 0 ? (
        <ul className={styles.figures} aria-label="Effect on the token">
          {figures.map((figure) => (
            <li key={figure}>{figure}</li>
          ))}
        </ul>
      ) : null}
      {precheck.ok ? (
        <p className={styles.precheck.ok}>Pre-check: would succeed if run now</p>
      ) : (
        <p className={styles.precheck.fail}>
          Pre-check: would fail now: {precheck.reason || 'the chain refuses it'}
        </p>
      )}
    </div>
  );
}
