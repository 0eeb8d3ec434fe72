import { type SchemeListItem, schemeMessages } from '@tranche/api';
import {
  Button,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableRow,
} from '@tranche/ui-kit';
import { ErrorAlert } from '../../forms/index.ts';
import { Address } from '../../config/index.ts';

export type SchemeListTabProps = {
  schemes: SchemeListItem[] | null;
  listError: unknown;
  editError: unknown;
  onEdit: (address: string) => void;
};

/** Tab 'Permission schemes': the registered schemes, each with Edit. */
export function SchemeListTab({ schemes, listError, editError, onEdit }: SchemeListTabProps) {
  return (
    <Stack space="medium">
      <ErrorAlert error={listError} prefix={schemeMessages.loadFailed} />
      <ErrorAlert error={editError} prefix={schemeMessages.loadFailed} />
      {schemes === null && !listError ? (
        <Skeleton label="Loading the security schemes" shape="table" />
      ) : null}
      {schemes ? (
        <Table caption="Permission schemes" cardsOnPhone>
          <TableHead>
            <TableRow>
              <TableHeaderCell>Name</TableHeaderCell>
              <TableHeaderCell>Contract address</TableHeaderCell>
              <TableHeaderCell>Options</TableHeaderCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {schemes.map((scheme) => (
              <TableRow key={scheme.securitySchemeAddress}>
                <TableCell label="Name">{scheme.schemeName}</TableCell>
                <TableCell label="Contract address">
                  <Address address={scheme.securitySchemeAddress} />
                </TableCell>
                <TableCell>
                  <Button
                    size="small"
                    variant="secondary"
                    aria-label={`Edit ${scheme.schemeName}`}
                    onClick={() => onEdit(scheme.securitySchemeAddress)}
                  >
                    Edit
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : null}
    </Stack>
  );
}
