import {
  API_KEY_AREAS,
  type ApiKey,
  type ApiKeyAccess,
  type ApiKeyArea,
  type ApiKeyScopes,
} from '@atelier/contract';
import { Role } from '@atelier/core';
import { type FormEvent, useEffect, useState } from 'react';
import { api, errorText } from '../api/client.ts';
import {
  Button,
  Card,
  ConfirmDialog,
  type DataColumn,
  DataTable,
  Dialog,
  FormDialog,
  SecretOnceDialog,
  Select,
  Skeleton,
  TextField,
  useToast,
} from '../ui/index.ts';

// SPEC §2's API keys panel (issue 19): create key, learn more, terms of use, delete with
// confirm, and the creation dialog that shows the secret once. Only administrators reach
// Settings, and the server refuses anyone else (and any scoped key) on these calls.

const AREA_LABELS: Record<ApiKeyArea, string> = {
  products: 'Products',
  inventory: 'Inventory',
  orders: 'Orders',
  forms: 'Forms',
  webhooks: 'Webhooks',
  analytics: 'Analytics',
};

export function scopeSummary(scopes: ApiKeyScopes | null): string {
  if (scopes === null) return 'Full access';
  const parts = API_KEY_AREAS.flatMap((area) => {
    const access = scopes[area];
    return access
      ? [`${AREA_LABELS[area]}: ${access === 'write' ? 'read and write' : 'read'}`]
      : [];
  });
  return parts.join(', ') || 'No access';
}

const dateTime = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : 'Never');

export function ApiKeysCard() {
  const [keys, setKeys] = useState<ApiKey[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [role, setRole] = useState<number>(Role.admin);
  const [scopes, setScopes] = useState<Partial<Record<ApiKeyArea, ApiKeyAccess>>>({
    products: 'read',
  });
  const [isCreateOpen, setCreateOpen] = useState(false);
  const [created, setCreated] = useState<{ name: string; secret: string } | null>(null);
  const [toDelete, setToDelete] = useState<ApiKey | null>(null);
  const [isTermsOpen, setTermsOpen] = useState(false);
  const toast = useToast();

  useEffect(() => {
    api
      .apiKeys()
      .then((list) => setKeys(list.keys))
      .catch((caught) => setError(errorText(caught)));
  }, []);

  async function create(event: FormEvent) {
    event.preventDefault();
    try {
      const answer = await api.createApiKey({ name, role, scopes });
      setKeys((list) => [...(list ?? []), answer.key]);
      setCreateOpen(false);
      setCreated({ name: answer.key.name, secret: answer.secret });
      setName('');
      setError(null);
    } catch (caught) {
      setError(errorText(caught));
    }
  }

  async function remove(key: ApiKey) {
    try {
      await api.deleteApiKey(key.id);
      setKeys((list) => (list ?? []).filter((k) => k.id !== key.id));
      toast(`Deleted ${key.name}.`);
    } catch (caught) {
      setError(errorText(caught));
    } finally {
      setToDelete(null);
    }
  }

  const columns: DataColumn<ApiKey>[] = [
    {
      key: 'name',
      header: 'Name',
      isRowHeader: true,
      sortValue: (key) => key.name,
      cell: (key) => (
        <>
          {key.name} <code className="api-keys__prefix">{key.prefix}…</code>
        </>
      ),
    },
    { key: 'scopes', header: 'Access', cell: (key) => scopeSummary(key.scopes) },
    {
      key: 'lastUsed',
      header: 'Last used',
      sortValue: (key) => key.lastUsedAt ?? '',
      cell: (key) => dateTime(key.lastUsedAt),
    },
    {
      key: 'actions',
      header: 'Actions',
      cell: (key) => (
        <Button
          size="sm"
          variant="danger"
          aria-label={`Delete ${key.name}`}
          onClick={() => setToDelete(key)}
        >
          Delete
        </Button>
      ),
    },
  ];
  const live = (keys ?? []).filter((key) => key.revokedAt === null);

  return (
    <Card
      title="API keys"
      description={
        <>
          Keys let other programs use your store’s API.{' '}
          <a href="/api/openapi.json" target="_blank" rel="noreferrer">
            Learn more about the API
          </a>{' '}
          <Button size="sm" variant="quiet" onClick={() => setTermsOpen(true)}>
            Terms of use
          </Button>
        </>
      }
    >
      {error && (
        <p role="alert" className="notice notice--error">
          {error}
        </p>
      )}
      {keys === null ? (
        <Skeleton lines={2} label="Loading API keys…" />
      ) : live.length === 0 ? (
        <p>No API keys yet.</p>
      ) : (
        <div className="api-keys__table">
          <DataTable
            caption="API keys"
            isCaptionHidden
            rows={live}
            columns={columns}
            rowKey={(key) => key.id}
            rowLabel={(key) => key.name}
            defaultSort={{ key: 'name', direction: 'ascending' }}
          />
        </div>
      )}
      <div className="api-keys__create">
        <Button onClick={() => setCreateOpen(true)}>Create key</Button>
      </div>

      <FormDialog
        open={isCreateOpen}
        onOpenChange={setCreateOpen}
        title="Create API key"
        description="Choose what the key may read or change. Areas left at No access stay closed."
        submitLabel="Create key"
        onSubmit={create}
        formClassName="api-keys__form"
      >
        <TextField
          label="Key name"
          value={name}
          maxLength={100}
          required
          onChange={(e) => setName(e.target.value)}
        />
        <Select label="Acts as" value={role} onChange={(e) => setRole(Number(e.target.value))}>
          <option value={Role.admin}>Administrator</option>
          <option value={Role.storeManager}>Store manager</option>
        </Select>
        <fieldset className="api-keys__scopes">
          <legend>Access</legend>
          {API_KEY_AREAS.map((area) => (
            <Select
              key={area}
              label={AREA_LABELS[area]}
              value={scopes[area] ?? 'none'}
              onChange={(e) => {
                const value = e.target.value;
                setScopes((current) => {
                  const next = { ...current };
                  if (value === 'read' || value === 'write') next[area] = value;
                  else delete next[area];
                  return next;
                });
              }}
            >
              <option value="none">No access</option>
              <option value="read">Read only</option>
              <option value="write">Read and write</option>
            </Select>
          ))}
        </fieldset>
      </FormDialog>

      <SecretOnceDialog
        shown={created && { label: `Key “${created.name}”`, secret: created.secret }}
        onClose={() => setCreated(null)}
        title="Your new API key"
        description="Copy it now: it is shown only once. If it is lost, delete it and create another."
        noun="key"
      />

      <Dialog
        open={isTermsOpen}
        onOpenChange={setTermsOpen}
        title="API key terms of use"
        footer={<Button onClick={() => setTermsOpen(false)}>Close</Button>}
      >
        <ul>
          <li>
            A key acts for your site with the access you chose: keep it secret, like a password.
          </li>
          <li>Send it only over HTTPS, in the Authorization header as a Bearer token.</li>
          <li>
            Delete a key you no longer use, or that may have leaked: it stops working at once.
          </li>
        </ul>
      </Dialog>

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => {
          if (!open) setToDelete(null);
        }}
        title={`Delete ${toDelete?.name ?? 'key'}?`}
        description="Programs using this key stop working at once. This cannot be undone."
        confirmLabel="Delete key"
        onConfirm={() => toDelete && remove(toDelete)}
      />
    </Card>
  );
}
