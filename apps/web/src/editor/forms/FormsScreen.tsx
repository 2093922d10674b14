import type { FormAdmin } from '@atelier/contract';
import { useEffect, useState } from 'react';
import { errorText } from '../api/client.ts';
import { formsAdminApi } from '../api/forms-admin-client.ts';
import {
  AppLink,
  Button,
  ConfirmDialog,
  type DataColumn,
  DataTable,
  EmptyState,
  Icon,
  Skeleton,
  useToast,
} from '../ui/index.ts';
import { FormBuilder } from './FormBuilder.tsx';
import { formInboxPath } from './InboxScreen.tsx';
import './forms.css';

// Forms (issue 20): the site's forms with their submission counts; create, open in the
// builder, duplicate, delete. The inbox of each form is its own screen, linked from here.
// The open form is the app's route (`/config/forms/<id>` or `/new`): a reload keeps it.

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

const counts = (f: FormAdmin) => (
  <>
    {plural(f.submissionCount, 'submission', 'submissions')}
    {f.unreadCount > 0 ? <strong> · {f.unreadCount} unread</strong> : null}
  </>
);

/**
 * `openFormId` is the form in the builder ('new' for a new one), null for the list.
 * `onOpenInbox` is left out for editors: submissions are for those who see orders.
 */
export function FormsScreen({
  openFormId,
  onOpenForm,
  onCloseForm,
  onCreated,
  onOpenInbox,
}: {
  openFormId: string | null;
  onOpenForm: (formId: string) => void;
  onCloseForm: () => void;
  onCreated: (formId: string) => void;
  onOpenInbox?: (formId: string) => void;
}) {
  const [forms, setForms] = useState<FormAdmin[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  // A form created in this builder keeps its builder (and its state) as the route changes.
  const [createdId, setCreatedId] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<FormAdmin | null>(null);
  const toast = useToast();

  useEffect(() => {
    formsAdminApi
      .list()
      .then(setForms)
      .catch((caught) => setError(errorText(caught)));
  }, []);

  const keep = (form: FormAdmin) =>
    setForms((list) => [...(list ?? []).filter((f) => f.id !== form.id), form]);

  async function duplicate(form: FormAdmin) {
    try {
      const copy = await formsAdminApi.duplicate(form.id);
      keep(copy);
      toast(`Made ${copy.name}.`);
    } catch (caught) {
      setError(errorText(caught));
    }
  }

  async function remove(form: FormAdmin) {
    try {
      await formsAdminApi.remove(form.id);
      setForms((list) => (list ?? []).filter((f) => f.id !== form.id));
      toast(`Deleted ${form.name}.`);
    } catch (caught) {
      setError(errorText(caught));
    } finally {
      setToDelete(null);
    }
  }

  if (openFormId !== null) {
    const isNew = openFormId === 'new' || openFormId === createdId;
    const form = forms?.find((f) => f.id === openFormId) ?? null;
    if (!isNew && form === null) {
      return (
        <div className="screen forms-screen">
          {forms === null && !error ? (
            <Skeleton lines={4} label="Loading the form…" />
          ) : (
            <EmptyState
              title="Form not found"
              action={<Button onClick={onCloseForm}>← All forms</Button>}
            >
              {error ?? 'This form was deleted or never existed.'}
            </EmptyState>
          )}
        </div>
      );
    }
    return (
      <FormBuilder
        key={isNew ? 'new' : openFormId}
        form={form}
        onSaved={(saved) => {
          keep(saved);
          if (openFormId === 'new') {
            setCreatedId(saved.id);
            onCreated(saved.id);
          }
        }}
        onClose={onCloseForm}
      />
    );
  }

  const columns: DataColumn<FormAdmin>[] = [
    {
      key: 'name',
      header: 'Name',
      isRowHeader: true,
      sortValue: (f) => f.name.toLowerCase(),
      cell: (f) => (
        <button type="button" className="forms-screen__open" onClick={() => onOpenForm(f.id)}>
          {f.name}
        </button>
      ),
    },
    {
      key: 'fields',
      header: 'Fields',
      sortValue: (f) => f.fields.length,
      cell: (f) => plural(f.fields.filter((x) => x.kind !== 'section').length, 'field', 'fields'),
    },
    {
      key: 'submissions',
      header: 'Submissions',
      sortValue: (f) => f.submissionCount,
      cell: (f) =>
        onOpenInbox ? (
          <AppLink
            className="forms-screen__inbox"
            href={formInboxPath(f.id)}
            onOpen={() => onOpenInbox(f.id)}
          >
            {counts(f)}
          </AppLink>
        ) : (
          counts(f)
        ),
    },
    {
      key: 'actions',
      header: 'Actions',
      cell: (f) => (
        <div className="forms-screen__actions">
          <Button size="sm" aria-label={`Edit ${f.name}`} onClick={() => onOpenForm(f.id)}>
            Edit
          </Button>
          <Button size="sm" aria-label={`Duplicate ${f.name}`} onClick={() => duplicate(f)}>
            Duplicate
          </Button>
          <Button
            size="sm"
            variant="danger"
            aria-label={`Delete ${f.name}`}
            onClick={() => setToDelete(f)}
          >
            Delete
          </Button>
        </div>
      ),
    },
  ];

  return (
    <div className="screen forms-screen">
      <div className="screen-header">
        <div>
          <h1>Forms</h1>
          <p className="screen-header__lead">
            Contact forms, sign-ups and the extra questions a product asks. Put one on a page with
            the form block; read what visitors send in each form&apos;s submissions.
          </p>
        </div>
        <Button variant="primary" icon={<Icon name="plus" />} onClick={() => onOpenForm('new')}>
          Create form
        </Button>
      </div>
      <p role="status" className={error ? 'notice notice--error' : 'notice'}>
        {error ?? ''}
      </p>
      {forms === null ? (
        <Skeleton lines={3} label="Loading forms…" />
      ) : forms.length === 0 ? (
        <EmptyState
          title="No forms yet"
          action={
            <Button variant="primary" onClick={() => onOpenForm('new')}>
              Create form
            </Button>
          }
        >
          Build a contact form, then add it to a page.
        </EmptyState>
      ) : (
        <DataTable
          caption="Forms"
          isCaptionHidden
          rows={forms}
          columns={columns}
          rowKey={(f) => f.id}
          rowLabel={(f) => f.name}
          defaultSort={{ key: 'name', direction: 'ascending' }}
        />
      )}
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(isOpen) => {
          if (!isOpen) setToDelete(null);
        }}
        title={`Delete ${toDelete?.name ?? 'form'}?`}
        description={`Its ${plural(toDelete?.submissionCount ?? 0, 'submission', 'submissions')} are deleted with it. Form blocks showing it stop showing a form, and products that ask for it no longer ask for these extra fields.`}
        confirmLabel="Delete form"
        onConfirm={() => toDelete && remove(toDelete)}
      />
    </div>
  );
}
