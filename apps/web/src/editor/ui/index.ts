// The admin design system: every /config screen builds from these (docs/ARCHITECTURE.md,
// "Admin design system"). Styles are in admin-ui.css, loaded by the editor entry.
export { AppLink } from './AppLink.tsx';
export { AppShell, ShellLink, type ShellNavItem } from './AppShell.tsx';
export { Button, type ButtonSize, type ButtonVariant, buttonClass, IconButton } from './Button.tsx';
export {
  type DataColumn,
  DataTable,
  type DataTableSelection,
  type DataTableServerMode,
  type DataTableServerState,
  PAGE_SIZES,
} from './DataTable.tsx';
export { ConfirmDialog, Dialog, FormDialog } from './Dialog.tsx';
export { listCountText, type SortDirection, type SortState } from './data-table.ts';
export { Badge, type BadgeTone, Card, EmptyState, Skeleton } from './feedback.tsx';
export { fieldDescription, Select, Switch, TextArea, TextField } from './fields.tsx';
export { Icon, type IconName } from './icons.tsx';
export {
  BulkActions,
  FilterSelect,
  LIST_PAGE_SIZES,
  LIST_SEARCH_DELAY_MS,
  ListToolbar,
  NoMatches,
  serverPaging,
  useListSearch,
} from './ListToolbar.tsx';
export { Popover } from './Popover.tsx';
export { SecretOnceDialog } from './SecretOnceDialog.tsx';
export { type TabItem, Tabs } from './Tabs.tsx';
export { ToastProvider, useToast } from './Toast.tsx';
