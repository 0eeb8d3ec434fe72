// @tranche/ui-kit public API: one explicit barrel. Names here are stable; add, never rename.

// Theme
export {
  ThemeRoot,
  type ThemeRootProps,
  themeClassNames,
  usePortalContainer,
  useTheme,
} from './ThemeRoot/ThemeRoot.tsx';
export {
  type ColorRole,
  colorRoles,
  type ThemeName,
  themeNames,
  type Tokens,
  tokens,
} from './theme/tokens.ts';
export { darkTheme, lightTheme, vars } from './theme/vars.css.ts';
export { type Sprinkles, sprinkles } from './theme/sprinkles.css.ts';

// Layout and typography
export { Box, type BoxProps } from './Box/Box.tsx';
export { Stack, type StackProps, type StackSpace, stackSpaces } from './Stack/Stack.tsx';
export { Inline, type InlineProps } from './Inline/Inline.tsx';
export { Text, type TextProps, textSizes, textTones, textWeights } from './Text/Text.tsx';
export { Heading, type HeadingLevel, type HeadingProps, headingLevels } from './Heading/Heading.tsx';
export { Card, type CardProps } from './Card/Card.tsx';
export { Icon, type IconName, type IconProps, iconNames } from './Icon/Icon.tsx';

// Actions and links
export {
  Button,
  type ButtonProps,
  type ButtonSize,
  type ButtonVariant,
  buttonSizes,
  buttonVariants,
} from './Button/Button.tsx';
export { IconButton, type IconButtonProps, iconButtonSizes } from './IconButton/IconButton.tsx';
export { CopyButton, type CopyButtonProps } from './CopyButton/CopyButton.tsx';
export {
  defaultRenderLink,
  type RenderLink,
  type RenderLinkProps,
  TextLink,
  type TextLinkProps,
} from './Link/Link.tsx';

// Forms
export { Field, type FieldControlProps, type FieldProps } from './Field/Field.tsx';
export { TextField, type TextFieldProps } from './TextField/TextField.tsx';
export {
  AddressCombobox,
  type AddressComboboxOption,
  type AddressComboboxProps,
} from './AddressCombobox/AddressCombobox.tsx';
export { PasswordField, type PasswordFieldProps } from './PasswordField/PasswordField.tsx';
export { TextArea, type TextAreaProps } from './TextArea/TextArea.tsx';
export { Select, type SelectOption, type SelectProps } from './Select/Select.tsx';
export { Switch, type SwitchProps } from './Switch/Switch.tsx';
export { Checkbox, type CheckboxProps } from './Checkbox/Checkbox.tsx';
export { type RadioOption, RadioGroup, type RadioGroupProps } from './RadioGroup/RadioGroup.tsx';

// Feedback
export { Alert, type AlertProps, type AlertTone, alertTones } from './Alert/Alert.tsx';
export { Badge, type BadgeProps, type BadgeTone, badgeTones } from './Badge/Badge.tsx';
export { Spinner, type SpinnerProps, spinnerSizes } from './Spinner/Spinner.tsx';
export {
  Skeleton,
  type SkeletonProps,
  type SkeletonShape,
  skeletonShapes,
} from './Skeleton/Skeleton.tsx';
export { ProgressBar, type ProgressBarProps } from './ProgressBar/ProgressBar.tsx';
export { type ToastItem, Toaster, type ToasterProps, type ToastTone, toastTones } from './Toast/Toast.tsx';
export { EmptyState, type EmptyStateProps } from './EmptyState/EmptyState.tsx';

// Overlays and navigation (Radix wrappers are namespaces)
export * as Dialog from './Dialog/Dialog.tsx';
export {
  ConfirmDialog,
  type ConfirmDialogProps,
  confirmDialogTones,
} from './ConfirmDialog/ConfirmDialog.tsx';
export * as DropdownMenu from './DropdownMenu/DropdownMenu.tsx';
export * as Popover from './Popover/Popover.tsx';
export * as Tabs from './Tabs/Tabs.tsx';
export { Tooltip, type TooltipProps, tooltipSides } from './Tooltip/Tooltip.tsx';
export { Pagination, type PaginationProps } from './Pagination/Pagination.tsx';

// Data display
export {
  Table,
  TableBody,
  TableCell,
  type TableCellProps,
  TableHead,
  TableHeaderCell,
  type TableHeaderCellProps,
  type TableProps,
  TableRow,
  type TableRowProps,
} from './Table/Table.tsx';
export { AddressText, type AddressTextProps } from './AddressText/AddressText.tsx';
export { isAddress, shortenAddress, toChecksumAddress } from './AddressText/address.ts';
export { ExplorerLink, type ExplorerLinkProps } from './ExplorerLink/ExplorerLink.tsx';
export {
  type ExplorerConfig,
  type ExplorerKind,
  explorerHref,
  explorerKinds,
} from './ExplorerLink/explorerHref.ts';

