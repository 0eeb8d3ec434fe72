import { whitelistRegistryMessages } from '@tranche/api';
import { Heading, Inline, Skeleton, Stack, Text, TextLink } from '@tranche/ui-kit';
import { api } from '../../../lib/api.ts';
import { routeTo } from '../../../lib/paths.ts';
import { renderRouterLink } from '../../../lib/renderRouterLink.tsx';
import { useLoad } from '../../../lib/useLoad.ts';
import { ErrorAlert } from '../../forms/index.ts';

/** 'Tokens using this whitelist': each deployed token whose whitelist this is, linking to its page. */
export function TokensUsingWhitelist({ whitelist }: { whitelist: string }) {
  const { state } = useLoad(
    () => api.call('whitelistTokens', { params: { whitelistAddress: whitelist } }),
    [whitelist],
  );
  const tokens = state.status === 'ready' ? state.data : null;
  const error = state.status === 'error' ? state.error : null;

  return (
    <section aria-labelledby="whitelist-tokens">
      <Stack space="small">
        <Heading level={3} id="whitelist-tokens">
          {whitelistRegistryMessages.tokensTitle}
        </Heading>
        <ErrorAlert error={error} />
        {tokens === null && !error ? <Skeleton label="Loading the tokens" shape="details" rows={1} /> : null}
        {tokens?.length === 0 ? <Text tone="muted">{whitelistRegistryMessages.noTokens}</Text> : null}
        {tokens && tokens.length > 0 ? (
          <ul aria-label={whitelistRegistryMessages.tokensTitle}>
            {tokens.map((token) => (
              <li key={token.projectCode}>
                <Inline space="small">
                  <TextLink href={routeTo.TokenInfo(token.projectCode)} renderLink={renderRouterLink}>
                    {token.projectCode}
                  </TextLink>
                  <Text>{token.projectName}</Text>
                </Inline>
              </li>
            ))}
          </ul>
        ) : null}
      </Stack>
    </section>
  );
}
