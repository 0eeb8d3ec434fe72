import {
  type SchemeDetail,
  type SchemeRoles,
  accessRightsFormSchema,
  accessRightsMessages,
  ruleMessages,
  txTypes,
} from '@tranche/api';
import {
  type AccessRight,
  type AccessRightChange,
  AccessRightsTable,
  type AccessRightValues,
  Alert,
  Button,
  Heading,
  Stack,
  Text,
  TextField,
} from '@tranche/ui-kit';
import { useCallback, useEffect, useState } from 'react';
import { api } from '../../../lib/api.ts';
import { ErrorAlert, useZodForm } from '../../forms/index.ts';
import { isWalletConnected, useWallet } from '../../wallet/index.ts';
import { reloadDelayMs } from '../useDeployment.ts';
import { SchemeRolesTable } from './SchemeRolesTable.tsx';

const grantRoutes = { OP: 'grantOperator', L1: 'grantLevel1', L2: 'grantLevel2' } as const;
const revokeRoutes = { OP: 'revokeOperator', L1: 'revokeLevel1', L2: 'revokeLevel2' } as const;

const noRights: AccessRightValues = { OP: false, L1: false, L2: false };

async function readRights(scheme: SchemeDetail, address: string): Promise<AccessRightValues> {
  const [OP, L1, L2] = await Promise.all([
    api.call('checkOperator', {
      params: { address, asset: scheme.assetId, contractAddress: scheme.securitySchemeAddress },
    }),
    api.call('checkLevel1', { params: { address, contractAddress: scheme.securitySchemeAddress } }),
    api.call('checkLevel2', { params: { address, contractAddress: scheme.securitySchemeAddress } }),
  ]);
  return { OP, L1, L2 };
}

/** Tab 'Access rights' of the scheme being edited: check an address, then grant or revoke OP, L1, L2. */
export function AccessRightsTab({ scheme }: { scheme: SchemeDetail }) {
  const wallet = useWallet();
  const [target, setTarget] = useState<string | null>(null);
  const [values, setValues] = useState<AccessRightValues>(noRights);
  const [reasons, setReasons] = useState<Partial<Record<AccessRight, string>>>({});
  const [error, setError] = useState<unknown>(null);
  const [notConnected, setNotConnected] = useState(false);
  const [busy, setBusy] = useState(false);
  const [applied, setApplied] = useState(false);
  /** Bumped on each reading of the chain: the table's switches start again from what the chain holds. */
  const [reading, setReading] = useState(0);
  const form = useZodForm(accessRightsFormSchema, { defaultValues: { walletAddress: '' } });
  const [roles, setRoles] = useState<SchemeRoles | null>(null);
  const [rolesError, setRolesError] = useState<unknown>(null);
  const loadRoles = useCallback(async () => {
    try {
      setRoles(
        await api.call('listSchemeRoles', { params: { contractAddress: scheme.securitySchemeAddress } }),
      );
      setRolesError(null);
    } catch (failure) {
      setRolesError(failure);
    }
  }, [scheme.securitySchemeAddress]);
  useEffect(() => {
    void loadRoles();
  }, [loadRoles]);
  const { errors, isSubmitting } = form.formState;

  /** Reads the rights of `address` (and the wallet's own); `keepError` leaves a failed Apply's alert shown. */
  const check = useCallback(
    async (address: string, { keepError = false } = {}) => {
      if (!wallet || !isWalletConnected(wallet)) {
        setNotConnected(true);
        return;
      }
      setNotConnected(false);
      if (!keepError) setError(null);
      try {
        const [rights, mine] = await Promise.all([
          readRights(scheme, address),
          readRights(scheme, wallet.address),
        ]);
        const isOwner = wallet.address.toLowerCase() === scheme.ownerAddress.toLowerCase();
        const next: Partial<Record<AccessRight, string>> = {};
        if (!isOwner && !mine.OP) next.OP = accessRightsMessages.notOwner;
        if (!mine.OP) {
          next.L1 = accessRightsMessages.notSecurityManager;
          next.L2 = accessRightsMessages.notSecurityManager;
        }
        setReasons(next);
        setValues(rights);
        setTarget(address);
        setReading((n) => n + 1);
      } catch (failure) {
        setError(failure);
      }
    },
    [scheme, wallet],
  );

  const submit = form.handleSubmit(async ({ walletAddress }) => {
    setApplied(false);
    await check(walletAddress);
  });

  const apply = async (changes: AccessRightChange[]) => {
    if (!target || !wallet || changes.length === 0) return;
    setBusy(true);
    setError(null);
    setApplied(false);
    try {
      // In order OP, L1, L2; the first failure stops the rest.
      for (const change of changes) {
        const routeId = change.enabled ? grantRoutes[change.right] : revokeRoutes[change.right];
        const base = {
          targetAddress: target,
          securitySchemeAddress: scheme.securitySchemeAddress,
          accountAddress: wallet.address,
          txMode: 2 as const,
        };
        const { transactionHash } =
          change.right === 'OP'
            ? await api.call(routeId as 'grantOperator', { body: { ...base, asset: scheme.assetId } })
            : await api.call(routeId as 'grantLevel1', { body: base });
        await api
          .call('recordAccountTransaction', {
            body: {
              transactionHash,
              contractAddress: scheme.securitySchemeAddress,
              publicAddress: wallet.address,
              txType: txTypes.accessRightChange,
            },
          })
          .catch(() => undefined);
      }
      setApplied(true);
      setTimeout(() => {
        void check(target);
        void loadRoles();
      }, reloadDelayMs);
    } catch (failure) {
      // The refusal stays shown; the switches go back to what the chain holds (the first changes may have run).
      setError(failure);
      void check(target, { keepError: true });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack space="medium">
      <form onSubmit={submit} noValidate aria-label="Check access rights">
        <Stack space="small">
          {notConnected ? (
            <Alert tone="warning" title={accessRightsMessages.notConnectedTitle}>
              {accessRightsMessages.notConnected}
            </Alert>
          ) : null}
          <TextField
            label="Wallet address"
            placeholder="0x..."
            error={errors.walletAddress?.message}
            {...form.register('walletAddress')}
          />
          <div>
            <Button type="submit" loading={isSubmitting}>
              Check
            </Button>
          </div>
        </Stack>
      </form>
      <ErrorAlert error={error} onDismiss={() => setError(null)} />
      {applied ? <Alert tone="success">The access rights were changed</Alert> : null}
      <Text tone="muted" size="small">
        {ruleMessages.rightWording}
      </Text>
      {target ? (
        <AccessRightsTable
          key={reading}
          caption={`Access rights of ${target}`}
          values={values}
          disabledReasons={reasons}
          busy={busy}
          onApply={(changes) => void apply(changes)}
        />
      ) : null}
      <Heading level={2}>Who holds rights</Heading>
      <ErrorAlert error={rolesError} />
      {roles ? (
        <SchemeRolesTable
          roles={roles}
          onEdit={(holder) => {
            form.setValue('walletAddress', holder.address);
            setApplied(false);
            void check(holder.address);
          }}
        />
      ) : null}
    </Stack>
  );
}