// Domain components
export { TimeAgo, type TimeAgoProps } from './TimeAgo/TimeAgo.tsx';
export { formatClock, formatDate, timeAgo } from './TimeAgo/timeAgoText.ts';
export {
  howToFixHref,
  howToFixText,
  NetworkStatus,
  type NetworkStatusProps,
} from './NetworkStatus/NetworkStatus.tsx';
export {
  type WalletAccount,
  type WalletKind,
  WalletSelector,
  type WalletSelectorProps,
  walletAccountLabel,
  walletKindLabels,
  walletKinds,
  walletSelectorTexts,
} from './WalletSelector/WalletSelector.tsx';
export {
  AccessCodeDialog,
  type AccessCodeDialogProps,
  accessCodeTexts,
} from './AccessCodeDialog/AccessCodeDialog.tsx';
export {
  TxWizard,
  type TxWizardProps,
  type TxWizardState,
  txWizardStates,
  txWizardTexts,
} from './TxWizard/TxWizard.tsx';
export { type DeploymentProgressInput, deploymentProgress } from './TxWizard/deploymentProgress.ts';
export { type PendingTx, PendingTxItem, type PendingTxItemProps } from './PendingTxItem/PendingTxItem.tsx';
export { signedByText } from './PendingTxItem/signedBy.ts';
export { PendingTxMenu, type PendingTxMenuProps } from './PendingTxMenu/PendingTxMenu.tsx';
export { ApprovalCard, type ApprovalCardItem, type ApprovalCardProps } from './ApprovalCard/ApprovalCard.tsx';
export {
  type ApprovalCardState,
  approvalCardStates,
  approvalStates,
  expiringSoonSeconds,
  timeLeftText,
} from './ApprovalCard/approvalState.ts';
export { EffectSummary, type EffectSummaryProps } from './EffectSummary/EffectSummary.tsx';
export {
  type DeliveryLogProps,
  type DeliveryStatus,
  DeliveryLog,
  deliveryStatuses,
  type WebhookDeliveryRow,
} from './DeliveryLog/DeliveryLog.tsx';
export {
  type AccessRight,
  type AccessRightChange,
  AccessRightsTable,
  type AccessRightsTableProps,
  type AccessRightValues,
  accessRightDisabledReasons,
  accessRightLabels,
  accessRights,
  changedRights,
} from './AccessRightsTable/AccessRightsTable.tsx';
export {
  type ColumnDef,
  PagedTable,
  type PagedTableProps,
  type SortingState,
} from './PagedTable/PagedTable.tsx';
export { createColumnHelper } from '@tanstack/react-table';
export {
  type InvestorFieldErrors,
  InvestorTableEditor,
  type InvestorTableEditorProps,
} from './InvestorTableEditor/InvestorTableEditor.tsx';
export {
  type InvestorBulkError,
  type InvestorBulkMessages,
  type InvestorBulkResult,
  type InvestorEntry,
  parseInvestorText,
} from './InvestorTableEditor/parseInvestorText.ts';
export {
  type BalanceHistoryRow,
  BalanceHistoryTable,
  type BalanceHistoryTableProps,
} from './BalanceHistoryTable/BalanceHistoryTable.tsx';
export {
  DocumentList,
  type DocumentListProps,
  documentListTexts,
  type TokenDocument,
} from './DocumentList/DocumentList.tsx';
export {
  type Partition,
  PartitionSelect,
  type PartitionSelectProps,
} from './PartitionSelect/PartitionSelect.tsx';
export {
  PdfShareViewer,
  type PdfShareViewerProps,
  pdfShareViewerTexts,
} from './PdfShareViewer/PdfShareViewer.tsx';

// Corporate actions
export {
  DistributionProgress,
  type DistributionProgressProps,
} from './DistributionProgress/DistributionProgress.tsx';
export {
  DistributionHoldersTable,
  type DistributionHoldersTableProps,
  distributionHoldersTexts,
  type HolderPayment,
} from './DistributionHoldersTable/DistributionHoldersTable.tsx';
export {
  ClaimCard,
  type ClaimCardProps,
  type ClaimCardState,
  claimCardStates,
  claimCardTexts,
} from './ClaimCard/ClaimCard.tsx';
export { type StatTile, StatTiles, type StatTilesProps } from './StatTiles/StatTiles.tsx';
export {
  SupplyByPartitionChart,
  type SupplyByPartitionChartProps,
  supplyByPartitionTexts,
} from './SupplyByPartitionChart/SupplyByPartitionChart.tsx';
export {
  type ConcentrationHolder,
  HolderConcentrationChart,
  type HolderConcentrationChartProps,
  holderConcentrationTexts,
} from './HolderConcentrationChart/HolderConcentrationChart.tsx';
export {
  SupplyAndHoldersChart,
  type SupplyAndHoldersChartProps,
  type SupplyAndHoldersPoint,
  type SupplyAndHoldersRange,
  supplyAndHoldersTexts,
} from './SupplyAndHoldersChart/SupplyAndHoldersChart.tsx';
