import {
  defaultDraftCurrency,
  defaultExchangeRate,
  draftCurrencies,
  draftMessages,
  type TokenDraft,
  type TokenDraftForm,
  tokenDraftFormSchema,
  zeroAddress,
} from '@tranche/api';
import {
  Alert,
  Button,
  Card,
  Inline,
  Select,
  Spinner,
  Stack,
  Switch,
  Tabs,
  Text,
  TextField,
} from '@tranche/ui-kit';
import { useEffect, useState } from 'react';
import { Controller, type FieldErrors, type UseFormReturn } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { api } from '../../../lib/api.ts';
import { codebaseLabel } from '../../../lib/codebases.ts';
import { routeTo } from '../../../lib/paths.ts';
import { ErrorAlert, useZodForm } from '../../forms/index.ts';
import { isWalletConnected, useSelectWallet, useWallet } from '../../wallet/index.ts';
import { useTokenCodebases, useWhitelists } from '../api.ts';
import { InvestorsEditor } from './InvestorsEditor.tsx';

type WizardTab = 0 | 1 | 2;
type InnerTab = 'summary' | 'investors';

const emptyDraft: TokenDraftForm = {
  symbol: '',
  name: '',
  exchangeRate: String(defaultExchangeRate),
  currency: defaultDraftCurrency,
  codebaseId: '',
  whitelistAddress: '',
  controllerAddress: '',
  isControllable: true,
  investors: [{ publicAddress: '', investmentAmount: '' }],
};

/**
 * The New Token wizard (part 2): tab 0 the form (Summary and Investors), tab 1 the wallet step when no wallet is
 * connected, tab 2 the saving status; on success to ViewTokenDraft?token=SYMBOL, on failure Go back.
 */
