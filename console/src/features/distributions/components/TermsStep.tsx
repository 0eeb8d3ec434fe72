import {
  ApiError,
  type CreateDistributionResponse,
  distributionBaseUnits,
  distributionFormSchema,
  distributionMessages,
  type SnapshotSummary,
} from '@tranche/api';
import {
  AddressCombobox,
  Button,
  Inline,
  RadioGroup,
  Stack,
  TextArea,
  TextField,
  toChecksumAddress,
} from '@tranche/ui-kit';
import { useAtomValue } from 'jotai';
import { useEffect, useMemo, useRef, useState } from 'react';
import { api } from '../../../lib/api.ts';
import { appConfigLoadableAtom, dateTimeLocalValue, useChainClock } from '../../config/index.ts';
import { ErrorAlert, useSubmitForm } from '../../forms/index.ts';
import { proveWallet } from '../../history/index.ts';
import { registerListTexts, useRegisterOptions } from '../../register/index.ts';
import { useWalletSigner } from '../../wallet/index.ts';

/** ERC-20 decimals() (selector). */
const decimalsCall = '0x313ce567';

const bases = [
  { value: 'total', label: 'A total amount, shared by balance' },
  { value: 'perToken', label: 'An amount per token held' },
];

/** A week after `now` (milliseconds) as a datetime-local value (local time, minutes). */
export function aWeekFrom(now: number): string {
  return dateTimeLocalValue(now + 7 * 24 * 3600 * 1000);
}

/**
 * Step 2: the payment token (by default the local test stable token of GET /config), a total or a per-token
 * amount in the token's units (converted to base units with its decimals, nothing rounded), the excluded addresses and the claim deadline. The connected wallet is the issuer: it
 * funds, and it may push and reclaim.
 */
export function TermsStep({
  snapshot,
  onCreated,
  onBack,
}: {
  snapshot: SnapshotSummary;
  onCreated: (distribution: CreateDistributionResponse) => void;
  onBack: () => void;
}) {
  const config = useAtomValue(appConfigLoadableAtom);
  const getSigner = useWalletSigner();
  const stable = config.state === 'hasData' ? (config.data.testStableToken ?? '') : '';
  // The claim deadline is judged by the chain's clock (the server's and the Distributor's), not this browser's.
  const clock = useChainClock();
  const clockNow = useRef(clock.now);
  clockNow.current = clock.now;
  const schema = useMemo(() => distributionFormSchema(() => clockNow.current()), []);
  const { form, error, clearError, handleSubmit } = useSubmitForm(
    schema,
    {
      defaultValues: {
        asset: stable,
        basis: 'total',
        amount: '',
        excluded: '',
        deadline: aWeekFrom(Date.now()),
      },
    },
    async (values) => {
      const { signer, wallet } = await getSigner();
      // The amount is typed in the payment token's units: its decimals (ERC-20 decimals()) make the base units.
      const decimals = await signer
        .call({ to: values.asset, data: decimalsCall })
        .then((answer) => Number(BigInt(answer)))
        .catch(() => null);
      if (decimals === null || !Number.isInteger(decimals) || decimals > 77) {
        form.setError('asset', { message: distributionMessages.assetNotErc20 });
        return;
      }
      const units = distributionBaseUnits(values.amount, decimals);
      if (!units.ok) {
        form.setError('amount', { message: units.message });
        return;
      }
      const amounts = values.basis === 'total' ? { amount: units.units } : { amountPerToken: units.units };
      const create = () =>
        api.call('createDistribution', {
          body: {
            snapshotId: snapshot.id,
            accountAddress: wallet.address,
            asset: values.asset,
            ...amounts,
            excluded: values.excluded,
            deadline: values.deadline,
          },
        });
      // The issuer wallet must be one of the account's: a connected wallet not yet proved is proved, then used.
      const created = await create().catch(async (error: unknown) => {
        const unproved =
          error instanceof ApiError &&
          error.statusCode === 403 &&
          error.message === distributionMessages.issuerNotYours(wallet.address.toLowerCase());
        if (!unproved) throw error;
        await proveWallet(api, signer, wallet.address);
        return create();
      });
      onCreated(created);
    },
  );
  // GET /config may answer after the form is made: the default payment token fills in when it does.
  useEffect(() => {
    if (stable && !form.getValues('asset')) form.setValue('asset', stable);
  }, [stable, form]);
  // The default deadline is a week after the chain's time once GET /health answers (unless it was changed already).
  useEffect(() => {
    if (clock.ready && !form.getFieldState('deadline').isDirty)
      form.setValue('deadline', aWeekFrom(clock.now()), { shouldDirty: false });
  }, [clock, form]);
  // Excluded holders may be picked from the register by name: each pick adds a line to the addresses below.
  const [exclusion, setExclusion] = useState('');
  const exclusionOptions = useRegisterOptions(snapshot.symbol, exclusion);
  const handleExclude = (option: { address: string }) => {
    const lines = (form.getValues('excluded') ?? '')
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    if (!lines.some((line) => line.toLowerCase() === option.address.toLowerCase()))
      form.setValue('excluded', [...lines, toChecksumAddress(option.address)].join('\n'), {
        shouldValidate: true,
      });
    setExclusion('');
  };
  const basis = form.watch('basis');
  const errors = form.formState.errors;
  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Payment terms">
      <Stack>
        <ErrorAlert error={error} onDismiss={clearError} />
        <TextField
          label="Payment token address"
          help={stable ? 'The local test stable token (tUSD, 6 decimals) unless you change it.' : undefined}
          {...form.register('asset')}
          error={errors.asset?.message}
        />
        <RadioGroup
          legend="Amount"
          options={bases}
          value={basis}
          onChange={(value) => form.setValue('basis', value as typeof basis)}
        />
        <TextField
          label={basis === 'total' ? 'Total amount' : 'Amount per token'}
          help="In the payment token's units, e.g. 35,250.00 tUSD. Each holder gets the floor of its share."
          inputMode="decimal"
          {...form.register('amount')}
          error={errors.amount?.message}
        />
        <AddressCombobox
          {...registerListTexts}
          label="Add an excluded holder"
          help="Type a name or the start of an address and pick from the register; it is added below."
          value={exclusion}
          onValueChange={setExclusion}
          onPick={handleExclude}
          options={exclusionOptions}
        />
        <TextArea
          label="Excluded addresses"
          help="One a line, e.g. the treasury. They receive nothing."
          rows={3}
          {...form.register('excluded')}
          error={errors.excluded?.message}
        />
        <TextField
          label="Claim deadline"
          type="datetime-local"
          {...form.register('deadline')}
          error={errors.deadline?.message}
        />
        <Inline space="small">
          <Button variant="secondary" onClick={onBack}>
            Back
          </Button>
          <Button type="submit" loading={form.formState.isSubmitting}>
            Review
          </Button>
        </Inline>
      </Stack>
    </form>
  );
}
