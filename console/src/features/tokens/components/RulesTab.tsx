import {
  loadErrorMessages,
  type Rule,
  ruleFieldsSchema,
  ruleMessages,
  rulesFormSchema,
  type RulesSimulation,
  type TokenRules,
  txTypes,
} from '@tranche/api';
import {
  Alert,
  Button,
  Card,
  Inline,
  Select,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
  Text,
  TextField,
} from '@tranche/ui-kit';
import type { InterfaceAbi } from 'ethers';
import { useCallback, useEffect, useState } from 'react';
import { api } from '../../../lib/api.ts';
import { ErrorAlert, useZodForm } from '../../forms/index.ts';
import * as styles from './RulesTab.css.ts';
import type { TokenOps } from './types.ts';

const off = 'none';
const lockupText = (seconds: number) =>
  seconds === 0 ? off : new Date(seconds * 1000).toISOString().replace('.000Z', 'Z').replace('T', ' ');
const limitText = (value: string) => (value === '0' ? off : value);

function RuleRow({ scope, rule }: { scope: string; rule: Rule }) {
  return (
    <TableRow>
      <TableCell label="Scope">{scope}</TableCell>
      <TableCell label="Holders">
        {rule.maxHolders === 0 ? `${rule.holders} (no limit)` : `${rule.holders} of ${rule.maxHolders}`}
      </TableCell>
      <TableCell label="Lock-up until">{lockupText(rule.lockupUntil)}</TableCell>
      <TableCell label="Minimum holding">{limitText(rule.minHolding)}</TableCell>
      <TableCell label="Maximum holding">{limitText(rule.maxHolding)}</TableCell>
      <TableCell label="Countries">
        {rule.countries
          ? `${rule.countries.mode === 'allow' ? 'only' : 'not'} ${rule.countries.list.join(', ')}`
          : off}
      </TableCell>
    </TableRow>
  );
}

/**
 * What the proposed rule would put out of bounds (POST /token/rules/simulate), shown before Save: each holding in
 * words with the holder's name, the holder count against the limit, the operations that would fail, and how the
 * contract counts holders beside the investor count.
 */
function SimulationFindings({ simulation }: { simulation: RulesSimulation }) {
  const nothing =
    simulation.findings.length === 0 && !simulation.holderLimit && simulation.operations.length === 0;
  const total = simulation.outOfBounds.holdings;
  return (
    <Alert tone={nothing ? 'success' : 'warning'} title={simulation.summary}>
      <Stack space="small">
        {simulation.holderLimit ? <Text>{simulation.holderLimit}</Text> : null}
        {simulation.findings.length > 0 ? (
          <ul aria-label="Holdings out of bounds" className={styles.findings}>
            {simulation.findings.map((f) => (
              <li key={`${f.kind} ${f.holder} ${f.partition}`}>{f.reason}</li>
            ))}
          </ul>
        ) : null}
        {simulation.truncated ? (
          <Text size="small">{ruleMessages.simulationTruncated(simulation.findings.length, total)}</Text>
        ) : null}
        {simulation.operations.length > 0 ? (
          <ul aria-label="Operations that would fail" className={styles.findings}>
            {simulation.operations.map((o) => (
              <li key={`${o.kind} ${o.id} ${o.row ?? ''}`}>{o.reason}</li>
            ))}
          </ul>
        ) : null}
        <Text size="small" tone="muted">
          {simulation.countingNote}
        </Text>
      </Stack>
    </Alert>
  );
}