export function NewTokenDraftPage() {
  const navigate = useNavigate();
  const wallet = useWallet();
  const selectWallet = useSelectWallet();
  const codebases = useTokenCodebases();
  const whitelists = useWhitelists();
  const [tab, setTab] = useState<WizardTab>(0);
  const [innerTab, setInnerTab] = useState<InnerTab>('summary');
  const [pending, setPending] = useState<TokenDraft | null>(null);
  const [saveError, setSaveError] = useState<unknown>(null);
  const form = useZodForm(tokenDraftFormSchema, {
    defaultValues: emptyDraft as never,
  }) as unknown as UseFormReturn<TokenDraftForm, unknown, TokenDraft>;
  const errors = form.formState.errors as FieldErrors<TokenDraftForm>;
  const isControllable = form.watch('isControllable');
  const firstAddress = form.watch('investors.0.publicAddress') ?? '';

  // Defaults once the lists are in: the codebase marked default (else the newest, the last one), and the first
  // whitelist the connected wallet owns, else the first in the list (a departure from part 2: the list holds every
  // account's whitelists, and a newcomer's own would otherwise lose to the platform's seeded one). A whitelist the
  // user picked stays.
  useEffect(() => {
    const preferred = codebases.data?.find((c) => c.default) ?? codebases.data?.at(-1);
    if (preferred && form.getValues('codebaseId') === '') form.setValue('codebaseId', String(preferred.id));
  }, [codebases.data, form]);
  const walletAddress = wallet?.address.toLowerCase();
  useEffect(() => {
    const list = whitelists.data ?? [];
    const preferred = list.find((w) => w.ownerAddress.toLowerCase() === walletAddress) ?? list[0];
    if (preferred && !form.getFieldState('whitelistAddress').isDirty)
      form.setValue('whitelistAddress', preferred.address);
  }, [whitelists.data, walletAddress, form]);

  const save = async (draft: TokenDraft) => {
    setTab(2);
    setSaveError(null);
    try {
      const { symbols } = await api.call('createDraft', { body: { bulk: { tokens: [draft] } } });
      navigate(routeTo.ViewTokenDraft(symbols[0] ?? draft.symbol));
    } catch (error) {
      setSaveError(error);
    }
  };

  const handleSave = form.handleSubmit(
    async (draft) => {
      if (!isWalletConnected(wallet)) {
        setPending(draft);
        setTab(1);
        return;
      }
      await save(draft);
    },
    (invalid) =>
      setInnerTab(
        invalid.investors ? (Object.keys(invalid).length === 1 ? 'investors' : 'summary') : 'summary',
      ),
  );

  const handleConnect = async () => {
    const connected = await selectWallet();
    if (isWalletConnected(connected) && pending) await save(pending);
  };

  const handleControllable = (checked: boolean) => {
    form.setValue('isControllable', checked);
    form.setValue('controllerAddress', checked ? '' : zeroAddress, {
      shouldValidate: form.formState.isSubmitted,
    });
  };

  if (tab === 1) {
    return (
      <Card title="New Token" titleLevel={1}>
        <Stack space="medium">
          <Text>Connect a wallet to save the token draft.</Text>
          <Inline space="small">
            <Button onClick={handleConnect}>Connect a wallet</Button>
            <Button variant="secondary" onClick={() => setTab(0)}>
              Go back
            </Button>
          </Inline>
        </Stack>
      </Card>
    );
  }

  if (tab === 2) {
    return (
      <Card title="New Token" titleLevel={1}>
        {saveError ? (
          <Stack space="medium">
            <ErrorAlert error={saveError} prefix={draftMessages.saveFailed} />
            <Button variant="secondary" onClick={() => setTab(0)}>
              Go back
            </Button>
          </Stack>
        ) : (
          <Inline space="small" align="center">
            <Spinner size="small" decorative />
            <Text>Saving the token draft...</Text>
          </Inline>
        )}
      </Card>
    );
  }

  const loadError = codebases.error ?? whitelists.error;
  return (
    <Card title="New Token" titleLevel={1}>
      <form onSubmit={handleSave} noValidate aria-label="New token draft">
        <Stack space="large">
          {loadError ? <ErrorAlert error={loadError} /> : null}
          <Tabs.Root value={innerTab} onValueChange={(value) => setInnerTab(value as InnerTab)}>
            <Tabs.List aria-label="Token draft">
              <Tabs.Trigger value="summary">Summary</Tabs.Trigger>
              <Tabs.Trigger value="investors">Investors</Tabs.Trigger>
            </Tabs.List>
            <Tabs.Content value="summary" forceMount hidden={innerTab !== 'summary'}>
              <Stack space="medium">
                <TextField
                  label="Symbol"
                  autoComplete="off"
                  error={errors.symbol?.message}
                  {...form.register('symbol')}
                />
                <TextField
                  label="Token name"
                  autoComplete="off"
                  error={errors.name?.message}
                  {...form.register('name')}
                />
                <Controller
                  control={form.control}
                  name="codebaseId"
                  render={({ field }) => (
                    <Select
                      label="Smart contract"
                      placeholder={codebases.loading ? 'Loading...' : 'Choose a smart contract'}
                      options={(codebases.data ?? []).map((c) => ({
                        value: String(c.id),
                        label: codebaseLabel(c),
                      }))}
                      value={field.value}
                      onChange={field.onChange}
                      error={errors.codebaseId?.message}
                    />
                  )}
                />
                <Controller
                  control={form.control}
                  name="whitelistAddress"
                  render={({ field }) => (
                    <Select
                      label="Whitelist"
                      placeholder={whitelists.loading ? 'Loading...' : 'Choose a whitelist'}
                      options={(whitelists.data ?? []).map((w) => ({
                        value: w.address,
                        label: `${w.name} (${w.address})`,
                      }))}
                      value={field.value}
                      onChange={field.onChange}
                      error={errors.whitelistAddress?.message}
                    />
                  )}
                />
                <Controller
                  control={form.control}
                  name="currency"
                  render={({ field }) => (
                    <Select
                      label="Currency"
                      options={draftCurrencies.map((c) => ({ value: c, label: c }))}
                      value={field.value}
                      onChange={field.onChange}
                      error={errors.currency?.message}
                    />
                  )}
                />
                <TextField
                  label="Exchange rate"
                  inputMode="decimal"
                  help="The price of one token in the chosen currency."
                  error={errors.exchangeRate?.message}
                  {...form.register('exchangeRate')}
                />
                <Inline space="small" align="center">
                  <Switch
                    label="Controllable token"
                    checked={isControllable}
                    onCheckedChange={handleControllable}
                  />
                  <Text>Controllable token</Text>
                </Inline>
                <TextField
                  label="Controller address"
                  placeholder="0x..."
                  disabled={!isControllable}
                  help="Controllers may force transfers and issue or redeem from other addresses."
                  error={errors.controllerAddress?.message}
                  {...form.register('controllerAddress')}
                />
              </Stack>
            </Tabs.Content>
            <Tabs.Content value="investors" forceMount hidden={innerTab !== 'investors'}>
              <InvestorsEditor form={form as unknown as UseFormReturn<TokenDraftForm, unknown, unknown>} />
            </Tabs.Content>
          </Tabs.Root>
          {form.formState.submitCount > 0 && Object.keys(errors).length > 0 ? (
            <Alert tone="danger" title="Validation error">
              {draftMessages.saveFailed} Please check the {errors.investors ? 'investors and ' : ''}fields
              marked in red.
            </Alert>
          ) : null}
          <Inline space="small">
            <Button type="submit" disabled={firstAddress.trim() === ''} loading={form.formState.isSubmitting}>
              Save
            </Button>
          </Inline>
        </Stack>
      </form>
    </Card>
  );
}
