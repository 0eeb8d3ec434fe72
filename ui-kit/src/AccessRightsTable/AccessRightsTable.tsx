import { useEffect, useId, useState } from 'react';
import { Badge } from '../Badge/Badge.tsx';
import { Button } from '../Button/Button.tsx';
import { Switch } from '../Switch/Switch.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '../Table/Table.tsx';
import * as styles from './AccessRightsTable.css.ts';

export const accessRights = ['OP', 'L1', 'L2'] as const;
export type AccessRight = (typeof accessRights)[number];

export const accessRightLabels: Record<AccessRight, string> = {
  OP: 'Security Manager',
  L1: 'Access Level #1',
  L2: 'Access Level #2',
};

/** The spec's reasons (part 1 section 6), for the console to pass in `disabledReasons`. */
export const accessRightDisabledReasons = {
  notOwner: 'This is disabled because you are not the owner of the smart contract.',
  notSecurityManager: 'This is disabled because you are not a security manager',
} as const;

export type AccessRightValues = Record<AccessRight, boolean>;
export type AccessRightChange = { right: AccessRight; enabled: boolean };

export type AccessRightsTableProps = {
  /** The rights the checked address holds on chain. */
  values: AccessRightValues;
  /** A reason disables that right's switch and shows the 'Feature disabled' badge. */
  disabledReasons?: Partial<Record<AccessRight, string>>;
  /** Only the changed rights, in the order OP, L1, L2. */
  onApply: (changes: AccessRightChange[]) => void;
  busy?: boolean;
  caption?: string;
};

/** The changed rights in submission order OP, L1, L2. */
export function changedRights(values: AccessRightValues, draft: AccessRightValues): AccessRightChange[] {
  return accessRights
    .filter((right) => values[right] !== draft[right])
    .map((right) => ({ right, enabled: draft[right] }));
}

/** The three rights with Yes/No switches; Apply Permissions is enabled only when something changed. */
export function AccessRightsTable({
  values,
  disabledReasons = {},
  onApply,
  busy = false,
  caption,
}: AccessRightsTableProps) {
  const [draft, setDraft] = useState<AccessRightValues>(values);
  const idPrefix = useId();
  const { OP, L1, L2 } = values;
  useEffect(() => setDraft({ OP, L1, L2 }), [OP, L1, L2]);
  const changes = changedRights(values, draft);
  return (
    <div className={styles.wrapper}>
      <Table caption={caption} cardsOnPhone>
        <TableHead>
          <TableRow>
            <TableHeaderCell>Right</TableHeaderCell>
            <TableHeaderCell>Code</TableHeaderCell>
            <TableHeaderCell>Granted</TableHeaderCell>
            <TableHeaderCell>Status</TableHeaderCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {accessRights.map((right) => {
            const reason = disabledReasons[right];
            const reasonId = `${idPrefix}-${right}-reason`;
            return (
              <TableRow key={right}>
                <TableHeaderCell scope="row">{accessRightLabels[right]}</TableHeaderCell>
                <TableCell label="Code">{right}</TableCell>
                <TableCell label="Granted">
                  <Switch
                    label={`${accessRightLabels[right]} (${right})`}
                    checked={draft[right]}
                    disabled={Boolean(reason) || busy}
                    aria-describedby={reason ? reasonId : undefined}
                    onCheckedChange={(checked) => setDraft((current) => ({ ...current, [right]: checked }))}
                  />
                </TableCell>
                <TableCell label="Status">
                  {reason ? (
                    <span className={styles.reason}>
                      <Badge tone="warning">Feature disabled</Badge>
                      <span id={reasonId}>{reason}</span>
                    </span>
                  ) : null}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      <div>
        <Button disabled={changes.length === 0} loading={busy} onClick={() => onApply(changes)}>
          Apply Permissions
        </Button>
      </div>
    </div>
  );
}