/** The Rules tab: the token's compliance rules per partition with holder counts, and an edit form (TxWizard). */
export function RulesTab({ ops }: { ops: TokenOps }) {
  const { token } = ops;
  const [rules, setRules] = useState<TokenRules | null>(null);
  const [error, setError] = useState<unknown>(null);
  const load = useCallback(async () => {
    try {
      setRules(await api.call('getTokenRules', { params: { symbol: token.projectCode } }));
    } catch (failure) {
      setError(failure);
    }
  }, [token.projectCode]);
  useEffect(() => {
    void load();
  }, [load]);
  // While the server's job counts the holders, its progress is read again every two seconds.
  const counting = rules?.counting;
  const jobUnderway = counting?.jobState === 'queued' || counting?.jobState === 'running';
  useEffect(() => {
    if (!jobUnderway) return;
    const timer = setInterval(() => void load(), 2000);
    return () => clearInterval(timer);
  }, [jobUnderway, load]);
  const form = useZodForm(rulesFormSchema, {
    defaultValues: {
      scope: '',
      maxHolders: '',
      lockupUntil: '',
      minHolding: '',
      maxHolding: '',
      countryMode: '',
      countries: '',
    },
  });
  const [formError, setFormError] = useState<string | null>(null);
  const account = ops.rights.address;
  // The what-if of the rule as the form stands: Save sends it once its findings are on screen (`key`: the fields it
  // was computed for; any edit asks again). `failure`: the what-if could not run (Save still goes to the chain).
  const [simulation, setSimulation] = useState<{
    key: string;
    answer: RulesSimulation | null;
    failure: unknown;
  } | null>(null);

  const handleSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    const fields = ruleFieldsSchema.safeParse(values);
    if (!fields.success) {
      setFormError(fields.error.issues[0]?.message ?? ruleMessages.lockupInvalid);
      return;
    }
    if (!account) return;
    const body = { symbol: token.projectCode, accountAddress: account, partition: values.partition };
    const key = JSON.stringify({ ...body, ...fields.data });
    if (simulation?.key !== key) {
      try {
        const answer = await api.call('simulateTokenRules', { body: { ...body, ...fields.data, txMode: 2 } });
        setSimulation({ key, answer, failure: null });
      } catch (failure) {
        setSimulation({ key, answer: null, failure });
      }
      return;
    }
    try {
      if (ops.useServer) {
        // A live token whose holders do not fit one transaction: the server answers a job that counts them.
        const done = await ops.submit(txTypes.setRules, async (accountAddress) =>
          api.call('setTokenRules', { body: { ...body, ...fields.data, accountAddress, txMode: 2 } }),
        );
        if (done) {
          setSimulation(null);
          await load();
        }
        return;
      }
      const { txData } = await api.call('setTokenRules', { body: { ...body, ...fields.data, txMode: 1 } });
      if (!txData) return;
      const { Interface } = await import('../hooks/ethersOnDemand.ts');
      const args = new Interface(token.abi as InterfaceAbi).decodeFunctionData('setRules', txData.data);
      if (await ops.sign(txTypes.setRules, 'setRules', [...args])) {
        setSimulation(null);
        await load();
      }
    } catch (failure) {
      setError(failure);
    }
  });

  if (error && !rules)
    return <ErrorAlert error={error} prefix={loadErrorMessages.couldNot('load the rules')} />;
  if (!rules) return <Text tone="muted">Loading the rules…</Text>;
  if (!rules.supported) return <Alert tone="primary">{ruleMessages.rulesNotSupported}</Alert>;
  const errors = form.formState.errors;
  // Whether the what-if on screen is of the form as it stands (else the button asks for it first).
  const watched = form.watch();
  const parsed = rulesFormSchema.safeParse(watched);
  const fields = parsed.success ? ruleFieldsSchema.safeParse(parsed.data) : null;
  const current =
    simulation !== null &&
    parsed.success &&
    fields?.success === true &&
    simulation.key ===
      JSON.stringify({
        symbol: token.projectCode,
        accountAddress: account,
        partition: parsed.data.partition,
        ...fields.data,
      });
  return (
    <Stack space="large">
      <Table caption="Compliance rules" cardsOnPhone>
        <TableHead>
          <TableRow>
            <TableHeaderCell>Scope</TableHeaderCell>
            <TableHeaderCell>Holders</TableHeaderCell>
            <TableHeaderCell>Lock-up until</TableHeaderCell>
            <TableHeaderCell>Minimum holding</TableHeaderCell>
            <TableHeaderCell>Maximum holding</TableHeaderCell>
            <TableHeaderCell>Countries</TableHeaderCell>
          </TableRow>
        </TableHead>
        <TableBody>
          <RuleRow scope="Whole token" rule={rules.token} />
          {rules.partitions.map((p) => (
            <RuleRow key={p.partition} scope={`Partition ${p.partition}`} rule={p.rule} />
          ))}
        </TableBody>
      </Table>
      {counting ? (
        <Alert
          tone={counting.error ? 'danger' : 'primary'}
          title={ruleMessages.countingHolders(counting.counted, counting.holders)}
        >
          {counting.error ?? ruleMessages.countingExplained}
        </Alert>
      ) : (
        <Text tone="muted" size="small">
          {rules.active
            ? 'Holders are counted on-chain. Lock-ups stop transfers out; issues and controller operations stay allowed.'
            : 'No rules yet: setting the first one starts counting holders on-chain.'}
        </Text>
      )}
      <Card title="Set a rule">
        <form onSubmit={handleSubmit} noValidate aria-label="Set a rule">
          <Stack>
            <ErrorAlert error={error} onDismiss={() => setError(null)} />
            {formError ? <Alert tone="danger">{formError}</Alert> : null}
            <Select
              label="Applies to"
              options={[
                { value: '', label: 'Whole token' },
                ...rules.partitions.map((p) => ({ value: p.partition, label: `Partition ${p.partition}` })),
              ]}
              value={form.watch('scope')}
              onChange={(value) => form.setValue('scope', value)}
            />
            <TextField
              label="Maximum holders (empty: no limit)"
              inputMode="numeric"
              {...form.register('maxHolders')}
              error={errors.maxHolders?.message}
            />
            <TextField
              label="Lock-up until (UTC)"
              type="datetime-local"
              {...form.register('lockupUntil')}
              error={errors.lockupUntil?.message}
            />
            <TextField label="Minimum holding" inputMode="numeric" {...form.register('minHolding')} />
            <TextField label="Maximum holding" inputMode="numeric" {...form.register('maxHolding')} />
            <Select
              label="Country list"
              options={[
                { value: '', label: 'No country list' },
                { value: 'allow', label: 'Allow only these countries' },
                { value: 'deny', label: 'Refuse these countries' },
              ]}
              value={form.watch('countryMode')}
              onChange={(value) => form.setValue('countryMode', value as '' | 'allow' | 'deny')}
            />
            <TextField label="Countries (ISO codes, e.g. DE, FR)" {...form.register('countries')} />
            {simulation?.answer && current ? <SimulationFindings simulation={simulation.answer} /> : null}
            {simulation?.failure && current ? (
              <ErrorAlert error={simulation.failure} prefix={ruleMessages.simulationFailed} />
            ) : null}
            <Inline>
              <Button type="submit" disabled={!ops.rights.connected} loading={form.formState.isSubmitting}>
                {current ? 'Set rule' : 'Check what it would put out of bounds'}
              </Button>
            </Inline>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
