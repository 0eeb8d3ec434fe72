import { loadErrorMessages, type OnboardingStepId, onboardingTexts as t } from '@tranche/api';
import { Badge, Card, Inline, Stack, Text, TextLink } from '@tranche/ui-kit';
import { useAtomValue } from 'jotai';
import { api } from '../../../lib/api.ts';
import { paths } from '../../../lib/paths.ts';
import { renderRouterLink } from '../../../lib/renderRouterLink.tsx';
import { useLoad } from '../../../lib/useLoad.ts';
import { appConfigLoadableAtom } from '../../config/index.ts';
import { ErrorAlert } from '../../forms/index.ts';
import * as styles from './GetStartedChecklist.css.ts';

/** Where each step is done. */
export const onboardingStepPaths: Record<OnboardingStepId, string> = {
  scheme: paths.permissions,
  rights: paths.permissions,
  whitelist: paths.whitelists,
  token: paths.newToken,
  distribution: paths.tokens,
};

/**
 * The landing page's 'Get started' checklist (issue 34): scheme, rights, whitelist, first token, first distribution,
 * each ticked from the account's records (GET /onboarding) and linking to its page; the first step not done is
 * marked as next. Once every step is done it is no longer shown.
 */
export function GetStartedChecklist() {
  const { state } = useLoad((signal) => api.call('onboarding', { signal }), []);
  const config = useAtomValue(appConfigLoadableAtom);
  if (state.status === 'loading') return null;
  if (state.status === 'error')
    return <ErrorAlert error={state.error} prefix={loadErrorMessages.couldNot('load your checklist')} />;
  const { steps, next } = state.data;
  if (next === null) return null;
  return (
    <Card title={t.title}>
      <Stack space="medium">
        <Text tone="muted">{t.intro}</Text>
        {config.state === 'hasData' && config.data.local ? <Text>{t.localWallet}</Text> : null}
        <ol className={styles.list}>
          {steps.map((step, index) => {
            const text = t.steps[step.id];
            return (
              <li
                key={step.id}
                className={styles.step}
                data-done={step.done || undefined}
                data-next={step.id === next || undefined}
                aria-current={step.id === next ? 'step' : undefined}
              >
                <Stack space="small">
                  <Inline space="small" align="center">
                    <Text weight="strong" as="span">
                      {index + 1}. {text.title}
                    </Text>
                    {step.done ? (
                      <Badge tone="success">{t.done}</Badge>
                    ) : step.id === next ? (
                      <Badge tone="primary">Next</Badge>
                    ) : (
                      <Badge tone="neutral">{t.notDone}</Badge>
                    )}
                  </Inline>
                  <Text tone="muted">{text.description}</Text>
                  <TextLink href={onboardingStepPaths[step.id]} renderLink={renderRouterLink}>
                    {text.action}
                  </TextLink>
                </Stack>
              </li>
            );
          })}
        </ol>
      </Stack>
    </Card>
  );
}
