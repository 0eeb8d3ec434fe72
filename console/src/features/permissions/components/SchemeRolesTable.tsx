import type { SchemeRoleHolder, SchemeRoles } from '@tranche/api';
import {
  Button,
  ExplorerLink,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
  Text,
} from '@tranche/ui-kit';
import { renderRouterLink } from '../../../lib/renderRouterLink.tsx';
import { Address } from '../../config/index.ts';
import { useExplorerConfig } from '../useDeployment.ts';

/** A right change as the role table words it. */
const changeWords: Record<string, string> = {
  OperatorGranted: 'Security Manager (OP) granted',
  OperatorRevoked: 'Security Manager (OP) revoked',
  Level1Granted: 'Access Level #1 granted',
  Level1Revoked: 'Access Level #1 revoked',
  Level2Granted: 'Access Level #2 granted',
  Level2Revoked: 'Access Level #2 revoked',
};

const yesNo = (held: boolean) => (held ? 'Yes' : 'No');

/**
 * A security scheme's role table (issue 37): its owner and every account holding a right, from the scheme's
 * indexed events, each with its last change and a button that opens its rights for editing above.
 */
export function SchemeRolesTable({
  roles,
  onEdit,
}: {
  roles: SchemeRoles;
  onEdit: (holder: SchemeRoleHolder) => void;
}) {
  const explorer = useExplorerConfig();
  const caption = 'Who holds rights in this scheme';
  return (
    <Stack space="small">
      {roles.holders.length === 0 ? (
        <Text tone="muted">Nobody holds a right in this scheme yet.</Text>
      ) : (
        <Table caption={caption} cardsOnPhone>
          <TableHead>
            <TableRow>
              <TableHeaderCell>Address</TableHeaderCell>
              <TableHeaderCell>Owner</TableHeaderCell>
              <TableHeaderCell>Security Manager (OP)</TableHeaderCell>
              <TableHeaderCell>Access Level #1 (L1)</TableHeaderCell>
              <TableHeaderCell>Access Level #2 (L2)</TableHeaderCell>
              <TableHeaderCell>Last change</TableHeaderCell>
              <TableHeaderCell>Actions</TableHeaderCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {roles.holders.map((holder) => (
              <TableRow key={holder.address}>
                <TableCell label="Address">
                  <Address address={holder.address} name={holder.name ?? undefined} />
                </TableCell>
                <TableCell label="Owner">{yesNo(holder.isOwner)}</TableCell>
                <TableCell label="Security Manager (OP)">{yesNo(holder.isOperator)}</TableCell>
                <TableCell label="Access Level #1 (L1)">{yesNo(holder.level1)}</TableCell>
                <TableCell label="Access Level #2 (L2)">{yesNo(holder.level2)}</TableCell>
                <TableCell label="Last change">
                  {holder.lastChange ? (
                    // One element: on a phone the cell is a grid of its name and one value.
                    <span>
                      {changeWords[holder.lastChange.event] ?? holder.lastChange.event},{' '}
                      <ExplorerLink
                        kind="tx"
                        value={holder.lastChange.transactionHash}
                        explorer={explorer}
                        renderLink={renderRouterLink}
                      >
                        {`block ${holder.lastChange.blockNumber.toLocaleString('en')}`}
                      </ExplorerLink>
                      , {new Date(holder.lastChange.at).toLocaleString('en-GB', { timeZone: 'UTC' })} UTC
                    </span>
                  ) : (
                    'Deployed as owner'
                  )}
                </TableCell>
                <TableCell>
                  <Button
                    variant="secondary"
                    size="small"
                    aria-label={`Edit rights of ${holder.name ?? holder.address}`}
                    onClick={() => onEdit(holder)}
                  >
                    Edit rights
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {roles.indexedBlock !== null ? (
        <Text tone="muted" size="small">
          {`As the scheme's events stand at block ${roles.indexedBlock.toLocaleString('en')}.`}
        </Text>
      ) : null}
    </Stack>
  );
}
